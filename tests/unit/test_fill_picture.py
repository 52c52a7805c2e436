"""Cropping math for picture fill (a:srcRect), and image reading."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pptxagent.ooxml.picture import crop_rect, read_image


def test_wide_image_in_square_frame_crops_a_quarter_each_side() -> None:
    assert crop_rect(200, 100, 500, 500) == {"l": 25000, "r": 25000}


def test_tall_image_in_wide_frame_crops_top_and_bottom() -> None:
    # 1:2 image into a 2:1 frame: visible height = 1/4 of the image, 37.5% off top and bottom
    assert crop_rect(100, 200, 800, 400) == {"t": 37500, "b": 37500}


def test_same_aspect_no_crop() -> None:
    assert crop_rect(1600, 900, 1280, 720) == {}


def test_read_image(tmp_path: Path) -> None:
    png = tmp_path / "x.png"
    Image.new("RGB", (40, 20), "red").save(png)
    info = read_image(png)
    assert (info.width, info.height, info.ext, info.content_type) == (40, 20, "png", "image/png")
    bad = tmp_path / "bad.png"
    bad.write_text("not an image")
    with pytest.raises(ValueError, match=r"bad\.png"):
        read_image(bad)
