"""Where a repaired text box may go: only into space that is empty on the rendered slide.

The template's design is sacred (issue 6): pictures, lines, master/layout art and shapes the
fill gave no new content never move, and a text box the template placed on art (a name on a
ribbon, a number in a circle, a label on a card) stays within that art. So when the repair
moves or grows a text box:

* art the box already sits on (its box intersects the art's) is a **carrier**: on every side
  where the box was inside the carrier, it stays inside;
* any other art is an **obstacle**: the box stops short of it (art below: the box ends above
  it; art above: the box starts below it; likewise left and right).

Art is every other visible element the repair may not move (frozen, not repairable,
decorations, pictures) and the art the slide inherits from its layout and master.
"""

from __future__ import annotations

from pptxagent.ir import Box, Element, SlideIR
from pptxagent.ir.visual import LINE_GEOMETRIES
from pptxagent.policy.plan import movable


def box_of(el: Element, layout: dict[str, float] | None = None) -> Box:
    lay = {**el.layout.model_dump(), **(layout or {})}
    return Box(x=lay["x"], y=lay["y"], w=lay["w"], h=lay["h"])


def is_line(el: Element) -> bool:
    return el.visual is not None and el.visual.geometry in LINE_GEOMETRIES


def art_boxes(ir: SlideIR, eid: str, background_share: float = 0.5) -> list[Box]:
    """Boxes of everything drawn on the slide that the repair of ``eid`` may not move."""
    out: list[Box] = []
    for el in ir.elements:
        if el.eid == eid or el.style.display == "none":
            continue
        if movable(el) and el.type not in ("decoration", "image"):
            continue  # a text the repair may move itself: the overlap rules handle it
        if is_line(el):
            continue  # a connector's box is where it runs, not an area text sits in
        b = box_of(el)
        if b.w * b.h > 0:
            out.append(b)
    out.extend(inherited_art(ir, background_share))
    return out


def inherited_art(ir: SlideIR, background_share: float = 0.5) -> list[Box]:
    """Boxes of the layout's and master's art drawn on this slide; art covering more than
    ``background_share`` of the slide (``ROOM_BACKGROUND_SHARE``) is background."""
    if ir.backdrop is None:
        return []
    slide_area = ir.slide.w * ir.slide.h
    out: list[Box] = []
    for shape in ir.backdrop.art:
        if is_line(shape):
            continue
        b = box_of(shape)
        if 0 < b.w * b.h <= background_share * slide_area:
            out.append(b)
    return out


def _carry(old: Box, new: Box, art: Box) -> dict[str, float]:
    """``new`` kept inside ``art`` on every side where ``old`` was inside it."""
    x0, y0, x1, y1 = new.x, new.y, new.right, new.bottom
    if old.x >= art.x - 0.5:
        x0 = max(x0, art.x)
    if old.y >= art.y - 0.5:
        y0 = max(y0, art.y)
    if old.right <= art.right + 0.5:
        x1 = min(x1, art.right)
    if old.bottom <= art.bottom + 0.5:
        y1 = min(y1, art.bottom)
    return {"x": x0, "y": y0, "w": max(1.0, x1 - x0), "h": max(1.0, y1 - y0)}


def avoid(old: Box, new: Box, art: Box, gap: float) -> dict[str, float]:
    """``new`` stopped short of ``art`` on the side it grew or moved towards."""
    x0, y0, x1, y1 = new.x, new.y, new.right, new.bottom
    if art.y >= old.bottom - 0.5:
        y1 = min(y1, art.y - gap)
    elif art.bottom <= old.y + 0.5:
        y0 = max(y0, art.bottom + gap)
    elif art.x >= old.right - 0.5:
        x1 = min(x1, art.x - gap)
    elif art.right <= old.x + 0.5:
        x0 = max(x0, art.right + gap)
    return {"x": x0, "y": y0, "w": max(1.0, x1 - x0), "h": max(1.0, y1 - y0)}


def _axis(size0: float, lo: float, size: float, first: float, last: float
          ) -> tuple[float, float]:
    """One axis of a box that grew kept between ``first`` and ``last`` (cut there). A box
    only moved keeps its move: the overlap hints chose it to clear a neighbour, inside the
    slide, and moving it back would put it on that neighbour again."""
    if abs(size - size0) <= 0.01 or (lo >= first - 0.01 and lo + size <= last + 0.01):
        return lo, size
    start, end = max(lo, first), min(lo + size, last)
    return start, max(1.0, end - start)


def _keep_off_edges(ir: SlideIR, old: Box, new: Box, margin: float) -> Box:
    """``new``, where it grew, no nearer a slide edge than ``margin`` px, or than ``old``
    already stands (a box the template put nearer keeps its own distance): a repaired box
    does not grow into the page margin the template kept free."""
    w, h = ir.slide.w, ir.slide.h
    left, top = min(margin, old.x), min(margin, old.y)  # a box off the slide: its own
    right, bottom = w - min(margin, w - old.right), h - min(margin, h - old.bottom)
    x, bw = _axis(old.w, new.x, new.w, left, right)
    y, bh = _axis(old.h, new.y, new.h, top, bottom)
    return Box(x=x, y=y, w=bw, h=bh)


def keep_to_room(
    ir: SlideIR, eid: str, layout: dict[str, float], gap: float = 2.0,
    background_share: float = 0.5, edge_margin: float = 0.0,
) -> dict[str, float]:
    """``layout`` (a patch's layout edit of text ``eid``) clipped to the empty space its box
    may take: off the slide's edges by ``edge_margin`` px (unless it already stands nearer),
    inside the art it sits on, short of any other art (by ``gap`` px, the ``FIT_ART_GAP_PX``
    setting)."""
    el = ir.element(eid)
    old = box_of(el)
    new = box_of(el, layout)
    if edge_margin > 0:
        new = _keep_off_edges(ir, old, new, edge_margin)
    for art in art_boxes(ir, eid, background_share):
        if old.intersection_area(art) > 0:
            fixed = _carry(old, new, art)
        elif new.intersection_area(art) > 0:
            fixed = avoid(old, new, art, gap)
        else:
            continue
        new = Box(**fixed)
    asked, em = box_of(el, layout), (el.style.fontSize or 0.0) * (el.style.fitScale or 1.0)
    if new.w < min(asked.w, em) - 0.5 or new.h < min(asked.h, em) - 0.5:
        # The room left cannot hold one line of the text (a move up against the art above
        # left a label 1 px high): the box keeps its place and size (a style edit may still
        # fit it). A room smaller than the box that still holds a line is taken.
        return {}
    vals = {"x": new.x, "y": new.y, "w": new.w, "h": new.h}
    return {k: round(v, 2) for k, v in vals.items()
            if k in layout or abs(v - getattr(old, k)) > 0.01}
