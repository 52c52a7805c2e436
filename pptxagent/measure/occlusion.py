"""Where a text is hidden under art drawn after it (a later shape's fill or outline, a later
picture): its glyphs there are not seen, so no contrast is judged on what covers them.

The page script (``OCCLUDED_JS``) looks only at texts whose box meets the box of a paint that
comes after them in the document (the drawing order); for those it samples the line rects of
the text's text nodes on a ``CELL_PX`` grid and asks each later paint's geometry whether it
covers the point: an SVG shape by ``isPointInFill`` / ``isPointInStroke`` in its own
coordinates (so a triangle's corner or a star's notch does not count as covered), a picture
by its box. See-through fills and outlines (opacity below ``OPAQUE``) do not hide. The answer
is one row per covered cell: ``[slide, eid, x, y, w, h, owner]``, slide-local px, ``owner``
the element whose art covers it (None when the paint has no element node after it).
"""

from __future__ import annotations

from pptxagent.ir import Box

CELL_PX = 4
"""The sampling grid (slide px): a covered sample stands for the cell around it."""
OPAQUE = 0.9
"""A fill or outline at least this opaque hides what lies under it."""

OCCLUDED_JS = r"""
(arg) => {
  const CELL = arg_cell, OPAQUE = arg_opaque;
  const out = [];
  const meets = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width &&
                          a.y < b.y + b.height && b.y < a.y + a.height;
  const opaque = (el, what) => {
    const cs = getComputedStyle(el);
    const paint = cs[what];
    if (!paint || paint === 'none') return false;
    const alpha = parseFloat(cs[what + 'Opacity'] || '1') * parseFloat(cs.opacity || '1');
    const m = /rgba\([^)]*,\s*([0-9.]+)\)$/.exec(paint);
    return alpha * (m ? parseFloat(m[1]) : 1) >= OPAQUE;
  };
  for (const slide of document.querySelectorAll('.slide')) {
    const s = slide.getBoundingClientRect();
    const index = Number(slide.dataset.slide);
    const nodes = Array.from(slide.querySelectorAll(':scope > .paint, :scope > [data-eid]'));
    // each opaque paint's box once, with its place in the drawing order
    const paints = [];
    nodes.forEach((p, i) => {
      if (p.classList.contains('paint') &&
          parseFloat(getComputedStyle(p).opacity || '1') >= OPAQUE) {
        paints.push({i, p, r: p.getBoundingClientRect()});
      }
    });
    const cover = (el, id, later) => {
      const shapes = [];
      for (const p of later) {
        // a paint is drawn just before its element's own node: that names whose art it is
        const next = p.nextElementSibling;
        const owner = next !== null && next.dataset.eid ? next.dataset.eid : null;
        for (const g of p.querySelectorAll('path, rect, ellipse, circle, polygon')) {
          const fill = opaque(g, 'fill'), stroke = opaque(g, 'stroke');
          if (!fill && !stroke) continue;
          const m = g.getScreenCTM();
          if (m === null) continue;
          let inv;
          try {
            inv = m.inverse();  // a shape scaled flat has none: it covers nothing
          } catch (e) {
            continue;
          }
          shapes.push({kind: 'svg', g, fill, stroke, inv, owner});
        }
        for (const pic of p.querySelectorAll('.pic')) {
          shapes.push({kind: 'box', r: pic.getBoundingClientRect(), owner});
        }
      }
      if (shapes.length === 0) return;
      const covering = (x, y) => shapes.find(sh => {
        if (sh.kind === 'box') {
          const r = sh.r;
          return x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;
        }
        const q = new DOMPoint(x, y).matrixTransform(sh.inv);
        return (sh.fill && sh.g.isPointInFill(q)) || (sh.stroke && sh.g.isPointInStroke(q));
      });
      const range = document.createRange();
      const rects = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
        if (!/\S/.test(n.data)) continue;
        range.selectNodeContents(n);
        rects.push(...range.getClientRects());
      }
      const seen = new Set();
      for (const r of rects) {
        for (let y = r.y + CELL / 2; y < r.y + r.height; y += CELL) {
          for (let x = r.x + CELL / 2; x < r.x + r.width; x += CELL) {
            const key = Math.round(x) + ',' + Math.round(y);
            if (seen.has(key)) continue;
            seen.add(key);
            const sh = covering(x, y);
            if (sh !== undefined) {
              out.push([index, id, x - CELL / 2 - s.x, y - CELL / 2 - s.y, CELL, CELL,
                        sh.owner]);
            }
          }
        }
      }
    };
    nodes.forEach((el, i) => {
      if (!el.dataset.eid || el.classList.contains('rot')) return;
      const box = el.getBoundingClientRect();
      cover(el, el.dataset.eid,
            paints.filter(q => q.i > i && meets(box, q.r)).map(q => q.p));
    });
    // master, layout and SmartArt text: every paint of the slide's own shapes is drawn after
    for (const el of slide.querySelectorAll(':scope > .backdrop [data-art]')) {
      if (el.classList.contains('rot')) continue;
      const box = el.getBoundingClientRect();
      cover(el, el.dataset.art, paints.filter(q => meets(box, q.r)).map(q => q.p));
    }
  }
  return out;
}
""".replace("arg_cell", str(CELL_PX)).replace("arg_opaque", str(OPAQUE))


Covered = dict[str, list[tuple[Box, str | None]]]
"""Element id → its covered cells, each with the id of the element whose art covers it."""


def occluded_cells(rows: object, n: int) -> list[Covered]:
    """Per slide (``n`` of them): element id → its covered cells and what covers each."""
    out: list[Covered] = [{} for _ in range(n)]
    for row in rows if isinstance(rows, list) else []:
        index = int(row[0])
        if 0 <= index < n:
            owner = row[6] if len(row) > 6 and row[6] is not None else None
            out[index].setdefault(str(row[1]), []).append(
                (Box(x=float(row[2]), y=float(row[3]), w=float(row[4]), h=float(row[5])),
                 str(owner) if owner is not None else None))
    return out


__all__ = ["CELL_PX", "OCCLUDED_JS", "OPAQUE", "Covered", "occluded_cells"]
