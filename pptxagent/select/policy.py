"""Layout selection (agentic-upgrade §7.3): outline slide → component, continuation parts and
a reason, deterministically.

A slide's ``kind`` picks its component; a slide without one is classified by its fields.
Content over a component's density limit, or estimated not to fit its slots, is cut into
continuation slides titled "… (k/n)"; content the chosen component does not show (a chart on
a bullets slide) gets a slide of its own after it. Nothing is truncated or dropped.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pptxagent.components import Component, component_for, slide_title
from pptxagent.ir.compose import SlideSpec
from pptxagent.ir.outline import Outline, OutlineSlide, SlideKind
from pptxagent.ir.theme import ThemePack
from pptxagent.select.estimate import overflowing

# (field, kind) in the order a slide without ``kind`` is classified
INFER_ORDER: tuple[tuple[str, SlideKind], ...] = (
    ("chart", "data"), ("items", "kpis"), ("left", "comparison"), ("right", "comparison"),
    ("steps", "timeline"), ("quote", "quote"), ("rows", "table"), ("image", "image"),
    ("bullets", "bullets"),
)
SHOWS: dict[SlideKind, frozenset[str]] = {
    "title": frozenset(), "section": frozenset(), "bullets": frozenset({"bullets"}),
    "kpis": frozenset({"items"}), "comparison": frozenset({"left", "right"}),
    "timeline": frozenset({"steps"}), "quote": frozenset({"quote", "author", "role"}),
    "data": frozenset({"chart", "takeaway"}), "table": frozenset({"rows"}),
    "image": frozenset({"image", "caption"}),
}
"""Content fields each kind shows (title, subtitle, notes and citations: every kind)."""
CONTENT = ("bullets", "items", "left", "right", "steps", "quote", "chart", "rows", "image")
LOOSE = ("takeaway", "caption", "author", "role")
"""Text that belongs with another field; without it, it becomes a bullet of its own slide."""
OWNER = {"takeaway": "chart", "caption": "image", "author": "quote", "role": "quote"}


def _has(slide: OutlineSlide, field: str) -> bool:
    return getattr(slide, field) not in (None, [], "")


def infer_kind(slide: OutlineSlide, index: int) -> tuple[SlideKind, str]:
    """The kind of a slide and why."""
    if slide.kind is not None:
        return slide.kind, f"kind {slide.kind!r} given"
    for field, kind in INFER_ORDER:
        if _has(slide, field):
            return kind, f"no kind; has {field} → {kind!r}"
    if index == 0:
        return "title", "no kind; only title/subtitle on the first slide → 'title'"
    return "section", "no kind; only title/subtitle → 'section'"


def leftover(slide: OutlineSlide, kind: SlideKind) -> OutlineSlide | None:
    """What ``kind``'s component does not show, as a slide of its own (or ``None``)."""
    shown = SHOWS[kind]
    rest = {f: getattr(slide, f) for f in CONTENT if f not in shown and _has(slide, f)}
    loose: list[str] = []
    for f in LOOSE:
        if f in shown or not _has(slide, f):
            continue
        if OWNER[f] in rest:
            rest[f] = getattr(slide, f)
        else:
            loose.append(getattr(slide, f))
    if loose:
        rest["bullets"] = [*(rest.get("bullets") or []), *loose]
    if not rest:
        return None
    return OutlineSlide(title=slide.title, **rest)


@dataclass(frozen=True)
class Plan:
    """The parts one component makes of (part of) an outline slide."""

    component: Component
    parts: list[OutlineSlide]
    reason: str


def _parts_for(comp: Component, slide: OutlineSlide, pack: ThemePack, base_dir: Path,
               source: int, at_least: int) -> tuple[list[OutlineSlide], str]:
    """The parts by density limit, the measurement's minimum and the fit estimate."""
    units, limit = comp.units(slide), comp.density.max_units
    n = max(1, math.ceil(units / limit), at_least)
    why: list[str] = []
    if units > limit:
        why.append(f"{units} {comp.density.unit} over the density limit {limit}")
    if at_least > 1:
        why.append(f"measured overflow asks for {at_least} parts")
    parts = comp.split(slide, n)
    if parts is None:
        return [slide], "; ".join([*why, "cannot be split further"])
    first = n
    while True:  # more parts while the estimate says the content overflows its slots
        specs = [comp.compose(p, pack, source=source, part=(j + 1, len(parts)),
                              base_dir=base_dir) for j, p in enumerate(parts)]
        if not any(overflowing(s, pack) for s in specs):
            break
        more = comp.split(slide, n + 1)
        if more is None:
            why.append("estimated to overflow, cannot split further")
            break
        n, parts = n + 1, more
    if n > first:
        why.append(f"{comp.density.unit} estimated too long for {first} "
                   f"slide{'s' if first > 1 else ''}")
    return parts, "; ".join(why)


def plan_slide(slide: OutlineSlide, index: int, deck_title: str, pack: ThemePack,
               base_dir: Path, at_least: int = 1) -> list[Plan]:
    """The components and parts for outline slide ``index`` (several plans when the slide
    carries content its component does not show)."""
    kind, why = infer_kind(slide, index)
    if not slide_title(slide):
        slide = slide.model_copy(update={"title": deck_title})
        why += "; no title of its own: the deck title heads it"
    comp = component_for(kind)
    slide = slide.model_copy(update={"kind": kind})
    parts, split_why = _parts_for(comp, slide, pack, base_dir, index, at_least)
    plans = [Plan(comp, parts, f"{why}; {split_why}" if split_why else why)]
    rest = leftover(slide, kind)
    if rest is not None:
        names = ", ".join(f for f in (*CONTENT, *LOOSE) if _has(slide, f)
                          and f not in SHOWS[kind])
        for p in plan_slide(rest, index, deck_title, pack, base_dir):
            plans.append(Plan(p.component, p.parts,
                              f"{names} not shown by {comp.name!r}: own slide; {p.reason}"))
    return plans


RUN_MAX = 2
"""The same variant on at most this many slides in a row where another holds the content."""


def rhythm(specs: list[SlideSpec]) -> frozenset[str]:
    """The variant the next slide should pass over: the one the last ``RUN_MAX`` slides all
    drew (a variant's name is its look: ``cards`` of bullets and of KPIs look alike)."""
    last = [s.variant for s in specs[-RUN_MAX:]]
    if len(last) == RUN_MAX and last[0] and all(v == last[0] for v in last):
        return frozenset({last[0]})
    return frozenset()


def select_slides(outline: Outline, pack: ThemePack, *, base_dir: Path,
                  min_parts: Mapping[int, int] | None = None,
                  avoid: Mapping[int, frozenset[str]] | None = None) -> list[SlideSpec]:
    """Every outline slide composed, in order, continuation parts titled "… (k/n)".

    ``min_parts`` maps an outline slide index to the number of parts its content must at
    least be cut into (the pipeline's answer to a measured overflow); ``avoid`` to variants
    its slides pass over where another holds the content (the answer to a measured design
    issue)."""
    specs: list[SlideSpec] = []
    for i, slide in enumerate(outline.slides):
        here = rhythm(specs) | (avoid or {}).get(i, frozenset())
        if not outline.icons and slide.icons is None:
            slide = slide.model_copy(update={"icons": False})
        plans = plan_slide(slide, i, outline.title, pack, base_dir,
                           (min_parts or {}).get(i, 1))
        total = sum(len(p.parts) for p in plans)
        k = 0
        for plan in plans:
            note = f" → {total} continuation slides" if total > 1 else ""
            first = ""
            for part in plan.parts:
                k += 1
                # the parts of one slide look alike: the first part's variant where it holds
                others = frozenset(plan.component.variants) - {first} if first else here
                spec = plan.component.compose(part, pack, source=i, part=(k, total),
                                              base_dir=base_dir, avoid=others)
                first = first or spec.variant
                why = (f"; variant {spec.variant!r}: {spec.variant_reason}"
                       if spec.variant_reason else "")
                specs.append(spec.model_copy(update={"reason": plan.reason + note + why}))
    return specs


def resplit(slide: OutlineSlide, n_parts: int) -> list[OutlineSlide] | None:
    """``slide`` (an outline slide, or one part of one) cut into ``n_parts`` parts by its
    component, or ``None`` when its content cannot be cut that finely (one long bullet, a
    quote, a picture): the pipeline then reports it."""
    kind, _ = infer_kind(slide, 1)
    if n_parts < 2:
        return None
    return component_for(kind).split(slide.model_copy(update={"kind": kind}), n_parts)
