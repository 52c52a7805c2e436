"""Symbol-font bullets (Wingdings, Symbol) → the Unicode glyphs they draw.

A bullet character in ``Wingdings`` is a plain letter (``n`` is a black square, ``l`` a black
circle) or the same code in the private use area (U+F06E). Without the font — never on a
Linux box — the browser would draw the letter; LibreOffice and PowerPoint draw the symbol.
"""

from __future__ import annotations

SYMBOL_FALLBACK = "DejaVu Sans"
"""A font with every glyph below."""

_WINGDINGS = {
    0x6C: "\u25cf", 0x6D: "\u274d", 0x6E: "\u25a0", 0x6F: "\u25a1", 0x70: "\u25fb",
    0x71: "\u2751", 0x72: "\u2752", 0x73: "\u2b27", 0x74: "\u29eb", 0x75: "\u25c6",
    0x76: "\u2756", 0x77: "\u2b25", 0x78: "\u2327", 0x7A: "\u2318", 0x9E: "\u00b7",
    0x9F: "\u2022", 0xA1: "\u25cb", 0xA7: "\u25aa", 0xA8: "\u25fb", 0xAB: "\u2605",
    0xD8: "\u27a2", 0xDF: "\u2190", 0xE0: "\u2192", 0xE8: "\u2794", 0xF0: "\u21e8",
    0xFB: "\u2717", 0xFC: "\u2714", 0xFD: "\u2612", 0xFE: "\u2611", 0x41: "\u270c",
    0x46: "\u261e", 0x4A: "\u263a", 0x52: "\u263c", 0x53: "\u2744",
}  # fmt: skip
_SYMBOL = {
    0xB7: "\u2022", 0xA8: "\u2666", 0xA7: "\u2663", 0xA9: "\u2665", 0xAA: "\u2660",
    0xAE: "\u2192", 0xDE: "\u21d2", 0x2D: "\u2212", 0xD7: "\u22c5", 0xE0: "\u25ca",
}  # fmt: skip
_TABLES = {"wingdings": _WINGDINGS, "symbol": _SYMBOL}


def symbol_text(text: str, font: str | None) -> str | None:
    """``text`` as Unicode when ``font`` is a symbol font that draws it, else None."""
    if not font:
        return None
    name = font.strip().lower()
    table = _TABLES.get(name)
    if table is None and not name.startswith(("wingdings", "webdings", "marlett")):
        return None
    out = []
    for ch in text:
        code = ord(ch)
        if 0xF000 <= code <= 0xF0FF:
            code -= 0xF000
        # A glyph we do not know (or a font we have no table for) still draws a bullet,
        # never the letter that happens to share its code.
        out.append((table or {}).get(code, "\u2022"))
    return "".join(out)
