"""Design measures of a slide (issue 34 §6), each a number in the report and an issue past
its threshold (``Settings.qa``):

- ``balance``: where the content block's centre sits in the body area, and the largest empty
  band (``qa.scratch.balance``);
- ``fill``: the share of the body area the content block covers (its width × height);
- ``grid``: boxes (cards, charts, tables) whose edges miss the column grid;
- ``widow``: a title whose last line is one word;
- ``type_scale``: text sizes off the type scale (the fit policy's shrinks show here);
- ``rhythm``: the same variant on more slides in a row than ``RHYTHM_RUN_MAX``.

They run on composed slides in the visual QA and on any deck with ``pptxagent qa --scratch``
(whose body area is what lies under the title placeholder).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pptxagent.ir import Element, SlideIR
from pptxagent.ir.dom import DomSnapshot
from pptxagent.ir.qa import QaIssue, RunGlyphs
from pptxagent.qa.scratch import balance, issue, run_sizes_px
from pptxagent.settings import QaSettings
from pptxagent.units import PX_PER_PT

SPARSE_LAYOUT_WORDS = ("title slide", "section", "closing", "end slide", "quote")
"""A layout named with one of these is sparse on purpose (``qa --scratch`` on any deck)."""
THIN_PX = 16.0
"""A shape thinner than this (a rule, a strip, an accent bar) is a line, not a box."""


@dataclass(frozen=True)
class DesignFrame:
    """What the checks know of a slide besides what was drawn."""

    margin_pt: float
    grid_px: tuple[tuple[float, float], ...] | None = None
    """Each grid column's (left, right) edge in slide px; ``None``: no grid check."""
    steps_pt: tuple[float, ...] | None = None
    """The type scale; ``None``: no type-scale check."""
    sparse: bool = False
    """Intentionally sparse (a hero, a section, a quote): no balance or fill verdict."""


def sparse_layout(name: str) -> bool:
    """Whether a layout of this name is sparse on purpose (a title slide, a divider)."""
    low = name.lower()
    return any(w in low for w in SPARSE_LAYOUT_WORDS)


def _name(el: Element) -> str:
    return el.source.name if el.source is not None and el.source.name else ""


def _boxes(ir: SlideIR, content: Sequence[Element]) -> list[Element]:
    """Content elements that draw a box (a filled shape, a chart, a table), not inside
    another such box, not thin. Pictures keep their own aspect: they are not held to it."""
    def draws(e: Element) -> bool:
        chart = e.visual is not None and e.visual.chart is not None
        boxed = (bool(e.style.backgroundColor) if e.type == "decoration"
                 else chart or e.table is not None)
        return boxed and min(e.layout.w, e.layout.h) >= THIN_PX

    found = [e for e in content if draws(e)]

    def inside(a: Element, b: Element) -> bool:
        la, lb = a.layout, b.layout
        return (a is not b and la.x >= lb.x - 1 and la.y >= lb.y - 1
                and la.x + la.w <= lb.x + lb.w + 1 and la.y + la.h <= lb.y + lb.h + 1)

    return [e for e in found if not any(inside(e, o) for o in found)]


def off_grid(boxes: Sequence[Element], grid: Sequence[tuple[float, float]], tol: float
             ) -> list[Element]:
    """Boxes whose left edge misses every column's left edge, or (a box at least a column
    wide) whose right edge misses every column's right edge."""
    col_w = min((r - left for left, r in grid), default=0.0)
    out: list[Element] = []
    for e in boxes:
        lay = e.layout
        left_ok = any(abs(lay.x - a) <= tol for a, _ in grid)
        right_ok = lay.w < col_w - tol or any(abs(lay.x + lay.w - b) <= tol for _, b in grid)
        if not (left_ok and right_ok):
            out.append(e)
    return out


def drawn_lines(eid: str, runs: Sequence[RunGlyphs]) -> list[float]:
    """The drawn width (px) of each line of element ``eid``'s text, top to bottom."""
    mine = [r for r in runs if r.eid == eid]
    rects = sorted((b for r in mine for b in r.rects), key=lambda b: (round(b.y), b.x))
    lines: dict[int, float] = {}
    for b in rects:
        key = next((k for k in lines if abs(k - b.y) < b.h / 2), round(b.y))
        lines[key] = lines.get(key, 0.0) + b.w
    return [lines[k] for k in sorted(lines)]


def widowed(title: Element, runs: Sequence[RunGlyphs]) -> bool:
    """The title's last drawn line holds one word alone while there are more lines."""
    lines = drawn_lines(title.eid, runs)
    words = title.content.split()
    if len(lines) < 2 or len(words) < 2:
        return False
    per_char = sum(lines) / max(1, len(title.content.replace("\n", "")))
    return lines[-1] <= per_char * (len(words[-1]) + 1.5)


def design_checks(ir: SlideIR, slide: int, frame: DesignFrame, qa: QaSettings,
                  dom: DomSnapshot | None = None, runs: Sequence[RunGlyphs] = ()
                  ) -> tuple[dict[str, float], list[QaIssue]]:
    """The slide's design measures and the issues past their thresholds."""
    measures, issues = balance(ir, slide, margin_pt=frame.margin_pt, dom=dom,
                               sparse=frame.sparse, empty_max=qa.BALANCE_EMPTY_MAX,
                               offset_max=qa.BALANCE_OFFSET_MAX)
    shown = [e for e in ir.elements if e.style.display != "none"]
    titles = [e for e in shown if e.type == "title" or _name(e) == "title"]
    content = [e for e in shown if e not in titles
               and _name(e) not in ("subtitle", "title-rule", "citations")
               and not _name(e).startswith("bleed-")]
    if content and measures:
        xs = [e.layout.x for e in content] + [e.layout.x + e.layout.w for e in content]
        width = ir.slide.w - 2 * frame.margin_pt * PX_PER_PT
        cover = measures["fill"] * min(1.0, (max(xs) - min(xs)) / width) if width > 0 else 0
        measures["cover"] = round(cover, 3)
        if not frame.sparse and cover < qa.FILL_MIN:
            issues.append(issue(slide, content[0], "fill", "minor",
                                f"the content covers {cover:.0%} of the body area (at least "
                                f"{qa.FILL_MIN:.0%} expected)", measured=cover * 100,
                                threshold=qa.FILL_MIN * 100, unit="%"))
    if frame.grid_px is not None:
        missed = off_grid(_boxes(ir, content), frame.grid_px, qa.GRID_TOL_PX)
        measures["off_grid"] = len(missed)
        for e in missed:
            issues.append(issue(slide, e, "grid", "minor",
                                "the box's edges miss the column grid",
                                measured=len(missed), threshold=0, unit=""))
    if frame.steps_pt is not None:
        off: list[tuple[Element, float]] = []
        for e in shown:
            for px in run_sizes_px(e):
                pt = px / PX_PER_PT
                if min(abs(pt - s) for s in frame.steps_pt) > qa.TYPE_SCALE_TOL_PT:
                    off.append((e, pt))
                    break
        measures["off_scale"] = len(off)
        for e, pt in off:
            near = min(frame.steps_pt, key=lambda s: abs(s - pt))
            issues.append(issue(slide, e, "type_scale", "minor",
                                f"text at {pt:.1f} pt is off the type scale (nearest step "
                                f"{near:g} pt)", measured=pt, threshold=near, unit="pt"))
    lone = [t for t in titles if t.content.strip() and widowed(t, runs)]
    measures["widow"] = len(lone)
    for t in lone:
        issues.append(issue(slide, t, "widow", "minor",
                            f"the title's last line is one word alone "
                            f"({t.content.split()[-1]!r})", measured=1, threshold=0,
                            unit="words"))
    return measures, issues


def rhythm(variants: Sequence[str], firsts: Sequence[Element | None], qa: QaSettings,
           movable: Sequence[bool] | None = None) -> list[QaIssue]:
    """A ``rhythm`` issue on each slide that makes a run of one variant longer than
    ``RHYTHM_RUN_MAX`` (slides numbered from 1; empty variants never run) and could have
    been drawn otherwise (``movable``; a composed slide whose content one variant alone
    holds is not an issue: nothing else holds it)."""
    out: list[QaIssue] = []
    run = 0
    for i, v in enumerate(variants):
        run = run + 1 if v and i and variants[i - 1] == v else (1 if v else 0)
        if run > qa.RHYTHM_RUN_MAX and (movable is None or movable[i]):
            out.append(issue(i + 1, firsts[i], "rhythm", "minor",
                             f"{run} slides in a row drawn as {v!r} (at most "
                             f"{qa.RHYTHM_RUN_MAX})", measured=run,
                             threshold=qa.RHYTHM_RUN_MAX, unit="slides"))
    return out
