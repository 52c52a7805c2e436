"""The held-out judge's contrast measure on drawn pixels (pure: no LibreOffice)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bench.heldout.judge_art import text_contrast
from pptxagent.engines.libreoffice import TextBox

BOX = TextBox(x=10, y=10, w=200, h=40)


def _slide(backdrop: str, ink: str, heading: str | None = None) -> Image.Image:
    img = Image.new("RGB", (240, 80), backdrop)
    draw = ImageDraw.Draw(img)
    for k in range(12):  # strokes standing for glyphs; a heading's are the first four
        colour = heading if heading is not None and k < 4 else ink
        draw.rectangle((14 + 16 * k, 16, 18 + 16 * k, 44), fill=colour)
    return img


def test_text_moved_onto_a_dark_backdrop_loses_contrast() -> None:
    on_white = text_contrast(_slide("white", "black"), BOX)
    on_grey = text_contrast(_slide("#555555", "black"), BOX)
    assert on_white is not None and on_white > 15
    assert on_grey is not None and on_grey < 0.7 * on_white


def test_a_box_mixing_colours_is_judged_by_its_weakest_colour() -> None:
    mixed = text_contrast(_slide("white", "black", heading="#c00000"), BOX)
    red = text_contrast(_slide("white", "#c00000"), BOX)
    assert mixed is not None and red is not None and abs(mixed - red) < 0.5


def test_text_on_a_busy_backdrop_is_not_judged() -> None:
    img = Image.new("RGB", (240, 80))
    img.putdata([((x * 7) % 256, (x * 3) % 256, 90) for x in range(240 * 80)])
    assert text_contrast(img, BOX) is None
