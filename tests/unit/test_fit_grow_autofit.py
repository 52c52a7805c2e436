"""A "resize shape to fit text" box (``a:spAutoFit``) grows before its text shrinks.

Found on a 1920 × 1080 template of PowerPoint text boxes: a long title in an 80 pt box with
wrapping off came out at 15.3 pt, a 28 pt caption with the whole slide empty below it at
12.4 pt, both labelled clean. PowerPoint grows such a box as the text gets longer.
"""

from __future__ import annotations

from diag_helpers import el, slide

from pptxagent.ir import Defect, Diagnostics, Element, Summary
from pptxagent.ir.visual import Visual
from pptxagent.policy.base import PolicyContext
from pptxagent.policy.fit import FitPolicy
from pptxagent.settings import Settings


def _propose(*els: Element, eid: str, ox: float = 0.0, oy: float = 0.0,
             w: float = 1280, h: float = 720) -> dict[str, dict[str, float]]:
    d = Defect(type="content_overflow", eid=eid, severity=ox + oy,
               details={"overflow_x_px": ox, "overflow_y_px": oy})
    diag = Diagnostics(defects=[d], warnings=[], summary=Summary(
        defect_count=1, total_severity=ox + oy, warning_count=0))
    patch = FitPolicy().propose(slide(*els, w=w, h=h), diag,
                                PolicyContext(settings=Settings(), iteration=0))
    return {e.eid: {**e.layout, **e.style} for e in patch.edits}


def test_a_caption_grows_down_into_the_empty_slide_and_keeps_its_font() -> None:
    cap = el("c", "text", 100, 400, 400, 50, fs=37, autofit="shape")
    (edit,) = _propose(cap, eid="c", oy=150).values()
    assert "fontSize" not in edit
    assert edit["h"] >= 200 and "y" not in edit  # top-anchored: grows down


def test_the_same_box_without_resize_to_fit_shrinks_its_font_in_place() -> None:
    cap = el("c", "text", 100, 400, 400, 50, fs=37)
    (edit,) = _propose(cap, eid="c", oy=150).values()
    assert edit["fontSize"] < 37 and "h" not in edit


def test_bottom_anchored_text_grows_up_and_centred_text_both_ways() -> None:
    up = el("c", "text", 100, 400, 400, 50, fs=37, autofit="shape", verticalAlign="bottom")
    (edit,) = _propose(up, eid="c", oy=100).values()
    assert edit["y"] + edit["h"] == 450 and edit["y"] < 300
    mid = el("c", "text", 100, 400, 400, 50, fs=37, autofit="shape", verticalAlign="middle")
    (edit,) = _propose(mid, eid="c", oy=100).values()
    assert abs((edit["y"] + edit["h"] / 2) - 425) < 0.01


def test_unwrapped_text_grows_sideways_from_its_alignment() -> None:
    left = el("t", "text", 100, 50, 500, 100, fs=100, autofit="shape", wrap=False)
    (edit,) = _propose(left, eid="t", ox=300).values()
    assert edit.get("x", 100) == 100 and edit["w"] >= 800 and "fontSize" not in edit
    centred = el("t", "text", 400, 50, 500, 100, fs=100, autofit="shape", wrap=False,
                 textAlign="center")
    (edit,) = _propose(centred, eid="t", ox=300).values()
    assert abs((edit["x"] + edit["w"] / 2) - 650) < 0.01


def test_it_stops_short_of_a_neighbour_and_the_font_takes_the_rest() -> None:
    cap = el("c", "text", 100, 400, 400, 50, fs=37, autofit="shape")
    below = el("n", "text", 100, 560, 400, 50, fs=18)
    edit = _propose(cap, below, eid="c", oy=150)["c"]
    assert edit["h"] <= 560 - 16 - 400 + 0.01  # two safe paddings short of the neighbour
    assert edit["fontSize"] < 37


def test_no_growth_past_the_page_margin_the_other_way_instead() -> None:
    # Open XML SDK's typical deck: a left-aligned label near the right edge came out 40 %
    # smaller; its line now reaches left into the empty space instead.
    right = el("t", "text", 900, 50, 300, 60, fs=40, autofit="shape", wrap=False)
    edit = _propose(right, eid="t", ox=400)["t"]
    assert edit["x"] + edit["w"] <= 1280 - 0.015 * 1280 + 0.01
    assert edit["x"] < 900 - 300 and "fontSize" not in edit


def test_blocked_on_both_sides_the_font_takes_the_rest() -> None:
    label = el("t", "text", 500, 50, 300, 60, fs=40, autofit="shape", wrap=False)
    left = el("a", "text", 300, 50, 180, 60, fs=20)
    right = el("b", "text", 820, 50, 180, 60, fs=20)
    edit = _propose(label, left, right, eid="t", ox=400)["t"]
    assert edit.get("x", 500) >= 500 - 4.01 and edit["fontSize"] < 40


def test_a_title_grows_by_its_budget_and_its_font_takes_the_rest() -> None:
    title = el("t", "title", 100, 50, 800, 100, fs=60, autofit="shape")
    edit = _propose(title, eid="t", oy=100)["t"]
    assert edit["h"] <= 115.01  # +15 % a patch (HIGH_PRIO_SIZE_BUDGET)
    assert 60 * 0.85 - 0.01 <= edit["fontSize"] < 60


def test_libreoffice_s_overflow_still_takes_a_smaller_font() -> None:
    # The height written for such a box is the browser's text height: only a smaller font
    # reaches LibreOffice's drawing.
    cap = el("c", "text", 100, 400, 400, 50, fs=37, autofit="shape")
    d = Defect(type="content_overflow", eid="c", severity=20,
               details={"overflow_x_px": 0.0, "overflow_y_px": 20.0, "source": "libreoffice"})
    diag = Diagnostics(defects=[d], warnings=[], summary=Summary(
        defect_count=1, total_severity=20, warning_count=0))
    (edit,) = FitPolicy().propose(slide(cap), diag,
                                  PolicyContext(settings=Settings(), iteration=0)).edits
    assert edit.style["fontSize"] < 37 and "h" not in edit.layout


def test_the_space_toward_a_body_that_overflows_too_is_left_to_the_body() -> None:
    # unstructured's science deck: a heading box grew down into the 30 px the body needed to
    # move up into at its min font, and the body was left 4 px too long (degraded).
    head = el("h", "text", 100, 20, 700, 80, fs=32, autofit="shape")
    body = el("b", "bullets", 0, 130, 940, 520, fs=20)
    d = [Defect(type="content_overflow", eid=e, severity=50,
                details={"overflow_x_px": 0.0, "overflow_y_px": 50.0}) for e in ("h", "b")]
    diag = Diagnostics(defects=d, warnings=[], summary=Summary(
        defect_count=2, total_severity=100, warning_count=0))
    edits = {e.eid: e for e in FitPolicy().propose(
        slide(head, body), diag, PolicyContext(settings=Settings(), iteration=0)).edits}
    assert "h" not in edits["h"].layout and edits["h"].style["fontSize"] < 32


def test_a_picture_the_template_set_nearer_than_the_padding_is_not_grown_toward() -> None:
    cap = el("c", "text", 100, 256, 600, 125, fs=32, autofit="shape")
    pic = el("p", "image", 400, 392, 112, 136)  # 11 px below the caption
    edit = _propose(cap, pic, eid="c", oy=100)["c"]
    assert "h" not in edit and edit["fontSize"] < 32  # no growth, and no cut into its box


def test_a_title_box_the_template_laid_over_the_body_does_not_grow_down_over_its_text() -> None:
    # PHPPresentation's sample: the title's box reaches 20 px into the body's; grown down, the
    # title's second line lay over the first bullet.
    title = el("t", "text", 40, 40, 880, 100, fs=64, autofit="shape")
    body = el("b", "bullets", 40, 120, 880, 500, fs=28)
    edit = _propose(title, body, eid="t", oy=80)["t"]
    assert "h" not in edit and edit["fontSize"] < 64


def test_growth_never_cuts_the_template_s_own_box() -> None:
    # A label on a chevron 8 px narrower than the label's box: grown down inside it, the box
    # keeps its width (it came out 8 px narrower and moved).
    label = el("l", "text", 288, 408, 200, 55, fs=37, autofit="shape")
    chevron = el("c", "decoration", 304, 312, 168, 232)
    edit = _propose(label, chevron, eid="l", oy=40)["l"]
    assert edit["h"] > 90 and "w" not in edit and "x" not in edit


def _chain_patch(body_fs: float) -> dict[str, dict[str, float]]:
    """Open XML SDK's typical deck: a note the template set against the body's last line
    (their boxes 12 px into each other: the template's own overlap), the body overflowing."""
    from pptxagent.ir import ChainHint

    body = el("b", "bullets", 124, 212, 816, 432, fs=body_fs)
    note = el("n", "text", 24, 632, 914, 60, fs=24)
    d = Defect(type="content_overflow", eid="b", severity=68,
               details={"overflow_x_px": 0.0, "overflow_y_px": 68.0})
    diag = Diagnostics(defects=[d], warnings=[], summary=Summary(
        defect_count=1, total_severity=68, warning_count=0, conflict_chain=["b", "n"],
        chain_hints=[ChainHint(eid="b", action="keep"),
                     ChainHint(eid="n", action="move_down_and_shrink", suggested_y=660,
                               suggested_h=50, suggested_fontSize=20)]))
    patch = FitPolicy().propose(slide(body, note), diag,
                                PolicyContext(settings=Settings(), iteration=1))
    return {e.eid: {**e.layout, **e.style} for e in patch.edits}


def test_a_body_shrinking_in_its_box_does_not_push_the_note_set_against_it() -> None:
    assert set(_chain_patch(40)) == {"b"}  # the note stays where the designer put it


def test_a_body_at_its_min_font_may_push_it_to_make_room() -> None:
    assert "n" in _chain_patch(20)  # 20 px: the bullets' min font


def test_a_rule_below_a_caption_is_not_grown_over() -> None:
    cap = el("c", "text", 100, 100, 500, 50, fs=32, autofit="shape")
    rule = el("r", "decoration", 100, 190, 500, 0)
    rule = rule.model_copy(update={"visual": Visual(geometry="line")})
    edit = _propose(cap, rule, eid="c", oy=120)["c"]
    assert cap.layout.y + edit.get("h", 50) <= 190 - 15.99  # two safe paddings above it


def test_a_caption_touching_a_picture_does_not_grow_over_it() -> None:
    # The reviewer's case: a caption 4 px into the picture below it grew 113 px down over the
    # dark picture (3.0:1), or under it when the picture is drawn on top (degraded).
    cap = el("c", "text", 100, 60, 500, 50, fs=32, autofit="shape")
    pic = el("p", "image", 100, 106, 500, 400)
    edit = _propose(cap, pic, eid="c", oy=120)["c"]
    assert "h" not in edit and edit["fontSize"] < 32


def test_a_title_growing_left_moves_within_its_move_budget() -> None:
    # A right-aligned title: asked 147 px left and 147 px wider, the move was clamped to
    # 48 px and the box slid right, to the slide's edge.
    title = el("t", "title", 250, 40, 980, 90, fs=58, autofit="shape", wrap=False,
               textAlign="right")
    edit = _propose(title, eid="t", ox=300)["t"]
    assert 250 - edit["x"] <= 48.01 and edit["x"] + edit["w"] <= 1280 - 0.015 * 1280 + 0.01
