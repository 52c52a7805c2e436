"""Text that meets WCAG but lost most of the template's contrast for its box, and where in its
box it would keep it (``qa.readable``): the major issue and the cut the correction pass makes."""

from __future__ import annotations

import numpy as np
import pytest

from pptxagent.ir import Box, Element
from pptxagent.qa import SlideBaseline, check_facts
from pptxagent.qa.readable import largest_rectangle, readable_rect
from pptxagent.settings import DEFAULT_QA_SETTINGS as S
from tests.unit.test_qa_checks import TITLE, TITLE_TEXT, H, W, el, facts, run

WHITE_TEXT = (255, 255, 255, 1.0)


def sky(left_px: int, tone: tuple[int, int, int] = (0x8A, 0xA0, 0xB0)) -> np.ndarray:
    """A dark backdrop (#203040, 13.5:1 behind white) whose first ``left_px`` columns are a
    lighter sky (by default #8aa0b0, 2.7:1 behind white)."""
    page = np.zeros((H, W, 3), dtype=np.uint8)
    page[:] = (0x20, 0x30, 0x40)
    page[:, :left_px] = tone
    return page


HAZE = (0x5A, 0x6A, 0x7A)
"""A hazy sky: 5.6:1 behind white (WCAG met for any text)."""


def test_white_text_reaching_a_lighter_sky_lost_its_contrast() -> None:
    title = el("sp2", (100, 100, 800, 200), "Quarterly results 2025", font=40)
    words = run(title, (150, 120, 700, 70), (255, 255, 255), font=40)
    items: list[tuple[Element, tuple[float, float, float, float] | None]] = [
        (TITLE, TITLE_TEXT), (title, (150, 120, 700, 70))]
    template = SlideBaseline(contrast={"sp2": 13.5}, backdrop={"sp2": flat((0x20, 0x30, 0x40))})
    # 80 of its 700 px over the haze: the 10th percentile is the haze's 5.6:1
    f = facts(items, runs=[words], notext=sky(230, HAZE))
    assert check_facts(f) == []  # WCAG met; nothing to compare with in a plain deck
    (lost,) = check_facts(f, baseline=template)
    assert (lost.kind, lost.severity, lost.status) == ("contrast", "major", "open")
    assert lost.measured == pytest.approx(5.6, abs=0.1)
    assert lost.baseline == pytest.approx(13.5, abs=0.05)
    assert lost.threshold == S.CONTRAST_AMPLE
    assert "of the template's 13.48:1 for this box" in lost.message
    # only 20 px over the haze: the percentile stays on the dark, as in the template
    f = facts(items, runs=[words], notext=sky(170, HAZE))
    assert check_facts(f, baseline=template) == []


def flat(rgb: tuple[int, int, int]) -> np.ndarray:
    """A template box's backdrop sample: one colour."""
    return np.array([rgb] * 400, dtype=np.uint8)


def test_kept_contrast_and_ample_contrast_are_no_issue() -> None:
    body = el("sp2", (100, 300, 800, 200), "Body words", font=32)
    white = run(body, (120, 320, 600, 40), (255, 255, 255), font=32)
    items: list[tuple[Element, tuple[float, float, float, float] | None]] = [
        (TITLE, TITLE_TEXT), (body, (120, 320, 600, 40))]
    page = np.full((H, W, 3), 0x60, dtype=np.uint8)  # white on #606060: 6.3:1
    f = facts(items, runs=[white], notext=page)
    # the template drew #505050 behind this box (8.1:1): 6.3 keeps 78% of it
    assert check_facts(f, baseline=SlideBaseline(backdrop={"sp2": flat((0x50,) * 3)})) == []
    # it drew #303030 (13.2:1): 6.3 is 48% of it, below 7:1 (AAA): lost
    (lost,) = check_facts(f, baseline=SlideBaseline(backdrop={"sp2": flat((0x30,) * 3)}))
    assert lost.severity == "major" and lost.measured == pytest.approx(6.3, abs=0.05)
    assert lost.baseline == pytest.approx(13.2, abs=0.05)
    # on #404040 (10.4:1) against a black template box (21:1): still ample
    f = facts(items, runs=[white], notext=np.full((H, W, 3), 0x40, dtype=np.uint8))
    assert check_facts(f, baseline=SlideBaseline(backdrop={"sp2": flat((0, 0, 0))})) == []


def test_a_colour_the_template_gave_the_text_is_no_lost_contrast() -> None:
    """A template's red token in black text: the filled value is red all over, 6.5:1 on the
    same white where the template's (mostly black) text had 21:1. Same backdrop: no loss."""
    body = el("sp2", (100, 300, 800, 200), "Globex Corporation", font=32)
    red = run(body, (120, 320, 600, 40), (0xC0, 0, 0), font=32)
    f = facts([(TITLE, TITLE_TEXT), (body, (120, 320, 600, 40))], runs=[red],
              notext=np.full((H, W, 3), 255, dtype=np.uint8))
    assert check_facts(f, baseline=SlideBaseline(backdrop={"sp2": flat((255, 255, 255))})) == []


def test_largest_rectangle_of_cells() -> None:
    mask = np.array([[0, 1, 1, 1],
                     [0, 1, 1, 1],
                     [1, 1, 1, 0],
                     [0, 1, 1, 0]], dtype=bool)
    assert largest_rectangle(mask) == (0, 1, 4, 2)  # rows 0-3, columns 1-2: 8 cells
    assert largest_rectangle(np.zeros((2, 2), dtype=bool)) is None


def test_the_box_is_cut_on_the_side_of_the_light_sky_only() -> None:
    page = sky(300)
    box = Box(x=100, y=100, w=800, h=200)
    cut = readable_rect(page, box, [WHITE_TEXT], 4.0, percentile=10, min_share=0.5)
    assert cut is not None
    # right, top and bottom edges are the designer's; the left edge moves past the sky
    assert (cut.right, cut.y, cut.bottom) == (box.right, box.y, box.bottom)
    assert 290 <= cut.x <= 310  # a sliver of the sky (under 2% of the rest) may stay


def test_no_cut_when_readable_everywhere_or_when_too_little_is_left() -> None:
    box = Box(x=100, y=100, w=800, h=200)
    assert readable_rect(sky(0), box, [WHITE_TEXT], 4.0, percentile=10, min_share=0.5) is None
    # the sky covers 70% of the box: what is left could not hold the text
    assert readable_rect(sky(660), box, [WHITE_TEXT], 4.0, percentile=10,
                         min_share=0.5) is None


def test_every_colour_of_the_box_must_stay_readable() -> None:
    page = np.zeros((H, W, 3), dtype=np.uint8)
    page[:] = (0x20, 0x30, 0x40)
    page[200:, :] = (0xF0, 0xF0, 0xF0)  # the bottom third of the box is pale
    box = Box(x=100, y=100, w=800, h=300)
    white_only = readable_rect(page, box, [WHITE_TEXT], 4.0, percentile=10, min_share=0.3)
    assert white_only is not None and white_only.bottom == pytest.approx(200, abs=8)
    assert white_only.x == box.x and white_only.right == box.right
    # black text reads on the pale part, white on the dark: no part suits both
    both = readable_rect(page, box, [WHITE_TEXT, (0, 0, 0, 1.0)], 4.0, percentile=10,
                         min_share=0.3)
    assert both is None
