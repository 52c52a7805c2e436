"""Benchmark inputs for ``bench/fill_bench.py``: an N-slide content.json for the bundled
template, and the "plain fill" baseline that writes the same text with python-pptx.

The content cycles the template's five slides: a title slide with tokens, bullet slides whose
long bodies overflow (the loop has to repair them), a two-column slide, a table slide and a
caption slide. Slide ``i`` gets text that differs from slide ``i-5`` so no two slides are
byte-identical.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

TEMPLATE = Path(__file__).resolve().parents[1] / "templates" / "pptx" / "quarterly-review.pptx"
TOKENS = {"client": "Globex Corporation", "author": "the Strategy Office"}
REGIONS = ("EMEA", "Americas", "APAC", "Nordics", "Benelux", "Iberia")

Json = dict[str, Any]


def _bullets(n: int, long: bool) -> list[str | Json]:
    """Body paragraphs; ``long`` bodies overflow the template's content placeholder."""
    items: list[str | Json] = []
    count = 6 if long else 4
    for k in range(count):
        region = REGIONS[(n + k) % len(REGIONS)]
        text = f"{region} revenue grew {10 + (n * 7 + k) % 15}% year over year"
        if long:
            text += ", ahead of plan thanks to contract renewals"
        items.append({"text": text, "level": 1} if k % 3 == 2 else text)
    return items


def _table(n: int) -> list[list[str]]:
    rows = [["Region", "Revenue (M)", "Growth"]]
    for k in range(4):
        rows.append([REGIONS[(n + k) % len(REGIONS)], str(80 + (n * 13 + k * 37) % 200),
                     f"+{5 + (n + k) % 20}%"])
    return rows


def slide_content(n: int) -> Json:
    """The content of output slide ``n`` (0-based): template slide ``n % 5 + 1``."""
    kind = n % 5
    if kind == 0:
        return {"template_slide": 1, "notes": f"Section {n // 5 + 1} for {{{{client}}}}."}
    if kind == 1:
        return {"template_slide": 2, "fill": {
            "title": f"Highlights of quarter {n // 5 + 1}",
            "body": _bullets(n, long=True)}}
    if kind == 2:
        return {"template_slide": 3, "fill": {
            "title": f"What {{{{client}}}} asked us to look at in wave {n // 5 + 1}, and what "
                     "we found when we looked",
            "body": _bullets(n, long=False),
            "body2": _bullets(n + 1, long=n % 2 == 0)}}
    if kind == 3:
        return {"template_slide": 4, "fill": {"title": f"Figures, wave {n // 5 + 1}",
                                              "name:Figures": _table(n)}}
    return {"template_slide": 5, "fill": {
        "title": f"Team {n // 5 + 1}",
        "body": f"The {{{{client}}}} account team, wave {n // 5 + 1}, across three continents"}}


def build_content(n_slides: int) -> Json:
    return {"tokens": dict(TOKENS), "slides": [slide_content(n) for n in range(n_slides)]}


# --- plain python-pptx fill -------------------------------------------------------------

_TOKEN = re.compile(r"\{\{\s*(\w+)\s*\}\}")
_KEY_TYPES = {"title": ("TITLE", "CENTER_TITLE"), "subtitle": ("SUBTITLE",)}


def _replace_tokens(text: str) -> str:
    return _TOKEN.sub(lambda m: TOKENS.get(m.group(1), m.group(0)), text)


def _set_paragraphs(shape: Any, value: Any) -> None:
    items = value.split("\n") if isinstance(value, str) else value
    texts = [_replace_tokens(i if isinstance(i, str) else i["text"]) for i in items]
    levels = [0 if isinstance(i, str) else int(i.get("level", 0)) for i in items]
    tf = shape.text_frame
    tf.text = "\n".join(texts)
    for p, level in zip(tf.paragraphs, levels, strict=True):
        p.level = level


def _find(slide: Any, key: str) -> Any:
    if key.startswith("name:"):
        return next(s for s in slide.shapes if s.name == key[5:])
    phs = [s for s in slide.placeholders]
    if key in _KEY_TYPES:
        return next(s for s in phs if s.placeholder_format.type.name in _KEY_TYPES[key])
    bodies = [s for s in phs if s.placeholder_format.type.name in ("OBJECT", "BODY")]
    return bodies[0 if key == "body" else 1]


def _duplicate(prs: Any, src: Any) -> Any:
    """The usual python-pptx slide copy: same layout, the source's shape tree deep-copied."""
    dst = prs.slides.add_slide(src.slide_layout)
    tree = dst.shapes._spTree
    for sp in list(tree)[2:]:
        tree.remove(sp)
    for sp in list(src.shapes._spTree)[2:]:
        tree.append(copy.deepcopy(sp))
    return dst


def plain_fill(content: Json, out: Path) -> None:
    """python-pptx open → duplicate the template slides → set text / cells → save."""
    from pptx import Presentation

    prs = Presentation(str(TEMPLATE))
    template = list(prs.slides)
    for sc in content["slides"]:
        slide = _duplicate(prs, template[sc["template_slide"] - 1])
        for shape in slide.shapes:  # tokens anywhere in the copied text
            if shape.has_text_frame and "{{" in shape.text_frame.text:
                for p in shape.text_frame.paragraphs:
                    if p.runs and "{{" in "".join(r.text for r in p.runs):
                        p.runs[0].text = _replace_tokens("".join(r.text for r in p.runs))
                        for r in p.runs[1:]:
                            r.text = ""
        for key, value in sc.get("fill", {}).items():
            shape = _find(slide, key)
            if shape.has_table:
                tbl = shape.table._tbl
                while len(tbl.tr_lst) < len(value):  # grow like a user would: copy the last row
                    tbl.append(copy.deepcopy(tbl.tr_lst[-1]))
                for r, row in enumerate(value):
                    for c, cell in enumerate(row):
                        shape.table.cell(r, c).text = str(cell)
            else:
                _set_paragraphs(shape, value)
        if sc.get("notes"):
            slide.notes_slide.notes_text_frame.text = _replace_tokens(sc["notes"])
    ids = prs.slides._sldIdLst
    for sld in list(ids)[: len(template)]:  # drop the template's own slides
        prs.part.drop_rel(sld.rId)
        ids.remove(sld)
    prs.save(str(out))
