"""The fill policy: fit text inside the template's own box before touching geometry.

A designer expects what PowerPoint's own "shrink text on overflow" does: the box stays where
the template put it and the text gets smaller (font first, then up to 20% tighter line
spacing, never below the min font). Text that tight line spacing lifts over the box's top
edge moves down inside the box instead (a larger top inset). Only when the font is at its
minimum does the inner policy (``hints``) move or grow the box, and then never over template
art (decorations) the box did not already touch. A box set to "resize shape to fit text"
(``a:spAutoFit``) is the exception: PowerPoint grows it, so it grows first, into empty space
only (``grow``), and its font takes what that space cannot hold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pptxagent.diagnose.libreoffice import SIDEWAYS_PX
from pptxagent.ir import Defect, Diagnostics, Edit, Element, Patch, SlideIR
from pptxagent.ir.textrect import text_insets
from pptxagent.policy.base import Policy, PolicyContext
from pptxagent.policy.grow import grow_edit, grows_to_fit, room_for
from pptxagent.policy.hints import HintsPolicy
from pptxagent.policy.room import keep_to_room
from pptxagent.policy.tablefit import table_growth, table_room
from pptxagent.settings import DEFAULT_SETTINGS, Settings, min_font_for


def _insets(el: Element) -> tuple[float, float]:
    ins = text_insets(el)
    return ((ins.left + ins.right), (ins.top + ins.bottom)) if ins else (0.0, 0.0)


def shrink_edit(
    el: Element, d: Defect, settings: Settings, margin_lines: float = 0.0
) -> tuple[dict[str, float], bool] | None:
    """Style values that fit ``el``'s overflowing text in its box, and whether they are
    enough on their own (not cut by the per-patch budget); None if the font is at its min.

    ``margin_lines``: aim this many lines below the box's bottom. Wrapped text does not
    shrink smoothly with the font (a line rewraps, a level's size rounds), so a repeat
    attempt at a small overflow aims a line lower instead of taking a step that may not
    shorten the text at all (a non-improving step becomes taboo and leaves it degraded)."""
    fs = el.style.fontSize
    floor = min_font_for(el.priority, settings) or 1.0
    if not fs or fs <= floor + 0.01:
        return None
    ins_w, ins_h = _insets(el)
    avail_w, avail_h = max(el.layout.w - ins_w, 1.0), max(el.layout.h - ins_h, 1.0)
    ox = float(d.details.get("overflow_x_px", 0.0))
    oy = float(d.details.get("overflow_y_px", 0.0))
    margin = min(margin_lines * fs * (el.style.lineHeight or 1.2),
                 settings.FIT_REPEAT_MARGIN_SHARE * avail_h) if oy > 0 else 0.0
    need_h = max(avail_h - margin, 1.0) / (avail_h + oy) if oy > 0 else 1.0
    need_w = avail_w / (avail_w + ox) if ox > 0 else 1.0
    high = el.priority >= settings.HIGH_PRIORITY
    step_floor = 1.0 - settings.HIGH_PRIO_SIZE_BUDGET if high else 0.0
    # Wrapped text: height ∝ font² × line spacing; width overflow: ∝ font.
    # A LibreOffice-only overflow is predicted from one LibreOffice drawing: aim lower.
    lo = d.details.get("source") == "libreoffice"
    safety = settings.CROSSCHECK_SHRINK_SAFETY if lo else settings.FIT_SAFETY
    # Turned text its turn carries off the slide: the scale that keeps it on (``offslide``).
    r = min(math.sqrt(need_h), need_w, float(d.details.get("fit_ratio", 1.0))) * safety
    q = 1.0
    lh = el.style.lineHeight or 1.2
    base_lh = el.baseLineHeight or lh
    enough = r >= step_floor and fs * r >= floor
    if r < step_floor:
        r = step_floor
        q_floor = max(settings.FIT_LINE_FLOOR * base_lh / lh, step_floor)
        q = max(min(1.0, need_h * safety / (r * r)), q_floor)
    out = {"fontSize": round(max(floor, fs * r), 2)}
    if q < 0.999:
        out["lineHeight"] = round(lh * q, 4)
    return out, enough


def lift_edit(
    el: Element, d: Defect, settings: Settings = DEFAULT_SETTINGS
) -> dict[str, float] | None:
    """Insets that move top-anchored (or centred) text down by as much as tight line spacing
    lifts its first line over the box's top edge, or bottom-anchored (or centred) text up by
    as much as its last line's glyphs hang below the bottom edge, when that is the whole
    overflow and the box has the room on the other side; None otherwise. The font and the box
    stay as the template has them: a smaller font or a taller box would not move the glyphs."""
    above = float(d.details.get("above_top_px", 0.0))
    below = float(d.details.get("below_bottom_px", 0.0))
    ox = float(d.details.get("overflow_x_px", 0.0))
    oy = float(d.details.get("overflow_y_px", 0.0))
    anchor = el.style.verticalAlign or "top"
    if above > 0:
        past, edge, pinned = above, "top", "bottom"
        room = float(d.details.get("room_below_px", 0.0))
    else:
        past, edge, pinned = below, "bottom", "top"
        room = float(d.details.get("room_above_px", 0.0))
    if past <= 0 or ox > SIDEWAYS_PX or oy > past + 0.01 or anchor == pinned:
        return None
    ins = el.style.insets
    sides = {"top": ins.top, "right": ins.right, "bottom": ins.bottom, "left": ins.left} if ins \
        else {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0}
    margin = settings.FIT_LIFT_MARGIN_PX
    shift = math.ceil(round((past + margin) * 10, 6)) / 10
    if room - sides[pinned] < shift + margin:
        return None
    sides[edge] += shift if anchor == edge else 2 * shift
    return sides


def _pushed_for_nothing(ir: SlideIR, diag: Diagnostics, edits: dict[str, Edit],
                        in_place: set[str], settings: Settings) -> set[str]:
    """Members of a conflict chain made of the template's own overlaps only (no overlap
    defect left) that the chain would push along although no member before them needs room
    (grows, or overflows at its min font): a body that shrinks inside its own box does not
    need the note the designer set against it pushed down (and shrunk) toward the slide's
    edge."""
    if any(d.type == "overlap" for d in diag.defects):
        return set()
    defective = {e for d in diag.defects for e in (d.eid, d.owner_eid, d.other_eid) if e}
    out: set[str] = set()
    room = False
    for eid in diag.summary.conflict_chain:
        e = edits.get(eid)
        if eid in defective:
            el = ir.element(eid)
            floor = min_font_for(el.priority, settings) or 1.0
            at_min = el.is_text and (el.style.fontSize or 0.0) <= floor + 0.01
            room = room or at_min or (eid not in in_place and e is not None and bool(e.layout))
        elif not room and eid in edits:
            out.add(eid)
    return out


@dataclass
class FitPolicy:
    inner: Policy = field(default_factory=HintsPolicy)
    name: str = "fit"

    def propose(self, ir: SlideIR, diag: Diagnostics, ctx: PolicyContext) -> Patch:
        patch = self.inner.propose(ir, diag, ctx)
        edits = {e.eid: e.model_copy(deep=True) for e in patch.edits}
        other = {e for d in diag.defects if d.type != "content_overflow"
                 for e in (d.eid, d.owner_eid, d.other_eid) if e}
        in_place: set[str] = set()
        overflowing = {d.eid for d in diag.defects if d.type == "content_overflow" and d.eid}
        for d in diag.defects:
            if d.type != "content_overflow" or not d.eid:
                continue
            el = ir.element(d.eid)
            again = ctx.settings.FIT_REPEAT_MARGIN_LINES if ctx.iteration >= 1 else 0.0
            if el.table is not None and d.eid not in other:
                layout, at_room, left = table_room(ir, el, d, ctx.settings)
                fit = shrink_edit(at_room, left, ctx.settings, again) if at_room and left else None
                if layout or fit:  # else (no room, min font): the inner policy's last tries
                    edits[d.eid] = Edit(eid=d.eid, layout=layout, style=fit[0] if fit else {})
                    in_place.add(d.eid)  # handled in place: no neighbour needs to move
                continue
            lift = lift_edit(el, d, ctx.settings) if el.is_text and d.eid not in other else None
            if lift is not None:
                edits[d.eid] = Edit(eid=d.eid, style={"insets": lift})
                in_place.add(d.eid)
                continue
            # Not for LibreOffice's overflow: the height written for such a box is the
            # browser's text height (``writeback``), so only a smaller font reaches LibreOffice.
            grown = grow_edit(ir, el, d, ctx.settings, overflowing) if grows_to_fit(el) \
                and d.eid not in other and d.details.get("source") != "libreoffice" else None
            if grown is not None:  # "resize shape to fit text": the box first, as PowerPoint
                layout, rest = grown
                moved = el.model_copy(update={"layout": el.layout.model_copy(update=layout)})
                fit = shrink_edit(moved, rest, ctx.settings, again) if rest else None
                edits[d.eid] = Edit(eid=d.eid, layout=layout, style=fit[0] if fit else {})
                in_place.add(d.eid)
                continue
            fit = shrink_edit(el, d, ctx.settings, again) if el.is_text else None
            if fit is None:
                continue
            style, enough = fit
            e = edits.get(d.eid) or Edit(eid=d.eid)
            e.style = {**e.style, **style}
            if d.eid not in other:
                # Overflow alone never moves a template box; it may only grow (down/right)
                # when the text does not fit even at the min font. While the per-patch
                # budget only slows the shrink, the next patch shrinks on (growing now
                # would push the neighbours and the footers around for nothing).
                floor = min_font_for(el.priority, ctx.settings) or 1.0
                at_min = style["fontSize"] <= floor + 0.01
                e.layout = {} if enough or not at_min else {
                    k: v for k, v in e.layout.items() if k in ("w", "h")}
                if e.layout and grows_to_fit(el):  # the room its own growth keeps to
                    e.layout = room_for(ir, el, e.layout, ctx.settings, overflowing)
                if not e.layout:  # shrinks in its own box: it needs no room this patch
                    in_place.add(d.eid)
            edits[d.eid] = e
        for eid in _pushed_for_nothing(ir, diag, edits, in_place, ctx.settings):
            del edits[eid]
        if in_place and all(d.eid in in_place for d in diag.defects):
            # Nothing else is wrong: the inner policy's moves (making room for a taller box)
            # are not needed, and untouched shapes keep their place.
            edits = {eid: e for eid, e in edits.items() if eid in in_place}
        for e in edits.values():
            if ir.element(e.eid).table is not None and e.eid not in other:
                e.layout = table_growth(ir, e, ctx.settings)  # down into empty space only
            if e.layout and ir.element(e.eid).is_text:
                e.layout = keep_to_room(ir, e.eid, e.layout, ctx.settings.FIT_ART_GAP_PX,
                                        ctx.settings.ROOM_BACKGROUND_SHARE,
                                        ctx.settings.qa.EDGE_MAJOR_FRAC * ir.slide.w)
        # An edit left with nothing to do (a move the room refused) is no edit: an empty
        # one would be stepped, measured and counted as a stall.
        kept = [e for e in edits.values() if e.layout or e.style]
        return Patch(edits=kept, constraints=patch.constraints)
