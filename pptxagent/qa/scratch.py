"""Scratch-mode rules (issue 7 §6) on a composed slide's final IR: body text ≥ 18 pt, the
title ≥ 1.5 × the body, text inside the safe margin, at least one visual beyond plain text.

The pixel checks (contrast against an absolute 4.5:1 / 3:1, overflow, overlap) are the
template mode's ``check_slides`` without a baseline; these rules need what only the composer
knows: each shape's typography role (from its name in the slide spec) and the theme's margin.
"""

from __future__ import annotations

from collections.abc import Mapping

from pptxagent.ir import Element, SlideIR
from pptxagent.ir.dom import Box, DomSnapshot
from pptxagent.ir.qa import IssueKind, QaIssue, Severity
from pptxagent.units import PX_PER_PT

BODY_MIN_PT = 18.0
TITLE_RATIO = 1.5
SMALL_ROLES = frozenset({"citation"})
"""Roles allowed below body size."""
BODY_ROLES = frozenset({"body"})
"""The roles the title is compared with."""
SLACK_PX = 1.0
EMPTY_BAND_MAX = 0.4
"""``balance``: the content block may leave at most this share of the body area's height
empty in one band (above it or below it) ..."""
OFFSET_MAX = 0.15
"""... unless its centre is within this share of the height from the area's (a small block
balanced in the middle leaves two large bands, and is not stuck to a side)."""
CHROME = frozenset({"title", "subtitle", "title-rule", "citations"})
"""The composer's chrome (``components.chrome``): the body area lies between them."""


def run_sizes_px(el: Element) -> list[float]:
    """The drawn size of every non-empty run (the refinement's font scale applied)."""
    scale = el.font_scale()
    fit = el.style.fitScale or 1.0  # the box's autofit, over the element's own size
    out: list[float] = []
    for p in el.paragraphs or []:
        for r in p.runs:
            if r.text.strip():
                size = r.fontSize or el.style.fontSize
                if size:
                    out.append(size * scale if r.fontSize else size * fit)
    if not out and el.style.fontSize and el.content.strip():
        out.append(el.style.fontSize * fit)
    return out


def issue(slide: int, el: Element | None, kind: IssueKind, severity: Severity, message: str,
          *, measured: float, threshold: float, unit: str) -> QaIssue:
    """An issue of a composed slide's rule on ``el`` (its box), or on the slide (``None``)."""
    lay = el.layout if el is not None else None
    return QaIssue(
        slide=slide, eid=el.eid if el is not None else "",
        shape=el.source.name if el is not None and el.source and el.source.name else "",
        kind=kind, severity=severity, measured=round(measured, 2),
        threshold=round(threshold, 2), unit=unit, message=message,
        box=Box(x=lay.x, y=lay.y, w=lay.w, h=lay.h) if lay is not None else None)


def _outside(box: Box, ir: SlideIR, margin: float) -> float:
    return max(margin - box.x, margin - box.y, box.x + box.w - (ir.slide.w - margin),
               box.y + box.h - (ir.slide.h - margin), 0.0)


def scratch_issues(ir: SlideIR, roles: Mapping[str, str], slide: int, *,
                   margin_pt: float, dom: DomSnapshot | None = None) -> list[QaIssue]:
    """The scratch rules on one composed slide. ``roles``: shape name → typography role;
    ``dom``: the slide as measured (the margin rule judges the drawn text, not the box: a
    top-anchored box may end in the margin while its text stays well inside)."""
    out: list[QaIssue] = []
    texts = [e for e in ir.elements if e.is_text and e.content.strip()
             and e.style.display != "none"]

    def role(el: Element) -> str:
        name = el.source.name if el.source and el.source.name else ""
        return roles.get(name, "title" if el.type == "title" else "body")

    body_px = [s for e in texts if role(e) in BODY_ROLES for s in run_sizes_px(e)]
    for el in texts:
        sizes = run_sizes_px(el)
        if not sizes:
            continue
        r = role(el)
        if r not in SMALL_ROLES and min(sizes) < BODY_MIN_PT * PX_PER_PT - 0.05:
            pt = min(sizes) / PX_PER_PT
            out.append(issue(slide, el, "small_text", "major",
                              f"{r} text at {pt:.1f} pt < {BODY_MIN_PT:g} pt",
                              measured=pt, threshold=BODY_MIN_PT, unit="pt"))
        if r == "title" and body_px:
            ratio = min(sizes) / max(body_px)
            if ratio < TITLE_RATIO - 0.01:
                out.append(issue(slide, el, "title_ratio", "major",
                                  f"title {min(sizes) / PX_PER_PT:.1f} pt is {ratio:.2f}× the "
                                  f"body ({max(body_px) / PX_PER_PT:.1f} pt) < {TITLE_RATIO:g}×",
                                  measured=ratio, threshold=TITLE_RATIO, unit="×"))
        drawn = dom.get(el.eid) if dom is not None else None
        lay = el.layout
        box = (drawn.contentBox if drawn is not None and drawn.contentBox is not None
               else Box(x=lay.x, y=lay.y, w=lay.w, h=lay.h))
        beyond = _outside(box, ir, margin_pt * PX_PER_PT)
        if beyond > SLACK_PX:
            out.append(issue(slide, el, "margin", "major",
                              f"text reaches {beyond:.0f} px into the safe margin "
                              f"({margin_pt:g} pt)", measured=beyond, threshold=0, unit="px"))
    if not any(e.type in ("image", "decoration") or e.table is not None or e.visual is not None
               for e in ir.elements):
        anchor = texts[0] if texts else (ir.elements[0] if ir.elements else None)
        if anchor is not None:
            out.append(issue(slide, anchor, "no_visual", "major",
                              "plain text only: no shape, picture, chart or table",
                              measured=0, threshold=1, unit=""))
    return out


def _extent(el: Element, dom: DomSnapshot | None) -> tuple[float, float]:
    drawn = dom.get(el.eid) if dom is not None and el.is_text else None
    if drawn is not None and drawn.contentBox is not None:
        return drawn.contentBox.y, drawn.contentBox.bottom
    return el.layout.y, el.layout.y + el.layout.h


def balance(ir: SlideIR, slide: int, *, margin_pt: float, dom: DomSnapshot | None = None,
            sparse: bool = False, empty_max: float = EMPTY_BAND_MAX,
            offset_max: float = OFFSET_MAX) -> tuple[dict[str, float], list[QaIssue]]:
    """Where a composed slide's content sits in its body area (between the title's chrome
    and the citations or the safe margin): ``fill`` (the block's share of the area's
    height), ``offset`` (its centre from the area's, in shares of the height, + below),
    ``empty`` (the larger empty band above or below it). A ``balance`` issue (minor) when
    ``empty`` passes ``EMPTY_BAND_MAX`` and the block sits off the middle (``OFFSET_MAX``) on a
    component that is not intentionally sparse."""
    def name(el: Element) -> str:
        return el.source.name if el.source is not None and el.source.name else ""

    def is_chrome(e: Element) -> bool:  # a deck not composed here: its title placeholder
        return name(e) in CHROME or e.type == "title"

    chrome = [e for e in ir.elements if is_chrome(e) and e.style.display != "none"]
    content = [e for e in ir.elements if not is_chrome(e) and e.style.display != "none"
               and not name(e).startswith("bleed-")]
    if not content:
        return {}, []
    margin = margin_pt * PX_PER_PT
    top = max([e.layout.y + e.layout.h for e in chrome if name(e) != "citations"],
              default=margin)
    bottom = min([e.layout.y for e in chrome if name(e) == "citations"],
                 default=ir.slide.h - margin)
    height = bottom - top
    if height <= 0:
        return {}, []
    spans = [_extent(e, dom) for e in content]
    c_top, c_bottom = min(a for a, _ in spans), max(b for _, b in spans)
    above, below = max(0.0, c_top - top), max(0.0, bottom - c_bottom)
    empty = max(above, below) / height
    measures = {"fill": round(min(1.0, (c_bottom - c_top) / height), 3),
                "offset": round(((c_top + c_bottom) / 2 - (top + bottom) / 2) / height, 3),
                "empty": round(empty, 3)}
    if sparse or empty <= empty_max or abs(measures["offset"]) <= offset_max:
        return measures, []
    band = (Box(x=margin, y=c_bottom, w=ir.slide.w - 2 * margin, h=below) if below >= above
            else Box(x=margin, y=top, w=ir.slide.w - 2 * margin, h=above))
    where = "below" if below >= above else "above"
    issue = QaIssue(slide=slide, eid=content[0].eid, shape=name(content[0]), kind="balance",
                    severity="minor", measured=round(empty * 100, 1),
                    threshold=empty_max * 100, unit="%",
                    message=f"the content leaves {empty:.0%} of the body area empty {where} it "
                            f"(it fills {measures['fill']:.0%})", box=band)
    return measures, [issue]
