"""Every tunable of pptxagent: the spec's global constants (AGENTS v2.5 §0), the fill's and
the cross-check's, and their ``--set NAME=VALUE`` overrides (validated: a value outside a
constant's range is refused with the constant's name and the rule it breaks)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from pptxagent.errors import SettingError


class Settings(BaseModel):
    """Every constant, with its default. Immutable; use ``with_overrides``."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    # --- the spec's constants (§0) ------------------------------------------------------
    SLIDE_W: float = Field(1280, gt=0, le=100_000)
    """Slide width in px (a fill takes the template's)."""
    SLIDE_H: float = Field(720, gt=0, le=100_000)
    """Slide height in px (a fill takes the template's)."""
    SAFE_PADDING: float = Field(8, ge=0, le=200)
    """Padding around every element's bbox that another element must not enter (safeBox)."""
    MIN_OVERLAP_AREA_PX: float = Field(100, ge=0)
    """Safe-box intersections smaller than this (px²) are not an overlap."""
    OOB_EPS_PX: float = Field(1, ge=0, le=100)
    """How far past the slide edge an element may reach before it is out of bounds."""
    HINT_BUFFER_PX: float = Field(8, ge=0, le=200)
    """Slack a hint adds on top of the exact fix."""
    MAX_ITER: int = Field(3, ge=0, le=100)
    """Patches per rollout (``refine``; a fill uses ``FILL_MAX_ITER`` unless this is set)."""
    STALL_THRESHOLD: int = Field(2, ge=1, le=100)
    """Consecutive non-improving iterations that stop a rollout (then rollback)."""
    HIGH_PRIO_SIZE_BUDGET: float = Field(0.15, gt=0, le=1)
    """Per patch, a high-priority element's size/font changes by at most this fraction."""
    HIGH_PRIO_MOVE_PX: float = Field(48, ge=0, le=10_000)
    """Per patch, a high-priority element moves by at most this many px."""
    ALLOW_HIDE: bool = False
    """May the hard fallback hide an element?"""
    TEXT_OVERLAP_SEVERITY_MULT: float = Field(2, ge=0, le=1000)
    """Severity multiplier of an overlap between two text elements."""
    TOPOLOGY_SEVERITY: float = Field(5000, ge=0)
    """Severity of a title below its body (layout_topology)."""
    HIGH_PRIORITY: int = Field(80, ge=0, le=1000)
    """Priority at or above which an element is high priority (budgets apply)."""
    # §2: minimum font sizes by priority tier (px); below priority 60: no minimum.
    MIN_FONT_P100_PX: float = Field(32, gt=0, le=1000)
    """Minimum font (px) of priority ≥ 100 (titles)."""
    MIN_FONT_P80_PX: float = Field(20, gt=0, le=1000)
    """Minimum font (px) of priority ≥ 80 (subtitles, key text)."""
    MIN_FONT_P60_PX: float = Field(16, gt=0, le=1000)
    """Minimum font (px) of priority ≥ 60 (body text)."""
    # --- beyond the spec ----------------------------------------------------------------
    CONTENT_EDGE_OVERFLOW: bool = False
    """Template mode: content_overflow also counts text that fits the box by size but sticks
    out past an edge (lifted by tight line spacing, pushed by insets or the anchor). Off: §4's
    literal rule, ``contentBox.h > bbox.h or contentBox.w > bbox.w``; ``fill`` turns it on."""
    FILL_MAX_ITER: int = Field(6, ge=0, le=100)
    """Patches per filled slide (``--set MAX_ITER=`` overrides). Content far too long for a
    template box needs its font taken from the template's size to near the min font; at 15%
    per patch (HIGH_PRIO_SIZE_BUDGET) 32 pt → 18 pt alone takes four patches."""
    FIT_SAFETY: float = Field(0.98, gt=0.5, le=1)
    """The fit policy aims its font shrink this much below the exact fit."""
    FIT_LINE_FLOOR: float = Field(0.8, gt=0, le=1)
    """Line spacing never goes below this fraction of the template's (PowerPoint's
    lnSpcReduction stops at 20%)."""
    FIT_ART_GAP_PX: float = Field(2.0, ge=0, le=100)
    """Gap a grown text box keeps from template art it would newly cover."""
    FIT_LIFT_MARGIN_PX: float = Field(0.5, ge=0, le=50)
    """Extra px a lift (top inset) moves text lifted over its box's top edge."""
    FIT_REPEAT_MARGIN_LINES: float = Field(1.0, ge=0, le=10)
    """A repeat shrink of the same overflow aims this many lines below the box bottom."""
    TEXT_MIN_LINE_HEIGHT: float = Field(1.0, gt=0, le=3)
    """Hints shrink a text's line height (after its font) no lower than this multiple."""
    IMAGE_MIN_H_PX: float = Field(100.0, ge=0, le=10_000)
    """Hints may shrink an image to max(this, IMAGE_MIN_H_RATIO × its height), never less."""
    IMAGE_MIN_H_RATIO: float = Field(0.25, gt=0, le=1)
    """See IMAGE_MIN_H_PX."""
    MIN_SIDE_PX: float = Field(24.0, ge=0, le=10_000)
    """A box squeezed beside another keeps at least this width and height (else: no squeeze)."""
    CROSSCHECK_THRESHOLD_PX: float = Field(6.0, gt=0, le=1000)
    """Edge difference within which Chromium and LibreOffice agree (report figures)."""
    CROSSCHECK_DISAGREE_PX: float = Field(12.0, gt=0, le=1000)
    """An edge where Chromium and LibreOffice differ by more than this is a report warning
    (LibreOffice's text boxes come from PDF glyph positions, good to a few px)."""
    CROSSCHECK_OVERFLOW_EPS_PX: float = Field(1.0, ge=0, le=100)
    """Text further than this outside its shape box overflows (cross-check)."""
    CROSSCHECK_SHRINK_SAFETY: float = Field(0.97, gt=0.5, le=1)
    """A LibreOffice-only overflow's font shrink aims this much below LibreOffice's fit."""

    @model_validator(mode="after")
    def _ordered_min_fonts(self) -> Settings:
        if not self.MIN_FONT_P100_PX >= self.MIN_FONT_P80_PX >= self.MIN_FONT_P60_PX:
            raise ValueError("MIN_FONT_P100_PX ≥ MIN_FONT_P80_PX ≥ MIN_FONT_P60_PX must hold")
        return self

    def min_fonts(self) -> tuple[tuple[int, float], ...]:
        """§2: (priority at least, min font px). Priority 40 (images), 20 (decoration): none."""
        return ((100, self.MIN_FONT_P100_PX), (80, self.MIN_FONT_P80_PX),
                (60, self.MIN_FONT_P60_PX))

    def with_overrides(self, pairs: dict[str, Any]) -> Settings:
        unknown = sorted(set(pairs) - set(type(self).model_fields))
        if unknown:
            names = ", ".join(sorted(type(self).model_fields))
            raise SettingError(f"unknown constant {unknown[0]!r}; known: {names}")
        try:
            return type(self).model_validate({**self.model_dump(), **pairs})
        except ValidationError as exc:
            err = exc.errors()[0]
            name = ".".join(str(p) for p in err["loc"]) or "constants"
            value = pairs.get(name)
            got = f" (got {value!r})" if value is not None else ""
            msg = str(err["msg"]).removeprefix("Value error, ")
            raise SettingError(f"--set {name}: {msg}{got}") from exc

    @staticmethod
    def parse_pairs(items: list[str] | tuple[str, ...]) -> dict[str, str]:
        out: dict[str, str] = {}
        for item in items:
            name, sep, value = item.partition("=")
            if not sep or not name.strip():
                raise SettingError(f"--set expects NAME=VALUE, got {item!r}")
            out[name.strip()] = value.strip()
        return out


DEFAULT_SETTINGS = Settings()

MIN_FONT_BY_PRIORITY: tuple[tuple[int, float], ...] = DEFAULT_SETTINGS.min_fonts()
"""§2 defaults: (priority at least, min font px)."""


def min_font_for(priority: int, settings: Settings = DEFAULT_SETTINGS) -> float | None:
    """The minimum font (px) of an element of ``priority``; None below the last tier."""
    for floor, size in settings.min_fonts():
        if priority >= floor:
            return size
    return None
