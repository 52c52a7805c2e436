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
    "century gothic": "DejaVu Sans",
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
    # What fontconfig (so a stock LibreOffice, as a reviewer opens the deck) draws for these
    # names, where that differs from the browser's fallback (DejaVu Sans): Palatino and the
    # Century Schoolbook / Bookman faces have URW twins (fonts-urw-base35), the serif faces
    # DejaVu Serif. Otherwise never narrower than what a stock LibreOffice draws, so text that
    # fits here fits there: Century Gothic and Book Antiqua stay on DejaVu Sans, as fontconfig
    # leaves them, wider than their URW twins. Where fontconfig's answer is absurd for text
    # (Impact in dingbats, D050000L; Comic Sans MS in a narrow script, Z003), the widest
    # plausible face, DejaVu Sans.
    "palatino": "P052",
    "palatino linotype": "P052",
    "bookman old style": "URW Bookman",
    "century schoolbook": "C059",
    "garamond": "DejaVu Serif",
    "ms serif": "DejaVu Serif",
    "constantia": "DejaVu Serif",
    "elephant": "DejaVu Serif",
    "impact": "DejaVu Sans",
    "comic sans ms": "DejaVu Sans",
    "ms gothic": "Noto Sans CJK JP",
    "ms mincho": "Noto Serif CJK JP",
    # Names LibreOffice knows as the mapped fonts above (MS Mincho, MS Gothic, Meiryo, Yu
    # Gothic, Microsoft YaHei), so its table replaces them: the browser must too.
    "ｍｓ 明朝": "Noto Serif CJK JP",
    "ｍｓ ゴシック": "Noto Sans CJK JP",
    "メイリオ": "Noto Sans CJK JP",
    "游ゴシック": "Noto Sans CJK JP",
    "微软雅黑": "Noto Sans CJK SC",
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
