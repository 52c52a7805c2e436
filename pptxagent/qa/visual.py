"""Checks on pixels and pictures (pure): text contrast against what is drawn behind it, and
pictures shown at another aspect than their own."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import partial

import numpy as np
from numpy.typing import NDArray

from pptxagent.ir import Box, Element, drawn_box
from pptxagent.ir.qa import QaIssue, Severity
from pptxagent.qa.contrast import (
    RunContrast,
    hex_color,
    ink_color,
    pixel_ratios,
    required_ratio,
    run_contrast,
)
from pptxagent.qa.facts import (
    FOOTER_PH,
    SlideFacts,
    contrast_text,
    intersection,
    is_table,
    make_issue,
    ph_type,
    shown,
    snippet,
    union,
)
from pptxagent.qa.settings import QaSettings

BACKDROP_SAMPLE = 20_000
"""At most this many backdrop pixels of a template box are kept for comparing."""


@dataclass
class BoxContrasts:
    """Per text element: its worst run (lowest ratio relative to its requirement); when asked,
    the ratio of all its runs judged together (the same low percentile of their pixels
    pooled: the box's text as a person reads it) and (a sample of) the no-text pixels behind
    its text."""

    worst: dict[str, RunContrast] = field(default_factory=dict)
    lowest: dict[str, RunContrast] = field(default_factory=dict)
    """Per text element: its run of the lowest ratio (whatever it requires)."""
    pooled: dict[str, float] = field(default_factory=dict)
    backdrop: dict[str, NDArray[np.uint8]] = field(default_factory=dict)


def box_contrasts(facts: SlideFacts, s: QaSettings, *, pooled: bool = False,
                  backdrop: bool = False) -> BoxContrasts:
    out = BoxContrasts()
    if facts.notext is None:
        return out
    only = facts.contrast_area()
    footers = {el.eid for el in facts.ir.elements if ph_type(el) in FOOTER_PH}
    for el in facts.ir.elements:
        if not contrast_text(el, facts.dom.get(el.eid)):
            continue
        kept: list[tuple[NDArray[np.float64], NDArray[np.uint8]]] | None = (
            [] if pooled or backdrop else None)
        turned = partial(drawn_box, el) if el.text_turn() else None
        hidden = facts.occluded.get(el.eid)
        unknown = [*facts.unknown, *hidden] if hidden else facts.unknown
        where = only
        own = _own_ground(el, facts)
        if own is not None:  # its own opaque fill over a region not drawn faithfully
            unknown, where = list(hidden or []), [own]
        for run in facts.runs_of(el.eid):
            rc = run_contrast(run, facts.notext, s, unknown, where, kept, turned)
            if rc is None:
                continue
            if el.eid in footers and rc.required > s.CONTRAST_FOOTER:
                rc = replace(rc, required=s.CONTRAST_FOOTER)
            prev = out.worst.get(el.eid)
            if prev is None or rc.ratio / rc.required < prev.ratio / prev.required:
                out.worst[el.eid] = rc
            low = out.lowest.get(el.eid)
            if low is None or rc.ratio < low.ratio:
                out.lowest[el.eid] = rc
        if kept and pooled:
            ratios = np.concatenate([k[0] for k in kept])
            out.pooled[el.eid] = float(np.percentile(ratios, s.CONTRAST_PERCENTILE))
        if kept and backdrop:
            pixels = np.concatenate([k[1] for k in kept])
            out.backdrop[el.eid] = pixels[::max(1, len(pixels) // BACKDROP_SAMPLE)]
    return out


def _own_ground(el: Element, facts: SlideFacts) -> Box | None:
    """The box of a text that paints its own opaque fill over a region the renderer could
    not draw (a chart it leaves as a grey box, a picture it could not load): behind its
    glyphs is that fill, drawn as PowerPoint draws it, so it is judged there after all."""
    if not facts.unknown or el.visual is None or el.visual.geometry != "rect":
        return None
    fill, dom = el.visual.fill, facts.dom.get(el.eid)
    if (fill is None or fill.kind != "solid" or (fill.alpha is not None and fill.alpha < 0.99)
            or dom is None or el.text_turn()):
        return None
    box = dom.bbox
    return box if any(intersection(box, u) is not None for u in facts.unknown) else None


def kept_share(facts: SlideFacts, eid: str, now: float, backdrop: NDArray[np.uint8],
               s: QaSettings) -> float:
    """What the box's text would have on the template's backdrop for the box (its own colours,
    judged together): the ratio ``now`` is compared with, so a colour the template gave the
    new text (a red value in black text) is not taken for a lost backdrop."""
    colors = {r.color for r in facts.runs_of(eid) if r.color[3] >= 0.05}
    if not colors or len(backdrop) == 0:
        return now
    ratios = np.concatenate([pixel_ratios(c, backdrop) for c in sorted(colors)])
    return float(np.percentile(ratios, s.CONTRAST_PERCENTILE))


def _severity(ratio: float, base: float | None, s: QaSettings) -> Severity:
    if ratio < s.CONTRAST_CRITICAL:
        return "critical"
    if base is not None and ratio < s.CONTRAST_CRITICAL_FACTOR * base:
        return "critical"
    return "major"


def _designed(facts: SlideFacts, el: Element, rc: RunContrast, frame: Box | None,
              ground: NDArray[np.uint8] | None, s: QaSettings) -> float | None:
    """The run's contrast where the template's design puts it, when that design itself fails
    WCAG at the template's font size: on its glyphs inside the frame the template gave the box
    (None when none are, the box is turned, or the design passes). For a box the template left
    empty, this is the template's own contrast: its colour on its backdrop there (black body
    text over a dark corner of the template's gradient is its design); text that left the
    frame (onto a dark footer band), or that a smaller font made fail, is judged as usual.
    ``ground``: the template slide drawn without text (what it puts behind the frame, not what
    a filled picture or a moved shape puts there now)."""
    if (frame is None or ground is None or facts.notext is None
            or ground.shape != facts.notext.shape or el.text_turn() or facts.contrast_area()):
        return None
    inside = run_contrast(rc.run, ground, s, facts.unknown, [frame])
    if inside is None:
        return None
    # At the template's own size: grey that passes as 32 pt large text is no design excuse
    # once the fit has shrunk it to 15 pt, where it fails
    as_designed = rc.run.model_copy(update={"font_px": rc.run.font_px / el.font_scale()})
    return inside.ratio if inside.ratio < required_ratio(as_designed, s) else None


def check_contrast(
    facts: SlideFacts, s: QaSettings, baseline: Mapping[str, float] | None = None,
    backdrops: Mapping[str, NDArray[np.uint8]] | None = None,
    frames: Mapping[str, Box] | None = None, ground: NDArray[np.uint8] | None = None,
) -> list[QaIssue]:
    """WCAG contrast per text element (its worst run). With ``baseline`` (the template's own
    ratio per box) a box below the threshold is a defect only when clearly worse than the
    template's; otherwise it is reported as ``accepted``. With ``backdrops`` (what the
    template drew behind each box's text) a box that meets WCAG but keeps less than
    ``CONTRAST_KEPT`` of what its text had there is a major issue (``_lost``)."""
    issues: list[QaIssue] = []
    table = box_contrasts(facts, s, pooled=backdrops is not None)
    for eid, rc in table.worst.items():
        el = facts.ir.element(eid)
        base = baseline.get(eid) if baseline is not None else None
        if is_table(el) and base is None:
            # PowerPoint's own table styles put small white text on mid accents (2.96:1 on
            # Office 2013's blue header): a table is judged unreadable (its lowest run), or
            # worse than its template's, not against the letter of WCAG
            rc = table.lowest[eid]
            if rc.ratio >= s.CONTRAST_CRITICAL:
                continue
        if rc.ratio >= rc.required:
            behind = backdrops.get(eid) if backdrops is not None else None
            now = table.pooled.get(eid)
            if behind is not None and now is not None and now < s.CONTRAST_AMPLE:
                was = kept_share(facts, eid, now, behind, s)
                if now < s.CONTRAST_KEPT * was:
                    issues.append(_lost(facts, el, rc, now, was, s))
            continue
        if base is None and frames is not None:  # a box the template drew no text in
            base = _designed(facts, el, rc, frames.get(eid), ground, s)
        accepted = base is not None and rc.ratio >= s.CONTRAST_WORSE_FACTOR * base
        issue = make_issue(
            facts, el, "contrast", _severity(rc.ratio, base, s),
            f"contrast {shown(rc.ratio, rc.required):.2f}:1 < {rc.required:g}:1 "
            f"({ink_color(rc.run.color)} on {hex_color(rc.background)}): "
            f"{snippet(rc.run.text, 30)!r}"
            + (f" (template {base:.2f}:1)" if base is not None else ""),
            measured=rc.ratio, threshold=rc.required, unit=":1",
            box=_drawn(el, rc), baseline=base,
        )
        if accepted:
            issue.status = "accepted"
        issues.append(issue)
    return issues


def _drawn(el: Element, rc: RunContrast) -> Box | None:
    """Where the run's text is drawn (its upright rects turned with a turned text)."""
    box = union(list(rc.run.rects))
    return None if box is None else drawn_box(el, box)


def _lost(facts: SlideFacts, el: Element, rc: RunContrast, now: float, base: float,
          s: QaSettings) -> QaIssue:
    """Text that meets WCAG but lost most of the contrast the template gave its box (both
    judged with all their runs together)."""
    return make_issue(
        facts, el, "contrast", "major",
        f"contrast {now:.2f}:1 is {now / base * 100:.0f}% of the template's "
        f"{base:.2f}:1 for this box ({ink_color(rc.run.color)}, on "
        f"{hex_color(rc.background)} at its lowest): {snippet(rc.run.text, 30)!r}",
        measured=now, threshold=min(s.CONTRAST_KEPT * base, s.CONTRAST_AMPLE),
        unit=":1", box=_drawn(el, rc), baseline=base,
    )


def picture_distortion(el: Element, facts: SlideFacts) -> tuple[float, float, float] | None:
    """(displayed aspect, image aspect after the crop, relative difference) of a picture."""
    if el.source is None or el.source.kind != "pic":
        return None
    fit = facts.pictures.get((el.source.shape_id, el.source.occurrence))
    if fit is None or fit.tiled:
        return None
    cl, ct, cr, cb = fit.crop
    fl, ft, fr, fb = fit.fill
    shown_w = el.layout.w * (1 - fl - fr)
    shown_h = el.layout.h * (1 - ft - fb)
    img_w = fit.image_w * (1 - cl - cr)
    img_h = fit.image_h * (1 - ct - cb)
    if min(shown_w, shown_h, img_w, img_h) <= 1:
        return None
    shown, own = shown_w / shown_h, img_w / img_h
    return shown, own, abs(shown / own - 1)


def check_pictures(facts: SlideFacts, s: QaSettings) -> list[QaIssue]:
    issues: list[QaIssue] = []
    for el in facts.ir.elements:
        dom = facts.dom.get(el.eid)
        if dom is not None and not dom.visible:
            continue
        got = picture_distortion(el, facts)
        if got is None or got[2] <= s.DISTORTION_MAX:
            continue
        shown, own, diff = got
        issues.append(make_issue(
            facts, el, "distorted_picture", "major",
            f"picture {'stretched' if shown > own else 'squeezed'} by {diff * 100:.0f}% "
            f"(shown {shown:.2f}:1, image {own:.2f}:1)",
            measured=diff * 100, threshold=s.DISTORTION_MAX * 100, unit="%",
            box=dom.bbox if dom is not None else None,
        ))
    return issues
