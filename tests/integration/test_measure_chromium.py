"""DOM measurement (spec §4) in the real headless Chromium."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest

from pptxagent.engines.chromium import Chromium
from pptxagent.errors import EngineError
from pptxagent.ir import DomElement, SlideIR
from pptxagent.measure import Measurer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def measurer(browser: Chromium) -> Measurer:
    return Measurer(browser)


def el(eid: str, content: str, x: float, y: float, w: float, h: float, **style: Any
       ) -> dict[str, Any]:
    return {"eid": eid, "type": "text", "priority": 60, "content": content,
            "layout": {"x": x, "y": y, "w": w, "h": h}, "style": {"fontSize": 20, **style}}


def slide(*elements: dict[str, Any]) -> SlideIR:
    return SlideIR.model_validate({"elements": list(elements)})


def measured(m: Measurer, ir: SlideIR, eid: str) -> DomElement:
    dom, _ = m.measure(ir)
    got = dom.get(eid)
    assert got is not None
    return got


def test_text_that_fits_vs_text_that_overflows(measurer: Measurer) -> None:
    # 5 lines of 24 px pitch = 120 px box; 3 lines fit, 8 lines spill 72 px below.
    ir = slide(el("fits", "a\nb\nc", 40, 40, 400, 120),
               el("spills", "\n".join("abcdefgh"), 500, 40, 400, 120))
    dom, html = measurer.measure(ir)
    fits, spills = dom.get("fits"), dom.get("spills")
    assert fits is not None and spills is not None and fits.contentBox and spills.contentBox
    assert 'data-eid="fits"' in html
    assert fits.contentBox.h <= fits.bbox.h
    assert spills.contentBox.h > spills.bbox.h
    assert spills.contentBox.h == pytest.approx(7 * 24 + 20, abs=3)  # 8 lines of Carlito 20 px
    assert fits.safeBox.x == fits.bbox.x - 8 and fits.safeBox.w == fits.bbox.w + 16


def test_second_slide_of_a_deck_is_measured_in_its_own_coordinates(
    measurer: Measurer,
) -> None:
    first = slide(el("t", "first slide", 10, 10, 300, 50))
    second = slide(el("t", "second slide", 100, 50, 300, 50, zIndex=3))
    doms = measurer.measure_many([first, second])
    assert len(doms) == 2
    t2 = doms[1].get("t")
    assert t2 is not None and t2.contentBox is not None
    assert (t2.bbox.x, t2.bbox.y, t2.bbox.w, t2.bbox.h) == (100, 50, 300, 50)
    assert t2.contentBox.x == pytest.approx(100, abs=0.5)
    assert 50 <= t2.contentBox.y < 60


def test_unbreakable_word_without_wrap_overflows_width(measurer: Measurer) -> None:
    word = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"
    ir = slide(el("nowrap", word, 40, 40, 200, 60, wrap=False),
               el("wrap", word, 40, 200, 200, 200))
    dom, _ = measurer.measure(ir)
    nowrap, wrap = dom.get("nowrap"), dom.get("wrap")
    assert nowrap and nowrap.contentBox and wrap and wrap.contentBox
    assert nowrap.contentBox.w > nowrap.bbox.w + 100
    assert wrap.contentBox.w <= wrap.bbox.w  # the browser breaks the word to fit
    assert wrap.contentBox.h > 24  # ... over several lines


def test_line_height_two_single_line_has_no_phantom_overflow(measurer: Measurer) -> None:
    got = measured(measurer, slide(el("lh2", "One line", 40, 40, 400, 40, lineHeight=2.0)), "lh2")
    assert got.contentBox is not None
    assert got.contentBox.h <= got.bbox.h
    assert got.computed.lineHeight == pytest.approx(2.0)
    assert got.computed.fontSize == 20


def test_truncated_text_is_clipped_to_its_box(measurer: Measurer, tmp_path: Path) -> None:
    from PIL import Image

    long_line = "An unusually long single line of text " * 6
    ir = slide(el("lines", "\n".join("abcdefgh"), 40, 40, 400, 120, overflow="hidden",
                  backgroundColor="#ffffff"),
               el("one", long_line, 40, 300, 300, 30, overflow="hidden", wrap=False))
    dom, _ = measurer.measure(ir)
    lines, one = dom.get("lines"), dom.get("one")
    assert lines and lines.contentBox and one and one.contentBox
    assert lines.contentBox.h <= lines.bbox.h and one.contentBox.w <= one.bbox.w
    png = Image.open(measurer.screenshot(ir, tmp_path / "render_0.png")).convert("L")
    below = [png.getpixel((x, y)) for x in range(40, 440) for y in range(162, 240, 2)]
    assert min(below) == 255  # nothing drawn below the 120 px box


def test_images_hidden_elements_and_z_index(measurer: Measurer) -> None:
    image = {"eid": "img", "type": "image", "priority": 40, "content": "",
             "layout": {"x": 0, "y": 0, "w": 100, "h": 100, "zIndex": 0}}
    hidden = el("gone", "hidden text", 200, 200, 100, 40, display="none")
    dom, _ = measurer.measure(slide(image, hidden))
    img, gone = dom.get("img"), dom.get("gone")
    assert img and img.contentBox is None and img.zIndex == 0 and img.visible
    assert gone and not gone.visible and gone.contentBox is None
    assert (gone.bbox.x, gone.bbox.y) == (200, 200)


def test_screenshot_is_the_slide_only(measurer: Measurer, tmp_path: Path) -> None:
    ir = SlideIR.model_validate({"slide": {"w": 960, "h": 720},
                                 "elements": [el("t", "Hello", 900, 10, 300, 50)]})
    png = measurer.screenshot(ir, tmp_path / "render_0.png")
    head = png.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", head[16:24]) == (960, 720)


def test_picture_is_painted_and_missing_picture_is_grey(
    measurer: Measurer, tmp_path: Path
) -> None:
    from PIL import Image

    picture = Path(__file__).parents[2] / "fixtures" / "team.png"
    ir = slide({"eid": "pic", "type": "image", "priority": 40, "content": str(picture),
                "layout": {"x": 0, "y": 0, "w": 600, "h": 300}},
               {"eid": "gone", "type": "image", "priority": 40, "content": "nope.png",
                "layout": {"x": 700, "y": 0, "w": 200, "h": 100}})
    png = Image.open(measurer.screenshot(ir, tmp_path / "render_0.png")).convert("RGB")
    source = Image.open(picture).convert("RGB")
    # The 1200×600 picture covers the 600×300 box (scaled by ½): centre pixels agree.
    assert png.getpixel((300, 150)) == source.getpixel((600, 300))
    assert png.getpixel((800, 50)) == (0xD9, 0xD9, 0xD9)


def test_missing_browser_is_an_engine_error_that_says_what_to_do() -> None:
    engine = Chromium("/nonexistent/chromium")
    with pytest.raises(EngineError, match=r"cannot start Chromium.*PPTXAGENT_CHROMIUM"):
        engine.start()
    assert not engine.started


def test_failed_script_is_an_engine_error_and_the_next_call_works(browser: Chromium) -> None:
    with pytest.raises(EngineError, match="Chromium failed while measuring"):
        browser.evaluate_document("<p>x</p>", "() => { throw new Error('boom'); }")
    got = browser.evaluate_document("<p id=a>hello</p>", "(k) => [document.getElementById(k)"
                                    ".textContent, 1.5, null]", "a")
    assert got == ["hello", 1.5, None]


def test_any_thread_may_use_the_browser(browser: Chromium) -> None:
    """Calls run on the browser's own thread: a worker thread measures with the browser the
    main thread started, and the main thread still can afterwards."""
    import threading

    got: list[object] = []

    def other() -> None:
        got.append(browser.evaluate_document("<p id=a>from a thread</p>",
                                             "() => document.getElementById('a').textContent"))

    worker = threading.Thread(target=other)
    worker.start()
    worker.join()
    assert got == ["from a thread"]
    assert browser.evaluate_document("<p>x</p>", "() => 2") == 2  # still fine here


def test_a_background_start_is_waited_for_by_the_first_call() -> None:
    engine = Chromium()
    try:
        engine.start_background()
        assert engine.evaluate_document("<p>x</p>", "() => 3") == 3
        assert engine.started
    finally:
        engine.close()
    assert not engine.started
