"""``pptxagent eval``'s judge: LibreOffice draws each output deck (never our browser) and the
judge checks what a person would see (issue 35):

- ``overflow``: text LibreOffice draws outside its shape (±2 px) or off the slide;
- ``overlap``: text drawn over other text (for a fill: a pair the template does not overlap);
- ``contrast``: on LibreOffice's pixels, relative to the template's own drawing of the same
  shape for fills (at least 70 % of its contrast), absolute for composed decks (3:1);
- ``missing``: a word of the given content not in the deck;
- ``token``: a ``{{token}}`` left in the text;
- ``art``: a template shape that got no content moved or removed, or master/layout art moved;
- ``package``: a structural finding the template did not already have.

A fill's defect is only what the fill made worse: text the template itself draws outside its
box (or over other text) is not counted.
"""

from __future__ import annotations

import math
import re
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from pptxagent.engines.libreoffice import TextBounds, TextBox, get_libreoffice
from pptxagent.ooxml.deckfacts import DeckFacts, ShapeFact, read_deck_facts
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.validate import compare_findings, validate_package
from pptxagent.qa.contrast import luminances

EMU_PER_PX = 9525
TOL_PX = 2.0
OVERLAP_MIN_PX = 3.0
"""Two drawn texts overlap when their boxes share at least this much each way."""
CONTRAST_SHARE = 0.7
CONTRAST_MIN = 3.0
TOKEN = re.compile(r"\{\{\s*[^{}]{1,80}?\s*\}\}")
WORD = re.compile(r"[^\W_]+(?:['’.,-][^\W_]+)*", re.UNICODE)
SKIP_KEYS = frozenset({"template_slide", "layout", "image", "picture", "src", "path", "theme",
                       "variant", "icon", "icons", "kind", "type", "component", "notes",
                       "level", "chart", "link", "href", "url", "alt", "font", "color",
                       "tokens", "categories", "series", "values", "data"})
"""Content keys whose strings are not text shown on the slide."""
IMAGE_EXT = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".svg", ".tif", ".tiff", ".webp")


@dataclass
class Drawn:
    """A deck as LibreOffice draws it: text boxes per slide and shape, and slide pictures."""

    facts: DeckFacts
    bounds: TextBounds
    pictures: dict[int, Path] = field(default_factory=dict)


@dataclass
class Verdict:
    defects: list[dict[str, Any]] = field(default_factory=list)
    """``{"check", "slide", "shape", "message"}`` each."""
    shapes: int = 0
    """Text shapes judged."""
    overflowing: int = 0

    def add(self, check: str, slide: int | None, shape: str | None, message: str) -> None:
        self.defects.append({"check": check, "slide": slide, "shape": shape,
                             "message": message})

    def by_check(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for d in self.defects:
            out[d["check"]] = out.get(d["check"], 0) + 1
        return out


def draw(deck: Path, folder: Path) -> Drawn:
    """LibreOffice's text boxes and as-stored pictures of ``deck``."""
    lo = get_libreoffice()
    facts = read_deck_facts(deck)
    bounds = lo.text_bounds(deck)
    folder.mkdir(parents=True, exist_ok=True)
    pngs = lo.to_pngs_as_stored(deck, folder)
    pictures = {int(p.stem.rsplit("-", 1)[1]): p for p in pngs}
    return Drawn(facts=facts, bounds=bounds, pictures=pictures)


def _px(box: tuple[float, float, float, float], rot: float) -> tuple[float, float, float,
                                                                     float]:
    x, y, w, h = (v / EMU_PER_PX for v in box)
    turn = math.radians(rot)
    if turn % math.pi:  # a turned shape: its axis-aligned bounds
        cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
        cx, cy = x + w / 2, y + h / 2
        w, h = w * cos + h * sin, w * sin + h * cos
        x, y = cx - w / 2, cy - h / 2
    return x, y, w, h


def outside(shape: ShapeFact, box: TextBox, slide_px: tuple[float, float]) -> float:
    """How far (px) the drawn text reaches outside its shape or off the slide."""
    x, y, w, h = _px(shape.box, shape.rot)
    off = max(-box.x, -box.y, box.x + box.w - slide_px[0], box.y + box.h - slide_px[1])
    over = max(x - box.x, y - box.y, box.x + box.w - (x + w), box.y + box.h - (y + h))
    return max(off, over, 0.0)


def _meets(a: TextBox, b: TextBox) -> bool:
    return (min(a.x + a.w, b.x + b.w) - max(a.x, b.x) >= OVERLAP_MIN_PX
            and min(a.y + a.h, b.y + b.h) - max(a.y, b.y) >= OVERLAP_MIN_PX)


def contrast_in(picture: Path, box: TextBox) -> float | None:
    """The text's contrast in ``box`` on the picture: its backdrop is the median luminance,
    its ink the 97th percentile of the contrast against it (the strokes' core)."""
    with Image.open(picture) as im:
        image = im.convert("RGB")
        x0, y0 = max(0, int(box.x)), max(0, int(box.y))
        x1, y1 = min(image.width, int(box.x + box.w + 1)), min(image.height,
                                                               int(box.y + box.h + 1))
        if x1 - x0 < 3 or y1 - y0 < 3:
            return None
        px = np.asarray(image.crop((x0, y0, x1, y1)), dtype=np.uint8).reshape(-1, 3)
    lum = luminances(px)
    back = float(np.median(lum))
    ratios = (np.maximum(lum, back) + 0.05) / (np.minimum(lum, back) + 0.05)
    return float(np.percentile(ratios, 97))


def content_words(node: Any, key: str = "") -> Iterable[str]:
    """The words of every string of a content or outline document shown on a slide (not
    picture paths, layout names, options or speaker notes)."""
    if key in SKIP_KEYS:
        return
    if isinstance(node, str):
        if node.lower().endswith(IMAGE_EXT):
            return
        yield from (w.lower() for w in WORD.findall(TOKEN.sub(" ", node)))
    elif isinstance(node, Mapping):
        for k, v in node.items():
            yield from content_words(v, str(k))
    elif isinstance(node, list):
        for v in node:
            yield from content_words(v, key)


def _deck_words(facts: DeckFacts) -> set[str]:
    words: set[str] = set()
    for n in range(1, len(facts.slides) + 1):
        words.update(w.lower() for w in WORD.findall(facts.text(n)))
    return words


def _check_text(v: Verdict, mode: str, out: Drawn, template: Drawn | None,
                origin: Mapping[int, int]) -> None:
    slide_px = (out.facts.size[0] / EMU_PER_PX, out.facts.size[1] / EMU_PER_PX)
    for n, shapes in enumerate(out.facts.slides, 1):
        drawn = out.bounds.get(n, {})
        t = origin.get(n)
        tpl_shapes = ({s.sid: s for s in template.facts.slides[t - 1]}
                      if template is not None and t and t <= len(template.facts.slides)
                      else {})
        tpl_drawn = template.bounds.get(t, {}) if template is not None and t else {}
        texts = [s for s in shapes if s.text.strip() and s.sid in drawn]
        for s in texts:
            v.shapes += 1
            over = outside(s, drawn[s.sid], slide_px)
            was = tpl_shapes.get(s.sid)
            before = (outside(was, tpl_drawn[s.sid], slide_px)
                      if was is not None and s.sid in tpl_drawn and was.text == s.text else 0)
            if over > TOL_PX and over > before + TOL_PX:
                v.overflowing += 1
                v.add("overflow", n, s.name, f"text drawn {over:.0f} px outside its box")
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                if not _meets(drawn[a.sid], drawn[b.sid]):
                    continue
                if (a.sid in tpl_drawn and b.sid in tpl_drawn
                        and _meets(tpl_drawn[a.sid], tpl_drawn[b.sid])):
                    continue  # the template draws them over each other itself
                v.add("overlap", n, a.name, f"text drawn over the text of {b.name!r}")
        picture = out.pictures.get(n)
        if picture is None:
            continue
        for s in texts:
            got = contrast_in(picture, drawn[s.sid])
            if got is None:
                continue
            if mode == "compose":
                if got < CONTRAST_MIN:
                    v.add("contrast", n, s.name, f"contrast {got:.2f} < {CONTRAST_MIN:g}")
                continue
            ref_pic = template.pictures.get(t) if template is not None and t else None
            if ref_pic is None or s.sid not in tpl_drawn:
                continue
            ref = contrast_in(ref_pic, tpl_drawn[s.sid])
            if ref is not None and got < CONTRAST_SHARE * ref:
                v.add("contrast", n, s.name,
                      f"contrast {got:.2f} < 70 % of the template's {ref:.2f}")


def _check_art(v: Verdict, out: DeckFacts, template: DeckFacts,
               origin: Mapping[int, int]) -> None:
    for n, shapes in enumerate(out.slides, 1):
        t = origin.get(n)
        if not t or t > len(template.slides):
            continue
        have = {s.sid: s for s in shapes}
        for was in template.slides[t - 1]:
            got = have.get(was.sid)
            if got is None:
                if not was.placeholder and was.kind != "grpSp":
                    v.add("art", n, was.name, f"template {was.kind} removed")
                continue
            if got.text != was.text or was.placeholder:
                continue  # it got content: the fill may fit it
            if got.box != was.box or got.rot != was.rot:
                v.add("art", n, was.name, f"template {was.kind} moved")
    for part, offsets in out.art.items():
        if part in template.art and template.art[part] != offsets:
            v.add("art", None, part, "master/layout art moved")


def judge(mode: str, out: Path, content: Any, folder: Path, template: Path | None = None,
          template_drawn: Drawn | None = None, origin: Mapping[int, int] | None = None
          ) -> Verdict:
    """Judge ``out`` (made from ``content``; for a fill, from ``template``, whose drawing
    ``template_drawn`` may be shared between cases; ``origin``: output slide → template
    slide)."""
    v = Verdict()
    findings = validate_package(Package.open(out))
    if template is not None:
        findings = compare_findings(validate_package(Package.open(template)), findings)
    for f in findings[:5]:
        v.add("package", None, None, f"{f.part}: {f.message}")
    drawn = draw(out, folder)
    origin = dict(origin or {})
    _check_text(v, mode, drawn, template_drawn, origin)
    shown = _deck_words(drawn.facts)
    missing = sorted({w for w in content_words(content) if w not in shown})
    if missing:
        v.add("missing", None, None, f"{len(missing)} word(s) not in the deck: "
              + ", ".join(missing[:6]))
    for n in range(1, len(drawn.facts.slides) + 1):
        left = TOKEN.findall(drawn.facts.text(n))
        if left:
            v.add("token", n, None, f"token(s) left: {', '.join(sorted(set(left))[:4])}")
    if template is not None and template_drawn is not None:
        _check_art(v, drawn.facts, template_drawn.facts, origin)
    return v


def draw_template(template: Path) -> Drawn:
    """The template as LibreOffice draws it (its pictures in a temporary folder that lives
    as long as the process)."""
    folder = Path(tempfile.mkdtemp(prefix="pptxagent-eval-template-"))
    return draw(template, folder)


__all__ = ["Drawn", "Verdict", "content_words", "contrast_in", "draw", "draw_template",
           "judge", "outside"]
