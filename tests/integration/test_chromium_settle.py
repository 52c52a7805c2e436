"""A capture shows the slide's pictures however busy the machine is: the stylesheet's
pictures are decoded before the screenshot is taken."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from pptxagent.engines.chromium import get_chromium

pytestmark = pytest.mark.browser


def _png(size: tuple[int, int], colour: tuple[int, int, int]) -> str:
    buf = io.BytesIO()
    Image.new("RGB", size, colour).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def test_capture_draws_a_large_stylesheet_picture() -> None:
    html = ("<html><head><style>#s { position: absolute; left: 0; top: 0; width: 400px; "
            "height: 300px; background-size: cover; } .pic { background-image: url("
            + _png((3000, 2250), (10, 120, 200)) + "); }</style></head>"
            "<body><div id='s' class='pic'></div></body></html>")
    _, shots = get_chromium().capture_document(
        html, "() => 1", lambda _: [[(0, 0, 400, 300)]], [""])
    image = Image.open(io.BytesIO(shots[0][0])).convert("RGB")
    assert image.getpixel((200, 150)) == (10, 120, 200)
