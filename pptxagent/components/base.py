"""The component contract: declared slots, density limits, a compose and a split function.

A component turns one outline slide (or one continuation part of it) into a ``SlideSpec``.
Its ``density`` says how many units (bullets, cards, steps, rows, categories) one slide takes;
``split`` cuts the content into parts for continuation slides, never dropping any of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from pptxagent.components.geometry import BODY_FLOOR_PT
from pptxagent.errors import InputError
from pptxagent.ir.compose import LayoutName, ShapeItem, SlideSpec, TextRole, TextSpec
from pptxagent.ir.outline import OutlineSlide, SlideKind
from pptxagent.ir.theme import ColorRole, ThemePack

SlotRole = TextRole | Literal["chart", "table", "picture"]


@dataclass(frozen=True)
class Slot:
    """A declared slot: its name (the outline field it shows), typography role and colour
    role of its text (or of the surface for charts/pictures)."""

    name: str
    role: SlotRole
    color: ColorRole


@dataclass(frozen=True)
class Density:
    """How much one slide of the component holds. ``unit`` names what is counted."""

    unit: str
    min_units: int
    max_units: int
    max_cols: int | None = None
    note: str = ""


@dataclass(frozen=True)
class Context:
    """What a compose function gets besides the slide: the pack, the part, the base dir."""

    pack: ThemePack
    source: int
    part: tuple[int, int]
    base_dir: Path
    variant: str = ""
    """The variant chosen for this slide (``Component.compose``); empty for a component
    without variants."""


def missing(slide: OutlineSlide, ctx: Context, field: str, component: str) -> InputError:
    """The error for a slide handed to a component without the field it shows."""
    return InputError(f"$.slides[{ctx.source}]: component {component!r} needs "
                      f"{field!r} (the slide has {slide.kind or 'no kind'!r})")


BuildFn = Callable[[OutlineSlide, Context], tuple[list[ShapeItem], LayoutName]]
Candidate = tuple[str, str]
"""A variant's name and why it suits the content."""
VariantFn = Callable[[OutlineSlide, Context], list[Candidate]]
"""Every variant that holds this content, the one the content's shape asks for first, each
with why (deterministic; never empty)."""
UnitsFn = Callable[[OutlineSlide], int]
SplitFn = Callable[[OutlineSlide, int], list[OutlineSlide] | None]


def _no_units(slide: OutlineSlide) -> int:
    return 1


def _no_split(slide: OutlineSlide, n: int) -> list[OutlineSlide] | None:
    return [slide] if n <= 1 else None


@dataclass(frozen=True)
class Component:
    name: str
    kinds: tuple[SlideKind, ...]
    slots: tuple[Slot, ...]
    density: Density
    min_body_pt: float
    build: BuildFn = field(repr=False)
    units: UnitsFn = field(default=_no_units, repr=False)
    """How many splittable units the slide holds (bullets, cards, steps, data rows …)."""
    split_fn: SplitFn = field(default=_no_split, repr=False)
    variant_fn: VariantFn | None = field(default=None, repr=False)
    sparse: bool = False
    """Intentionally sparse (a hero, a section divider, a pull quote): its empty space is
    the design, not a block stuck to one side (the ``balance`` check leaves it alone)."""

    sparse_variants: tuple[str, ...] = ()
    """Variants that are intentionally sparse where the component is not (a picture edge to
    edge with its caption band)."""
    variants: tuple[str, ...] = ()
    """Every variant the component draws (the outline's ``variant`` key names one)."""

    def candidates(self, slide: OutlineSlide, ctx: Context) -> list[Candidate]:
        """The variants that hold ``slide``'s content, preferred first; an outline's
        ``variant`` key that names one of them comes first."""
        asked = slide.variant
        if self.variant_fn is None:
            if asked:
                raise InputError(f"$.slides[{ctx.source}].variant: {self.name!r} has no "
                                 f"variants (asked for {asked!r})")
            return [("", "")]
        found = self.variant_fn(slide, ctx)
        if asked:
            if asked not in self.variants:
                raise InputError(
                    f"$.slides[{ctx.source}].variant: {asked!r} is not a variant of "
                    f"{self.name!r} (variants: {', '.join(self.variants)})")
            held = [c for c in found if c[0] == asked]
            if not held and ctx.part[1] > 1:  # one part of a split slide: what holds it
                return [(found[0][0], f"{found[0][1]} (asked for {asked!r}, which this "
                                      "part cannot hold)"), *found[1:]]
            if not held:
                why = found[0][1]
                raise InputError(
                    f"$.slides[{ctx.source}].variant: {asked!r} does not hold this "
                    f"content ({', '.join(c[0] for c in found)} do: {why})")
            return [(asked, "asked for by the outline"),
                    *[c for c in found if c[0] != asked]]
        return found

    def compose(self, slide: OutlineSlide, pack: ThemePack, *, source: int,
                part: tuple[int, int] = (1, 1), base_dir: Path = Path("."),
                avoid: frozenset[str] = frozenset()) -> SlideSpec:
        """``slide`` as a spec; ``avoid``: variants to pass over when another holds the
        content (the deck's rhythm: the last two slides' variant)."""
        ctx = Context(pack=pack, source=source, part=part, base_dir=base_dir)
        options = self.candidates(slide, ctx)
        variant, why = options[0]
        if variant in avoid and not slide.variant:
            other = next((c for c in options if c[0] not in avoid), None)
            if other is not None:
                variant, why = other[0], (f"{other[1]}; rhythm: {options[0][0]!r} would be "
                                          "the third slide in a row")
        ctx = replace(ctx, variant=variant)
        shapes, layout = self.build(slide, ctx)
        shapes = [on_scale(s, pack) for s in shapes]
        kind: SlideKind = slide.kind or self.kinds[0]
        return SlideSpec(variant_choices=len(options) if variant else 0,
                         layout=layout, kind=kind, component=self.name, source=source,
                         part=part, shapes=shapes, notes=slide.notes,
                         reason=f"component {self.name!r}", variant=variant,
                         variant_reason=why)

    def split(self, slide: OutlineSlide, n: int) -> list[OutlineSlide] | None:
        """The content cut into ``n`` parts (a wide table may give more: row parts × column
        groups), or ``None`` when it cannot be cut that finely. ``n == 1`` gives the parts
        the content needs for reasons other than count (a table's column groups)."""
        if n < 1:
            return None
        return self.split_fn(slide, n)

    def over_limit(self, slide: OutlineSlide) -> bool:
        return self.units(slide) > self.density.max_units


def on_scale(shape: ShapeItem, pack: ThemePack) -> ShapeItem:
    """``shape`` with every paragraph's size moved down onto the pack's type scale (a size
    a word fit or a hierarchy rule chose between two steps), never below its role's floor
    (titles 1.5 × body, body text 18 pt; citations keep theirs)."""
    if not isinstance(shape, TextSpec) or shape.role == "citation":
        return shape
    steps = pack.type.steps()
    floor = 1.5 * pack.type.body if shape.role == "title" else BODY_FLOOR_PT
    paras = []
    for p in shape.paragraphs:
        if p.size_pt not in steps:
            below = [s for s in steps if floor - 1e-9 <= s <= p.size_pt]
            if below:
                p = p.model_copy(update={"size_pt": below[-1]})
        paras.append(p)
    return shape.model_copy(update={"paragraphs": paras})


def kinds_of(components: Sequence[Component]) -> dict[SlideKind, Component]:
    out: dict[SlideKind, Component] = {}
    for c in components:
        for k in c.kinds:
            out.setdefault(k, c)
    return out
