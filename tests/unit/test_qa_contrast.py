"""WCAG 2 contrast maths and the per-run pixel verdict (pure, no browser)."""

from __future__ import annotations

import numpy as np
import pytest

from pptxagent.ir import Box
from pptxagent.ir.qa import RunGlyphs
from pptxagent.measure.pixels import parse_css_color
from pptxagent.qa import DEFAULT_QA_SETTINGS, contrast_ratio, relative_luminance
from pptxagent.qa.contrast import (
    ink_color,
    pixel_ratios,
    required_ratio,
    run_contrast,
    sample_mask,
)


@pytest.mark.parametrize(
    ("fg", "bg", "ratio"),
    [
        ((0x77, 0x77, 0x77), (255, 255, 255), 4.48),  # WCAG's famous just-failing grey
        ((0x76, 0x76, 0x76), (255, 255, 255), 4.54),  # the darkest passing grey on white
        ((0, 0, 0), (255, 255, 255), 21.0),
        ((255, 255, 255), (255, 255, 255), 1.0),
        ((0, 0, 255), (255, 255, 255), 8.59),
        ((255, 0, 0), (255, 255, 255), 4.0),
        ((0x59, 0x59, 0x59), (255, 255, 255), 7.0),
    ],
)
def test_wcag_reference_ratios(fg: tuple[int, int, int], bg: tuple[int, int, int],
                               ratio: float) -> None:
    assert contrast_ratio(fg, bg) == pytest.approx(ratio, abs=0.01)
    assert contrast_ratio(bg, fg) == pytest.approx(ratio, abs=0.01)  # symmetric


def test_relative_luminance_ends() -> None:
    assert relative_luminance((0, 0, 0)) == 0
    assert relative_luminance((255, 255, 255)) == pytest.approx(1.0)


def test_pixel_ratios_match_scalar_and_blend_alpha() -> None:
    bg = np.array([[255, 255, 255], [0, 0, 0], [0x77, 0x77, 0x77]], dtype=np.uint8)
    got = pixel_ratios((0x77, 0x77, 0x77, 1.0), bg)
    assert got[0] == pytest.approx(4.48, abs=0.01)
    assert got[2] == pytest.approx(1.0)
    # black at 50% alpha over white is mid grey: far less than 21:1
    half = pixel_ratios((0, 0, 0, 0.5), bg[:1])
    assert 3.5 < half[0] < 4.5


def test_see_through_text_is_named_with_its_alpha() -> None:
    # "#000000 on #ffffff" beside 2.10:1 reads as a wrong measurement; 30 % black is grey
    assert ink_color((0, 0, 0, 0.3)) == "#000000 at 30 %"
    assert ink_color((255, 255, 255, 1.0)) == "#ffffff"


def _run(color: tuple[int, int, int, float], font_px: float = 16, bold: bool = False,
         rects: tuple[Box, ...] = (Box(x=10, y=10, w=100, h=20),)) -> RunGlyphs:
    return RunGlyphs(eid="sp1", run=0, color=color, font_px=font_px, bold=bold, rects=rects,
                     text="hello")


def test_large_text_thresholds() -> None:
    s = DEFAULT_QA_SETTINGS
    assert required_ratio(_run((0, 0, 0, 1), 16), s) == 4.5
    assert required_ratio(_run((0, 0, 0, 1), 24), s) == 3.0  # 18 pt
    assert required_ratio(_run((0, 0, 0, 1), 18.67, bold=True), s) == 3.0  # 14 pt bold
    assert required_ratio(_run((0, 0, 0, 1), 18.67, bold=False), s) == 4.5


def test_white_on_white_is_one_to_one() -> None:
    page = np.full((100, 200, 3), 255, dtype=np.uint8)
    rc = run_contrast(_run((255, 255, 255, 1)), page, DEFAULT_QA_SETTINGS)
    assert rc is not None and rc.ratio == pytest.approx(1.0)


def test_white_wordart_with_a_dark_rim_reads_on_white() -> None:
    """A Google Slides deck's WordArt: white letters outlined 3 pt in black on a white page
    (``a:ln`` on the run). Its outline draws the letters' shapes: judged by it; a hairline
    rim under ``CONTRAST_OUTLINE_MIN_PX`` is not enough."""
    page = np.full((100, 200, 3), 255, dtype=np.uint8)
    rimmed = _run((255, 255, 255, 1)).model_copy(update={"stroke": (0, 0, 0, 1.0),
                                                         "stroke_px": 4.0})
    rc = run_contrast(rimmed, page, DEFAULT_QA_SETTINGS)
    assert rc is not None and rc.ratio == pytest.approx(21.0)
    faint = rimmed.model_copy(update={"stroke_px": 0.5})
    rc = run_contrast(faint, page, DEFAULT_QA_SETTINGS)
    assert rc is not None and rc.ratio == pytest.approx(1.0)


def test_a_few_stray_dark_pixels_do_not_decide() -> None:
    page = np.full((100, 200, 3), 255, dtype=np.uint8)
    page[10:12, 10:20] = 0  # 20 of 2000 sampled pixels (1%) are black
    rc = run_contrast(_run((0, 0, 0, 1)), page, DEFAULT_QA_SETTINGS)
    assert rc is not None and rc.ratio > 20


def test_text_half_on_a_dark_photo_fails() -> None:
    page = np.full((100, 200, 3), 255, dtype=np.uint8)
    page[:, 60:] = 20  # the right half of the run's rect lies on a near-black picture
    rc = run_contrast(_run((0, 0, 0, 1)), page, DEFAULT_QA_SETTINGS)
    assert rc is not None and rc.ratio < 1.5 < rc.required


def test_unknown_regions_and_only_area_limit_the_sample() -> None:
    rect = Box(x=10, y=10, w=100, h=20)
    mask = sample_mask([rect], (100, 200), unknown=[Box(x=0, y=0, w=60, h=100)])
    assert mask.sum() == 50 * 20
    mask = sample_mask([rect], (100, 200), only=[Box(x=100, y=0, w=50, h=100)])
    assert mask.sum() == 10 * 20
    page = np.full((100, 200, 3), 255, dtype=np.uint8)
    rc = run_contrast(_run((255, 255, 255, 1), rects=(rect,)), page, DEFAULT_QA_SETTINGS,
                      unknown=[Box(x=0, y=0, w=200, h=100)])
    assert rc is None  # nothing left to judge against


def test_parse_css_colors() -> None:
    assert parse_css_color("rgb(255, 0, 10)") == (255, 0, 10, 1.0)
    assert parse_css_color("rgba(1, 2, 3, 0.5)") == (1, 2, 3, 0.5)
    assert parse_css_color("color(srgb 1 0 0 / 0.25)") == (255, 0, 0, 0.25)
