"""How a template sets its content slides' titles, for its brand pack (``theme extract``):
alignment, weight, capitals, colour and size, read the way the fill reads them.

The title of the template's content layout ("Title and Content", else the first layout
with a title and a body that is not a title slide) is filled with a sample on a copy of the
template and inventoried, so the master's title style, the master's and the layout's
placeholder overrides are all resolved as a filled slide draws them. The colour becomes the
theme slot that draws it (a title in a literal or modified colour keeps the pack's ``text``);
the size is scaled to the composed slide's height and set on the type scale's nearest title
step.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pptxagent.errors import PptxAgentError
from pptxagent.fill.keys import role_map
from pptxagent.ir import Element
from pptxagent.ir.theme import SLIDE_H_PT, SchemeColors, TitleStyle
from pptxagent.ooxml.layoutslide import content_layout
from pptxagent.ooxml.package import Package
from pptxagent.pipeline.brandart import slot_of
from pptxagent.pipeline.fillcopy import filled_copy

SAMPLE = "Quarterly review"
TITLE_STEPS: tuple[float, ...] = (30.0, 36.0, 44.0)
"""The title sizes a brand pack takes (on the bundled type scale, at least 1.5 × the body's
20 pt and under the hero's 48 pt)."""
EMU_PER_PT = 12700
PX_PER_PT = 96 / 72


@dataclass(frozen=True)
class TitleLook:
    """A template's content title: its style, its size on the composed slide (pt) and the
    mapped slot that colours it (``None``: the pack's ``text``)."""

    style: TitleStyle
    size_pt: float
    slot: str | None


def _title(template: Path) -> tuple[Element, float] | None:
    """The content layout's title filled with ``SAMPLE`` (inventoried) and the slide's
    height in points; ``None`` when the template has no such layout or title."""
    try:  # a malformed layout part, or a title that takes no text: the pack's own look
        n = content_layout(Package.open(template))
        if n is None:
            return None
        pkg, _, slides = filled_copy(template, [{"layout": n, "fill": {"title": SAMPLE}}])
    except PptxAgentError:
        return None
    el = role_map(slides[0]).get("title") if slides else None
    if el is None or not el.paragraphs or not el.paragraphs[0].runs:
        return None
    return el, pkg.slide_size_emu()[1] / EMU_PER_PT


def title_look(template: Path, colors: SchemeColors, dark: bool) -> TitleLook | None:
    """How ``template`` sets its content titles (module doc); ``None`` when it has none."""
    found = _title(template)
    if found is None:
        return None
    el, height_pt = found
    assert el.paragraphs  # _title found a run in the first paragraph
    para = el.paragraphs[0]
    run = para.runs[0]
    align = para.align or el.style.textAlign or "left"
    caps = (run.model_extra or {}).get("caps") == "all"
    style = TitleStyle(align="left" if align == "justify" else align, bold=bool(run.bold),
                       caps=caps)
    px = run.fontSize or el.style.fontSize or 0.0
    size = px / PX_PER_PT * SLIDE_H_PT / height_pt if height_pt > 0 else 0.0
    step = min(TITLE_STEPS, key=lambda s: (abs(s - size), s)) if size > 0 else TITLE_STEPS[1]
    colour = run.color or el.style.color
    return TitleLook(style=style, size_pt=step,
                     slot=slot_of(colour, colors, dark) if colour else None)


__all__ = ["TITLE_STEPS", "TitleLook", "title_look"]
