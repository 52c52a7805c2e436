"""Pure pieces of the inventory: colour maths, theme fonts, numbering, placeholder matching."""

from __future__ import annotations

import pytest

from pptxagent.inventory.cascade import Numbering, autonum_text, resolve_font
from pptxagent.inventory.colors import ColorContext, resolve_color
from pptxagent.inventory.context import match_layout_placeholder, match_master_placeholder
from pptxagent.ooxml.shapes import PhRef, ShapeData, SlideDoc
from pptxagent.ooxml.styles import Bullet
from pptxagent.ooxml.theme import ColorSpec, Theme

SCHEME = {"dk1": "000000", "lt1": "FFFFFF", "accent1": "4F81BD", "dk2": "1F497D"}
CTX = ColorContext(scheme=SCHEME, clr_map={"tx1": "dk1", "bg1": "lt1", "tx2": "dk2"})


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (ColorSpec("srgb", "ff8800"), "#FF8800"),
        (ColorSpec("scheme", "tx1"), "#000000"),
        (ColorSpec("scheme", "bg1"), "#FFFFFF"),
        (ColorSpec("scheme", "accent1", (("lumMod", 75000),)), "#376092"),
        (ColorSpec("scheme", "bg1", (("lumMod", 50000),)), "#808080"),
        (ColorSpec("scheme", "tx1", (("lumMod", 50000), ("lumOff", 50000))), "#808080"),
        (ColorSpec("srgb", "FF0000", (("shade", 50000),)), "#BC0000"),
        (ColorSpec("scheme", "tx1", (("tint", 75000),)), "#898989"),  # PowerPoint's footer grey
        (ColorSpec("sys", "FFFFFF"), "#FFFFFF"),
        (ColorSpec("prst", "red"), "#FF0000"),
        # a PowerPoint 2003 gradient's dark end: shaded in sRGB (as LibreOffice draws it)
        (ColorSpec("srgb", "0066CC", (("gamma", 0), ("shade", 46275), ("invGamma", 0))),
         "#00295A"),
        (ColorSpec("srgb", "0066CC", (("shade", 46275),)), "#004690"),
        (ColorSpec("srgb", "FF8800", (("inv", 0),)), "#0077FF"),
        (ColorSpec("srgb", "FF0000", (("comp", 0),)), "#00FFFF"),
        (ColorSpec("srgb", "FF0000", (("gray", 0),)), "#363636"),
    ],
)
def test_colours_resolve_through_map_scheme_and_modifiers(spec: ColorSpec, expected: str) -> None:
    assert resolve_color(spec, CTX) == expected


def test_colour_map_override_swaps_text_and_background() -> None:
    dark = ColorContext(scheme=SCHEME, clr_map={"tx1": "lt1", "bg1": "dk1"})
    assert resolve_color(ColorSpec("scheme", "tx1"), dark) == "#FFFFFF"


def test_unknown_colours_give_none_not_a_crash() -> None:
    assert resolve_color(ColorSpec("scheme", "nope"), CTX) is None
    assert resolve_color(ColorSpec("srgb", "zz"), CTX) is None
    assert resolve_color(ColorSpec("scheme", "phClr"), CTX) is None


def test_theme_fonts() -> None:
    theme = Theme(major={"latin": "Calibri Light", "ea": ""}, minor={"latin": "Calibri"})
    assert resolve_font("+mj-lt", theme) == "Calibri Light"
    assert resolve_font("+mn-lt", theme) == "Calibri"
    assert resolve_font("+mj-ea", theme) == "Calibri Light"  # empty ea falls back to latin
    assert resolve_font("Georgia", theme) == "Georgia"


@pytest.mark.parametrize(
    ("scheme", "n", "label"),
    [
        ("arabicPeriod", 3, "3."),
        ("arabicParenR", 12, "12)"),
        ("alphaUcParenR", 2, "B)"),
        ("alphaLcPeriod", 28, "ab."),
        ("romanLcPeriod", 4, "iv."),
        ("romanUcParenBoth", 9, "(IX)"),
    ],
)
def test_autonumber_labels(scheme: str, n: int, label: str) -> None:
    assert autonum_text(scheme, n) == label


def test_numbering_restarts_after_an_unnumbered_paragraph_and_nests() -> None:
    num = Numbering()
    auto = Bullet("autonum", scheme="arabicPeriod", start_at=1)
    assert [num.next(0, auto), num.next(0, auto), num.next(1, auto), num.next(0, auto)] == [
        1,
        2,
        1,
        3,
    ]
    assert num.next(0, Bullet("char", char="•")) is None
    assert num.next(0, auto) == 1


def _ph(name: str, ph_type: str | None, idx: int | None) -> ShapeData:
    return ShapeData(shape_id=1, name=name, kind="sp", ph=PhRef(ph_type, idx), xfrm=None)


def test_placeholder_matching_by_idx_then_type() -> None:
    layout = SlideDoc(
        part="/l.xml",
        name="L",
        show=True,
        clr_map={},
        shapes=(_ph("T", "title", None), _ph("B", None, 1), _ph("B2", None, 2), _ph("D", "dt", 10)),
        parent=None,
    )
    pick = match_layout_placeholder
    assert pick(layout, PhRef("ctrTitle", None)) is not None
    assert pick(layout, PhRef("ctrTitle", None)).name == "T"  # type: ignore[union-attr]
    assert pick(layout, PhRef(None, 2)).name == "B2"  # type: ignore[union-attr]
    assert pick(layout, PhRef("body", 7)).name == "B"  # type: ignore[union-attr]
    assert pick(layout, PhRef("dt", 3)).name == "D"  # type: ignore[union-attr]
    assert pick(layout, PhRef("pic", 9)) is None
    master = SlideDoc(
        part="/m.xml",
        name="M",
        show=True,
        clr_map={},
        shapes=(_ph("MT", "title", None), _ph("MB", "body", 1)),
        parent=None,
    )
    assert match_master_placeholder(master, "subTitle").name == "MB"  # type: ignore[union-attr]
    assert match_master_placeholder(master, "ctrTitle").name == "MT"  # type: ignore[union-attr]
    assert match_master_placeholder(master, "sldNum") is None
