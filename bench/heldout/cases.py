"""Held-out-style cases for ``pptxagent fill`` on real corpus templates.

Each template contributes five cases (content that fits, content far too long for its box
but not for the min font, content ten times too long, one template slide used three times,
a token PowerPoint split across runs); six-plus kinds of
bad input run against a few of them; ``datacases.py`` adds data shaped the way other
templating tools take it (nested paths, expressions, body roles by value kind). A case is a
content.json (written to a work folder), the template to fill (possibly a harness-made
variant), and what the judge should expect.
"""

from __future__ import annotations

import json
import math
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from bench.heldout.variants import split_token_variant
from pptxagent.inventory import inventory_deck
from pptxagent.ooxml.package import Package

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus" / "pptx"
EMU_PX = 9525
IMAGE_SIZE = (400, 300)
MIN_FONT_PX = {"title": 32.0, "body": 20.0, "other": 16.0}
"""The spec's min fonts by role (title 100, body/subtitle 80, other text 60)."""


@dataclass(frozen=True)
class Template:
    file: str
    producer: str
    slide: int
    title_key: str
    body_key: str
    title_id: str
    body_id: str
    body_role: str = "body"
    """Which min font the body gets (``body`` for placeholders, ``other`` for plain text)."""
    label: str = ""
    """The case names' prefix when the file's short name is taken."""

    @property
    def path(self) -> Path:
        return CORPUS / self.file

    @property
    def stem(self) -> str:
        return self.label or self.file.split("__", 1)[-1].removesuffix(".pptx")[:18]


TEMPLATES: tuple[Template, ...] = (
    Template("poi__layouts.pptx", "PowerPoint 2010 4:3", 2, "title", "body", "2", "3"),
    Template("officeparser__test.pptx", "PowerPoint 2016 16:9", 6, "title", "body", "2", "3"),
    Template("unstructured__sample-presentation.pptx", "Google Slides 16:9", 2,
             "title", "body", "60", "61"),
    Template("onlyoffice__sample.pptx", "ONLYOFFICE 4:3", 3, "title", "body", "2", "3"),
    Template("pandoc__footer-basic-output.pptx", "pandoc 16:9", 2, "title", "body", "8", "3"),
    Template("aspose__PresFontsSubst.pptx", "PowerPoint A4 (odd)", 2,
             "name:Title 1", "name:Subtitle 2", "7", "8", body_role="other"),
    Template("markitdown__pptx_complex_layout.pptx", "python-pptx 4:3", 1,
             "title", "body", "2", "3"),
    Template("poi__ececapstonespring2012.pptx", "LibreOffice 3.x (odd)", 2,
             "name:CustomShape 1", "name:CustomShape 2", "70", "71", body_role="other"),
    Template("phppres__PPTX_ChartBar.pptx", "LibreOffice 24.8 (odd)", 1,
             "title", "subtitle", "15", "16"),
    Template("poi__aptia.pptx", "PowerPoint 2007 4:3", 4, "title", "body", "14338", "14339"),
    Template("tika__testPPT_various2.pptx", "PowerPoint 2016 16:9", 2,
             "title", "body", "2", "3"),
    Template("poi__60810.pptx", "PowerPoint 2016 16:9 small", 2, "title", "body", "2", "3"),
    Template("openxmlsdk__typical.pptx", "PowerPoint 2007 4:3", 2,
             "title", "body", "110594", "110595"),
    Template("pandoc__list-level-output.pptx", "pandoc 16:9 small", 1,
             "title", "body", "2", "3"),
    Template("poi__2411-Performance_Up.pptx", "PowerPoint 2007 4:3", 7,
             "title", "body", "28674", "28675"),
    Template("poi__customGeo.pptx", "PowerPoint 2010 4:3", 2, "title", "body", "3", "2"),
    Template("docling__powerpoint_sample.pptx", "PowerPoint Mac 16:9", 2,
             "title", "body", "2", "3"),
)


@dataclass
class Case:
    name: str
    template: Path
    content: dict[str, Any]
    kind: str
    """fits | long | huge | triple | split | bad"""
    tpl: Template | None = None
    args: tuple[str, ...] = ()
    content_raw: str | None = None
    """Written verbatim instead of ``content`` (malformed JSON)."""
    may_degrade: bool = False
    expect_in_message: tuple[str, ...] = ()
    expect_formatting: dict[str, Any] = field(default_factory=dict)
    """For split cases: the shape id, the text and the run format the token must take."""
    extra_ids: dict[str, str] = field(default_factory=dict)
    """Fill keys beyond the template's title and body → shape id (for the judge)."""
    notes: dict[int, str] = field(default_factory=dict)
    """Output slide → words its speaker notes must hold."""
    resolved: dict[str, str] = field(default_factory=dict)
    """Tokens as written → the text they must become (beyond flat ``tokens``)."""
    expect_unresolved: tuple[str, ...] = ()
    """Tokens that must stay exactly as written and be listed in the report."""
    images: tuple[str, ...] = ()
    """PNG files (400 × 300) to create beside content.json."""


WORDS = ("revenue", "growth", "margin", "pipeline", "customers", "retention", "churn",
         "forecast", "capacity", "hiring", "platform", "roadmap", "quality", "latency",
         "security", "compliance", "partners", "pricing", "onboarding", "analytics", "support",
         "migration", "regional", "expansion", "inventory", "logistics", "sourcing")


def _sentence(i: int, n: int) -> str:
    return " ".join(WORDS[(i * 7 + k * 3) % len(WORDS)] for k in range(n)).capitalize()


def _box(tpl: Template) -> tuple[float, float, float]:
    """The body shape's inner width and height (px) and its effective font size (px), from
    the product's inventory (only to size the generated content)."""
    deck = inventory_deck(Package.open(tpl.path))
    el = next(e for e in deck.slides[tpl.slide - 1].elements if e.eid == f"sp{tpl.body_id}")
    ins = el.style.insets
    dw, dh = ((ins.left + ins.right, ins.top + ins.bottom) if ins else (19.2, 9.6))
    return max(el.layout.w - dw, 40), max(el.layout.h - dh, 20), el.style.fontSize or 24.0


def _capacity(w: float, h: float, font_px: float) -> float:
    """Rough characters a box holds at a font size (average glyph 0.5 em, line 1.2 em)."""
    return (w / (0.5 * font_px)) * max(1.0, math.floor(h / (1.2 * font_px)))


def _bullets(chars: float) -> list[Any]:
    items: list[Any] = []
    total, i = 0, 0
    while total < chars:
        text = _sentence(i, 6 + i % 5)
        items.append({"text": text, "level": 1} if i % 3 == 2 else text)
        total += len(text) + 8
        i += 1
    return items


def long_body(tpl: Template) -> tuple[list[Any], bool]:
    """Bullets (with levels) far more than fits at the template size (1.5–3×) yet within
    what fits at the min font when the template leaves that room; and whether the judge
    lets the slide be degraded (no such room: the template font is near the min font)."""
    w, h, font = _box(tpl)
    cap, cap_min = _capacity(w, h, font), _capacity(w, h, MIN_FONT_PX[tpl.body_role])
    chars = max(1.5 * cap, min(3.0 * cap, cap_min / 1.6))
    return _bullets(chars), cap_min < 1.6 * chars


def huge_body(tpl: Template) -> list[Any]:
    """Ten times what fits: truly impossible at the min font; the report must say so."""
    w, h, font = _box(tpl)
    return _bullets(10 * _capacity(w, h, font))


def _fits_body() -> list[Any]:
    return ["Revenue grew twelve percent", {"text": "Driven by new accounts", "level": 1},
            "Costs held flat"]


def template_cases(tpl: Template, work: Path) -> list[Case]:
    n, base = tpl.slide, tpl.stem
    fits = {"tokens": {}, "slides": [{"template_slide": n, "fill": {
        tpl.title_key: "Quarterly results", tpl.body_key: _fits_body()}}]}
    body, may = long_body(tpl)
    long = {"tokens": {}, "slides": [{"template_slide": n, "fill": {
        tpl.title_key: "Where the regional expansion stands", tpl.body_key: body}}]}
    huge = {"tokens": {}, "slides": [{"template_slide": n, "fill": {
        tpl.title_key: "Everything at once", tpl.body_key: huge_body(tpl)}}]}
    triple = {"tokens": {"team": "Atlas"}, "slides": [
        {"template_slide": n, "fill": {tpl.title_key: f"Part {k} of the {{{{team}}}} plan",
                                       tpl.body_key: [f"Milestone {k} reached", "Next step"]}}
        for k in (1, 2, 3)]}
    variant = work / f"{base}-split.pptx"
    fmt = split_token_variant(tpl.path, variant, tpl.slide, tpl.title_id)
    split = {"tokens": {"client": "Globex Corporation"}, "slides": [{
        "template_slide": n, "fill": {tpl.body_key: ["Prepared for {{ client }}",
                                                     "Short agenda"]}}]}
    return [
        Case(f"{base}/fits", tpl.path, fits, "fits", tpl),
        Case(f"{base}/long", tpl.path, long, "long", tpl, may_degrade=may),
        Case(f"{base}/huge", tpl.path, huge, "huge", tpl, may_degrade=True),
        Case(f"{base}/triple", tpl.path, triple, "triple", tpl),
        Case(f"{base}/split", variant, split, "split", tpl,
             expect_formatting={"shape_id": tpl.title_id, **fmt}),
    ]


def bad_cases(work: Path) -> list[Case]:
    lay = CORPUS / "poi__layouts.pptx"
    truncated = work / "truncated.pptx"
    data = lay.read_bytes()
    truncated.write_bytes(data[: len(data) // 2])
    ok = {"slides": [{"template_slide": 2, "fill": {"title": "Hello"}}]}
    pic = CORPUS / "markitdown__pptx_complex_layout.pptx"
    shutil.copyfile(pic, work / "complex.pptx")
    return [
        Case("bad/unknown-key", lay, {"slides": [{"template_slide": 2, "fill": {
            "title": "x", "sidebar": "y"}}]}, "bad", expect_in_message=("sidebar", "slide 2")),
        Case("bad/slide-out-of-range", lay, {"slides": [{"template_slide": 99}]}, "bad",
             expect_in_message=("99", "valid range")),
        Case("bad/schema-violation", lay, {"slides": [{"template_slide": 2, "fill": {
            "body": [{"text": "a", "level": "deep"}]}}]}, "bad",
             expect_in_message=("$.slides[0].fill.body[0].level",)),
        Case("bad/encrypted", CORPUS / "openxmlsdk__encrypted_pptx.pptx", ok, "bad",
             expect_in_message=("encrypted",)),
        Case("bad/truncated-zip", truncated, ok, "bad",
             expect_in_message=("truncated.pptx",)),
        Case("bad/missing-image", work / "complex.pptx", {"slides": [{"template_slide": 1,
             "fill": {"name:Picture 4": {"image": "no-such-photo.png"}}}]}, "bad",
             expect_in_message=("no-such-photo.png",)),
        Case("bad/strict-token", lay, {"slides": [{"template_slide": 2, "fill": {
            "title": "Hello {{ nobody }}"}}]}, "bad", args=("--strict",),
             expect_in_message=("nobody",)),
        Case("bad/malformed-json", lay, {}, "bad", content_raw='{"slides": [',
             expect_in_message=("content.json",)),
        Case("bad/strict-ooxml", CORPUS / "openxmlsdk__strict_main_bodyPr_rtlCol.pptx", ok,
             "bad", expect_in_message=("Strict",)),
    ]


def extra_cases() -> list[Case]:
    """A far-too-long title, a two-content slide with notes, a subtitle slide."""
    lay, pan = TEMPLATES[0], TEMPLATES[4]
    title = ("Where the regional expansion stands after the third quarter and what the "
             "board should decide about hiring, pricing and the partner roadmap")
    out = [Case(f"{t.stem}/long-title", t.path, {"slides": [{"template_slide": t.slide, "fill": {
        t.title_key: title, t.body_key: ["Short point", "Another point"]}}]}, "long", t)
        for t in (lay, pan)]
    two = {"tokens": {"client": "Initech"}, "slides": [{"template_slide": 4, "fill": {
        "title": "Options for {{client}}", "body": _bullets(500), "body2": _bullets(240)},
        "notes": "Speaker notes for {{client}}: mention the pilot"}]}
    out.append(Case("layouts/two-content", lay.path, two, "long", lay,
                    extra_ids={"body2": "4"}, notes={1: "Initech pilot"}))
    sub = {"slides": [{"template_slide": 1, "fill": {
        "title": "Annual review", "subtitle": "Prepared by the strategy office"}}]}
    out.append(Case("layouts/title-slide", lay.path, sub, "fits", lay,
                    extra_ids={"subtitle": "3"}))
    return out


def all_cases(work: Path) -> list[Case]:
    from bench.heldout.datacases import data_cases
    from bench.heldout.morecases import more_cases

    out: list[Case] = []
    for tpl in TEMPLATES:
        out += template_cases(tpl, work)
    return out + extra_cases() + data_cases(work) + more_cases(work) + bad_cases(work)


def write_content(case: Case, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "content.json"
    path.write_text(case.content_raw if case.content_raw is not None
                    else json.dumps(case.content, indent=1))
    for name in case.images:
        Image.new("RGB", IMAGE_SIZE, "teal").save(folder / name)
    return path
