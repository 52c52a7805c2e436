"""One font table for both renderers: template font → installed metric-compatible font.

The browser's CSS and LibreOffice's font replacement table are both generated from
``FONT_MAP``, so the two renderers lay out the same glyph advances.
"""

from __future__ import annotations

import unicodedata
from xml.sax.saxutils import escape

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
    # What fontconfig (so a stock LibreOffice, as a reviewer opens the deck, before bin/setup
    # installs ``fontconfig_rules``) draws for these names, where that differs from the
    # browser's fallback (DejaVu Sans): Palatino and the
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


LOCALIZED: dict[str, str] = {
    "msゴシック": "msgothic", "mspゴシック": "mspgothic", "ms明朝": "msmincho",
    "msp明朝": "mspmincho", "メイリオ": "meiryo", "游ゴシック": "yugothic",
    "游明朝": "yumincho", "宋体": "simsun", "新宋体": "nsimsun", "黑体": "simhei",
    "微软雅黑": "microsoftyahei", "新細明體": "pmingliu", "細明體": "mingliu",
}
"""Localized names LibreOffice translates to the English one before it looks a font up
(unotools/fontdefs.cxx), as search names (see ``search_name``). Only names its table has:
LibreOffice 7.4 leaves 맑은 고딕 as it is (checked by ``tests/integration/test_font_twins``)."""


def search_name(family: str) -> str:
    """A font name as LibreOffice compares names (``GetEnglishSearchFontName``): full-width
    Latin folded (NFKC), lower case, only letters and digits, localized CJK names translated.
    "ＭＳ 明朝", "ＭＳ明朝" and "MS Mincho" are all ``msmincho``."""
    folded = "".join(ch for ch in unicodedata.normalize("NFKC", family).casefold()
                     if ch.isalnum())
    return LOCALIZED.get(folded, folded)


_BY_SEARCH = {search_name(k): v for k, v in FONT_MAP.items()}


def resolve_font(family: str | None) -> str:
    """The installed font that stands in for ``family`` (itself when not in the table), the
    name matched as LibreOffice matches it, so both renderers pick the same entry."""
    if not family or not family.strip():
        return DEFAULT_FONT
    return _BY_SEARCH.get(search_name(family), family.strip())


def css_font_stack(family: str | None) -> str:
    names = [resolve_font(family), *FALLBACK_STACK]
    seen: list[str] = []
    for n in names:
        if n not in seen:
            seen.append(n)
    return ", ".join(n if n == "sans-serif" else f'"{n}"' for n in seen)


def fontconfig_rules() -> str:
    """``FONT_MAP`` as a fontconfig file (``bin/setup`` installs it): any program that asks
    fontconfig for a template font gets our twin. A reviewer's LibreOffice on this machine
    (a fresh profile, no table of ours) then draws Calibri Light in Carlito and Helvetica Neue
    in Liberation Sans, as we measure them, not in the DejaVu Sans fontconfig picks by
    itself (23 % and 14 % wider)."""
    names = {name: twin for name, twin in FONT_MAP.items() if name != twin.lower()}
    for local in LOCALIZED:  # as documents write them: "ＭＳ ゴシック", "MS ゴシック", "メイリオ"
        twin = resolve_font(local)
        if twin != local:
            names[local] = twin
            if local.startswith("ms"):
                names["ＭＳ" + local[2:]] = twin
    rules = [
        f'  <match target="pattern"><test name="family" ignore-blanks="true">'
        f'<string>{escape(name)}</string></test><edit name="family" mode="assign" '
        f'binding="same"><string>{escape(twin)}</string></edit></match>'
        for name, twin in names.items()
    ]
    return ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
            "<!-- written by pptxagent's bin/setup from pptxagent/fonts.py: FONT_MAP -->\n"
            "<fontconfig>\n" + "\n".join(rules) + "\n</fontconfig>\n")
