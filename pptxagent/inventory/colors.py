"""Resolve a ``ColorSpec`` to ``#RRGGBB``: colour map, theme scheme, modifiers (pure)."""

from __future__ import annotations

import colorsys
from dataclasses import dataclass

from pptxagent.ooxml.theme import ColorSpec

_DEFAULT_MAP = {
    "bg1": "lt1", "tx1": "dk1", "bg2": "lt2", "tx2": "dk2",
    "accent1": "accent1", "accent2": "accent2", "accent3": "accent3",
    "accent4": "accent4", "accent5": "accent5", "accent6": "accent6",
    "hlink": "hlink", "folHlink": "folHlink",
}  # fmt: skip

_PRESET = {
    "black": "000000", "white": "FFFFFF", "red": "FF0000", "green": "008000",
    "blue": "0000FF", "yellow": "FFFF00", "gray": "808080", "grey": "808080",
    "darkGray": "A9A9A9", "lightGray": "D3D3D3", "orange": "FFA500", "navy": "000080",
    "silver": "C0C0C0", "maroon": "800000", "purple": "800080", "teal": "008080",
}  # fmt: skip

_SYSTEM = {"windowText": "000000", "window": "FFFFFF", "btnFace": "F0F0F0"}


@dataclass(frozen=True)
class ColorContext:
    """What a scheme colour means on one slide."""

    scheme: dict[str, str]
    """Theme colour scheme: ``dk1``, ``lt1``, ``accent1`` … → hex."""
    clr_map: dict[str, str]
    """Effective colour map (master ``p:clrMap`` with layout/slide overrides)."""
    placeholder: ColorSpec | None = None
    """What ``phClr`` stands for (the style reference colour), if anything."""


def _clamp(v: float) -> float:
    return min(max(v, 0.0), 1.0)


def _rgb(hexstr: str) -> tuple[float, float, float] | None:
    h = hexstr.strip().lstrip("#")
    if len(h) != 6:
        return None
    try:
        return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255
    except ValueError:
        return None


_GAMMA = 2.3
"""The exponent of the ``gamma``/``invGamma`` transforms (LibreOffice's ``lclGamma``)."""


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = _clamp(c)
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(_clamp(c) * 255):02X}" for c in rgb)


def apply_mods(rgb: tuple[float, float, float], mods: tuple[tuple[str, int], ...]) -> str:
    """Apply ``lumMod``/``lumOff``/``satMod``/``sat``/``lum``/``satOff``/``tint``/``shade``/
    ``inv``/``gamma``/``invGamma``/``comp``/``gray`` (others, e.g. ``alpha``, are ignored)."""
    r, g, b = rgb
    for name, val in mods:
        f = val / 100000
        if name in ("lumMod", "lumOff", "satMod", "sat", "lum", "satOff"):
            h, lum, s = colorsys.rgb_to_hls(r, g, b)
            if name == "lumMod":
                lum *= f
            elif name == "lumOff":
                lum += f
            elif name == "lum":
                lum = f
            elif name == "satMod":
                s *= f
            elif name == "satOff":
                s += f
            else:
                s = f
            r, g, b = colorsys.hls_to_rgb(h, _clamp(lum), _clamp(s))
        elif name == "tint":  # towards white, in linear light (as PowerPoint and LibreOffice)
            r, g, b = (_gamma(1 - (1 - _linear(c)) * f) for c in (r, g, b))
        elif name == "shade":  # towards black, in linear light
            r, g, b = (_gamma(_linear(c) * f) for c in (r, g, b))
        elif name == "inv":
            r, g, b = 1 - r, 1 - g, 1 - b
        elif name in ("gamma", "invGamma"):
            # LibreOffice's (and PowerPoint's) power law on linear light: a 2003 deck's
            # `gamma, shade, invGamma` shades in sRGB, as PowerPoint 2003 did (darker).
            power = 1 / _GAMMA if name == "gamma" else _GAMMA
            r, g, b = (_gamma(_linear(c) ** power) for c in (r, g, b))
        elif name == "comp":
            h, lum, s = colorsys.rgb_to_hls(r, g, b)
            r, g, b = colorsys.hls_to_rgb((h + 0.5) % 1.0, lum, s)
        elif name == "gray":
            r = g = b = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return _hex((r, g, b))


def _base(spec: ColorSpec, ctx: ColorContext, depth: int) -> tuple[float, float, float] | None:
    if spec.kind in ("srgb", "sys"):
        return _rgb(spec.value) or _rgb(_SYSTEM.get(spec.value, ""))
    if spec.kind == "prst":
        return _rgb(_PRESET.get(spec.value, "000000"))
    if spec.kind == "scrgb":
        parts = [int(p) / 100000 for p in spec.value.split(",")]
        return (parts[0], parts[1], parts[2]) if len(parts) == 3 else None
    if spec.kind == "hsl":
        hue, sat, lum = (int(p) for p in spec.value.split(","))
        return colorsys.hls_to_rgb(hue / 21600000, lum / 100000, sat / 100000)
    if spec.kind == "scheme":
        if spec.value == "phClr":
            if ctx.placeholder is None or depth > 2:
                return None
            hexed = resolve_color(ctx.placeholder, ctx, depth + 1)
            return _rgb(hexed) if hexed else None
        name = ctx.clr_map.get(spec.value) or _DEFAULT_MAP.get(spec.value) or spec.value
        found = ctx.scheme.get(name)
        return _rgb(found) if found else None
    return None


def resolve_color(spec: ColorSpec | None, ctx: ColorContext, depth: int = 0) -> str | None:
    """``#RRGGBB`` for ``spec`` on this slide, ``None`` when it cannot be told."""
    if spec is None:
        return None
    try:
        rgb = _base(spec, ctx, depth)
    except (ValueError, IndexError):
        return None
    if rgb is None:
        return None
    return apply_mods(rgb, spec.mods)


def resolve_alpha(spec: ColorSpec | None, ctx: ColorContext | None = None, depth: int = 0) -> float:
    """Opacity 0-1 of ``spec``: ``alpha`` sets it, ``alphaMod`` scales, ``alphaOff`` adds; a
    ``phClr`` starts from the style reference colour's own alpha."""
    if spec is None:
        return 1.0
    a = 1.0
    if spec.kind == "scheme" and spec.value == "phClr" and ctx is not None and depth < 2:
        a = resolve_alpha(ctx.placeholder, ctx, depth + 1)
    for name, val in spec.mods:
        if name == "alpha":
            a = val / 100000
        elif name == "alphaMod":
            a *= val / 100000
        elif name == "alphaOff":
            a += val / 100000
    return _clamp(a)


def with_placeholder(ctx: ColorContext, placeholder: ColorSpec | None) -> ColorContext:
    """``ctx`` where ``phClr`` means ``placeholder`` (a style reference's colour)."""
    return ColorContext(scheme=ctx.scheme, clr_map=ctx.clr_map, placeholder=placeholder)
