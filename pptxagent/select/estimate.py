"""A first estimate of whether a composed slide's content fits its boxes, used to choose how
many continuation slides a component needs before anything is measured. The pipeline's
Chromium measurement has the last word (``resplit`` when a slide still overflows)."""

from __future__ import annotations

from pptxagent.components.geometry import (
    LINE,
    SLIDE_H_PT,
    line_count,
    paras_height,
    width_of,
)
from pptxagent.ir.compose import EMU_PER_PT, SlideSpec, TableSpec, TextSpec
from pptxagent.ir.theme import ThemePack

TOLERANCE = 1.08
"""Estimated text may exceed its box by this factor before a split is forced (the estimate
is rough; an unneeded continuation slide is worse than one the measurement must add)."""
CELL_MARGIN_PT = (7.2, 3.6)
"""Default table cell margins (left/right, top/bottom)."""


def _pt(emu: int) -> float:
    return emu / EMU_PER_PT


def table_need(spec: TableSpec, wf: float = 1.0) -> float:
    """Estimated height of a table whose rows grow to their wrapped text."""
    if not spec.rows:
        return 0.0
    col_w = _pt(spec.box.w) / len(spec.rows[0]) - 2 * CELL_MARGIN_PT[0]
    total = 0.0
    for row in spec.rows:
        lines = max(line_count(c, spec.font_pt, col_w, wf=wf) for c in row)
        total += lines * spec.font_pt * LINE + 2 * CELL_MARGIN_PT[1]
    return total


def overflowing(spec: SlideSpec, pack: ThemePack) -> list[str]:
    """Names of the shapes whose content is estimated not to fit (titles and citations are
    not counted: splitting does not shrink them)."""
    out: list[str] = []
    bottom = SLIDE_H_PT - pack.spacing.margin_pt
    for shape in spec.shapes:
        if isinstance(shape, TextSpec):
            if shape.placeholder is not None or shape.role == "citation":
                continue
            indent = pack.type.body
            need = paras_height(shape.paragraphs, _pt(shape.box.w), shape.inset_pt, indent,
                                pack)
            if need > _pt(shape.box.h) * TOLERANCE:
                out.append(shape.name)
        elif isinstance(shape, TableSpec):
            room = bottom - _pt(shape.box.y)
            if table_need(shape, width_of(pack, "minor")) > room * TOLERANCE:
                out.append(shape.name)
    return out
