"""The held-out judge's contrast measure on glyph pixels (pure: no LibreOffice).

Each test gives the text colour drawn at each glyph pixel and what is drawn behind it there.
"""

from __future__ import annotations

import numpy as np

from bench.heldout.judge_contrast import CONTRAST_KEEP, text_contrast

WHITE, BLACK, NAVY = (255, 255, 255), (0, 0, 0), (0, 26, 69)
RIBBON, FAINT_ART, RED = (31, 56, 100), (235, 235, 236), (192, 0, 0)


def _pixels(*parts: tuple[int, tuple[int, int, int], tuple[int, int, int]]
            ) -> tuple[np.ndarray, np.ndarray]:
    """(count, text colour, backdrop) groups → the glyph pixels' ink and backdrop arrays."""
    ink = np.array([c for n, c, _ in parts for _ in range(n)], dtype=float)
    back = np.array([b for n, _, b in parts for _ in range(n)], dtype=float)
    return ink, back


def _contrast(*parts: tuple[int, tuple[int, int, int], tuple[int, int, int]]) -> float:
    found = text_contrast(*_pixels(*parts))
    assert found is not None
    return found


def test_white_text_run_off_its_dark_ribbon_onto_white_fails() -> None:
    template = _contrast((400, WHITE, RIBBON))
    # the fill's longer text: its first lines on the ribbon, the rest drawn on the white slide
    out = _contrast((300, WHITE, RIBBON), (100, WHITE, WHITE))
    assert template > 10
    assert out < CONTRAST_KEEP * template


def test_text_moved_onto_a_darker_backdrop_fails() -> None:
    template = _contrast((400, BLACK, WHITE))
    out = _contrast((400, BLACK, (85, 85, 85)))
    assert out < CONTRAST_KEEP * template


def test_faint_art_behind_part_of_the_text_is_no_loss() -> None:
    # poi aptia: long bullets reach the pale starburst the template's short ones stopped short
    # of; the text stays dark navy, a person reads it as well as before
    template = _contrast((400, NAVY, WHITE))
    out = _contrast((250, NAVY, WHITE), (150, NAVY, FAINT_ART))
    assert out >= CONTRAST_KEEP * template


def test_a_shape_mixing_colours_is_judged_by_its_weakest_colour() -> None:
    # a template's red token in black text: the red is a small share of the glyphs, the fill's
    # value in the token's red a large one; both are judged by the red
    template = _contrast((380, BLACK, WHITE), (20, RED, WHITE))
    out = _contrast((150, BLACK, WHITE), (250, RED, WHITE))
    red = _contrast((400, RED, WHITE))
    assert abs(template - red) < 0.01 and abs(out - red) < 0.01


def test_too_little_drawn_text_is_not_judged() -> None:
    assert text_contrast(*_pixels((5, BLACK, WHITE))) is None
