"""The shrink on overflow: the hard fallback's first resort in a fill (``OVERFLOW_FIT_FLOOR``).

Text that does not fit its box at its min font is shown smaller by the box's own autofit, as
PowerPoint's "shrink text on overflow" shows it: ``style.fitScale``, written as
``a:normAutofit/@fontScale`` over run sizes that stay at the min font. Scales are PowerPoint's
own steps (100 %, 92.5 %, …, 25 %). Each attempt is a measured step of the rollout:

1. ``fit_on_overflow``: from the measured overflow, the largest step expected to fit (the
   text's height shrinks with the square of the scale when its lines wrap, else with it);
2. ``refit``: a box still overflowing takes the next estimate down;
3. ``probe_up``: once everything fits, one step up for the boxes whose step up was never
   measured; kept when it fits, else the rollout ends on the state before it.

The slide stays degraded: its text is drawn below the min font.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from pptxagent.ir import Box, Diagnostics, DomElement, DomSnapshot, Element, SlideIR
from pptxagent.ir.textrect import text_insets
from pptxagent.settings import Settings

FIT_STEP = 0.075
"""PowerPoint's autofit shrinks in steps of 7.5 % (``fontScale`` 92500, 85000, …, 25000)."""
FIT_TRIES = 4
"""Measured attempts of the shrink on overflow in one rollout, the step up included."""
KIND = "shrink_on_overflow"


def _step(scale: float) -> float:
    return round(scale, 4)


def _vertical(el: Element) -> bool:
    return bool((el.style.model_extra or {}).get("vert"))


def extent_across(el: Element, box: Box) -> float:
    """How far ``el``'s text reaches across its lines: its height (vertical text: width)."""
    return box.w if _vertical(el) else box.h


def _wrapped(el: Element, dom_font: float, dom_line: float, content_h: float) -> bool:
    paragraphs = len(el.paragraphs) if el.paragraphs else el.content.count("\n") + 1
    pitch = dom_font * dom_line
    return pitch > 0 and el.style.wrap is not False and content_h / pitch > paragraphs + 0.5


Seen = dict[str, tuple[float, float]]
"""eid → (autofit scale, text extent across its lines) of a shrunk box's last measured state."""


def _power(el: Element, d: DomElement, h: float, seen: Seen | None) -> float:
    """How the text's height follows the scale (h ∝ scale^power): from two measured states
    when there are, else 2 for wrapped lines (fewer words per line, lower lines), 1 else."""
    before = seen.get(el.eid) if seen is not None else None  # (scale, extent across lines)
    now = el.style.fitScale or 1.0
    if before is not None and abs(before[0] - now) > 1e-6 and before[1] > 0 and h > 0:
        return min(max(math.log(h / before[1]) / math.log(now / before[0]), 0.8), 2.5)
    return 2.0 if _wrapped(el, d.computed.fontSize, d.computed.lineHeight, h) else 1.0


def fit_target(el: Element, dom: DomSnapshot, floor: float, seen: Seen | None = None
               ) -> float | None:
    """The largest of PowerPoint's steps below ``el``'s scale expected to bring its measured
    text into its box, not below ``floor``; None when the text is not too big for its box
    (text lifted over an edge) or nothing smaller may be tried. ``seen``: an earlier measured
    state of the box, to learn how its height follows the scale."""
    d = dom.get(el.eid)
    cb = d.contentBox if d is not None else None
    if d is None or cb is None or cb.h <= 0 or cb.w <= 0:
        return None
    ins = text_insets(el, d.bbox.w, d.bbox.h)
    avail_h = max(d.bbox.h - ((ins.top + ins.bottom) if ins else 0.0), 1.0)
    avail_w = max(d.bbox.w - ((ins.left + ins.right) if ins else 0.0), 1.0)
    # Vertical text: its lines run down the box and stack across it (the roles swap).
    across, along = ((cb.w, avail_w), (cb.h, avail_h)) if _vertical(el) else (
        (cb.h, avail_h), (cb.w, avail_w))
    power = _power(el, d, across[0], seen)
    factor = min(1.0, (across[1] / across[0]) ** (1 / power), along[1] / along[0])
    if factor >= 1.0:
        return None
    now = el.style.fitScale or 1.0
    steps = math.ceil((1.0 - now * factor) / FIT_STEP - 1e-9)
    target = max(floor, _step(1.0 - steps * FIT_STEP))
    return target if target < now - 1e-9 else None


def _overflowing(diag: Diagnostics) -> set[str]:
    return {d.subject for d in diag.defects if d.type == "content_overflow"}


def fit_on_overflow(ir: SlideIR, diag: Diagnostics, dom: DomSnapshot, settings: Settings,
                    only: Iterable[str] | None = None, seen: Seen | None = None
                    ) -> tuple[SlideIR, list[dict[str, Any]]]:
    """Each overflowing text box (of ``only``, when given) shrunk by its autofit as far as its
    measured overflow needs and ``OVERFLOW_FIT_FLOOR`` allows; tables have no autofit."""
    floor = settings.OVERFLOW_FIT_FLOOR
    out = ir.model_copy(deep=True)
    done: list[dict[str, Any]] = []
    if floor <= 0:
        return out, done
    wanted = _overflowing(diag)
    if only is not None:
        wanted &= set(only)
    for el in out.elements:
        if el.eid not in wanted or not el.is_text or el.table is not None:
            continue
        target = fit_target(el, dom, floor, seen)
        if target is not None:
            el.style.fitScale = target
            done.append({"fallback": KIND, "eid": el.eid, "scale": target})
    return out, done


def shrunk(ir: SlideIR) -> dict[str, float]:
    """eid → the autofit scale the fallback gave it."""
    return {el.eid: el.style.fitScale for el in ir.elements if el.style.fitScale is not None}


def measured(ir: SlideIR, dom: DomSnapshot, at: float | None = None) -> Seen:
    """The shrunk boxes' scale and measured text extent across its lines in this state;
    ``at``: the scale to record instead (the state before the shrink, ``dom`` its drawing)."""
    out: Seen = {}
    for eid, scale in shrunk(ir).items():
        d = dom.get(eid)
        if d is not None and d.contentBox is not None:
            out[eid] = (scale if at is None else at, extent_across(ir.element(eid), d.contentBox))
    return out


def refit(ir: SlideIR, diag: Diagnostics, dom: DomSnapshot, settings: Settings,
          seen: Seen | None = None) -> tuple[SlideIR, list[dict[str, Any]]] | None:
    """The next step down for the boxes the fallback shrank that still overflow (None when
    there is none, or none may go lower)."""
    still = _overflowing(diag) & set(shrunk(ir))
    if not still:
        return None
    out, done = fit_on_overflow(ir, diag, dom, settings, only=still, seen=seen)
    return (out, done) if done else None


def probe_up(ir: SlideIR, diag: Diagnostics, failed: dict[str, float]
             ) -> tuple[SlideIR, list[dict[str, Any]]] | None:
    """With every shrunk box fitting: each one step up, unless that step (or a smaller one)
    was measured overflowing (``failed``: eid → the smallest scale seen overflowing)."""
    if _overflowing(diag) & set(shrunk(ir)):
        return None
    out = ir.model_copy(deep=True)
    done: list[dict[str, Any]] = []
    for el in out.elements:
        now = el.style.fitScale
        if now is None or el.style.overflow == "hidden":  # clipped: it always "fits"
            continue
        up = _step(now + FIT_STEP)
        if up >= 1.0 or up >= failed.get(el.eid, 1.0) - 1e-9:
            continue
        el.style.fitScale = up
        done.append({"fallback": KIND, "eid": el.eid, "scale": up, "probe": True})
    return (out, done) if done else None


def overflowed_at(ir: SlideIR, diag: Diagnostics) -> dict[str, float]:
    """eid → its scale, for the shrunk boxes that overflow in this measured state."""
    at = shrunk(ir)  # in the defects' order: the report lists them so, run after run
    return {d.subject: at[d.subject] for d in diag.defects
            if d.type == "content_overflow" and d.subject in at}


def without_fit(ir: SlideIR) -> SlideIR:
    """``ir`` with no box shrunk by the fallback (``ir`` itself when none is)."""
    if not shrunk(ir):
        return ir
    out = ir.model_copy(deep=True)
    for el in out.elements:
        el.style.fitScale = None
    return out


def shrunk_on_overflow(ir: SlideIR | None) -> bool:
    """Whether ``ir`` holds text the fallback's autofit shows below its min font."""
    return ir is not None and bool(shrunk(ir))
