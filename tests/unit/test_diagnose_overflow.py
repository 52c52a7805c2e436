"""content_overflow (§5.1, §5.8): containment trigger, severity and target-state hints."""

from __future__ import annotations

from diag_helpers import dom_from_ir, el, slide

from pptxagent.diagnose import diagnose
from pptxagent.ir import Box, Defect, Element, Hint
from pptxagent.settings import Settings

EDGES = Settings(CONTENT_EDGE_OVERFLOW=True)
"""This module tests the template-mode rule (text past any edge); the spec's literal rule is
tested in test_spec_audit.py."""


def overflow(*elements: Element, content: dict[str, Box | None]) -> list[Defect]:
    ir = slide(*elements)
    d = diagnose(ir, dom_from_ir(ir, content=content), EDGES)
    return [x for x in d.defects if x.type == "content_overflow"]


def only_hint(defects: list[Defect]) -> Hint:
    (defect,) = defects
    assert defect.hint is not None
    return defect.hint


BULLETS = el("b", "bullets", 64, 140, 820, 520, fs=22, lh=1.5)


def test_content_exactly_filling_the_box_is_fine() -> None:
    assert overflow(BULLETS, content={"b": Box(x=64, y=140, w=820, h=520)}) == []


def test_one_layout_unit_past_the_box_is_the_box_measured() -> None:
    # a multi-column body whose columns fill it exactly measured 1/64 px wider than its box:
    # "text still does not fit", and the slide degraded
    assert overflow(BULLETS, content={"b": Box(x=64, y=140, w=820 + 1 / 64, h=520)}) == []
    (defect,) = overflow(BULLETS, content={"b": Box(x=64, y=140, w=820 + 2 / 64, h=520)})
    assert defect.details["overflow_x_px"] == round(2 / 64, 4)


def test_half_a_pixel_too_tall_is_an_overflow() -> None:
    (defect,) = overflow(BULLETS, content={"b": Box(x=64, y=140, w=820, h=520.5)})
    assert defect.details == {"overflow_x_px": 0, "overflow_y_px": 0.5}
    assert defect.severity == 0.5


def test_text_pushed_below_the_box_counts_even_if_not_taller() -> None:
    (defect,) = overflow(BULLETS, content={"b": Box(x=64, y=200, w=800, h=500)})
    assert defect.details["overflow_y_px"] == 40  # 700 − 660


def test_spec_example_resize_height() -> None:
    hint = only_hint(overflow(BULLETS, content={"b": Box(x=64, y=140, w=810, h=562)}))
    assert hint.validated
    assert (hint.action, hint.suggested_h) == ("resize_height", 570)  # 562 + 8
    assert hint.suggested_fontSize is None
    # text starting 2 px lower needs the box 2 px taller to end inside it
    hint = only_hint(overflow(BULLETS, content={"b": Box(x=64, y=142, w=810, h=562)}))
    assert hint.suggested_h == 572


def test_resize_counts_insets() -> None:
    b = el("b", "text", 64, 100, 600, 200, insets={"top": 10, "bottom": 12, "left": 0, "right": 0})
    hint = only_hint(overflow(b, content={"b": Box(x=64, y=110, w=600, h=250)}))
    assert hint.suggested_h == 280  # 250 + 22 + 8


def test_no_room_below_moves_up_into_free_space() -> None:
    b = el("b", "text", 64, 400, 600, 300)
    hint = only_hint(overflow(b, content={"b": Box(x=64, y=400, w=600, h=350)}))
    assert hint.validated
    assert (hint.action, hint.suggested_y, hint.suggested_h) == ("resize_height", 362, 358)


def test_neighbour_below_forces_a_font_shrink_not_a_collision() -> None:
    text = el("b", "text", 64, 100, 600, 300, fs=24, chars=400)
    img = el("img", "image", 64, 416, 600, 200)
    title = el("t", "title", 64, 0, 600, 84, fs=40)
    hint = only_hint(overflow(title, text, img, content={"b": Box(x=64, y=100, w=600, h=400)}))
    # free band: title bottom 84 + 16 = 100 .. image top 416 − 16 = 400
    assert (hint.action, hint.suggested_y, hint.suggested_h) == ("shrink_font", 100, 300)
    assert hint.suggested_fontSize is not None and 16 <= hint.suggested_fontSize < 24
    assert hint.validated
    # fontSize² rule: 400 × (fs/24)² ≤ 300 − 8
    assert 400 * (hint.suggested_fontSize / 24) ** 2 <= 292


def test_font_never_goes_below_min_and_line_height_goes_next() -> None:
    text = el("b", "text", 64, 0, 600, 720, fs=17, lh=1.5, chars=2000)
    hint = only_hint(overflow(text, content={"b": Box(x=64, y=0, w=600, h=900)}))
    assert hint.suggested_fontSize == 16
    assert hint.suggested_lineHeight is not None and 1.0 <= hint.suggested_lineHeight < 1.5
    assert hint.validated


def test_impossible_fit_is_not_validated() -> None:
    text = el("b", "text", 64, 0, 600, 720, fs=16, lh=1.0, chars=5000)
    hint = only_hint(overflow(text, content={"b": Box(x=64, y=0, w=600, h=1400)}))
    assert not hint.validated
    assert hint.suggested_fontSize is None or hint.suggested_fontSize >= 16


def test_width_overflow_widens_the_box() -> None:
    text = el("b", "text", 64, 100, 300, 100)
    (defect,) = overflow(text, content={"b": Box(x=64, y=100, w=420, h=40)})
    assert defect.details == {"overflow_x_px": 120, "overflow_y_px": 0}
    assert defect.hint is not None and defect.hint.validated
    assert (defect.hint.action, defect.hint.suggested_w) == ("resize_width", 428)


def test_width_overflow_wider_than_slide_shrinks_font() -> None:
    text = el("b", "text", 0, 100, 1280, 100, fs=40)
    hint = only_hint(overflow(text, content={"b": Box(x=0, y=100, w=1600, h=48)}))
    assert hint.suggested_fontSize is not None
    assert 1600 * hint.suggested_fontSize / 40 <= 1280 - 8


def test_images_and_empty_text_have_no_overflow() -> None:
    image, empty = el("i", "image", 0, 0, 100, 100), el("t", "text", 0, 200, 100, 20)
    assert overflow(image, empty, content={"t": None}) == []


def test_unwrapped_text_past_its_insets_overflows() -> None:
    # A title with wrap="none", centred, 697 px of text in a 712 px box with 9.6 px insets:
    # inside the box, but 4 px wider than its insets allow. LibreOffice wraps it there (two
    # lines, 31 px past the box); the loop shrank it too little and the label did not hold.
    insets = {"top": 4.8, "right": 9.6, "bottom": 4.8, "left": 9.6}
    title = el("t", "title", 216, 40, 712, 72, fs=45.3, wrap=False, textAlign="center",
               insets=insets)
    line = Box(x=223.45, y=45, w=697.1, h=48)
    (defect,) = overflow(title, content={"t": line})
    assert defect.details["overflow_x_px"] == round(697.1 - (712 - 19.2), 4)
    assert overflow(title, content={"t": Box(x=226, y=45, w=690, h=48)}) == []
    wrapped = el("w", "title", 216, 40, 712, 72, fs=45.3, textAlign="center", insets=insets)
    assert overflow(wrapped, content={"w": line}) == []
