"""DOM extraction (spec §4): the page script and the Python side that reads its answer.

The script runs once per document and returns one flat row per ``[data-eid]`` element of
every ``.slide`` container, all coordinates slide-local (the element's own container rect is
subtracted), so one evaluate call measures a whole deck:

``[slide, eid, bx, by, bw, bh, content | null, zIndex | null, fontSize, lineHeight, visible,
text | null, rowHeights | null]`` (``rowHeights``: each row of a table element, as drawn)

``content`` is ``[x, y, w, h]``: the union of ``range.getClientRects()`` over the element's
contents, exactly as the spec's ``measureContent`` (the renderer's ``white-space: pre-line``
keeps a space at a soft wrap from hanging past the box); ``null`` when there are no rects
(no text, images). For an element truncated by the hard fallback
(``overflow: hidden``) the content box is clipped to the element's box: what the reader can
see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pptxagent.errors import EngineError
from pptxagent.ir import Box, Computed, DomElement, DomSnapshot, SlideIR

UPRIGHT_CLASS = "upright"
"""Set on the page's root while a script measures: turned text (class ``rot``) is laid out
upright then, so its boxes are in the shape's own frame (the stylesheet's rule)."""


def upright(script: str) -> str:
    """``script`` (an ``(arg) => …`` function) run with turned text laid upright (nested
    calls leave the page upright until the outermost one ends)."""
    # Only a page with turned text changes class: a class on the root restyles the whole
    # document, twice per measurement.
    return ("(arg) => { const root = document.documentElement; "
            f"const had = root.classList.contains('{UPRIGHT_CLASS}') || "
            "document.querySelector('.rot') === null; "
            f"if (!had) root.classList.add('{UPRIGHT_CLASS}'); "
            f"try {{ return ({script})(arg); }} "
            f"finally {{ if (!had) root.classList.remove('{UPRIGHT_CLASS}'); }} }}")


_MEASURE_JS = r"""
(arg) => {
  // Spec §4, verbatim: union of the Range's client rects, slide-local. (The renderer uses
  // white-space: pre-line so no space hangs past the box at a soft wrap.)
  function measureContent(element, slideRect) {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rects = Array.from(range.getClientRects());
    if (rects.length === 0) return null;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const r of rects) {
      minX = Math.min(minX, r.x);
      minY = Math.min(minY, r.y);
      maxX = Math.max(maxX, r.x + r.width);
      maxY = Math.max(maxY, r.y + r.height);
    }
    return { x: minX - slideRect.x, y: minY - slideRect.y, w: maxX - minX, h: maxY - minY };
  }
  // Text only (no element boxes, no bullets): what the cross-check compares with the
  // text LibreOffice drew.
  function measureText(element, slideRect) {
    const range = document.createRange();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      if (!/\S/.test(n.data) || n.parentElement.closest(".bu") !== null) continue;
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width === 0) continue;
        minX = Math.min(minX, r.x); minY = Math.min(minY, r.y);
        maxX = Math.max(maxX, r.x + r.width); maxY = Math.max(maxY, r.y + r.height);
      }
    }
    if (minX === Infinity) return null;
    return [minX - slideRect.x, minY - slideRect.y, maxX - minX, maxY - minY];
  }
  const R = (v) => v;  // exact: Chromium lays out in 1/64 px; rounding could flip a strict >
  const rows = [];
  for (const slide of document.querySelectorAll('.slide')) {
    const s = slide.getBoundingClientRect();
    const index = Number(slide.dataset.slide);
    for (const el of slide.querySelectorAll('[data-eid]')) {
      const cs = getComputedStyle(el);
      const visible = cs.display !== 'none';
      const b = el.getBoundingClientRect();
      const bx = b.x - s.x, by = b.y - s.y;
      let c = visible ? measureContent(el, s) : null;
      if (c !== null && cs.overflowX === 'hidden' && cs.overflowY === 'hidden') {
        const x0 = Math.max(c.x, bx), y0 = Math.max(c.y, by);
        const x1 = Math.min(c.x + c.w, bx + b.width), y1 = Math.min(c.y + c.h, by + b.height);
        c = { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
      }
      const fs = parseFloat(cs.fontSize);
      const lhPx = parseFloat(cs.lineHeight);
      const lh = Number.isFinite(lhPx) && fs > 0 ? lhPx / fs : 1.2;
      const z = cs.zIndex === 'auto' ? null : parseInt(cs.zIndex, 10);
      const tbl = visible ? el.querySelector(':scope > table') : null;
      const trs = tbl && Array.from(tbl.rows, (r) => r.getBoundingClientRect().height);
      rows.push([index, el.dataset.eid, R(bx), R(by), R(b.width), R(b.height),
                 c === null ? null : [R(c.x), R(c.y), R(c.w), R(c.h)],
                 z, R(fs), Math.round(lh * 10000) / 10000, visible,
                 visible ? measureText(el, s) : null,
                 trs]);
    }
  }
  return rows;
}
"""
MEASURE_JS = upright(_MEASURE_JS)

Row = list[Any]


def group_rows(rows: object, n_slides: int) -> list[dict[str, Row]]:
    """Rows of the script, by slide index and then eid."""
    if not isinstance(rows, list):
        raise EngineError(f"measurement script returned {type(rows).__name__}, expected a list")
    out: list[dict[str, Row]] = [{} for _ in range(n_slides)]
    for row in rows:
        index = int(row[0])
        if 0 <= index < n_slides:
            out[index][str(row[1])] = row
    return out


def snapshot(ir: SlideIR, rows: dict[str, Row], safe_padding: float) -> DomSnapshot:
    """The DomSnapshot of one slide, elements in IR order."""
    elements: list[DomElement] = []
    for el in ir.elements:
        row = rows.get(el.eid)
        if row is None:
            raise EngineError(f"element {el.eid!r} was rendered but not found in the page")
        visible = bool(row[10])
        if visible:
            bbox = Box(x=row[2], y=row[3], w=row[4], h=row[5])
        else:  # display:none has no box; report where the IR puts it
            lay = el.layout
            bbox = Box(x=lay.x, y=lay.y, w=lay.w, h=lay.h)
        c = row[6]
        content = None if c is None else Box(x=c[0], y=c[1], w=c[2], h=c[3])
        z = el.layout.zIndex if row[7] is None else int(row[7])
        elements.append(
            DomElement(
                eid=el.eid,
                bbox=bbox,
                safeBox=bbox.inflate(safe_padding),
                contentBox=content,
                textBox=None if row[11] is None else Box(
                    x=row[11][0], y=row[11][1], w=row[11][2], h=row[11][3]),
                zIndex=z,
                computed=Computed(fontSize=row[8], lineHeight=row[9]),
                visible=visible,
                **({"rowHeights": row[12]} if len(row) > 12 and row[12] is not None else {}),
            )
        )
    return DomSnapshot(slide=ir.slide, safe_padding=safe_padding, elements=elements)


def snapshots(irs: Sequence[SlideIR], rows: object, safe_padding: float) -> list[DomSnapshot]:
    grouped = group_rows(rows, len(irs))
    return [snapshot(ir, grouped[i], safe_padding) for i, ir in enumerate(irs)]
