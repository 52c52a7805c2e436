"""Every threshold of the visual QA, named (``--set NAME=VALUE`` style overrides later)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class QaSettings(BaseModel):
    """Immutable; derive a variant with ``model_copy(update={...})``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # 1. overflow / cut-off
    OVERFLOW_MIN_PX: float = 4
    """Text (glyph line boxes) sticking out of its box by more than this is an overflow."""
    OVERFLOW_BACKDROP_SHARE: float = 0.5
    """Text spilling out of a transparent box is critical only over a filled box or over
    other text or art; art covering at least this share of the slide is a backdrop."""
    CUTOFF_MIN_PX: float = 2
    """Text leaving the slide by more than this is cut off."""

    # 2. text overlap (glyph line boxes of two text elements)
    TEXT_OVERLAP_MIN_PX2: float = 24
    TEXT_OVERLAP_MIN_DEPTH_PX: float = 2
    """Both the width and the height of the intersection must exceed this."""

    # 3. contrast (WCAG 2)
    CONTRAST_NORMAL: float = 4.5
    CONTRAST_LARGE: float = 3.0
    LARGE_TEXT_PX: float = 24
    """18 pt."""
    LARGE_BOLD_TEXT_PX: float = 18.66
    """14 pt bold."""
    CONTRAST_PERCENTILE: float = Field(10, ge=0, le=50)
    """The ratio reported for a run is this low percentile of its per-pixel ratios: a few
    stray pixels do not decide, text half on a dark photo and half on white fails."""
    CONTRAST_CRITICAL: float = 2.0
    """Below this ratio the text is barely visible: critical."""
    CONTRAST_WORSE_FACTOR: float = 0.9
    """Template mode: below the threshold AND below this × the template's own ratio."""
    CONTRAST_CRITICAL_FACTOR: float = 0.7
    """Template mode: below this × the template's own ratio is critical."""
    CONTRAST_FOOTER: float = 3.0
    """Footers, dates and slide numbers (incidental text; Office's own grey footer is 3.5:1)
    are held to the large-text threshold."""
    CONTRAST_MIN_PIXELS: int = 20
    """A run showing fewer pixels on the slide is not judged."""

    # 4. edges
    EDGE_MIN_FRAC: float = 0.015
    """Plain deck: glyphs closer to a slide edge than this share of the slide width."""
    EDGE_MAJOR_FRAC: float = 0.005
    """Closer than this share of the slide width: major."""
    EDGE_BASELINE_TOL_PX: float = 2
    """Template mode: closer than the template's own box by more than this."""

    # 5. hierarchy
    TITLE_SIZE_TOLERANCE: float = 1.05
    """Another text larger than this × the title's size makes the title not the largest."""
    HIERARCHY_MIN_CHARS: int = 12
    """Texts shorter than this (a big "42%", an icon letter) do not compete with the title."""

    # 6. footer / citation collisions
    FOOTER_CLEARANCE_PX: float = 2
    """Other text closer than this to a footer's glyphs collides with it."""
    CITATION_MAX_PX: float = 16
    """A citation is small text (≤ 12 pt) ..."""
    CITATION_BOTTOM_FRAC: float = 0.2
    """... in the bottom share of the slide."""

    # 8. pictures
    DISTORTION_MAX: float = 0.05
    """Displayed aspect vs the image's own (after the crop) may differ by this share."""


DEFAULT_QA_SETTINGS = QaSettings()
