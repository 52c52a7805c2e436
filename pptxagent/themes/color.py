"""Resolve a theme pack's colour roles to RGB as PowerPoint does, and measure contrast (pure).

How a role resolves:

1. The role names a *mapped* slot (``ColorRef.slot``). ``bg1``/``tx1``/``bg2``/``tx2`` go
   through the master's ``p:clrMap``: a light pack (``dark: false``) maps ``bg1→lt1``,
   ``tx1→dk1``, ``bg2→lt2``, ``tx2→dk2``; a dark pack (``dark: true``) swaps them,
   ``bg1→dk1``, ``tx1→lt1``, ``bg2→dk2``, ``tx2→lt2``. So ``background`` is ``bg1`` in every
   pack, and is the pack's dark colour ``dk1`` when the pack is dark. Accents, ``hlink`` and
   ``folHlink`` map to themselves.
2. The slot's ``RRGGBB`` comes from ``ThemePack.colors``.
3. ``lumMod`` then ``lumOff`` change the HSL luminance as OOXML does: ``L' = L × lumMod +
   lumOff`` (clamped to 0–1), hue and saturation kept. ``lum_mod=75`` is PowerPoint's
   "Darker 25%"; ``lum_mod=75, lum_off=25`` is "Lighter 25%".

Contrast is WCAG 2: relative luminance of linearised sRGB, ``(L1 + 0.05) / (L2 + 0.05)``.
"""

from __future__ import annotations

import colorsys

from pptxagent.ir.theme import (
    ColorRef,
    ColorRole,
    MappedSlot,
    SchemeColors,
    SchemeSlot,
    ThemePack,
)

LIGHT_MAP: dict[MappedSlot, SchemeSlot] = {
    "bg1": "lt1", "tx1": "dk1", "bg2": "lt2", "tx2": "dk2",
    "accent1": "accent1", "accent2": "accent2", "accent3": "accent3",
    "accent4": "accent4", "accent5": "accent5", "accent6": "accent6",
    "hlink": "hlink", "folHlink": "folHlink",
}  # fmt: skip
"""``p:clrMap`` of a light pack (PowerPoint's default)."""
DARK_MAP: dict[MappedSlot, SchemeSlot] = {
    **LIGHT_MAP, "bg1": "dk1", "tx1": "lt1", "bg2": "dk2", "tx2": "lt2",
}
"""``p:clrMap`` of a dark pack: backgrounds are the dark slots, text the light ones."""


def clr_map(pack: ThemePack) -> dict[MappedSlot, SchemeSlot]:
    """The master colour map the writer must emit for ``pack``."""
    return DARK_MAP if pack.dark else LIGHT_MAP


def scheme_slot(pack: ThemePack, slot: MappedSlot) -> SchemeSlot:
    """The ``a:clrScheme`` slot a mapped slot stands for in ``pack``."""
    return clr_map(pack)[slot]


def _rgb(hexstr: str) -> tuple[float, float, float]:
    h = hexstr.strip().lstrip("#")
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


def _hex(rgb: tuple[float, float, float]) -> str:
    return "".join(f"{round(min(max(c, 0.0), 1.0) * 255):02X}" for c in rgb)


def apply_lum(hexstr: str, lum_mod: int | None, lum_off: int | None) -> str:
    """``RRGGBB`` with ``lumMod``/``lumOff`` (per cent) applied to its HSL luminance."""
    if lum_mod is None and lum_off is None:
        return hexstr.upper()
    h, lum, s = colorsys.rgb_to_hls(*_rgb(hexstr))
    if lum_mod is not None:
        lum *= lum_mod / 100
    if lum_off is not None:
        lum += lum_off / 100
    return _hex(colorsys.hls_to_rgb(h, min(max(lum, 0.0), 1.0), s))


def resolve_ref(colors: SchemeColors, dark: bool, ref: ColorRef) -> str:
    """``RRGGBB`` of a colour reference against a scheme and a light/dark colour map."""
    base = getattr(colors, (DARK_MAP if dark else LIGHT_MAP)[ref.slot])
    return apply_lum(str(base), ref.lum_mod, ref.lum_off)


def ref_rgb(pack: ThemePack, ref: ColorRef) -> str:
    """``RRGGBB`` of a colour reference in ``pack`` (clrMap, scheme, lumMod/lumOff)."""
    return resolve_ref(pack.colors, pack.dark, ref)


def role_rgb(pack: ThemePack, role: ColorRole) -> str:
    """``RRGGBB`` (upper case, no ``#``) a role is drawn in."""
    return ref_rgb(pack, pack.ref(role))


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(hexstr: str) -> float:
    """WCAG 2 relative luminance of ``RRGGBB`` (0 black … 1 white)."""
    r, g, b = (_linear(c) for c in _rgb(hexstr))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_hex(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``RRGGBB`` colours (1 … 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def contrast(pack: ThemePack, fg_role: ColorRole, bg_role: ColorRole) -> float:
    """WCAG 2 contrast ratio of two roles of ``pack``."""
    return contrast_hex(role_rgb(pack, fg_role), role_rgb(pack, bg_role))
