"""Choose colour roles for a scheme that came from someone else's template (pure).

``pptxagent theme extract`` keeps a template's 12 colours as they are and picks, for every
role, the theme slot (and when needed a ``lumMod``/``lumOff`` variant of it) that meets the
contrast floor of ``CONTRAST_PAIRS``:

* ``background`` is ``bg1``; ``text`` is ``tx1`` (else ``tx2``, else ``tx1`` darkened or
  lightened away from the background until it passes: black or white always does).
* ``muted`` is ``tx1`` softened by 25 % towards the background when that still passes, else
  ``tx2``, else ``text``.
* ``surface`` is ``bg2`` when it is a visible near neighbour of the background (same side
  of mid-grey, contrast 1.04–2), else ``bg1`` shaded 5 % (light) / lightened 15 % (dark);
  ``on_surface`` is whichever of ``tx1``/``tx2`` contrasts best with it.
* ``primary``/``secondary`` are ``accent1``/``accent2``; their ``on_*`` is whichever of
  ``bg1``/``tx1`` (the light and the dark slot) contrasts best; when neither reaches 4.5:1
  the accent is darkened (light text) or lightened (dark text) in 25 % steps until one does.
* ``accent`` is the first of ``accent1`` … ``accent6`` with 3:1 on the background, else a
  darker/lighter ``accent1``; ``line`` is ``bg1`` shaded 15 % (light) / lightened 25 % (dark).
* ``chart1`` … ``chart6`` are ``accent1`` … ``accent6``.
"""

from __future__ import annotations

from collections.abc import Iterable

from pptxagent.ir.theme import ColorRef, ColorRole, MappedSlot, SchemeColors
from pptxagent.themes.color import contrast_hex, resolve_ref
from pptxagent.themes.packs import LARGE_MIN, TEXT_MIN

_STEPS = (75, 50, 25, 0)
"""How far a colour is pushed towards black (``lumMod``) or white (``lumMod`` + ``lumOff``)."""
SURFACE_STEP = (1.04, 2.0)
"""``bg2`` is the surface when its contrast with the background is in this range: visibly a
panel, still a near neighbour."""


def is_dark_hex(hexstr: str) -> bool:
    """Does ``RRGGBB`` carry white text better than black text?"""
    return contrast_hex(hexstr, "FFFFFF") > contrast_hex(hexstr, "000000")


def _darker(slot: MappedSlot, mod: int) -> ColorRef:
    return ColorRef(slot=slot, lum_mod=mod)


def _lighter(slot: MappedSlot, mod: int) -> ColorRef:
    return ColorRef(slot=slot, lum_mod=mod, lum_off=100 - mod)


class _Deriver:
    def __init__(self, colors: SchemeColors, dark: bool) -> None:
        self.colors = colors
        self.dark = dark

    def rgb(self, ref: ColorRef) -> str:
        return resolve_ref(self.colors, self.dark, ref)

    def ratio(self, a: ColorRef, b: ColorRef) -> float:
        return contrast_hex(self.rgb(a), self.rgb(b))

    def away_from(self, slot: MappedSlot, bg: ColorRef) -> list[ColorRef]:
        """Variants of ``slot`` pushed away from ``bg`` (darker on light, lighter on dark)."""
        make = _lighter if is_dark_hex(self.rgb(bg)) else _darker
        return [make(slot, m) for m in _STEPS]

    def readable(self, slots: Iterable[MappedSlot], bg: ColorRef, floor: float) -> ColorRef:
        """The first of ``slots`` that reaches ``floor`` on ``bg``, else the least-changed
        variant of the first slot that does (black/white at worst)."""
        order = list(slots)
        for slot in order:
            ref = ColorRef(slot=slot)
            if self.ratio(ref, bg) >= floor:
                return ref
        variants = self.away_from(order[0], bg)
        for ref in variants:
            if self.ratio(ref, bg) >= floor:
                return ref
        return variants[-1]

    def best_on(self, fill: ColorRef, slots: tuple[MappedSlot, ...]) -> ColorRef:
        return max((ColorRef(slot=s) for s in slots), key=lambda r: self.ratio(r, fill))

    def fill_and_text(self, slot: MappedSlot) -> tuple[ColorRef, ColorRef]:
        """A fill role and the text drawn on it (``primary``/``on_primary`` …)."""
        fill = ColorRef(slot=slot)
        text = self.best_on(fill, ("bg1", "tx1"))
        if self.ratio(text, fill) >= TEXT_MIN:
            return fill, text
        light, dark_text = ("bg1", "tx1") if not self.dark else ("tx1", "bg1")
        for mod in _STEPS:
            for variant, on in ((_darker(slot, mod), light), (_lighter(slot, mod), dark_text)):
                on_ref = ColorRef(slot=on)
                if self.ratio(on_ref, variant) >= TEXT_MIN:
                    return variant, on_ref
        return fill, self.readable((text.slot,), fill, TEXT_MIN)

    def surface(self, bg: ColorRef) -> ColorRef:
        bg2 = ColorRef(slot="bg2")
        same_side = is_dark_hex(self.rgb(bg2)) == is_dark_hex(self.rgb(bg))
        if same_side and SURFACE_STEP[0] <= self.ratio(bg2, bg) < SURFACE_STEP[1]:
            return bg2
        return _lighter("bg1", 85) if self.dark else _darker("bg1", 95)

    def muted(self, bg: ColorRef, text: ColorRef) -> ColorRef:
        soft = _darker(text.slot, 75) if self.dark else _lighter(text.slot, 75)
        if text.lum_mod is None and text.lum_off is None and self.ratio(soft, bg) >= TEXT_MIN:
            return soft
        tx2 = ColorRef(slot="tx2")
        if text.slot != "tx2" and self.ratio(tx2, bg) >= TEXT_MIN:
            return tx2
        return text

    def accent(self, bg: ColorRef) -> ColorRef:
        slots: tuple[MappedSlot, ...] = (
            "accent1", "accent2", "accent3", "accent4", "accent5", "accent6",
        )
        return self.readable(slots, bg, LARGE_MIN)


def derive_roles(colors: SchemeColors, dark: bool) -> dict[ColorRole, ColorRef]:
    """Every colour role for ``colors`` under a light (``dark=False``) or dark colour map,
    each pair meeting ``CONTRAST_PAIRS``."""
    d = _Deriver(colors, dark)
    bg = ColorRef(slot="bg1")
    text = d.readable(("tx1", "tx2"), bg, TEXT_MIN)
    surface = d.surface(bg)
    on_surface = d.best_on(surface, ("tx1", "tx2"))
    if d.ratio(on_surface, surface) < TEXT_MIN:
        on_surface = d.readable((on_surface.slot,), surface, TEXT_MIN)
    primary, on_primary = d.fill_and_text("accent1")
    secondary, on_secondary = d.fill_and_text("accent2")
    roles: dict[ColorRole, ColorRef] = {
        "background": bg,
        "text": text,
        "muted": d.muted(bg, text),
        "surface": surface,
        "on_surface": on_surface,
        "primary": primary,
        "on_primary": on_primary,
        "secondary": secondary,
        "on_secondary": on_secondary,
        "accent": d.accent(bg),
        "line": _lighter("bg1", 75) if dark else _darker("bg1", 85),
        "chart1": ColorRef(slot="accent1"),
        "chart2": ColorRef(slot="accent2"),
        "chart3": ColorRef(slot="accent3"),
        "chart4": ColorRef(slot="accent4"),
        "chart5": ColorRef(slot="accent5"),
        "chart6": ColorRef(slot="accent6"),
    }
    return roles


__all__ = ["derive_roles", "is_dark_hex"]
