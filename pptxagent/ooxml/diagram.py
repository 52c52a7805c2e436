"""SmartArt as PowerPoint last drew it: the shapes of a diagram's drawing part.

A diagram frame (``dgm:relIds``) names its data part; the data part's
``dsp:dataModelExt@relId`` names (in the slide's relationships) the ``diagramDrawing`` part
PowerPoint saved, whose ``dsp:spTree`` holds plain shapes in the frame's coordinates. Its
elements have the same names and content as a slide's (``sp``, ``spPr``, ``style``,
``txBody``), so the tree is read with the slide reader.
"""

from __future__ import annotations

from lxml import etree

from pptxagent.errors import PptxAgentError
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapes import IDENTITY, Frame, ShapeData, walk_shapes
from pptxagent.ooxml.theme import parse_int
from pptxagent.ooxml.xfrm import Xfrm
from pptxagent.ooxml.xml import NS, parse_xml, qn

_DSP = NS["dsp"].encode()
_P = NS["p"].encode()


def drawing_part(pkg: Package, slide_part: str, data_part: str) -> str | None:
    """The diagramDrawing part PowerPoint saved for data part ``data_part`` of a slide."""
    data = pkg.xml(data_part)
    ext = next(data.iter(qn("dsp:dataModelExt")), None)
    rid = ext.get("relId") if ext is not None else None
    if not rid:
        return None
    rel = next((r for r in pkg.rels(slide_part) if r.rid == rid and not r.external), None)
    return rel.target if rel is not None and pkg.has_part(rel.target) else None


UNIQUE_ID_BASE = 1_000_000
"""Where a drawing's repeated shape ids are renumbered from (PowerPoint writes ``id="0"`` on
every ``dsp:cNvPr``; they never reach the package)."""


def _unique_ids(tree: etree._Element) -> None:
    """Give every shape of this parsed drawing (a private copy) its own id, so each shape's
    ``dsp:txXfrm`` stays its own: keyed by the shared id 0, every text landed in the last
    shape's box."""
    seen: set[int] = set()
    fresh = UNIQUE_ID_BASE
    for c_nv_pr in tree.iter(qn("p:cNvPr")):
        sid = parse_int(c_nv_pr.get("id"))
        if sid is None or sid in seen:
            while fresh in seen:
                fresh += 1
            sid = fresh
            c_nv_pr.set("id", str(sid))
        seen.add(sid)


def _text_boxes(tree: etree._Element, dx: float, dy: float) -> dict[int, Xfrm]:
    """``dsp:txXfrm`` per shape id: where the shape's text is laid out (slide EMU)."""
    out: dict[int, Xfrm] = {}
    for sp in tree.iter(qn("p:sp")):
        c_nv_pr = next(sp.iter(qn("p:cNvPr")), None)
        tx = sp.find(qn("p:txXfrm"))
        off = tx.find(qn("a:off")) if tx is not None else None
        ext = tx.find(qn("a:ext")) if tx is not None else None
        sid = parse_int(c_nv_pr.get("id")) if c_nv_pr is not None else None
        if sid is None or tx is None or off is None or ext is None:
            continue
        x, y = parse_int(off.get("x")) or 0, parse_int(off.get("y")) or 0
        out[sid] = Xfrm(x=x + dx, y=y + dy, w=parse_int(ext.get("cx")) or 0,
                        h=parse_int(ext.get("cy")) or 0, rot=parse_int(tx.get("rot")) or 0)
    return out


def read_diagram_shapes(
    pkg: Package, slide_part: str, data_part: str | None, frame: Xfrm
) -> list[tuple[ShapeData, Xfrm | None]]:
    """The drawn shapes of one diagram in slide EMU, each with the box of its text
    (``dsp:txXfrm``) when it has one; ``[]`` when there is no drawing."""
    if data_part is None or not pkg.has_part(data_part):
        return []
    try:
        part = drawing_part(pkg, slide_part, data_part)
        if part is None:
            return []
        raw = pkg.read_bytes(part).replace(_DSP, _P)
        root = parse_xml(raw, f"{pkg.path.name}:{part}")
    except PptxAgentError:
        return []
    tree = root.find(qn("p:spTree"))
    if tree is None:
        return []
    _unique_ids(tree)
    sx, sy, _, _ = IDENTITY
    out: list[ShapeData] = []
    rels = {r.rid: r for r in pkg.rels(part)}
    walk_shapes(tree, Frame((sx, sy, frame.x, frame.y), depth=1), rels, out)
    boxes = _text_boxes(tree, frame.x, frame.y)
    return [(shape, boxes.get(shape.shape_id)) for shape in out]
