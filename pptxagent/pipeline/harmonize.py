"""Sibling slots of a composed slide keep one size (scratch mode). A component names repeated
slots ``value-1``, ``value-2`` … (KPI cards, timeline steps) and ``left-…``/``right-…``
(comparison columns). The refinement loop fits each box on its own, so one long KPI value can
end at 37 pt while its neighbours stay at 44 pt: every box fits, and a designer would still
have to fix the slide. After the loop, each group of siblings whose sizes differ is set to the
group's smallest size (a smaller font never overflows a box the larger one fitted) and the
slide is measured and refined once more from there (rollout ``slide-NN-harmonized``).

A template has no slot names, but it has the same thing drawn twice: card headings, KPI values,
the two columns of a comparison, each box a copy of the other (same size, same font, same
placeholder kind) in one row or one column. The fill's loop fits them one by one too
("Global Teams Global Teams" shrunk to 20 pt beside "Better Docs Better Docs" at 28 pt), so
``template_sibling_groups`` finds such copies from the template's own geometry and styles, and
``harmonize_template_siblings`` gives them one size the same way.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise

from pptxagent.ir import Element, SlideIR
from pptxagent.loop import RefineOutcome
from pptxagent.loop.fallbacks import fell_back
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


_ALIGN_PX = 1.0
"""Copies of one box stand in a row (their tops within this) or a column (their lefts)."""


def _look(el: Element) -> tuple[object, ...]:
    st, lay = el.style, el.layout
    ph = el.source.ph_type if el.source is not None else None
    return (round(st.fontSize or 0.0, 1), round(st.lineHeight or 0.0, 2), st.fontWeight,
            st.fontFamily, round(lay.w), round(lay.h), ph, el.type)


def _top(el: Element) -> float:
    return el.layout.y


def _left(el: Element) -> float:
    return el.layout.x


def template_sibling_groups(template: SlideIR, touched: frozenset[str]
                            ) -> list[frozenset[str]]:
    """Filled text boxes that are copies of one another on the template slide (same size,
    font, line spacing, weight, family, kind), standing in one row or one column: two or
    more each."""
    cands = [el for el in template.elements if el.eid in touched and el.is_text
             and el.table is None and el.style.fontSize]
    if len(cands) < 2:
        return []
    parent = {el.eid: el.eid for el in cands}

    def root(eid: str) -> str:
        while parent[eid] != eid:
            parent[eid] = parent[parent[eid]]
            eid = parent[eid]
        return eid

    looks: dict[tuple[object, ...], list[Element]] = defaultdict(list)
    for el in cands:
        looks[_look(el)].append(el)
    for same in looks.values():  # copies stand in a row (tops within 1 px) or a column
        for at in (_top, _left):
            for a, b in pairwise(sorted(same, key=at)):
                if at(b) - at(a) <= _ALIGN_PX:
                    parent[root(b.eid)] = root(a.eid)
    groups: dict[str, set[str]] = defaultdict(set)
    for el in cands:
        groups[root(el.eid)].add(el.eid)
    return [frozenset(g) for g in groups.values() if len(g) > 1]


def _differ(group: list[Element]) -> bool:
    sizes = [el.style.fontSize or 0.0 for el in group]
    return max(sizes) - min(sizes) > TOLERANCE_PX


def harmonized(ir: SlideIR, touched: frozenset[str],
               groups: list[frozenset[str]] | None = None) -> SlideIR | None:
    """``ir`` with every sibling group at its smallest size (and that member's line height),
    or None when the siblings already agree. ``groups``: eids of the groups (default: the
    composed slide's slot names); a group with a member shrunk on overflow (degraded) is
    left as it is."""
    if groups is not None and not any(_differ([ir.element(eid) for eid in g]) for g in groups):
        return None  # most slides: nothing to even out, no copy of the slide made
    out = ir.model_copy(deep=True)
    changed = False
    if groups is None:
        members = sibling_groups(out, touched)
    else:
        members = [[out.element(eid) for eid in sorted(g)] for g in groups]
        members = [g for g in members if all(el.style.fitScale is None for el in g)]
    for group in members:
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
    _harmonize(job, lambda w: None, "sibling slots")


def harmonize_template_siblings(job: FillJob) -> None:
    """Give copies of one template box one size where the loop made them differ."""
    _harmonize(job, lambda w: template_sibling_groups(w.ir, w.touched),
               "copies of one template box")


def _start(w: SlideWork, outcome: RefineOutcome | None, groups: list[frozenset[str]] | None
           ) -> SlideIR | None:
    """The state to refine again from, or None. Degraded already: a second pass from the
    truncated or shrunk state would lose the first one's record (its defects, its
    overflow_left change)."""
    if outcome is None or outcome.final_ir is None:
        return None
    if fell_back(outcome.final_ir) or outcome.result.fallbacks:
        return None
    return harmonized(outcome.final_ir, w.touched, groups)


def _groups(job: FillJob, w: SlideWork) -> list[frozenset[str]] | None:
    return None if job.scratch is not None else template_sibling_groups(w.ir, w.touched)


RANK = {"success_clean": 2, "success_with_warnings": 1}


def _after(prev: RefineOutcome, new: RefineOutcome) -> RefineOutcome | None:
    """The rerun ``new`` as the continuation of ``prev`` (the patches of both counted), or
    None when it ended worse (a fallback, or a lower quality): then ``prev`` stands."""
    if fell_back(new.final_ir) or new.result.fallbacks:
        return None
    if RANK.get(str(new.result.quality), 0) < RANK.get(str(prev.result.quality), 0):
        return None
    steps = prev.result.iterations_to_converge + new.result.iterations_to_converge
    return replace(new, result=new.result.model_copy(update={"iterations_to_converge": steps}))


def harmonize_libreoffice_pass(job: FillJob, work: Sequence[SlideWork],
                               outcomes: Sequence[RefineOutcome], suffix: str
                               ) -> tuple[list[RefineOutcome], set[int]]:
    """The LibreOffice pass's ``outcomes`` with siblings given one size again, and the
    indices of the slides evened out: that pass shrinks only the box LibreOffice draws too
    tall, so a card heading could end smaller than its twins after they had been evened out.
    Those slides are refined once more (with the same LibreOffice facts); the others, and any
    whose rerun ends worse, keep their outcome."""
    out = list(outcomes)
    todo = [(k, start) for k, (w, o) in enumerate(zip(work, outcomes, strict=True))
            if (start := _start(w, o, _groups(job, w))) is not None]
    if not todo:
        return out, set()
    again = refine_pass(job, [work[k] for k, _ in todo], [s for _, s in todo], None,
                        suffix=suffix + SUFFIX)
    evened: set[int] = set()
    for (k, _), o in zip(todo, again, strict=True):
        merged = _after(out[k], o)
        if merged is not None:
            out[k] = merged
            evened.add(k)
    return out, evened


def _harmonize(job: FillJob, groups: Callable[[SlideWork], list[frozenset[str]] | None],
               what: str) -> None:
    if not job.opts.repair:
        return
    todo: list[tuple[SlideWork, SlideIR]] = []
    for w in job.slides:
        start = _start(w, w.outcome, groups(w))
        if start is not None:
            todo.append((w, start))
    if not todo:
        return
    outcomes = refine_pass(job, [w for w, _ in todo], [s for _, s in todo], None, suffix=SUFFIX)
    done_on: list[SlideWork] = []
    for (w, _), o in zip(todo, outcomes, strict=True):
        assert w.outcome is not None
        merged = _after(w.outcome, o)
        if merged is None:
            continue
        w.outcome = merged
        w.final_ir, w.diag, w.dom = o.final_ir, o.final_diag, o.final_dom
        w.notes.append(f"{what} set to one size after the loop fitted them one by one")
        done_on.append(w)
    if not done_on:
        return
    done = ", ".join(str(w.filled.index) for w in done_on)
    job.say(f"{what} set to one size on slide(s) {done}")
