"""The visual QA's correction pass (agentic-upgrade §8.2): re-run the refinement of the slides
with a critical issue, with targeted constraints, once.

The constraint that answers every critical issue a fill can cause (text pushed off the art
it sat on, grown into a footer or another text, lifted off the slide) is the same: the
shapes named in the issues keep the template's geometry and their text fits by font size
alone (never below the role's minimum). So the pass refines the slide again from its filled
state with those shapes' layout edits removed (``guard.FrozenPolicy.locked``) and
``QA_CORRECTION_EXTRA_ITER`` more patches; the QA then judges the result again. Text that
lost its contrast because its lines wrapped off the art it sits on is first cut to that art
(``onto_art``), so the fit makes it fit there; text that reached a lighter or darker part of
its backdrop is cut to the part where it keeps its contrast (``onto_readable``).
"""

from __future__ import annotations

from collections.abc import Sequence

from pptxagent.ir import Box, Element, SlideIR
from pptxagent.ir.qa import QaIssue
from pptxagent.measure.pixels import SlideCapture
from pptxagent.policy.room import box_of
from pptxagent.qa.readable import readable_rect
from pptxagent.qa.settings import QaSettings


def carrier_box(ir: SlideIR, eid: str, design: frozenset[frozenset[str]]) -> Box | None:
    """The art the template placed text ``eid`` on (a picture, a filled shape, the layout's
    or master's art under it): the one its box overlaps most; None when it sits on none."""
    el = ir.element(eid)
    mine = box_of(el)
    best: tuple[float, Box] | None = None
    others = [ir.element(o) for pair in design if eid in pair for o in pair if o != eid]
    candidates = [box_of(o) for o in others
                  if o.type in ("image", "decoration") or o.visual is not None]
    if ir.backdrop is not None:
        candidates += [box_of(a) for a in ir.backdrop.art if a.visual is not None]
    for art in candidates:
        area = mine.intersection_area(art)
        if area > 0 and art.w * art.h < ir.slide.w * ir.slide.h * 0.9 and (
                best is None or area > best[0]):
            best = (area, art)
    return best[1] if best else None


def _fixed(el: Element) -> bool:
    """Turned or grouped text: its box is never cut (``OoxmlRef.frame_fixed``)."""
    return el.source is not None and el.source.frame_fixed


def _set_box(el: Element, box: Box) -> None:
    el.layout.x, el.layout.y = round(box.x, 2), round(box.y, 2)
    el.layout.w, el.layout.h = round(box.w, 2), round(box.h, 2)


def onto_art(ir: SlideIR, eids: set[str], design: frozenset[frozenset[str]],
             min_share: float) -> list[str]:
    """Text that lost its contrast because lines fell off the art it sits on: its box is cut
    to that art (in place, on ``ir``), so the fit makes the text fit there. Only boxes that
    draw nothing themselves (no fill, no outline) are cut, and only when the art keeps at
    least ``min_share`` of the box (a box that merely grazes a border tile is not the
    tile's text: cut to it, nothing could fit). Returns what it did."""
    done: list[str] = []
    for eid in sorted(eids):
        el = ir.element(eid)
        if el.visual is not None or not el.is_text or _fixed(el):
            continue
        art = carrier_box(ir, eid, design)
        if art is None:
            continue
        b = box_of(el)
        x0, y0 = max(b.x, art.x), max(b.y, art.y)
        x1, y1 = min(b.right, art.right), min(b.bottom, art.bottom)
        if x1 - x0 < 1 or y1 - y0 < 1 or (x0, y0, x1, y1) == (b.x, b.y, b.right, b.bottom):
            continue
        if (x1 - x0) * (y1 - y0) < min_share * b.w * b.h:
            continue
        _set_box(el, Box(x=x0, y=y0, w=x1 - x0, h=y1 - y0))
        done.append(f"correction: {eid} kept on the art it sits on (box "
                    f"{b.w:.0f}×{b.h:.0f} → {x1 - x0:.0f}×{y1 - y0:.0f} px)")
    return done


def contrast_aim(issue: QaIssue, s: QaSettings) -> float:
    """The ratio a contrast issue is resolved at: its threshold, but for a box the template
    itself gave less, the share of the template's ratio a fill must keep."""
    need = issue.threshold or s.CONTRAST_NORMAL
    if issue.baseline is None:
        return need
    return min(need, max(s.CONTRAST_KEPT * issue.baseline, s.CONTRAST_CRITICAL))


def onto_readable(ir: SlideIR, issues: Sequence[QaIssue], cap: SlideCapture,
                  s: QaSettings) -> list[str]:
    """Text that lost its contrast because it reached a lighter (or darker) part of what lies
    behind it: its box is cut (in place, on ``ir``) to the largest part where its colours
    keep the ratio asked for (``qa.readable``), so the fit makes the text fit there. Only
    boxes that draw nothing themselves are cut. Returns what it did."""
    done: list[str] = []
    for issue in issues:
        el = ir.element(issue.eid)
        if issue.kind != "contrast" or el.visual is not None or not el.is_text or _fixed(el):
            continue
        colors = sorted({r.color for r in cap.runs if r.eid == issue.eid})
        b = box_of(el)
        aim = contrast_aim(issue, s)
        cut = readable_rect(cap.notext, b, colors, aim, percentile=s.CONTRAST_PERCENTILE,
                            min_share=s.CONTRAST_CUT_MIN_SHARE)
        if cut is None:
            continue
        _set_box(el, cut)
        done.append(f"correction: {issue.eid} kept where its backdrop gives it {aim:.2f}:1 "
                    f"(box {b.w:.0f}×{b.h:.0f} → {cut.w:.0f}×{cut.h:.0f} px)")
    return done
