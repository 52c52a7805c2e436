"""Template variants the harness makes (never the product): a token split across runs.

PowerPoint splits ``{{client}}`` into ``{{``, ``cli``, ``ent}}`` after spell-checking; the
first of them is made bold and coloured so the judge can tell the value took its format.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from lxml import etree
from pptx import Presentation

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
FILLS = ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill")
TOKEN_COLOUR = "C00000"


def _q(tag: str) -> str:
    return f"{{{A}}}{tag}"


def _run(rpr: etree._Element | None, text: str) -> etree._Element:
    r = etree.Element(_q("r"))
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    t = etree.SubElement(r, _q("t"))
    t.text = text
    return r


def _emphasise(run: etree._Element) -> None:
    rpr = run.find(_q("rPr"))
    if rpr is None:
        rpr = etree.Element(_q("rPr"))
        run.insert(0, rpr)
    rpr.set("b", "1")
    for tag in FILLS:
        for old in rpr.findall(_q(tag)):
            rpr.remove(old)
    fill = etree.Element(_q("solidFill"))
    etree.SubElement(fill, _q("srgbClr"), val=TOKEN_COLOUR)
    ln = rpr.find(_q("ln"))
    rpr.insert(0 if ln is None else list(rpr).index(ln) + 1, fill)


def split_token_variant(src: Path, dst: Path, slide_no: int, shape_id: str,
                        pieces: tuple[str, ...] = ("{{", "cli", "ent}}")) -> dict[str, Any]:
    """Write ``dst``: ``src`` whose shape ``shape_id`` on slide ``slide_no`` reads
    ``Report for {{client}}`` with the token split into ``pieces`` (one run each), the first
    bold and red. The token must resolve to ``Globex Corporation``. Returns what the filled
    text and the token run's format must be."""
    prs = Presentation(str(src))
    shape = next(s for s in prs.slides[slide_no - 1].shapes if str(s.shape_id) == shape_id)
    txbody = shape.text_frame._txBody
    paras = txbody.findall(_q("p"))
    first = paras[0]
    for extra in paras[1:]:
        txbody.remove(extra)
    old = first.find(_q("r"))
    rpr = old.find(_q("rPr")) if old is not None else first.find(_q("endParaRPr"))
    if rpr is not None:
        rpr = copy.deepcopy(rpr)
        rpr.tag = _q("rPr")
    latin = rpr.find(_q("latin")) if rpr is not None else None
    for child in list(first):
        if child.tag in (_q("r"), _q("br"), _q("fld")):
            first.remove(child)
    ppr = first.find(_q("pPr"))
    at = 0 if ppr is None else 1
    runs = [_run(rpr, "Report for "), *(_run(rpr, piece) for piece in pieces)]
    _emphasise(runs[1])
    for i, r in enumerate(runs):
        first.insert(at + i, r)
    dst.parent.mkdir(parents=True, exist_ok=True)
    prs.save(str(dst))
    return {"text": "Report for Globex Corporation", "value": "Globex Corporation",
            "bold": True, "color": TOKEN_COLOUR,
            "latin": latin.get("typeface") if latin is not None else None}
