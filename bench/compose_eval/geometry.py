"""Where each shape's frame is on its slide (slide px, 96 dpi): group transforms applied,
placeholders without their own geometry take their layout's or master's, and every table
cell gets the frame of its column(s)."""

from __future__ import annotations

from lxml import etree

from bench.compose_eval.deck import EMU_PX, Deck, Slide, q
from bench.compose_eval.lo import Rect


def _xfrm(el: etree._Element) -> etree._Element | None:
    for path in (f"{q('p:spPr')}/{q('a:xfrm')}", q("p:xfrm"), f"{q('p:grpSpPr')}/{q('a:xfrm')}"):
        found = el.find(path)
        if found is not None:
            return found
    return None


def _rect(x: etree._Element) -> Rect | None:
    off, ext = x.find(q("a:off")), x.find(q("a:ext"))
    if off is None or ext is None:
        return None
    x0, y0 = int(off.get("x", "0")), int(off.get("y", "0"))
    return x0, y0, x0 + int(ext.get("cx", "0")), y0 + int(ext.get("cy", "0"))


def _placeholder_rect(deck: Deck, slide: Slide, ph: etree._Element) -> Rect | None:
    for part in (slide.layout, slide.master):
        if part is None:
            continue
        for sp in deck.xml(part).iter(q("p:sp")):
            other = next(sp.iter(q("p:ph")), None)
            if other is None:
                continue
            same_idx = ph.get("idx") is not None and other.get("idx") == ph.get("idx")
            same_type = other.get("type", "body") == ph.get("type", "body")
            x = _xfrm(sp)
            if (same_idx or same_type) and x is not None and _rect(x) is not None:
                return _rect(x)
    return None


def shape_boxes(deck: Deck, slide: Slide) -> dict[str, Rect]:
    """Shape id → its frame in slide px (group transforms applied; placeholders without
    their own geometry take their layout's or master's)."""
    out: dict[str, Rect] = {}

    def walk(parent: etree._Element, tf: tuple[float, float, float, float]) -> None:
        ox, oy, sx, sy = tf
        for el in parent:
            if el.tag not in (q("p:sp"), q("p:graphicFrame"), q("p:grpSp"), q("p:pic"),
                              q("p:cxnSp")):
                continue
            x = _xfrm(el)
            r = _rect(x) if x is not None else None
            if el.tag == q("p:grpSp"):
                ch_off = x.find(q("a:chOff")) if x is not None else None
                ch_ext = x.find(q("a:chExt")) if x is not None else None
                if r is None or ch_off is None or ch_ext is None:
                    walk(el, tf)
                    continue
                cw, chh = int(ch_ext.get("cx", "1")) or 1, int(ch_ext.get("cy", "1")) or 1
                gsx, gsy = (r[2] - r[0]) / cw, (r[3] - r[1]) / chh
                walk(el, (ox + sx * (r[0] - gsx * int(ch_off.get("x", "0"))),
                          oy + sy * (r[1] - gsy * int(ch_off.get("y", "0"))),
                          sx * gsx, sy * gsy))
                continue
            c_nv_pr = next(el.iter(q("p:cNvPr")), None)
            if c_nv_pr is None:
                continue
            if r is None:
                ph = next(el.iter(q("p:ph")), None)
                r = _placeholder_rect(deck, slide, ph) if ph is not None else None
            if r is None:
                continue
            sid = c_nv_pr.get("id", "")
            out[sid] = (ox + sx * r[0], oy + sy * r[1], ox + sx * r[2], oy + sy * r[3])
            widths = [int(g.get("w", "0")) for g in el.iter(q("a:gridCol"))]
            for row, tr in enumerate(el.iter(q("a:tr"))):
                for col, tc in enumerate(tr.findall(q("a:tc"))):
                    span = int(tc.get("gridSpan", "1"))
                    x0 = r[0] + sum(widths[:col])
                    x1 = x0 + sum(widths[col:col + span])
                    out[f"{sid}:{row}.{col}"] = (ox + sx * x0, oy + sy * r[1],
                                                 ox + sx * x1, oy + sy * r[3])

    tree = slide.xml.find(f"{q('p:cSld')}/{q('p:spTree')}")
    if tree is not None:
        walk(tree, (0.0, 0.0, 1.0, 1.0))
    return {k: (v[0] / EMU_PX, v[1] / EMU_PX, v[2] / EMU_PX, v[3] / EMU_PX)
            for k, v in out.items()}
