"""A temporary copy of a deck that LibreOffice can be asked about shape by shape.

``tag_copy(src, dst)`` writes a copy where

* every shape's ``p:cNvPr/@name`` on every slide becomes ``pxa:{id}`` (LibreOffice keeps shape
  names, so a name read back through UNO maps to the OOXML shape id without ambiguity);
* every ``a:normAutofit`` / ``a:spAutoFit`` on slides, layouts and masters becomes
  ``a:noAutofit``: LibreOffice shrinks and grows text live, PowerPoint shows the stored state.
  The stored ``fontScale`` / ``lnSpcReduction`` of slide shapes are returned so the caller can
  re-apply them (their paragraphs' own percentage spacing is scaled in the copy: LibreOffice
  turns it into a length from the unscaled font as it loads, PowerPoint takes the share of
  the text drawn);
* with ``colour``, every run of every slide shape's text (table cells included) is painted
  one RGB per shape (``TaggedDeck.colours``), so a plain PDF export of the copy tells where
  each shape's text landed — no UNO scripting needed to find it; and the art that cannot
  move any text is left out of the copy (pictures, connectors, charts, diagrams, OLE objects,
  backgrounds: a text box's layout in a slide does not depend on them, while loading and
  drawing them is most of LibreOffice's time on real decks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from pptxagent.ooxml.drawables import c_nv_pr, numbered
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.xml import SCHEMA_ORDER, insert_in_order, qn

TAG_PREFIX = "pxa:"
COLOUR_BASE = 0x7F0000
"""Tag colours are ``COLOUR_BASE | k`` for k = 1, 2, ...: a red channel of 127 that real
templates practically never use, so master-page text cannot be mistaken for a shape's."""
_AUTOFIT_PARTS = ("slide+xml", "slideLayout+xml", "slideMaster+xml")


@dataclass
class TaggedDeck:
    path: Path
    slide_count: int
    scales: dict[str, tuple[float, float]] = field(default_factory=dict)
    """``"{slide}/pxa:{id}"`` → (fontScale, lnSpcReduction) as fractions, for shapes whose
    stored ``a:normAutofit`` is not the identity."""
    colours: dict[int, dict[str, int]] = field(default_factory=dict)
    """Slide number → OOXML shape id → the RGB its text was painted (``colour=True``)."""


def tag_name(shape_id: int | str) -> str:
    return f"{TAG_PREFIX}{shape_id}"


def shape_id_of(name: str) -> str | None:
    """The shape's key (``shape_key``: its id, ``id#n`` for a repeat) from a tagged name,
    None for a name we did not write."""
    return name[len(TAG_PREFIX) :] if name.startswith(TAG_PREFIX) else None


def _fraction(value: str | None, default: float) -> float:
    if value is None:
        return default
    try:
        return int(value.rstrip("%")) / 100000
    except ValueError:
        return default


def _strip_autofit(root: etree._Element) -> dict[etree._Element, tuple[float, float]]:
    """Replace autofit by noAutofit in every bodyPr; return stored scales by bodyPr."""
    found: dict[etree._Element, tuple[float, float]] = {}
    for tag in ("a:normAutofit", "a:spAutoFit"):
        for el in list(root.iter(qn(tag))):
            body_pr = el.getparent()
            if body_pr is None:
                continue
            if tag == "a:normAutofit":
                scale = _fraction(el.get("fontScale"), 1.0)
                reduction = _fraction(el.get("lnSpcReduction"), 0.0)
                if scale < 1 or reduction > 0:
                    found[body_pr] = (scale, reduction)
            no = etree.Element(qn("a:noAutofit"))
            no.tail = el.tail
            body_pr.replace(el, no)
    return found


def _scale_pct_spacing(body_pr: etree._Element, scale: float) -> None:
    """The text body's explicit ``a:spcBef``/``a:spcAft`` percentages × ``scale``."""
    body = body_pr.getparent()
    if body is None or scale >= 1:
        return
    for tag in ("a:spcBef", "a:spcAft"):
        for sp in body.iter(qn(tag)):
            pct = sp.find(qn("a:spcPct"))
            val = _fraction(pct.get("val") if pct is not None else None, -1.0)
            if pct is not None and val >= 0:
                pct.set("val", str(round(val * scale * 100000)))


def _owning_name(body_pr: etree._Element) -> str | None:
    node: etree._Element | None = body_pr
    while node is not None and node.tag not in (qn("p:sp"), qn("p:graphicFrame")):
        node = node.getparent()
    if node is None:
        return None
    c_nv_pr = next(node.iter(qn("p:cNvPr")), None)
    return c_nv_pr.get("name") if c_nv_pr is not None else None


TABLE_URI = "http://schemas.openxmlformats.org/drawingml/2006/table"


def _strip_art(root: etree._Element) -> None:
    """Remove what draws no text: pictures, connectors, non-table graphic frames, backgrounds."""
    doomed = [*root.iter(qn("p:pic"), qn("p:cxnSp"), qn("p:bg"))]
    for frame in root.iter(qn("p:graphicFrame")):
        data = next(frame.iter(qn("a:graphicData")), None)
        if data is None or data.get("uri") != TABLE_URI:
            doomed.append(frame)
    for el in doomed:
        parent = el.getparent()
        if parent is not None:
            parent.remove(el)


BULLET_RGB = "010203"
"""Bullets of a tagged copy take this colour (never a tag colour): a bullet that follows its
text's colour (``a:buClrTx``, the default) would count as text, and the browser's text box
the cross-check compares with leaves bullets out."""


def _untag_bullets(shape: etree._Element) -> None:
    for p in shape.iter(qn("a:p")):
        if p.find(qn("a:r")) is None and p.find(qn("a:fld")) is None:
            continue
        ppr = p.find(qn("a:pPr"))
        if ppr is None:
            ppr = etree.Element(qn("a:pPr"))
            p.insert(0, ppr)
        for old in (ppr.find(qn("a:buClrTx")), ppr.find(qn("a:buClr"))):
            if old is not None:
                ppr.remove(old)
        clr = etree.Element(qn("a:buClr"))
        etree.SubElement(clr, qn("a:srgbClr"), val=BULLET_RGB)
        insert_in_order(ppr, clr, SCHEMA_ORDER["a:pPr"])


def _paint(shape: etree._Element, rgb: int) -> bool:
    """Give every run and field of ``shape``'s text a solid ``rgb`` fill (bullets a colour
    of their own); True if any."""
    _untag_bullets(shape)
    painted = False
    for run in shape.iter(qn("a:r"), qn("a:fld")):
        rpr = run.find(qn("a:rPr"))
        if rpr is None:
            rpr = etree.Element(qn("a:rPr"))
            run.insert(0, rpr)
        fill = etree.Element(qn("a:solidFill"))
        etree.SubElement(fill, qn("a:srgbClr"), val=f"{rgb:06X}")
        insert_in_order(rpr, fill, SCHEMA_ORDER["a:rPr"])
        painted = True
    return painted


def shape_key(shape_id: int | str, occurrence: int = 0) -> str:
    """A shape's key in ``TaggedDeck.colours``: its id, and for a shape repeating an id
    already used on the slide (some tools write such decks) ``id#n``, n its occurrence in
    document order (``OoxmlRef.occurrence``)."""
    return str(shape_id) if not occurrence else f"{shape_id}#{occurrence}"


def _paint_slide(root: etree._Element, first: int) -> dict[str, int]:
    """Paint each text shape of a slide (``p:sp`` and table frames, in groups too), keyed
    by ``shape_key`` as the shapes were named before the art was taken out."""
    out: dict[str, int] = {}
    k = first
    for shape in root.iter(qn("p:sp"), qn("p:graphicFrame")):
        nv = c_nv_pr(shape)
        key = shape_id_of(nv.get("name") or "") if nv is not None else None
        if key is None or key in out:
            continue  # not named by us (an mc:Fallback copy)
        rgb = COLOUR_BASE | (k + 1)
        if _paint(shape, rgb):
            out[key] = rgb
            k += 1
    return out


def tag_copy(src: Path, dst: Path, colour: bool = False) -> TaggedDeck:
    pkg = Package.open(src)
    slides = pkg.slide_parts()
    tagged = TaggedDeck(path=dst, slide_count=len(slides))
    slide_no = {part: n for n, part in enumerate(slides, start=1)}
    for part in pkg.part_names():
        ctype = pkg.content_type(part) or ""
        if not ctype.endswith(_AUTOFIT_PARTS):
            continue
        root = pkg.xml(part)
        if part in slide_no:
            for shape, sid, n in numbered(root):  # before any art is taken out
                nv = c_nv_pr(shape)
                if nv is not None:
                    nv.set("name", tag_name(shape_key(sid, n)))
        scales = _strip_autofit(root)
        if colour:
            _strip_art(root)
        if part in slide_no and colour:
            n = slide_no[part]
            used = sum(len(c) for c in tagged.colours.values())
            tagged.colours[n] = _paint_slide(root, used)
        if part in slide_no:
            for body_pr, value in scales.items():
                _scale_pct_spacing(body_pr, value[0])
                name = _owning_name(body_pr)
                if name is not None:
                    tagged.scales[f"{slide_no[part]}/{name}"] = value
        pkg.mark_dirty(part)
    pkg.save(dst)
    return tagged
