"""Safe CSS values from IR fields.

Every value written into a ``style`` attribute goes through here, so an IR cannot inject CSS
(``red; position: fixed``) and a bad value is reported with the element and field it came from.
"""

from __future__ import annotations

import re

from pptxagent.errors import InputError
from pptxagent.fonts import css_font_stack

_HEX = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_FUNC = re.compile(r"(?:rgb|rgba|hsl|hsla)\(\s*[-0-9.,%\s/a-z]+\)", re.IGNORECASE)
_NAMED = re.compile(r"[a-zA-Z]{3,30}")
_WEIGHTS = frozenset({"normal", "bold", "bolder", "lighter"})
_STYLES = frozenset({"normal", "italic", "oblique"})
_FAMILY_BAD = re.compile(r"[\"';{}<>\\]")


def num(value: float) -> str:
    """A compact CSS number: ``12``, ``12.5``, never ``12.000000001``."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def px(value: float) -> str:
    return f"{num(value)}px"


def color(value: str, where: str) -> str:
    """A colour as CSS; ``where`` names the element and field for the error message."""
    v = value.strip()
    if _HEX.fullmatch(v) or _FUNC.fullmatch(v) or _NAMED.fullmatch(v):
        return v
    raise InputError(f"{where}: {value!r} is not a CSS colour (use #rrggbb, rgb(...) or a name)")


def font_weight(value: str | int, where: str) -> str:
    v = str(value).strip().lower()
    if v in _WEIGHTS or (v.isdigit() and 1 <= int(v) <= 1000):
        return v
    raise InputError(f"{where}: {value!r} is not a font weight (normal, bold or 100-900)")


def font_style(value: str, where: str) -> str:
    v = value.strip().lower()
    if v in _STYLES:
        return v
    raise InputError(f"{where}: {value!r} is not a font style (normal, italic or oblique)")


def font_family(value: str | None, where: str) -> str:
    if value is not None and _FAMILY_BAD.search(value):
        raise InputError(f"{where}: font family {value!r} contains quotes or CSS punctuation")
    return css_font_stack(value)


def declarations(pairs: list[tuple[str, str]]) -> str:
    return ";".join(f"{k}:{v}" for k, v in pairs)


WRITING_MODES = {"vert": "sideways-rl", "eaVert": "vertical-rl", "wordArtVert": "vertical-rl",
                 "mongolianVert": "vertical-lr", "vert270": "sideways-lr",
                 "wordArtVertRtl": "vertical-lr"}
"""``a:bodyPr@vert`` → CSS ``writing-mode``: lines run down the box (``vert``: every glyph
turned a quarter clockwise, CJK included, lines stacked right to left; ``eaVert``: CJK
upright; ``vert270``: turned three quarters, read upwards). ``sideways-*`` needs Chromium
132 or later (Debian's is used)."""


def writing_mode(vert: str | None) -> list[tuple[str, str]]:
    """The declarations that lay text out as ``a:bodyPr@vert`` (or a cell's) says; none for
    horizontal text."""
    mode = WRITING_MODES.get(vert or "")
    if mode is None:
        return []
    decl = [("writing-mode", mode)]
    if vert in ("wordArtVert", "wordArtVertRtl"):  # stacked letters, each upright
        decl.append(("text-orientation", "upright"))
    return decl
