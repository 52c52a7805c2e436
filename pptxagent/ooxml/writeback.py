"""Write a refined element back into its shape's OOXML, changing only what changed.

* font scale (``style.fontSize / baseFontSize``): an explicit ``sz`` on every run, line
  break, field and ``a:endParaRPr`` (effective size × scale), and ``fontScale`` /
  ``lnSpcReduction`` removed from ``a:normAutofit``: PowerPoint does not recompute autofit on
  open, so the sizes written are final;
* line height: ``a:lnSpc/a:spcPct`` on each paragraph (multiple / 1.2 × 100000), and its
  ``a:spcBef``/``a:spcAft`` by the same ratio;
* geometry: ``a:xfrm`` off/ext (added at its schema position when the shape inherited it);
* autogrow shapes (``a:spAutoFit``): ``a:ext/@cy`` from the measured text height;
* text insets: ``a:bodyPr/@lIns`` … ``@bIns`` for the sides that changed;
* the hard fallback's shrink on overflow (``style.fitScale``): ``a:normAutofit/@fontScale``
  over the run sizes written at the min font (any other autofit choice replaced), as
  PowerPoint stores its own "shrink text on overflow".

Every insertion goes to its schema position. Returns ``Change`` records in human terms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from lxml import etree
from pydantic import BaseModel

from pptxagent.ir import Element, Paragraph
from pptxagent.ir.textrect import height_for_text
from pptxagent.ooxml.filltarget import find_shape
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.xml import SCHEMA_ORDER, insert_in_order, qn, run_props
from pptxagent.units import emu_to_px, px_to_emu, px_to_pt, px_to_sz, sz_to_px

LINE_PITCH = 1.2
GEOMETRY_EPS_PX = 0.5
DEFAULT_TB_INSET_EMU = 45720
_RUNLIKE = ("a:r", "a:br", "a:fld")


class Change(BaseModel):
    """One change written back, e.g. ``font 28 → 24 pt (−14%)``."""

    eid: str
    shape: str
    what: Literal["font", "line_height", "move", "resize", "autofit_height", "inset",
                  "shrink_on_overflow"]
    text: str


def _num(v: float) -> str:
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


def _pct(before: float, after: float) -> str:
    p = round((after / before - 1) * 100) if before else 0
    return f"{'+' if p > 0 else '−' if p < 0 else '±'}{abs(p)}%"


def _child(parent: etree._Element, tag: str, order: Sequence[str]) -> etree._Element:
    el = parent.find(qn(tag))
    if el is None:
        el = insert_in_order(parent, etree.Element(qn(tag)), order)
    return el


def _stored_font_scale(body: etree._Element) -> float:
    auto = body.find(f"{qn('a:bodyPr')}/{qn('a:normAutofit')}")
    if auto is None:
        return 1.0
    try:
        return int(auto.get("fontScale", "100000")) / 100000
    except ValueError:
        return 1.0


def _sizes(p: etree._Element, para: Paragraph | None, fallback: float,
           stored_scale: float) -> list[float]:
    """Effective px size of each run-like child: the inventory's run when the runs line up,
    else the explicit ``sz`` (× the stored autofit scale), else the paragraph's first run."""
    kids = [c for c in p if c.tag in tuple(qn(t) for t in _RUNLIKE)]
    inv = para.runs if para is not None else []
    para_px = next((r.fontSize for r in inv if r.fontSize), None) or fallback
    out: list[float] = []
    for i, kid in enumerate(kids):
        size = inv[i].fontSize if len(inv) == len(kids) else None
        if size is None:
            rpr = kid.find(qn("a:rPr"))
            sz = rpr.get("sz") if rpr is not None else None
            size = sz_to_px(int(sz)) * stored_scale if sz and sz.isdigit() else para_px
        out.append(size)
    return out


def _write_font(body: etree._Element, before: Element, scale: float) -> None:
    paras = before.paragraphs or []
    base = before.baseFontSize or before.style.fontSize or sz_to_px(1800)
    stored = _stored_font_scale(body)
    for i, p in enumerate(body.findall(qn("a:p"))):
        para = paras[i] if i < len(paras) else None
        sizes = _sizes(p, para, base, stored)
        kids = [c for c in p if c.tag in tuple(qn(t) for t in _RUNLIKE)]
        for kid, size in zip(kids, sizes, strict=True):
            run_props(kid).set("sz", str(_clamp_sz(px_to_sz(size * scale))))
        end_px = sizes[-1] if sizes else (para.runs[0].fontSize if para and para.runs
                                          and para.runs[0].fontSize else None)
        said = (para.model_extra or {}).get("endFontSize") if para is not None else None
        if end_px is None and isinstance(said, int | float) and said > 0:
            end_px = float(said)  # what the inventory measured it at (its a:pPr/a:defRPr too)
        if end_px is None:
            end = p.find(qn("a:endParaRPr"))
            sz = end.get("sz") if end is not None else None
            end_px = sz_to_px(int(sz)) * stored if sz and sz.isdigit() else base
        end = _child(p, "a:endParaRPr", SCHEMA_ORDER["a:p"])
        end.set("sz", str(_clamp_sz(px_to_sz(end_px * scale))))
        _scale_exact_pitch(p, para, scale)
    auto = body.find(f"{qn('a:bodyPr')}/{qn('a:normAutofit')}")
    if auto is not None:
        for attr in ("fontScale", "lnSpcReduction"):
            if attr in auto.attrib:
                del auto.attrib[attr]


def _scale_exact_pitch(p: etree._Element, para: Paragraph | None, scale: float) -> None:
    """An exact line pitch (``a:lnSpc/a:spcPts``, own or inherited) × ``scale`` on the
    paragraph: the browser measured the lines as a share of the font, so a shrunk font took
    its lines closer there; left in points, PowerPoint and LibreOffice would draw them as far
    apart as before, and the text longer than measured."""
    exact = (para.model_extra or {}).get("lineExactPx") if para is not None else None
    if not isinstance(exact, int | float) or exact <= 0 or abs(scale - 1.0) < 1e-6:
        return
    ln = etree.Element(qn("a:lnSpc"))
    etree.SubElement(ln, qn("a:spcPts"), val=str(max(round(px_to_pt(exact * scale) * 100), 0)))
    insert_in_order(_child(p, "a:pPr", SCHEMA_ORDER["a:p"]), ln, SCHEMA_ORDER["a:pPr"])


def _write_fit(body: etree._Element, scale: float) -> None:
    """``a:normAutofit fontScale`` on the body (replacing ``a:noAutofit``/``a:spAutoFit``)."""
    bpr = body.find(qn("a:bodyPr"))
    if bpr is None:
        bpr = insert_in_order(body, etree.Element(qn("a:bodyPr")), SCHEMA_ORDER["p:txBody"])
    for tag in ("a:noAutofit", "a:spAutoFit", "a:normAutofit"):
        for old in bpr.findall(qn(tag)):
            bpr.remove(old)
    auto = etree.Element(qn("a:normAutofit"), fontScale=str(round(scale * 100000)))
    insert_in_order(bpr, auto, SCHEMA_ORDER["a:bodyPr"])


def _pin_pct_spacing(body: etree._Element, before: Element) -> None:
    """Each paragraph's percentage spacing it inherits, written on the paragraph (the same
    look): a copy LibreOffice draws can then scale it with the stored autofit, as PowerPoint
    does (``ooxml.tagging``)."""
    paras = before.paragraphs or []
    for i, p in enumerate(body.findall(qn("a:p"))):
        para = paras[i] if i < len(paras) else None
        if para is None:
            continue
        for tag, px, pct in _spacings(para):
            ppr = p.find(qn("a:pPr"))
            if pct and (ppr is None or ppr.find(qn(tag)) is None):
                _put_spacing(_child(p, "a:pPr", SCHEMA_ORDER["a:p"]), tag, px, pct, 1.0)


def _spacings(para: Paragraph) -> tuple[tuple[str, float, float | None], ...]:
    """(tag, px, share of the font or None) of the space before and after ``para``."""
    return (("a:spcBef", para.spaceBefore, para.spaceBeforePct),
            ("a:spcAft", para.spaceAfter, para.spaceAfterPct))


def _put_spacing(ppr: etree._Element, tag: str, px: float, pct: float | None,
                 scale: float) -> None:
    """``tag`` (``a:spcBef``/``a:spcAft``) × ``scale`` on ``ppr``, as a share of the font
    when the template gave one, else in points; at its schema position."""
    sp = etree.Element(qn(tag))
    if pct is not None:
        etree.SubElement(sp, qn("a:spcPct"), val=str(round(pct * scale * 100000)))
    else:
        etree.SubElement(sp, qn("a:spcPts"), val=str(round(px_to_pt(px * scale) * 100)))
    insert_in_order(ppr, sp, SCHEMA_ORDER["a:pPr"])


def _clamp_sz(sz: int) -> int:
    return min(max(sz, 100), 400000)


def _write_line(body: etree._Element, before: Element, scale: float) -> None:
    """Line spacing × ``scale`` on every paragraph; the space before and after each
    paragraph shrinks (or grows) with it, as in PowerPoint's own shrink on overflow."""
    paras = before.paragraphs or []
    base = before.baseLineHeight or before.style.lineHeight or LINE_PITCH
    for i, p in enumerate(body.findall(qn("a:p"))):
        para = paras[i] if i < len(paras) else None
        mult = (para.lineHeight if para is not None and para.lineHeight else base) * scale
        ppr = _child(p, "a:pPr", SCHEMA_ORDER["a:p"])
        ln = etree.Element(qn("a:lnSpc"))
        etree.SubElement(ln, qn("a:spcPct"), val=str(round(mult / LINE_PITCH * 100000)))
        insert_in_order(ppr, ln, SCHEMA_ORDER["a:pPr"])
        if para is None or abs(scale - 1.0) < 1e-6:
            continue
        for tag, px, pct in _spacings(para):
            if px or pct:
                _put_spacing(ppr, tag, px, pct, scale)


def _line_reduction(body: etree._Element) -> float:
    auto = body.find(f"{qn('a:bodyPr')}/{qn('a:normAutofit')}")
    try:
        return int(auto.get("lnSpcReduction", "0")) / 100000 if auto is not None else 0.0
    except ValueError:
        return 0.0


def _xfrm(shape: etree._Element) -> etree._Element:
    """The shape's transform element, added at its schema position if inherited."""
    local = etree.QName(shape).localname
    if local == "graphicFrame":
        x = shape.find(qn("p:xfrm"))
        if x is None:
            x = etree.Element(qn("p:xfrm"))
            shape.find(qn("p:nvGraphicFramePr")).addnext(x)  # type: ignore[union-attr]
        return x
    props = "p:grpSpPr" if local == "grpSp" else "p:spPr"
    sppr = shape.find(qn(props))
    if sppr is None:
        sppr = etree.Element(qn(props))
        shape[0].addnext(sppr)  # right after the non-visual properties
    return _child(sppr, "a:xfrm", SCHEMA_ORDER["p:spPr"])


def _to_local(shape: etree._Element, x: float, y: float, w: float, h: float,
              ) -> tuple[float, float, float, float]:
    """Slide EMU → the coordinate space of the shape's parent group(s)."""
    groups = [g for g in shape.iterancestors(qn("p:grpSp"))]
    for g in reversed(groups):  # outermost first
        gx = g.find(f"{qn('p:grpSpPr')}/{qn('a:xfrm')}")
        if gx is None:
            continue
        vals = {}
        for tag, a, b in (("a:off", "x", "y"), ("a:ext", "cx", "cy"),
                          ("a:chOff", "x", "y"), ("a:chExt", "cx", "cy")):
            el = gx.find(qn(tag))
            vals[tag] = (float(el.get(a, "0")), float(el.get(b, "0"))) if el is not None else None
        off, ext, choff, chext = (vals[t] for t in ("a:off", "a:ext", "a:chOff", "a:chExt"))
        if not (off and ext and choff and chext) or not ext[0] or not ext[1]:
            continue
        sx, sy = chext[0] / ext[0], chext[1] / ext[1]
        x, y = choff[0] + (x - off[0]) * sx, choff[1] + (y - off[1]) * sy
        w, h = w * sx, h * sy
    return x, y, w, h


def _write_geometry(shape: etree._Element, x: float, y: float, w: float, h: float) -> None:
    lx, ly, lw, lh = _to_local(shape, px_to_emu(x), px_to_emu(y), px_to_emu(w), px_to_emu(h))
    xfrm = _xfrm(shape)
    off = etree.Element(qn("a:off"), x=str(round(lx)), y=str(round(ly)))
    ext = etree.Element(qn("a:ext"), cx=str(max(round(lw), 0)), cy=str(max(round(lh), 0)))
    insert_in_order(xfrm, off, SCHEMA_ORDER["a:xfrm"])
    insert_in_order(xfrm, ext, SCHEMA_ORDER["a:xfrm"])


def _autofit_height(body: etree._Element | None, text_h: float | None,
                    el: Element | None = None) -> float | None:
    """The shape height (px) an ``a:spAutoFit`` shape takes for ``text_h`` px of text."""
    if body is None or text_h is None:
        return None
    bpr = body.find(qn("a:bodyPr"))
    if bpr is None or bpr.find(qn("a:spAutoFit")) is None:
        return None
    ins = 0.0
    for attr in ("tIns", "bIns"):
        v = bpr.get(attr)
        ins += emu_to_px(int(v) if v and v.lstrip("-").isdigit() else DEFAULT_TB_INSET_EMU)
    if el is not None:
        h = height_for_text(el, el.layout.w, text_h, ins)
        if h is not None:
            return h
    return text_h + ins


_INSET_ATTRS = (("left", "lIns"), ("top", "tIns"), ("right", "rIns"), ("bottom", "bIns"))


def _write_insets(body: etree._Element, before: Element, after: Element) -> list[str]:
    """Write the insets that changed onto ``a:bodyPr``; return them in human terms."""
    i0, i1 = before.style.insets, after.style.insets
    if i1 is None or i0 == i1:
        return []
    bpr = body.find(qn("a:bodyPr"))
    if bpr is None:
        bpr = insert_in_order(body, etree.Element(qn("a:bodyPr")), SCHEMA_ORDER["p:txBody"])
    for side, attr in _INSET_ATTRS:
        old = getattr(i0, side) if i0 is not None else None
        new = getattr(i1, side)
        if old is None or abs(new - old) > 0.01:
            bpr.set(attr, str(max(0, round(px_to_emu(new)))))
    return [f"{side} inset {_num(getattr(i0, side) if i0 else 0)} → "
            f"{_num(getattr(i1, side))} px (text moved inside its box)"
            for side, _ in _INSET_ATTRS
            if abs(getattr(i1, side) - (getattr(i0, side) if i0 else 0.0)) > 0.01]


def write_back(pkg: Package, before: Element, after: Element, *,
               text_height_px: float | None = None) -> list[Change]:
    """Write ``after`` (the refined element) over ``before`` (as inventoried) into the part.

    ``text_height_px``: the measured height of the text, for autogrow (``a:spAutoFit``)
    shapes. Marks the part dirty when anything was written.
    """
    src = before.source
    if src is None:
        raise ValueError(f"{before.eid}: element has no OOXML source to write back to")
    shape = find_shape(pkg.xml(src.part), src.shape_id, src.occurrence)
    if shape is None:
        raise ValueError(f"{src.part}: no shape with id {src.shape_id} ({before.eid})")
    label = src.name or before.eid
    changes: list[Change] = []

    def note(what: Literal["font", "line_height", "move", "resize", "autofit_height", "inset",
                           "shrink_on_overflow"], text: str) -> None:
        changes.append(Change(eid=before.eid, shape=label, what=what, text=text))

    body = shape.find(qn("p:txBody"))
    f0, f1 = before.style.fontSize, after.style.fontSize
    font_changed = body is not None and f0 and f1 and abs(f1 - f0) > 0.01
    fit = after.style.fitScale
    if (font_changed or fit) and body is not None and f0 and f1:
        reduction = _line_reduction(body)
        _write_font(body, before, f1 / (after.baseFontSize or before.baseFontSize or f0))
        if font_changed:
            note("font", f"font {_num(px_to_pt(f0))} → {_num(px_to_pt(f1))} pt ({_pct(f0, f1)})")
        if reduction and not _line_changed(before, after):
            _write_line(body, before, 1.0)  # keep the spacing the removed reduction gave
    if fit and body is not None and f1:
        _write_fit(body, fit)
        _pin_pct_spacing(body, before)
        note("shrink_on_overflow", f"text still too long at {_num(px_to_pt(f1))} pt: the box "
             f"shrinks it on overflow to {_num(fit * 100)}% ({_num(px_to_pt(f1 * fit))} pt, "
             "below the min font); the slide is marked degraded")
    l0, l1 = before.style.lineHeight, after.style.lineHeight
    if body is not None and l0 and l1 and _line_changed(before, after):
        _write_line(body, before, l1 / (after.baseLineHeight or before.baseLineHeight or l0))
        note("line_height", f"line spacing {_num(l0 * 100 / LINE_PITCH)}% → "
                            f"{_num(l1 * 100 / LINE_PITCH)}% ({_pct(l0, l1)})")
    if body is not None:
        for text in _write_insets(body, before, after):
            note("inset", text)
    if src.frame_fixed:  # turned or in a group: its box is the template's, in its frame
        if changes:
            pkg.mark_dirty(src.part)
        return changes
    a, b = before.layout, after.layout
    new_h = _autofit_height(body, text_height_px, after)
    h = new_h if new_h is not None else b.h
    moved = abs(b.x - a.x) > GEOMETRY_EPS_PX or abs(b.y - a.y) > GEOMETRY_EPS_PX
    resized = abs(b.w - a.w) > GEOMETRY_EPS_PX or abs(h - a.h) > GEOMETRY_EPS_PX
    if moved or resized:
        _write_geometry(shape, b.x, b.y, b.w, h)
    if moved:
        note("move", f"moved by ({_num(b.x - a.x)}, {_num(b.y - a.y)}) px")
    if resized and new_h is not None and abs(b.w - a.w) <= GEOMETRY_EPS_PX:
        note("autofit_height", f"height {_num(a.h)} → {_num(h)} px (resize shape to fit text)")
    elif resized:
        note("resize", f"resized {_num(a.w)}×{_num(a.h)} → {_num(b.w)}×{_num(h)} px")
    if changes:
        pkg.mark_dirty(src.part)
    return changes


def _line_changed(before: Element, after: Element) -> bool:
    l0, l1 = before.style.lineHeight, after.style.lineHeight
    return bool(l0 and l1 and abs(l1 - l0) > 1e-4)


__all__ = ["Change", "write_back"]
