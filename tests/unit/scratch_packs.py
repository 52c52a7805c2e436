"""Three theme packs for the component/selection tests (independent of the shipped JSON
packs): light, dark and corporate with different margins, spacing scales and type scales."""

from __future__ import annotations

from pptxagent.ir.theme import (
    ColorRef,
    ColorRole,
    FontFaces,
    Fonts,
    MappedSlot,
    SchemeColors,
    ShapeStyle,
    Spacing,
    ThemePack,
    TypeScale,
)

_ROLES: dict[ColorRole, MappedSlot] = {
    "background": "bg1", "text": "tx1", "muted": "tx2", "surface": "bg2",
    "on_surface": "tx1", "primary": "accent1", "on_primary": "bg1", "secondary": "accent2",
    "on_secondary": "bg1", "accent": "accent3", "line": "tx2", "chart1": "accent1",
    "chart2": "accent2", "chart3": "accent3", "chart4": "accent4", "chart5": "accent5",
    "chart6": "accent6",
}


def _colors(dk1: str, lt1: str, dk2: str, lt2: str) -> SchemeColors:
    return SchemeColors(dk1=dk1, lt1=lt1, dk2=dk2, lt2=lt2, accent1="1F6FEB",
                        accent2="8250DF", accent3="F0883E", accent4="2DA44E",
                        accent5="BF3989", accent6="0598BC", hlink="0969DA",
                        folHlink="8250DF")


def _roles() -> dict[ColorRole, ColorRef]:
    return {role: ColorRef(slot=slot) for role, slot in _ROLES.items()}


LIGHT = ThemePack(
    name="t-light", version="1.0.0", colors=_colors("1F2328", "FFFFFF", "57606A", "F6F8FA"),
    roles=_roles(),
    fonts=Fonts(major=FontFaces(latin="Carlito", ea="Noto Sans CJK JP"),
                minor=FontFaces(latin="Carlito", ea="Noto Sans CJK JP")),
)
DARK = ThemePack(
    name="t-dark", version="1.0.0", dark=True,
    colors=_colors("0D1117", "E6EDF3", "161B22", "8B949E"), roles=_roles(),
    fonts=Fonts(major=FontFaces(latin="DejaVu Sans"), minor=FontFaces(latin="DejaVu Sans")),
    shapes=ShapeStyle(corner_radius=0.0, outline=True, outline_pt=1.5),
    spacing=Spacing(margin_pt=48, scale_pt=(6, 10, 16, 20, 28, 40, 56)),
    type=TypeScale(hero=54, title=40, subtitle=26, body=22, value=48, quote=32, small=12),
)
CORPORATE = ThemePack(
    name="t-corporate", version="1.0.0",
    colors=_colors("002B49", "FFFFFF", "3B4A5A", "EEF2F6"), roles=_roles(),
    fonts=Fonts(major=FontFaces(latin="Liberation Serif"),
                minor=FontFaces(latin="Liberation Sans")),
    shapes=ShapeStyle(corner_radius=0.12, shadow=True),
    spacing=Spacing(margin_pt=36, scale_pt=(4, 8, 12, 16)),
    type=TypeScale(hero=44, title=30, subtitle=22, body=18, value=40, quote=26, small=10),
)
PACKS = (LIGHT, DARK, CORPORATE)
