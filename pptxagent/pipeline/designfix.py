"""The correction pass's answers to a composed slide's design issues (issue 34 §6): a title
whose last line is one word alone (``widow``) and text the fit left at a size off the
pack's type scale (``type_scale``).

Compose prevents both from its estimates (``geometry.balanced_width``, sizes from the
scale); what the browser then draws can still differ by a few per cent, and the loop's fit
may shrink a size between two steps. The pass starts the slide again from its composed
state with:

- ``balance_title``: the title's box narrowed to the width at which its measured words wrap
  into as many lines with at least two words on the last (the estimate calibrated by what
  was drawn), kept where its alignment puts it;
- ``snap_to_scale``: the text drawn at the largest step of the scale at or below the size
  the fit found (a smaller size fits where a larger one did), never below the body floor.

Both shapes are then locked (their layout is not edited again); the QA judges the result
and the first result stands unless the slide has fewer live issues.
"""

from __future__ import annotations

from collections.abc import Sequence

from pptxagent.components.geometry import balanced_width, text_width
from pptxagent.ir import Element, SlideIR
from pptxagent.ir.qa import LIVE_STATUSES, QaIssue, RunGlyphs
from pptxagent.qa.design import drawn_lines
from pptxagent.qa.scratch import BODY_MIN_PT
from pptxagent.units import PX_PER_PT

DESIGN_KINDS = frozenset({"widow", "type_scale"})
"""Design issues of a composed slide the correction pass acts on."""
SCALE_TOL_PT = 0.05


def snap_to_scale(start: SlideIR, final: SlideIR, issues: Sequence[QaIssue],
                  steps_pt: Sequence[float]) -> list[str]:
    """Each ``type_scale`` issue's text set (in place, on ``start``) to draw at the largest
    step at or below its drawn size; text drawn at the body floor or above stays there."""
    done: list[str] = []
    for issue in issues:
        if issue.kind != "type_scale" or issue.status not in LIVE_STATUSES:
            continue
        drawn = issue.measured or 0.0
        floor = BODY_MIN_PT if drawn >= BODY_MIN_PT - SCALE_TOL_PT else 0.0
        below = [s for s in steps_pt if floor - SCALE_TOL_PT <= s <= drawn + SCALE_TOL_PT]
        el, now = start.element(issue.eid), final.element(issue.eid)
        if not below or not el.style.fontSize or not el.baseFontSize or drawn <= 0:
            continue
        step = max(below)
        scale = now.font_scale() * step / drawn / (el.style.fitScale or 1.0)
        el.style.fontSize = round(el.baseFontSize * scale, 3)
        done.append(f"correction: {issue.eid} set on the type scale ({drawn:.1f} → "
                    f"{step:g} pt)")
    return done


def _align(el: Element) -> str:
    paras = el.paragraphs or []
    first = paras[0].align if paras and paras[0].align else None
    return str(first or el.style.textAlign or "left")


def balance_title(start: SlideIR, final: SlideIR, issues: Sequence[QaIssue],
                  runs: Sequence[RunGlyphs], wf: float) -> list[str]:
    """Each ``widow`` issue's title narrowed (in place, on ``start``, from its final box) to
    the widest width at which its words, at the widths the browser drew them (``wf``, the
    face's width factor, calibrated by the drawn lines), wrap into as many lines with at
    least two words on the last."""
    done: list[str] = []
    for issue in issues:
        if issue.kind != "widow" or issue.status not in LIVE_STATUSES:
            continue
        now = final.element(issue.eid)
        mine = [r for r in runs if r.eid == issue.eid]
        lines = drawn_lines(issue.eid, mine)
        text = " ".join(now.content.split())
        if not mine or len(lines) < 2 or not text:
            continue
        size_pt, bold = mine[0].font_px / PX_PER_PT, mine[0].bold
        estimate = text_width(text, size_pt, bold, wf)
        drawn = sum(lines) / PX_PER_PT + text_width(" ", size_pt, bold, wf) * (len(lines) - 1)
        if estimate <= 0 or drawn <= 0:
            continue
        ins = now.style.insets
        inset_pt = ((ins.left + ins.right) / 2 / PX_PER_PT) if ins is not None else 3.6
        width_pt = now.layout.w / PX_PER_PT
        narrow = balanced_width(text, size_pt, width_pt, bold=bold,
                                wf=wf * drawn / estimate, inset_pt=inset_pt)
        if narrow >= width_pt - 0.5:
            continue
        new_w = round(narrow * PX_PER_PT, 2)
        shift = {"center": (now.layout.w - new_w) / 2, "right": now.layout.w - new_w}
        el = start.element(issue.eid)
        el.layout.x = round(now.layout.x + shift.get(_align(now), 0.0), 2)
        el.layout.y, el.layout.h, el.layout.w = now.layout.y, now.layout.h, new_w
        done.append(f"correction: {issue.eid} narrowed so its last line is not one word "
                    f"alone (box width {now.layout.w:.0f} → {new_w:.0f} px)")
    return done
