"""One font table for both renderers: template font → installed metric-compatible font.

The browser's CSS and LibreOffice's font replacement table are both generated from
``FONT_MAP``, so the two renderers lay out the same glyph advances.
"""

from __future__ import annotations

FONT_MAP: dict[str, str] = {
    "calibri": "Carlito",
    "calibri light": "Carlito",
    "cambria": "Caladea",
    "cambria math": "Caladea",
    "arial": "Liberation Sans",
    "helvetica": "Liberation Sans",
    "helvetica neue": "Liberation Sans",
    "arial narrow": "Liberation Sans Narrow",
    "times new roman": "Liberation Serif",
    "times": "Liberation Serif",
    "courier new": "Liberation Mono",
    "courier": "Liberation Mono",
    "consolas": "Liberation Mono",
    "segoe ui": "DejaVu Sans",
    "verdana": "DejaVu Sans",
    "tahoma": "DejaVu Sans",
    "trebuchet ms": "DejaVu Sans",
    "georgia": "DejaVu Serif",
    "gill sans mt": "DejaVu Sans",
    "franklin gothic book": "DejaVu Sans",
    "open sans": "DejaVu Sans",
    "liberation sans": "Liberation Sans",
    "liberation serif": "Liberation Serif",
    "liberation mono": "Liberation Mono",
    "carlito": "Carlito",
    "caladea": "Caladea",
    "dejavu sans": "DejaVu Sans",
    "dejavu serif": "DejaVu Serif",
    # Metric twins from URW's base 35 (fonts-urw-base35): Century Gothic was drawn to the
    # widths of ITC Avant Garde, Book Antiqua to Palatino's.
    "century gothic": "URW Gothic",
    "palatino": "P052",
    "palatino linotype": "P052",
    "book antiqua": "P052",
    "bookman old style": "URW Bookman",
    "century schoolbook": "C059",
    # Names fontconfig sends somewhere else than the browser's fallback (DejaVu Sans): without
    # an entry LibreOffice draws Impact in dingbats (D050000L) and Comic Sans MS in a script
    # (Z003), and the two renderers measure different text. The nearest installed widths:
    "impact": "Liberation Sans Narrow",
    "comic sans ms": "DejaVu Sans",
    "garamond": "Liberation Serif",
    "ms serif": "Liberation Serif",
    "constantia": "DejaVu Serif",
    "elephant": "DejaVu Serif",
    "ms gothic": "Noto Sans CJK JP",
    "ms mincho": "Noto Serif CJK JP",
    "ms pmincho": "Noto Serif CJK JP",
    "ｍｓ 明朝": "Noto Serif CJK JP",
    "ｍｓ ｐ明朝": "Noto Serif CJK JP",
    "meiryo": "Noto Sans CJK JP",
    "yu gothic": "Noto Sans CJK JP",
    "simsun": "Noto Serif CJK SC",
    "microsoft yahei": "Noto Sans CJK SC",
    "malgun gothic": "Noto Sans CJK KR",
}

DEFAULT_FONT = "Carlito"
"""What an IR element without a font family is drawn in (Calibri's metric twin)."""

FALLBACK_STACK: tuple[str, ...] = ("DejaVu Sans", "Noto Sans CJK SC", "sans-serif")
"""Appended to every CSS font stack so missing glyphs (CJK, symbols) still draw."""


def resolve_font(family: str | None) -> str:
    """The installed font that stands in for ``family`` (itself when not in the table)."""
    if not family:
        return DEFAULT_FONT
    return FONT_MAP.get(family.strip().lower(), family.strip())


def css_font_stack(family: str | None) -> str:
    names = [resolve_font(family), *FALLBACK_STACK]
    seen: list[str] = []
    for n in names:
        if n not in seen:
            seen.append(n)
    return ", ".join(n if n == "sans-serif" else f'"{n}"' for n in seen)
