"""A "resize shape to fit text" box grows before its text shrinks, as PowerPoint grows it.

A text box drawn in PowerPoint gets ``a:spAutoFit``: typing a longer text makes the box
taller (or, with wrapping off, wider), never the text smaller. So when filled text overflows
such a box, the fit policy first grows it the way PowerPoint would: by the overflow, from the
edge its text is anchored to (top-anchored text grows down, bottom-anchored up, centred text
both ways; with wrapping off, left-aligned text grows right, right-aligned left, centred both
ways, and the other way when that side has no room). It grows only into space that is empty
on the rendered slide: two safe paddings short of every other shape, rules and connectors
included (or no nearer than the template set it), never toward text that overflows too,
never over art it only touches, inside the art it sits on, off the page margin the QA checks
(``EDGE_MIN_FRAC``). A box the template laid over other text does not grow. What the room
cannot hold is then taken by the font, as for any other box. A title or key text (priority
≥ ``HIGH_PRIORITY``) grows within its per-patch budgets (size and move), and its font takes
the rest in the same patch.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from pptxagent.ir import Box, Defect, Element, SlideIR
from pptxagent.policy.plan import movable
from pptxagent.policy.room import avoid, box_of, is_line, keep_to_room
from pptxagent.settings import Settings

SITS_ON_SHARE = 0.5
"""A box sits on art (and may grow inside it) when at least this share of it lies on the art;
a caption that only touches a picture's edge does not grow over the picture."""
GROW_SLACK_SHARE = 0.01
"""Grown by this share of the text's extent beyond the overflow (at least ``HINT_BUFFER_PX``):
LibreOffice lays a line out up to 0.5 % wider than the browser."""


def grows_to_fit(el: Element) -> bool:
    """A text box set to "resize shape to fit text" whose box the repair may change."""
    extra = el.style.model_extra or {}
    return (el.is_text and el.table is None and extra.get("autofit") == "shape"
            and "vert" not in extra and movable(el))


def _span(lo: float, size: float, grow: float, side: str) -> tuple[float, float]:
    """``(start, size)`` of an axis grown by ``grow`` from the edge ``side`` keeps."""
    if side == "start":
        return lo, size + grow
    if side == "end":
        return lo - grow, size + grow
    return lo - grow / 2, size + grow


def _neighbours(ir: SlideIR, el: Element) -> Iterator[Element]:
    """Every other visible shape on the slide: text, pictures, art, rules and connectors."""
    for o in ir.elements:
        if o.eid != el.eid and o.style.display != "none" and o.layout.w + o.layout.h > 0:
            yield o


def _kept_off(old: Box, new: Box, other: Box) -> Box:
    """``new`` not grown on any side where ``other`` (a shape the box already touches: text,
    a rule, art it is not on) reaches further: growing there would lay the text over it."""
    x0 = old.x if other.x < old.x else new.x
    y0 = old.y if other.y < old.y else new.y
    x1 = old.right if other.right > old.right else new.right
    y1 = old.bottom if other.bottom > old.bottom else new.bottom
    return Box(x=x0, y=y0, w=x1 - x0, h=y1 - y0)


def _gap(a: Box, b: Box) -> float:
    """How far apart two boxes that do not intersect stand (along the axis they are apart)."""
    return max(b.x - a.right, a.x - b.right, b.y - a.bottom, a.y - b.bottom)


def _holding(old: Box, new: Box) -> Box:
    """``new`` never smaller than ``old`` on any side (a cut never eats the template's box)."""
    x0, y0 = min(new.x, old.x), min(new.y, old.y)
    x1, y1 = max(new.right, old.right), max(new.bottom, old.bottom)
    return Box(x=x0, y=y0, w=x1 - x0, h=y1 - y0)


def _clip(ir: SlideIR, el: Element, asked: Box, settings: Settings,
          crowded: Collection[str]) -> Box:
    """``asked`` (``el``'s box grown) cut to the empty space around the box; never smaller
    than the box."""
    old = box_of(el)
    layout = {k: getattr(asked, k) for k in ("x", "y", "w", "h")
              if abs(getattr(asked, k) - getattr(old, k)) > 0.01}
    room = keep_to_room(ir, el.eid, layout, settings.FIT_ART_GAP_PX,
                        settings.ROOM_BACKGROUND_SHARE, settings.qa.EDGE_MIN_FRAC * ir.slide.w)
    new = _holding(old, box_of(el, room))
    for o in _neighbours(ir, el):
        other = box_of(o)
        touch = old.intersection_area(other.inflate(0.5))
        if touch > 0:
            # Art the box sits on (half of the box on it at least) carries it
            # (``keep_to_room``); a rule, or art it only touches, is not grown over.
            if o.is_text or is_line(o) or touch < SITS_ON_SHARE * old.w * old.h:
                new = _kept_off(old, new, other)
            continue
        # Two safe paddings away, or as far as the template already had it, if nearer; text
        # that overflows too keeps the space between (a body at its min font moves into it).
        apart = _gap(old, other)
        gap = apart if o.eid in crowded else min(2 * settings.SAFE_PADDING, apart)
        if new.intersection_area(other.inflate(gap - 0.01)) > 0:  # cut back on its side
            new = _holding(old, Box(**avoid(old, new, other, gap)))
    return new


def room_for(ir: SlideIR, el: Element, layout: dict[str, float], settings: Settings,
             crowded: Collection[str] = ()) -> dict[str, float]:
    """``layout`` (a growth some other step asks of a resize-to-fit box) cut to the room
    ``grow_edit`` would give it."""
    old = box_of(el)
    new = _clip(ir, el, box_of(el, layout), settings, crowded)
    return {k: round(getattr(new, k), 2) for k in ("x", "y", "w", "h")
            if abs(getattr(new, k) - getattr(old, k)) > 0.01}


def grow_edit(
    ir: SlideIR, el: Element, d: Defect, settings: Settings,
    crowded: Collection[str] = (),
) -> tuple[dict[str, float], Defect | None] | None:
    """The layout that grows ``el``'s box by its overflow ``d`` into the room around it, and
    the overflow left for the font to take (None when the room holds it all); None when the
    box cannot grow at all. ``crowded``: the other elements whose text overflows too; the
    space between the box and one of them is left to that one (a body at its min font moves
    or grows into it), so the box does not grow toward it."""
    ox = float(d.details.get("overflow_x_px", 0.0))
    oy = float(d.details.get("overflow_y_px", 0.0))
    wrap = el.style.wrap is not False
    old = box_of(el)
    if any(o.is_text and old.intersection_area(box_of(o)) > 0 for o in _neighbours(ir, el)):
        # Text the template laid over other text (a huge "01" behind a heading, a title box
        # reaching into the body's): more lines would run into that text; the font does it.
        return None
    buffer = settings.HINT_BUFFER_PX
    gx = ox + max(buffer, GROW_SLACK_SHARE * (old.w + ox)) if ox > 0 and not wrap else 0.0
    gy = oy + max(buffer, GROW_SLACK_SHARE * (old.h + oy)) if oy > 0 else 0.0
    if gx <= 0 and gy <= 0:
        return None
    if el.priority >= settings.HIGH_PRIORITY:  # a patch changes a size by its budget at most
        gx = min(gx, settings.HIGH_PRIO_SIZE_BUDGET * old.w)
        gy = min(gy, settings.HIGH_PRIO_SIZE_BUDGET * old.h)
    # A title's move is budgeted too (``HIGH_PRIO_MOVE_PX``): a box asked to reach further
    # up or left would be clamped in place and slide the other way instead.
    move = settings.HIGH_PRIO_MOVE_PX if el.priority >= settings.HIGH_PRIORITY \
        else ir.slide.w + ir.slide.h
    anchor = {"top": "start", "bottom": "end", "middle": "middle"}
    y, h = _span(old.y, old.h, gy, anchor.get(el.style.verticalAlign or "top", "start"))
    if old.y - y > move:
        y, h = old.y - move, h - (old.y - y - move)
    new = _clip(ir, el, Box(x=old.x, y=y, w=old.w, h=h), settings, crowded)
    if gx > 0:  # unwrapped text: sideways from its alignment, then the other way if blocked
        reach = ir.slide.w
        right = _clip(ir, el, Box(x=old.x, y=new.y, w=old.w + reach, h=new.h),
                      settings, crowded).right - old.right
        left = min(move, old.x - _clip(ir, el, Box(x=old.x - reach, y=new.y,
                                                    w=old.w + reach, h=new.h),
                                        settings, crowded).x)
        side = {"right": "end", "center": "middle"}.get(el.style.textAlign or "left", "start")
        first = gx / 2 if side == "middle" else gx
        take_r = min(right, first) if side != "end" else 0.0
        take_l = min(left, first) if side != "start" else 0.0
        take_r += min(right - take_r, gx - take_r - take_l)
        take_l += min(left - take_l, gx - take_r - take_l)
        new = _clip(ir, el, Box(x=old.x - take_l, y=new.y, w=old.w + take_l + take_r,
                                h=new.h), settings, crowded)
    got_w, got_h = max(0.0, new.w - old.w), max(0.0, new.h - old.h)
    if got_w < 0.5 and got_h < 0.5:
        return None
    layout = {k: round(getattr(new, k), 2) for k in ("x", "y", "w", "h")
              if abs(getattr(new, k) - getattr(old, k)) > 0.01}
    left_x = max(0.0, ox - got_w) if not wrap else ox
    left_y = max(0.0, oy - got_h)
    if left_x <= 0 and left_y <= 0:
        return layout, None
    rest = d.model_copy(deep=True)
    rest.details["overflow_x_px"] = left_x
    rest.details["overflow_y_px"] = left_y
    return layout, rest
