"""Every tunable of pptxagent: the spec's global constants (AGENTS v2.5 §0), the fill's and
the cross-check's, and their ``--set NAME=VALUE`` overrides (validated: a value outside a
constant's range is refused with the constant's name and the rule it breaks)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from pptxagent.errors import SettingError


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
    HIDDEN_TEXT_SHARE: float = Field(0.2, gt=0, le=1)
    """Text whose line boxes are covered this much by art drawn after it (a later shape's
    fill or outline, a later picture) is a ``text_overlap``: hidden under that art."""
    HIDDEN_TEXT_CRITICAL_SHARE: float = Field(0.6, gt=0, le=1)
    """Covered this much, it is critical."""

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
    CONTRAST_KEPT: float = Field(0.7, gt=0, le=1)
    """Template mode: text that meets WCAG but keeps less than this share of the template's
    own ratio for its box (a longer text reaching a lighter part of a photo) lost its
    contrast to the fill: a major issue the correction pass repairs ..."""
    CONTRAST_AMPLE: float = Field(7.0, ge=1)
    """... unless it still has this ratio (WCAG AAA): ample whatever the template had."""
    CONTRAST_CUT_MIN_SHARE: float = Field(0.5, gt=0, le=1)
    """The correction pass keeps such text on the part of its box where it is readable only
    when that part is at least this share of the box (else the text could not fit there)."""
    CONTRAST_FOOTER: float = 3.0
    """Footers, dates and slide numbers (incidental text; Office's own grey footer is 3.5:1)
    are held to the large-text threshold."""
    CONTRAST_OUTLINE_MIN_PX: float = Field(1.0, ge=0)
    """Text outlined at least this wide (``a:ln`` on its runs) is judged by its fill or its
    outline, whichever stands out more."""
    CONTRAST_MIN_PIXELS: int = 20
    """A run showing fewer pixels on the slide is not judged."""
    CONTRAST_SKIP_TOP: float = Field(0.12, ge=0, lt=0.5)
    """The top share of a line rect (the font's ascent, 1.1-1.2 em) that Latin glyphs do not
    reach (14-20 % above the ascenders of Times, Arial, Calibri, DejaVu; ~5 % for CJK):
    left out of the pixels a run is judged on, so a dark band the line rect only grazes
    (a header bar just above the first line) is not taken for what lies behind the text."""

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
    TINY_TEXT_PT: float = Field(6, ge=0, le=72)
    """Text drawn smaller than this (pt, after any autofit scale) is too small to read: a
    ``tiny_text`` issue (0: never). 137 real decks draw none below 6 pt."""

    # 6. footer / citation collisions
    FOOTER_CLEARANCE_PX: float = 2
    """Other text closer than this to a footer's glyphs collides with it."""
    CITATION_MAX_PX: float = 16
    """A citation is small text (≤ 12 pt) ..."""
    CITATION_BOTTOM_FRAC: float = 0.2
    """... in the bottom share of the slide."""
    RUNNING_TOP_FRAC: float = Field(0.1, ge=0, le=1)
    """Master or layout text this small in this top share of the slide (or the citation
    band at its bottom) is a running header or footer: other text keeps the clearance."""
    ART_HIDDEN_SHARE: float = Field(0.5, gt=0, le=1)
    """A line of master or layout text this much covered by the slide's own shapes is not
    seen: not judged."""

    # 8. pictures
    DISTORTION_MAX: float = 0.05
    """Displayed aspect vs the image's own (after the crop) may differ by this share."""

    # 9. design (composed slides, and any deck with ``qa --scratch``; ``qa.design``)
    BALANCE_EMPTY_MAX: float = Field(0.4, gt=0, le=1)
    """``balance``: the content may leave at most this share of the body area's height empty
    in one band (above or below it) ..."""
    BALANCE_OFFSET_MAX: float = Field(0.15, ge=0, le=0.5)
    """... unless its centre is within this share of the height from the area's."""
    FILL_MIN: float = Field(0.2, ge=0, le=1)
    """``fill``: the content block (its width × height) covers at least this share of the
    body area, unless the component is sparse on purpose."""
    GRID_TOL_PX: float = Field(2.0, ge=0)
    """``grid``: a box's edge this close to a column edge is on the grid."""
    TYPE_SCALE_TOL_PT: float = Field(0.5, ge=0)
    """``type_scale``: a size this close to a step of the scale is on it."""
    RHYTHM_RUN_MAX: int = Field(2, ge=1)
    """``rhythm``: the same variant on at most this many slides in a row."""




class Settings(BaseModel):
    """Every constant, with its default. Immutable; use ``with_overrides``."""

    # Each field's docstring documents it in the source (tests/unit/test_settings_validation
    # checks there is one); pydantic is not asked to read them at import (~10 ms per start).
    model_config = ConfigDict(frozen=True, extra="forbid")

    # --- the spec's constants (§0) ------------------------------------------------------
    SLIDE_W: float = Field(1280, gt=0, le=100_000)
    """Slide width in px (a fill takes the template's)."""
    SLIDE_H: float = Field(720, gt=0, le=100_000)
    """Slide height in px (a fill takes the template's)."""
    SAFE_PADDING: float = Field(8, ge=0, le=200)
    """Padding around every element's bbox that another element must not enter (safeBox)."""
    MIN_OVERLAP_AREA_PX: float = Field(100, ge=0)
    """Safe-box intersections smaller than this (px²) are not an overlap."""
    MAX_OVERLAP_PAIRS: int = Field(500, ge=1, le=100_000)
    """Overlapping pairs one slide reports at most (the largest first): a slide of hundreds
    of stacked boxes has a quadratic number of them, each with a hint to compute."""
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
    OVERFLOW_FIT_FLOOR: float = Field(0.0, ge=0, lt=1)
    """Hard fallback for text that does not fit its box at its min font: the box's own
    autofit ("shrink text on overflow", ``a:normAutofit/@fontScale``) shows it smaller, down
    to this share of its size, so it stays whole and inside its box (the slide is degraded:
    its text is below the min font). 0: off, the spec's truncate only (the .pptx then keeps
    the text whole, past its box). ``fill`` sets 0.25, PowerPoint's own lowest autofit."""
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
    FIT_REPEAT_MARGIN_SHARE: float = Field(0.25, ge=0, le=0.9)
    """... but never more than this share of the box's inner height (a line of a two-line
    name box is half of it: aiming that low halves the font)."""
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
    CROSSCHECK_THRESHOLD_EM: float = Field(0.2, ge=0, le=10)
    """...or within this share of the text's largest font, where that is more: the two put a
    line's glyphs up to 0.15 em apart (LibreOffice's first baseline 1.0 em under the line's
    top whatever the font, the browser's by the font's ascent), 9 px on a 44 pt title."""
    CROSSCHECK_DISAGREE_EM: float = Field(0.3, ge=0, le=10)
    """...and a warning only past this share of its largest font, where that is more (an
    extra line is 1.2 em, a word wrapped elsewhere about 1 em and more)."""
    CROSSCHECK_OVERFLOW_EPS_PX: float = Field(1.0, ge=0, le=100)
    """Text further than this outside its shape box overflows (cross-check)."""
    CROSSCHECK_SHRINK_SAFETY: float = Field(0.97, gt=0.5, le=1)
    """A LibreOffice-only overflow's font shrink aims this much below LibreOffice's fit."""
    ROOM_BACKGROUND_SHARE: float = Field(0.5, gt=0, le=1)
    """Layout/master art covering more than this share of the slide is background: a growing
    text box may cover it (smaller art is an obstacle the box stops short of)."""
    QA_CORRECTION_EXTRA_ITER: int = Field(2, ge=0, le=20)
    """Patches the visual QA's correction pass allows beyond the fill's own: fitting by font
    size alone from the template's box takes a few more steps than growing the box did."""
    qa: QaSettings = Field(default_factory=QaSettings)
    """The visual QA's thresholds (``--set CONTRAST_NORMAL=7`` sets one of them)."""

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
        qa_names = set(QaSettings.model_fields)
        qa = {k: v for k, v in pairs.items() if k in qa_names}
        pairs = {k: v for k, v in pairs.items() if k not in qa_names}
        for k, v in qa.items():
            try:
                negative = float(v) < 0
            except (TypeError, ValueError):
                continue  # pydantic names the type error
            if negative:
                raise SettingError(f"--set {k}: must be ≥ 0 (got {v!r})")
        if qa:
            pairs["qa"] = {**self.qa.model_dump(), **qa}
        unknown = sorted(set(pairs) - set(type(self).model_fields) - {"qa"})
        if unknown:
            names = ", ".join(sorted((set(type(self).model_fields) - {"qa"}) | qa_names))
            raise SettingError(f"unknown constant {unknown[0]!r}; known: {names}")
        try:
            return type(self).model_validate({**self.model_dump(), **pairs})
        except ValidationError as exc:
            err = exc.errors()[0]
            name = ".".join(str(p) for p in err["loc"]).removeprefix("qa.") or "constants"
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


DEFAULT_QA_SETTINGS = DEFAULT_SETTINGS.qa
