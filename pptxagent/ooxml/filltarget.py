"""Fill operations addressed by (package, slide part, shape id), for ``pptxagent.fill``.

The fill stage never touches XML itself: it asks here what a shape accepts and hands over
plain values. Every function that changes a part marks it dirty.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from lxml import etree

from pptxagent.ooxml.drawables import c_nv_pr, numbered
from pptxagent.ooxml.levels import inherited_levels
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.picture import ImageInfo, is_picture_placeholder, place_image
from pptxagent.ooxml.placeholders import TITLE_TYPES
from pptxagent.ooxml.sublevels import inherited_looks
from pptxagent.ooxml.tablefill import column_count, fill_table, find_table, table_cells
from pptxagent.ooxml.textfill import (
    body_text,
    ensure_txbody,
    fill_paragraphs,
    links_of,
    one_paragraph_of_lines,
)
from pptxagent.ooxml.tokens import Resolver, TokenResult, replace_tokens
from pptxagent.ooxml.xml import qn

Accepts = Literal["text", "table", "image"]
_SHAPE_TAGS = ("sp", "pic", "graphicFrame", "grpSp", "cxnSp")
_GRAPHIC_NAMES = {"chart": "a chart", "diagram": "a SmartArt diagram", "ole": "an embedded object"}


def find_shape(root: etree._Element, shape_id: int, nth: int = 0) -> etree._Element | None:
    """The ``nth`` shape (``OoxmlRef.occurrence``) with ``p:cNvPr/@id == shape_id`` of a
    part, counted as the inventory counts (``drawables.numbered``); a group by its id."""
    want = str(shape_id)
    for shape, sid, n in numbered(root):
        if sid == want and n == nth:
            return shape
    if nth == 0:
        for group in root.iter(qn("p:grpSp")):
            nv = c_nv_pr(group)
            if nv is not None and nv.get("id") == want:
                return group
    return None


def _shape(pkg: Package, part: str, shape_id: int, nth: int = 0) -> etree._Element:
    shape = find_shape(pkg.xml(part), shape_id, nth)
    if shape is None:
        raise ValueError(f"{part}: no shape with id {shape_id}")
    return shape


def accepts(pkg: Package, part: str, shape_id: int, nth: int = 0
            ) -> tuple[frozenset[Accepts], str]:
    """What kinds of value the shape takes, and a short description for messages."""
    shape = _shape(pkg, part, shape_id, nth)
    local = etree.QName(shape).localname
    if any(a.tag == qn("mc:Fallback") for a in shape.iterancestors()):
        # what an older reader shows for an Office 2016 chart: PowerPoint draws the chart,
        # so a picture written here would never be seen there
        return frozenset(), "the stand-in picture of an Office 2016 chart"
    if local == "sp":
        if is_picture_placeholder(shape):
            return frozenset({"text", "image"}), "an empty placeholder"
        return frozenset({"text"}), "a text shape"
    if local == "pic":
        return frozenset({"image"}), "a picture"
    if local == "graphicFrame":
        if find_table(shape) is not None:
            return frozenset({"table"}), "a table"
        uri = shape.find(f"{qn('a:graphic')}/{qn('a:graphicData')}")
        kind = (uri.get("uri", "") if uri is not None else "").rsplit("/", 1)[-1]
        return frozenset(), _GRAPHIC_NAMES.get(kind, "a graphic frame")
    if local == "grpSp":
        return frozenset(), "a group"
    return frozenset(), "a connector"


def table_columns(pkg: Package, part: str, shape_id: int, nth: int = 0) -> int:
    tbl = find_table(_shape(pkg, part, shape_id, nth))
    return column_count(tbl) if tbl is not None else 0


def set_text(pkg: Package, part: str, shape_id: int, items: Sequence[tuple[str, int]],
             nth: int = 0) -> bool:
    """Replace the shape's paragraphs with (text, level) items, keeping the template format.
    True when the template's text had a hyperlink the new text does not carry."""
    shape = _shape(pkg, part, shape_id, nth)
    parts = [pkg.xml(p) for _, p in art_parts(pkg, part)]
    body = ensure_txbody(shape)
    links = links_of(body)
    fill_paragraphs(body, items, inherited_levels(parts, shape), inherited_looks(parts, shape))
    pkg.mark_dirty(part)
    return links_of(body) < links


def lines_stay_lines(pkg: Package, part: str, shape_id: int, nth: int = 0) -> bool:
    """Whether a string's newlines are line breaks in this shape's one template paragraph
    (``textfill.one_paragraph_of_lines``), not new paragraphs. A body or content placeholder
    counts as bulleted (its master's list gives its lines bullets)."""
    shape = _shape(pkg, part, shape_id, nth)
    body = shape.find(qn("p:txBody"))
    if body is None:
        return False
    ph = shape.find(f"{qn('p:nvSpPr')}/{qn('p:nvPr')}/{qn('p:ph')}")
    bulleted = ph is not None and ph.get("type", "body") not in TITLE_TYPES | {"subTitle"}
    return one_paragraph_of_lines(body, bulleted)


def set_table(pkg: Package, part: str, shape_id: int, rows: Sequence[Sequence[str]],
              nth: int = 0) -> None:
    fill_table(_shape(pkg, part, shape_id, nth), rows)
    pkg.mark_dirty(part)


def set_image(pkg: Package, part: str, shape_id: int, info: ImageInfo,
              frame_px: tuple[float, float], nth: int = 0) -> None:
    place_image(pkg, part, _shape(pkg, part, shape_id, nth), info, frame_px)
    pkg.mark_dirty(part)


def shape_text(pkg: Package, part: str, shape_id: int, nth: int = 0) -> str:
    """What the shape now shows: its text, a table's cells (tab/newline separated), or for a
    picture the media part it shows."""
    shape = _shape(pkg, part, shape_id, nth)
    tbl = find_table(shape)
    if tbl is not None:
        return "\n".join("\t".join(row) for row in table_cells(tbl))
    body = shape.find(qn("p:txBody"))
    if body is not None:
        return body_text(body)
    blip = shape.find(f"{qn('p:blipFill')}/{qn('a:blip')}")
    rid = blip.get(qn("r:embed")) if blip is not None else None
    return pkg.related(part, rid) if rid else ""


def remove_shape(pkg: Package, part: str, shape_id: int) -> bool:
    """Delete a slide's own top-level shape when nothing else names it: no animation or
    build (any ``@spid``: ``p:spTgt``, ``p:bldP``, ``p:inkTgt`` …), no connector end
    (``a:stCxn``/``a:endCxn``), no comment anchored on it, no other shape with its id.
    False, and nothing changed, when something does (or it sits in a group or alternate
    content): a dangling reference is a repair prompt in PowerPoint."""
    root = pkg.xml(part)
    want = str(shape_id)
    if sum(1 for _, sid, _ in numbered(root) if sid == want) != 1:
        return False
    shape = find_shape(root, shape_id)
    parent = shape.getparent() if shape is not None else None
    if shape is None or parent is None or parent.tag != qn("p:spTree"):
        return False
    if any(el.get("spid") == want for el in root.iter() if isinstance(el.tag, str)):
        return False
    for tag in ("a:stCxn", "a:endCxn"):
        if any(el.get("id") == want for el in root.iter(qn(tag))):
            return False
    for rel in pkg.rels(part):  # modern comments name their shape (``ac:spMk@id``)
        if "comment" in rel.type.lower() and not rel.external and pkg.has_part(rel.target):
            marks = pkg.xml(rel.target).iter("{*}spMk")
            if any(m.get("id") == want for m in marks):
                return False
    parent.remove(shape)
    pkg.mark_dirty(part)
    return True


def replace_part_tokens(pkg: Package, part: str,
                        values: dict[str, str] | Resolver) -> TokenResult:
    """Replace ``{{tokens}}`` in every paragraph of a part; marks it dirty only if changed."""
    res = replace_tokens(pkg.xml(part), values)
    if res.changed:
        pkg.mark_dirty(part)
    return res


def art_parts(pkg: Package, slide_part: str) -> list[tuple[str, str]]:
    """(``"layout"`` | ``"master"``, part) behind a slide: their art is drawn on it."""
    out: list[tuple[str, str]] = []
    source = slide_part
    for kind, suffix in (("layout", "/slideLayout"), ("master", "/slideMaster")):
        rel = next((r for r in pkg.rels(source) if r.type.endswith(suffix) and not r.external
                    and pkg.has_part(r.target)), None)
        if rel is None:
            break
        out.append((kind, rel.target))
        source = rel.target
    return out


def replace_art_tokens(pkg: Package, part: str,
                       values: dict[str, str] | Resolver) -> TokenResult:
    """Replace ``{{tokens}}`` in a layout's or master's own shapes, not its placeholders
    (their text is a prompt the slide's own placeholder replaces)."""
    res = TokenResult()
    tree = pkg.xml(part).find(f"{qn('p:cSld')}/{qn('p:spTree')}")
    for shape in tree if tree is not None else []:
        if not isinstance(shape.tag, str) or etree.QName(shape).localname not in _SHAPE_TAGS:
            continue
        if shape.find(f"*/{qn('p:nvPr')}/{qn('p:ph')}") is not None:
            continue
        res.merge(replace_tokens(shape, values))
    if res.changed:
        pkg.mark_dirty(part)
    return res


__all__ = [
    "accepts",
    "art_parts",
    "find_shape",
    "remove_shape",
    "replace_art_tokens",
    "replace_part_tokens",
    "set_image",
    "set_table",
    "set_text",
    "shape_text",
    "table_columns",
]
