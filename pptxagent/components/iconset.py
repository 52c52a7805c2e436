"""Icons for a row of cards: one per card, chosen from each item's words (``icons.pick``, no
icon twice on a slide) or named by the outline's ``icon`` key.

All or nothing, so a row stays alike: when a card's words find no icon, no card gets one,
unless the outline named some (the others then get ``FALLBACK``). ``"icons": false`` on the
slide or the outline turns them off; ``"icon": "none"`` on an item leaves the row without."""

from __future__ import annotations

from pptxagent import icons
from pptxagent.ir.outline import BulletItem, OutlineSlide

FALLBACK = "circle-check"
ICON_SCALE = 1.6
"""An icon's side over the card text's size."""


def given_of(items: list[BulletItem]) -> list[str | None]:
    return [None if isinstance(b, str) else b.icon for b in items]


def card_icons(slide: OutlineSlide, texts: list[str], given: list[str | None]
               ) -> list[str] | None:
    """The icon of each card, or ``None`` when the row has none."""
    if slide.icons is False or "none" in given:
        return None
    taken = {g for g in given if g}
    named = bool(taken)
    out: list[str] = []
    for text, name in zip(texts, given, strict=True):
        chosen = name or icons.pick(text, frozenset(taken))
        if chosen is None:
            if not named:
                return None
            chosen = FALLBACK
        taken.add(chosen)
        out.append(chosen)
    return out
