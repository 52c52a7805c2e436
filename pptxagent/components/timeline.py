"""Timeline / process: three to six steps in columns on an accent line with a ``primary``
marker per step; each step's label (bold) and text under its marker."""

from __future__ import annotations

from pptxagent.components.base import Component, Context, Density, Slot, missing
from pptxagent.components.chrome import bar, para, standard_frame, text
from pptxagent.components.geometry import (
    LINE,
    XL,
    XS,
    M,
    Rect,
    S,
    balanced_top,
    gap,
    grid_columns,
    stack,
    text_height,
    width_of,
)
from pptxagent.components.split import chunks
from pptxagent.ir.compose import LayoutName, ShapeItem, ShapeSpec
from pptxagent.ir.outline import OutlineSlide

MAX_STEPS = 6


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if not slide.steps:
        raise missing(slide, ctx, "steps", "timeline")
    frame = standard_frame(slide, ctx)
    steps = list(slide.steps or [])
    body = frame.body
    cols = grid_columns(pack, body, max(1, len(steps)))
    d = gap(pack, XL)
    size = pack.type.body
    label_h = max((text_height(s.label, size, cols[0].w, bold=True,
                                   wf=width_of(pack, "minor")) for s in steps),
                  default=size)
    # a process (or a part of one) sits balanced in the body area
    text_h = max((text_height(s.text, size, cols[0].w, wf=width_of(pack, "minor"))
                  for s in steps if s.text), default=0.0)
    need = d + gap(pack, M) + label_h + gap(pack, S) + text_h
    body = Rect(body.left, balanced_top(body, need), body.right, body.bottom)
    cols = grid_columns(pack, body, max(1, len(steps)))
    shapes: list[ShapeItem] = list(frame.shapes)
    rows = [stack(col, [d, label_h, size * LINE], [gap(pack, M), gap(pack, S)], flex=2)
            for col in cols]
    d = min(d, rows[0][0].h)
    cy = rows[0][0].top + d / 2
    centres = [c.left + d / 2 for c in cols]  # markers on the grid
    if len(steps) > 1:
        t = gap(pack, XS) / 2
        shapes.append(bar("line", Rect(centres[0], cy - t, centres[-1], cy + t)))
    for i, (step, (top, label, box)) in enumerate(zip(steps, rows, strict=False)):
        marker = Rect(centres[i] - d / 2, top.top, centres[i] + d / 2, top.top + d)
        shapes.append(ShapeSpec(name=f"marker-{i + 1}", box=marker.box(), preset="ellipse",
                                fill="primary"))
        shapes.append(text(f"label-{i + 1}", label, "label",
                           [para(step.label, size, bold=True)]))
        if step.text:
            shapes.append(text(f"text-{i + 1}", box, "body", [para(step.text, size)]))
    shapes += frame.tail
    return shapes, "title_only"


def _units(slide: OutlineSlide) -> int:
    return len(slide.steps or [])


def _split(slide: OutlineSlide, n: int) -> list[OutlineSlide] | None:
    parts = chunks(list(slide.steps or []), n)
    if parts is None:
        return None
    return [slide.model_copy(update={"steps": p, "kind": "timeline"}) for p in parts]


TIMELINE = Component(
    name="timeline",
    kinds=("timeline",),
    slots=(Slot("title", "title", "text"), Slot("steps.label", "label", "text"),
           Slot("steps.text", "body", "text"), Slot("citations", "citation", "muted")),
    density=Density(unit="steps", min_units=3, max_units=MAX_STEPS,
                    note="one row of columns; fewer than 3 steps still compose"),
    min_body_pt=18,
    build=_build,
    units=_units,
    split_fn=_split,
)
