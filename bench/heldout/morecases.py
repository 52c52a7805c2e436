"""More corpus templates for the held-out imitation: other producers, sizes and scripts.

Each is filled by shape id (``sp<id>``: the keys a templating tool that knows the deck would
use) with content that fits (one line for a box less than three lines high), content far
too long for its box, and a nested token path
PowerPoint split across runs in the title (``{{client.name}}`` in three runs, the first bold
and red): short, long and nested-JSON values on every template. The shapes filled are ones
the template writes text in (placeholders or text boxes with text), not bare art rectangles
whose text style the designer never chose (white text on a light fill, say).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pptx import Presentation

from bench.heldout.cases import Case, Template, _box, long_body
from bench.heldout.variants import split_token_variant


def _t(file: str, producer: str, slide: int, title: int, body: int,
       role: str = "other", label: str = "") -> Template:
    return Template(file, producer, slide, f"sp{title}", f"sp{body}", str(title), str(body),
                    body_role=role, label=label)


MORE_TEMPLATES: tuple[Template, ...] = (
    _t("poi__stress021.pptx", "PowerPoint 2010 4:3 RTL", 2, 6, 26),
    _t("poi__stress013.pptx", "PowerPoint 2016 4:3", 3, 2, 14),
    _t("poi__aascu.org_hbcu_leadershipsummit_cooper.pptx", "PowerPoint 2007 4:3", 2, 5122, 4),
    _t("poi__themes.pptx", "PowerPoint 2010 4:3", 2, 2, 3, "body"),
    _t("poi__45545_Comment.pptx", "PowerPoint 2007 4:3", 1, 584706, 584707, "body"),
    _t("poi__bug64693.pptx", "PowerPoint 2013 16:9", 1, 2, 3, "body"),
    _t("automizer__threeSlidePres.pptx", "Google Slides 16:9", 2, 60, 61, "body"),
    _t("openxmlsdk__O12Typical.pptx", "PowerPoint 2007 4:3", 2, 2, 3, "body"),
    _t("pandoc__incremental-lists-with-flag-output.pptx", "pandoc 16:9", 1, 2, 3, "body"),
    _t("pandoc__pptx-reader-basic.pptx", "PowerPoint Mac 1280x720", 1, 2, 3, "body"),
    _t("aspose__comments.pptx", "Aspose.Slides 4:3", 2, 2, 3),
    _t("aspose__text_embedded_fonts.pptx", "PowerPoint 2010 embedded fonts", 1, 2, 7, "body"),
    _t("unstructured__fake-power-point.pptx", "Google Slides 4:3", 1, 84, 85, "body"),
    _t("markitdown__test.pptx", "PowerPoint 2016 1280x720", 2, 2, 3, "body",
       "markitdown-test"),
    _t("officer__example.pptx", "PowerPoint Mac 2011 4:3", 2, 2, 3, "body"),
    _t("poi__with_japanese.pptx", "PowerPoint 2007 Japanese", 1, 2, 3),
    _t("pythonpptx__shp-shapes.pptx", "PowerPoint Mac 2011 shapes", 1, 4, 5),
    _t("automizer__SlideDimensions1.pptx", "LibreOffice 7.0 odd size", 2, 86, 87),
    _t("aspose__rendering_emoji.pptx", "PowerPoint 2010 16:9 emoji", 1, 2015, 2016),
    _t("tika__testWordArt.pptx", "PowerPoint 2007 WordArt", 1, 4, 3),
    _t("unstructured__science-exploration-1p.pptx", "LibreOffice 7.5 4:3", 1, 434, 433),
    _t("onlyoffice__ar-SA_new.pptx", "ONLYOFFICE 1280x720 Arabic", 1, 2, 3),
    _t("onlyoffice__ja-JP_new.pptx", "ONLYOFFICE 1280x720 Japanese", 1, 2, 3),
    _t("tika__testPPT_autodate.pptx", "PowerPoint 2010 4:3", 1, 2050, 3),
    _t("shapecrawler__autoshape-case018_rotation.pptx", "PowerPoint 2016 16:9", 1, 2, 3),
    _t("automizer__SlidesWithAdditionalMaster.pptx", "PowerPoint 2016 two masters", 1, 2, 3),
    _t("docx4j__pptx-chart.pptx", "PowerPoint Mac 2011 4:3", 1, 2, 3),
    _t("openxmlsdk__AllSlidesConverterSC.pptx", "PowerPoint 2007 4:3", 1, 2, 3),
)


def _with_role(tpl: Template) -> Template:
    """A placeholder body (subtitle included) has the body min font; plain text the other."""
    slide = Presentation(str(tpl.path)).slides[tpl.slide - 1]
    body = next(s for s in slide.shapes if str(s.shape_id) == tpl.body_id)
    return replace(tpl, body_role="body" if body.is_placeholder else "other")


def more_cases(work: Path) -> list[Case]:
    from bench.heldout.datacases import NESTED, RESOLVED

    out: list[Case] = []
    for tpl in map(_with_role, MORE_TEMPLATES):
        base, n = tpl.stem, tpl.slide
        _, h, font = _box(tpl)
        short: list[object] = (["Revenue grew twelve percent",
                                {"text": "Next: {{steps[1].name}}", "level": 1}, "Costs held flat"]
                               if h >= 3.6 * font else ["Revenue up, next {{steps[1].name}}"])
        fits = {"tokens": NESTED, "slides": [{"template_slide": n, "fill": {
            tpl.title_key: "{{report.title}} {{ report.year }}", tpl.body_key: short}}]}
        body, may = long_body(tpl)
        long = {"tokens": {}, "slides": [{"template_slide": n, "fill": {
            tpl.title_key: "Where the regional expansion stands", tpl.body_key: body}}]}
        variant = work / f"{base}-split-path.pptx"
        fmt = split_token_variant(tpl.path, variant, n, tpl.title_id,
                                  pieces=("{{", "client.na", "me}}"))
        split = {"tokens": NESTED, "slides": [{"template_slide": n, "fill": {
            tpl.body_key: ["Prepared for {{ client.name }}", "Short agenda"]}}]}
        out += [
            Case(f"{base}/fits-nested", tpl.path, fits, "fits", tpl, resolved=RESOLVED),
            Case(f"{base}/long", tpl.path, long, "long", tpl, may_degrade=may),
            Case(f"{base}/split-path", variant, split, "split", tpl,
                 expect_formatting={"shape_id": tpl.title_id, **fmt}, resolved=RESOLVED),
        ]
    return out
