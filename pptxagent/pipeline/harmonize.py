"""Sibling slots of a composed slide keep one size (scratch mode). A component names repeated
slots ``value-1``, ``value-2`` … (KPI cards, timeline steps) and ``left-…``/``right-…``
(comparison columns). The refinement loop fits each box on its own, so one long KPI value can
end at 37 pt while its neighbours stay at 44 pt: every box fits, and a designer would still
have to fix the slide. After the loop, each group of siblings whose sizes differ is set to the
group's smallest size (a smaller font never overflows a box the larger one fitted) and the
slide is measured and refined once more from there (rollout ``slide-NN-harmonized``).
"""

from __future__ import annotations

import re
from collections import defaultdict

from pptxagent.ir import Element, SlideIR
from pptxagent.pipeline.job import FillJob, SlideWork
from pptxagent.pipeline.refining import refine_pass

SIBLING = re.compile(r"^(?:(?:left|right)-(?P<side>.+)|(?P<slot>.+?)-\d+)$")
"""``value-2`` → ``value``; ``left-heading`` / ``right-heading`` → ``heading``."""
TOLERANCE_PX = 0.5
SUFFIX = "-harmonized"


def sibling_groups(ir: SlideIR, touched: frozenset[str]) -> list[list[Element]]:
    """Text elements whose shape names differ only in a trailing ``-N``, two or more."""
    groups: dict[str, list[Element]] = defaultdict(list)
    for el in ir.elements:
        name = el.source.name if el.source is not None else None
        m = SIBLING.match(name or "")
        if m and el.eid in touched and el.is_text and el.style.fontSize:
            groups[m["side"] or m["slot"]].append(el)
    return [g for g in groups.values() if len(g) > 1]


def harmonized(ir: SlideIR, touched: frozenset[str]) -> SlideIR | None:
    """``ir`` with every sibling group at its smallest size (and that member's line height),
    or None when the siblings already agree."""
    out = ir.model_copy(deep=True)
    changed = False
    for group in sibling_groups(out, touched):
        smallest = min(group, key=lambda e: e.style.fontSize or 0.0)
        lo = smallest.style.fontSize or 0.0
        for el in group:
            if (el.style.fontSize or 0.0) - lo > TOLERANCE_PX:
                el.style.fontSize = lo
                el.style.lineHeight = smallest.style.lineHeight
                changed = True
    return out if changed else None


def harmonize_siblings(job: FillJob) -> None:
    """Give sibling slots one size on every composed slide where the loop made them differ."""
    if not job.opts.repair:
        return
    todo: list[tuple[SlideWork, SlideIR]] = []
    for w in job.slides:
        if w.outcome is None or w.final_ir is None:
            continue
        start = harmonized(w.final_ir, w.touched)
        if start is not None:
            todo.append((w, start))
    if not todo:
        return
    outcomes = refine_pass(job, [w for w, _ in todo], [s for _, s in todo], None, suffix=SUFFIX)
    for (w, _), o in zip(todo, outcomes, strict=True):
        w.outcome = o
        w.final_ir, w.diag, w.dom = o.final_ir, o.final_diag, o.final_dom
        w.notes.append("sibling slots set to one size after the loop fitted them one by one")
    done = ", ".join(str(w.filled.index) for w, _ in todo)
    job.say(f"harmonized sibling sizes on slide(s) {done}")
