"""Cross-check: does LibreOffice put each element's text where the browser did? (pure)

Inputs are slide-px boxes keyed by eid: the browser's text bounds (``contentBox``), the text
bounds LibreOffice drew (``LibreOffice.text_bounds`` mapped to eids with ``by_eid``) and the
shape boxes. Edge differences are LibreOffice minus browser, so ``d_bottom = +12`` means
LibreOffice's text ends 12 px lower. An element "overflows" when its text leaves the shape box
by more than ``overflow_eps_px``; ``lo_only_overflow`` flags the elements where LibreOffice sees
an overflow the browser did not — the disagreement a user would see in PowerPoint-like
renderers.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Literal

from pydantic import BaseModel, Field

from pptxagent.ir import Box, Element, SlideIR, drawn_box
from pptxagent.ooxml.tagging import shape_key

CheckStatus = Literal["compared", "missing_browser", "missing_libreoffice", "slanted"]
"""``slanted``: text turned so near 45° that its upright box cannot be recovered from the
axis-aligned bounds LibreOffice's drawing gives; not compared (still checked against the
slide: ``mark_off_slide``)."""

RECOVERABLE_TURN = 30.0
"""Text turned at most this far from a quarter turn is compared in its own frame: its upright
box is recovered from LibreOffice's axis-aligned bounds (``upright``). Nearer 45° the two
sides of the box can no longer be told apart."""


class Overflow(BaseModel):
    x_px: float = 0.0
    y_px: float = 0.0

    @property
    def px(self) -> float:
        return max(self.x_px, self.y_px)


def overflow(text: Box, shape: Box) -> Overflow:
    """How far ``text`` sticks out of ``shape`` (0 when inside), per axis (worst side)."""
    return Overflow(
        x_px=max(0.0, shape.x - text.x, text.right - shape.right),
        y_px=max(0.0, shape.y - text.y, text.bottom - shape.bottom),
    )


class ElementCheck(BaseModel):
    eid: str
    status: CheckStatus
    browser: Box | None = None
    libreoffice: Box | None = None
    shape: Box | None = None
    d_left: float = 0.0
    d_top: float = 0.0
    d_right: float = 0.0
    d_bottom: float = 0.0
    height_ratio: float | None = None
    """LibreOffice text height / browser text height."""
    max_edge_diff_px: float = 0.0
    mean_edge_diff_px: float = 0.0
    em_px: tuple[float, float] = (0.0, 0.0)
    """The largest font drawn in the element's first and in its last paragraph (0: not
    known): the top and the bottom edge may differ by ``threshold_em`` of it."""
    tolerance_px: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """How far each edge (left, top, right, bottom) may differ and still agree."""
    disagrees: bool = False
    """Some edge differs by more than ``compare``'s ``disagree_px`` / ``disagree_em``."""
    within_threshold: bool = False
    vertical_diff_px: float = 0.0
    """max(|d_top|, |d_bottom|): the axis overflow lives on. Horizontal edges differ by design
    when one side counts bullets or whole paragraph blocks and the other only glyphs."""
    vertical_within_threshold: bool = False
    browser_overflow_px: float = 0.0
    lo_overflow_px: float = 0.0
    lo_overflow_x_px: float = 0.0
    lo_overflow_y_px: float = 0.0
    lo_only_overflow: bool = False
    """LibreOffice draws the text outside the shape box, or off the slide, and the browser
    does not."""
    lo_off_slide_px: float = 0.0
    """How far past the slide's edges LibreOffice draws the text (its drawn, turned bounds)."""
    browser_off_slide_px: float = 0.0


class CrosscheckResult(BaseModel):
    threshold_px: float
    threshold_em: float = 0.0
    overflow_eps_px: float
    elements: list[ElementCheck] = Field(default_factory=list)
    compared: int = 0
    mean_abs_diff_px: float = 0.0
    """Mean |edge difference| over the four edges of every compared element."""
    max_abs_diff_px: float = 0.0
    within_threshold_share: float = 1.0
    """Share of compared elements whose every edge agrees within ``threshold_px``."""
    mean_vertical_diff_px: float = 0.0
    """Mean |top/bottom edge difference| over compared elements."""
    vertical_within_threshold_share: float = 1.0
    """Share of compared elements whose top and bottom edges agree within ``threshold_px``."""
    lo_only_overflow: list[str] = Field(default_factory=list)
    missing_libreoffice: list[str] = Field(default_factory=list)
    missing_browser: list[str] = Field(default_factory=list)

    def get(self, eid: str) -> ElementCheck | None:
        return next((e for e in self.elements if e.eid == eid), None)


def _check(
    eid: str,
    browser: Box | None,
    lo: Box | None,
    shape: Box | None,
    threshold_px: float,
    eps: float,
    em_px: tuple[float, float] = (0.0, 0.0),
    threshold_em: float = 0.0,
    disagree: tuple[float, float] | None = None,
) -> ElementCheck:
    top, bottom = (max(threshold_px, threshold_em * e) for e in em_px)
    tolerance = (threshold_px, top, threshold_px, bottom)
    check = ElementCheck(eid=eid, status="missing_libreoffice", browser=browser, shape=shape,
                         tolerance_px=tolerance, em_px=em_px)
    if lo is None:
        return check
    lo_over = overflow(lo, shape) if shape is not None else Overflow()
    check.libreoffice = lo
    check.lo_overflow_px = lo_over.px
    check.lo_overflow_x_px = lo_over.x_px
    check.lo_overflow_y_px = lo_over.y_px
    if browser is None:
        check.status = "missing_browser"
        return check
    check.status = "compared"
    check.browser_overflow_px = overflow(browser, shape).px if shape is not None else 0.0
    diffs = (
        lo.x - browser.x,
        lo.y - browser.y,
        lo.right - browser.right,
        lo.bottom - browser.bottom,
    )
    check.d_left, check.d_top, check.d_right, check.d_bottom = diffs
    check.height_ratio = lo.h / browser.h if browser.h > 0 else None
    check.max_edge_diff_px = max(abs(d) for d in diffs)
    check.mean_edge_diff_px = sum(abs(d) for d in diffs) / 4
    check.within_threshold = all(abs(d) <= t for d, t in zip(diffs, tolerance, strict=True))
    check.vertical_diff_px = max(abs(check.d_top), abs(check.d_bottom))
    check.vertical_within_threshold = abs(check.d_top) <= top and abs(check.d_bottom) <= bottom
    if disagree is not None:
        d_px, d_em = disagree
        limits = (d_px, max(d_px, d_em * em_px[0]), d_px, max(d_px, d_em * em_px[1]))
        check.disagrees = any(abs(d) > t for d, t in zip(diffs, limits, strict=True))
    check.lo_only_overflow = lo_over.px > eps and check.browser_overflow_px <= eps
    return check


def _share(flags: list[bool]) -> float:
    return sum(flags) / len(flags) if flags else 1.0


def compare(
    browser: Mapping[str, Box],
    libreoffice: Mapping[str, Box],
    shapes_boxes: Mapping[str, Box],
    threshold_px: float = 6.0,
    overflow_eps_px: float = 1.0,
    slanted: Collection[str] = (),
    em_px: Mapping[str, tuple[float, float]] | None = None,
    threshold_em: float = 0.0,
    disagree: tuple[float, float] | None = None,
) -> CrosscheckResult:
    """Compare the two renderers' text bounds element by element (eids of either side);
    the ``slanted`` ones are listed, not compared. An element agrees when every edge is
    within ``threshold_px``; its top edge also within ``threshold_em`` of the largest font of
    its first paragraph, its bottom edge of its last (``em_px``), where that is more: the two
    put a line's glyphs a font-dependent share of its size apart (LibreOffice's first
    baseline sits 1.0 em under the line's top whatever the font; the browser's follows the
    font's ascent: Carlito's 0.15 em higher), so a large line differs by more pixels with the
    same lines. ``disagree`` (px, em) marks the elements beyond it the same way (a report
    warning)."""
    eids = list(dict.fromkeys([*browser, *libreoffice, *slanted]))
    ems = em_px or {}
    checks = [
        ElementCheck(eid=eid, status="slanted", browser=browser.get(eid),
                     shape=shapes_boxes.get(eid)) if eid in slanted
        else _check(eid, browser.get(eid), libreoffice.get(eid), shapes_boxes.get(eid),
                    threshold_px, overflow_eps_px, ems.get(eid, (0.0, 0.0)), threshold_em,
                    disagree)
        for eid in eids
    ]
    done = [c for c in checks if c.status == "compared"]
    edge_diffs = [abs(d) for c in done for d in (c.d_left, c.d_top, c.d_right, c.d_bottom)]
    v_diffs = [abs(d) for c in done for d in (c.d_top, c.d_bottom)]
    return CrosscheckResult(
        threshold_px=threshold_px,
        threshold_em=threshold_em,
        overflow_eps_px=overflow_eps_px,
        elements=checks,
        compared=len(done),
        mean_abs_diff_px=sum(edge_diffs) / len(edge_diffs) if edge_diffs else 0.0,
        max_abs_diff_px=max(edge_diffs, default=0.0),
        within_threshold_share=_share([c.within_threshold for c in done]),
        mean_vertical_diff_px=sum(v_diffs) / len(v_diffs) if v_diffs else 0.0,
        vertical_within_threshold_share=_share([c.vertical_within_threshold for c in done]),
        lo_only_overflow=[c.eid for c in done if c.lo_only_overflow],
        missing_libreoffice=[c.eid for c in checks if c.status == "missing_libreoffice"],
        missing_browser=[c.eid for c in checks if c.status == "missing_browser"],
    )


def edge_fonts_px(el: Element) -> tuple[float, float]:
    """The largest font drawn in ``el``'s first and in its last paragraph with text (its
    runs', else the element's own; autofit and the loop's font change included)."""
    own = el.baseFontSize or el.style.fontSize or 0.0
    sizes = [max((r.fontSize or own for r in p.runs if r.text.strip()), default=own)
             for p in el.paragraphs or []
             if p.text.strip() or any(r.text.strip() for r in p.runs)] or [own]
    return sizes[0] * el.font_scale(), sizes[-1] * el.font_scale()


def _off_quarter(turn: float) -> float:
    """How far ``turn`` (degrees) is from the nearest quarter turn."""
    r = turn % 90
    return min(r, 90 - r)


def upright(box: Box, el: Element) -> Box | None:
    """LibreOffice's axis-aligned bounds of ``el``'s text in the shape's own upright frame,
    where the browser measures it. A quarter or half turn is exact (the box turned back about
    the shape's centre). A slanted text's bounds are those of its turned box: its size solves
    W = w·cos + h·sin, H = w·sin + h·cos, its centre is the bounds' centre turned back (exact
    for one rectangle of text, within a line's slant for ragged lines). None nearer 45° than
    ``RECOVERABLE_TURN`` allows, or when the bounds are no turned box."""
    turn = el.text_turn()
    if not turn % 90:
        return drawn_box(el, box, back=True)
    if _off_quarter(turn) > RECOVERABLE_TURN:
        return None
    a = math.radians(turn)
    cos, sin = abs(math.cos(a)), abs(math.sin(a))
    den = cos * cos - sin * sin
    w = (box.w * cos - box.h * sin) / den
    h = (box.h * cos - box.w * sin) / den
    if w <= 0 or h <= 0:
        return None
    lay = el.layout
    cx, cy = lay.x + lay.w / 2, lay.y + lay.h / 2
    dx, dy = box.x + box.w / 2 - cx, box.cy - cy
    back = math.radians(-turn)
    bx = cx + dx * math.cos(back) - dy * math.sin(back)
    by = cy + dx * math.sin(back) + dy * math.cos(back)
    return Box(x=bx - w / 2, y=by - h / 2, w=w, h=h)


def slanted(ir: SlideIR) -> set[str]:
    """Text elements turned too near 45° to compare in their own frame (see ``upright``)."""
    return {el.eid for el in ir.elements if _off_quarter(el.text_turn()) > RECOVERABLE_TURN}


def by_eid(ir: SlideIR, by_shape_id: Mapping[str, Box]) -> dict[str, Box]:
    """Re-key LibreOffice text bounds (OOXML shape id → box) by the IR's eids, turned text
    turned back into its shape's frame (``upright``; text too near 45° left out)."""
    return uprights(ir, drawn_by_eid(ir, by_shape_id))


def uprights(ir: SlideIR, drawn: Mapping[str, Box]) -> dict[str, Box]:
    """Bounds as drawn (by eid) turned back into each shape's own frame (``upright``)."""
    out: dict[str, Box] = {}
    for eid, box in drawn.items():
        back = upright(box, ir.element(eid))
        if back is not None:
            out[eid] = back
    return out


def drawn_by_eid(ir: SlideIR, by_shape_id: Mapping[str, Box]) -> dict[str, Box]:
    """LibreOffice text bounds by the IR's eids, as drawn on the slide (turned text too)."""
    out: dict[str, Box] = {}
    for el in ir.elements:
        if el.source is not None:
            box = by_shape_id.get(shape_key(el.source.shape_id, el.source.occurrence))
            if box is not None:
                out[el.eid] = box
    return out


def mark_off_slide(res: CrosscheckResult, ir: SlideIR, browser: Mapping[str, Box],
                   drawn: Mapping[str, Box]) -> list[str]:
    """Text LibreOffice draws past the slide's edges (``drawn``: its bounds as drawn) where
    the browser's, turned as it is drawn, stays on: a LibreOffice-only overflow too (a title
    turned a few degrees above the top edge). Returns those eids, added to
    ``res.lo_only_overflow``."""
    out: list[str] = []
    size = ir.slide
    for check in res.elements:
        lo = drawn.get(check.eid)
        if lo is None:
            continue
        el = ir.element(check.eid)
        check.lo_off_slide_px = _off(lo, size.w, size.h)
        cb = browser.get(check.eid)
        check.browser_off_slide_px = (_off(drawn_box(el, cb), size.w, size.h)
                                      if cb is not None else 0.0)
        eps = res.overflow_eps_px
        if check.lo_off_slide_px > eps and check.browser_off_slide_px <= eps:
            check.lo_overflow_px = max(check.lo_overflow_px, check.lo_off_slide_px)
            check.lo_only_overflow = True
            if check.eid not in res.lo_only_overflow:
                res.lo_only_overflow.append(check.eid)
                out.append(check.eid)
    return out


def _off(b: Box, w: float, h: float) -> float:
    return max(0.0, -b.x, -b.y, b.right - w, b.bottom - h)


def shape_boxes(ir: SlideIR) -> dict[str, Box]:
    """The IR's layout boxes by eid (what ``compare`` takes as ``shapes_boxes``)."""
    return {
        el.eid: Box(x=el.layout.x, y=el.layout.y, w=el.layout.w, h=el.layout.h)
        for el in ir.elements
    }
