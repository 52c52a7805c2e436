"""Which regions the QA's text pass captures: clips on the page, merged when cheaper."""

from __future__ import annotations

from pptxagent.ir import Box
from pptxagent.measure.clips import merge_clips, overlap, page_clip


def test_a_box_becomes_a_whole_pixel_clip_on_its_slides_page_cut_to_the_slide() -> None:
    assert page_clip(Box(x=10.4, y=20.6, w=5, h=5), (0, 600), (960, 540)) == (
        8, 618, 10.0, 10.0)
    # a box running off the slide is cut at its edge; one entirely off it is nothing
    assert page_clip(Box(x=950, y=530, w=40, h=40), (0, 0), (960, 540)) == (
        948, 528, 12.0, 12.0)
    assert page_clip(Box(x=1000, y=10, w=40, h=40), (0, 0), (960, 540)) is None


def test_near_regions_merge_far_ones_stay_separate_captures() -> None:
    near = [(0, 0, 100, 20), (0, 30, 100, 20)]  # 1 000 px between them: one capture
    assert merge_clips(near, 16_000, cost_px=5_000) == [(0, 0, 100, 50)]
    far = [(0, 0, 100, 20), (0, 5_000, 100, 20)]  # a tall strip between: two captures
    assert merge_clips(far, 16_000, cost_px=5_000) == far
    # never a clip taller than a screenshot may be
    assert len(merge_clips([(0, 0, 10, 10), (0, 100, 10, 10)], 50, cost_px=10**9)) == 2


def test_overlapping_regions_merge_and_overlap_is_their_intersection() -> None:
    assert merge_clips([(0, 0, 50, 50), (25, 25, 50, 50)], 1_000, cost_px=1_000) == [
        (0, 0, 75, 75)]
    assert overlap((0, 0, 50, 50), (25, 25, 50, 50)) == (25, 25, 25, 25)
    assert overlap((0, 0, 10, 10), (20, 20, 5, 5)) is None
