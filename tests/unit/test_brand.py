"""A brand pack's master art and the room it takes (``pptxagent.ir.brand``): each piece keeps
the content off the edge it hugs, a title rule is kept apart, a corner logo notches the title
instead of an edge, art too deep for an edge is refused, and the components honour it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pptxagent.components.base import Context
from pptxagent.components.chrome import standard_frame
from pptxagent.components.geometry import safe_area
from pptxagent.errors import IRValidationError
from pptxagent.ir.brand import ArtShape, keep_out
from pptxagent.ir.outline import OutlineSlide
from pptxagent.themes import dump_pack, load_pack

W, H = 960.0, 540.0


def band(box: tuple[float, float, float, float]) -> ArtShape:
    return ArtShape(kind="band", box=box, color={"slot": "accent1"})  # type: ignore[arg-type]


def test_each_piece_keeps_the_content_off_its_own_edge() -> None:
    ko = keep_out((band((0, 0, 1, 0.1)), band((0, 0, 0.05, 1)),
                   band((0, 0.97, 1, 0.03))), None, 40, W, H)
    assert ko.top == pytest.approx(0.1 * H + 12)
    assert ko.left == pytest.approx(0.05 * W + 12)
    assert ko.bottom == 40 and ko.right == 40  # a 16 pt strip: the margin already holds it
    assert ko.rule is None and ko.notch is None


def test_a_rule_under_the_title_area_is_the_title_rule() -> None:
    rule = ArtShape(kind="rule", box=(0.05, 0.2, 0.9, 0), color={"slot": "tx2"},  # type: ignore[arg-type]
                    line_pt=1.5)
    ko = keep_out((rule,), None, 40, W, H)
    assert ko.rule == pytest.approx((0.2 * H, 0.2 * H)) and ko.top == 40


def test_a_corner_logo_notches_the_title_a_centred_one_takes_the_top() -> None:
    corner = keep_out((), (0.87, 0.06, 0.08, 0.1), 40, W, H)
    assert corner.right == 40 and corner.top == 40
    assert corner.notch == pytest.approx((0.87 * W - 12, 0.95 * W + 12, 0.16 * H + 12))
    centred = keep_out((), (0.45, 0.05, 0.1, 0.1), 40, W, H)
    assert centred.notch is None and centred.top == pytest.approx(0.15 * H + 12)
    bottom = keep_out((), (0.86, 0.94, 0.09, 0.05), 40, W, H)
    assert bottom.notch is None and bottom.bottom == pytest.approx(0.06 * H + 12)


def test_art_too_deep_for_an_edge_or_missing_its_colour_is_refused(tmp_path: Path) -> None:
    base = load_pack("default")
    pack = tmp_path / "p.json"
    for art, said in (
        ({"kind": "band", "box": [0.3, 0.3, 0.4, 0.4], "color": {"slot": "accent1"}},
         "art[0]: the box [0.3, 0.3, 0.4, 0.4] would take over 30 %"),
        ({"kind": "band", "box": [0, 0, 1, 0.1]}, "$.art[0]: Value error, a band needs its"),
        ({"kind": "picture", "box": [0, 0, 1, 0.1], "image": "strip.png"},
         "$.art[0].image: no such file"),
    ):
        text = dump_pack(base).replace('"transition"', f'"art": [{json.dumps(art)}],\n  '
                                       '"transition"')
        pack.write_text(text)
        with pytest.raises(IRValidationError) as err:
            load_pack(pack)
        assert said in str(err.value), str(err.value)


def test_components_honour_the_art() -> None:
    pack = load_pack("default").model_copy(update={
        "art": (band((0, 0, 1, 0.1)),
                ArtShape(kind="rule", box=(0.05, 0.3, 0.9, 0),  # type: ignore[arg-type]
                         color={"slot": "tx2"}, line_pt=1)),
        "logo_box": (0.88, 0.12, 0.08, 0.08)})
    area = safe_area(pack)
    assert area.top >= 0.3 * H  # below the title rule
    frame = standard_frame(OutlineSlide(title="Quarterly results", bullets=["a"]),
                           Context(pack=pack, source=0, part=(1, 1), base_dir=Path(".")))
    title = next(s for s in frame.shapes if getattr(s, "name", "") == "title")
    x, y, w, h = title.box.x, title.box.y, title.box.w, title.box.h
    assert (y + h) / 12700 <= 0.3 * H and y / 12700 >= 0.1 * H  # between the band and rule
    assert (x + w) / 12700 <= 0.88 * W - 12  # clear of the logo beside it
    assert frame.body.top >= 0.3 * H and frame.body.right == area.right
    assert not any(getattr(s, "name", "") == "title-rule" for s in frame.shapes)


def test_a_second_header_rule_keeps_the_content_off_and_a_low_logo_takes_its_edge() -> None:
    rules = tuple(ArtShape(kind="rule", box=(0.05, y, 0.9, 0), color={"slot": "tx2"},  # type: ignore[arg-type]
                           line_pt=1) for y in (0.25, 0.14))
    ko = keep_out(rules, None, 40, W, H)
    assert ko.rule == pytest.approx((0.14 * H, 0.14 * H))
    assert ko.top == pytest.approx(0.25 * H + 12)  # the lower rule pushes the content down
    low = keep_out((), (0.88, 0.25, 0.08, 0.2), 40, W, H)
    assert low.notch is None and low.right == pytest.approx(0.12 * W + 12)


def test_colours_no_slot_can_carry_are_left_out_with_the_reason() -> None:
    from pptxagent.ooxml.theme import ColorSpec
    from pptxagent.ooxml.themeread import TemplateTheme
    from pptxagent.pipeline.brandart import art_color

    facts = TemplateTheme(master="m", theme="t", clr_map={"bg1": "lt1", "tx2": "dk2"})
    colors = load_pack("default").colors
    assert art_color(ColorSpec("scheme", "accent1", (("lumMod", 120000),)), facts, colors,
                     False) == "its colour's lumMod/lumOff is outside 0…100 %"
    assert "without its last colour" in str(art_color(ColorSpec("sys", "windowText"), facts,
                                                      colors, False))
    ok = art_color(ColorSpec("scheme", "tx2", (("lumMod", 75000),)), facts, colors, False)
    assert not isinstance(ok, str) and ok.slot == "tx2" and ok.lum_mod == 75
    dark = art_color(ColorSpec("scheme", "lt1"), facts, colors, True)
    assert not isinstance(dark, str) and dark.slot == "tx1"
