"""The native, editable OOXML writer of scratch mode (issue 7 §5).

:func:`build_deck` turns composed :class:`~pptxagent.ir.compose.SlideSpec` s and a
:class:`~pptxagent.ir.theme.ThemePack` into a 16:9 .pptx: the pack in the theme part, master
and layouts; real layouts with title placeholders; text boxes with explicit sizes and theme
fonts; preset shapes; native charts with embedded workbooks; ``a:tbl`` tables; cropped
pictures; every colour an ``a:schemeClr``.
"""

from __future__ import annotations

from pptxagent.ooxml.build.deck import build_deck
from pptxagent.ooxml.build.text import BULLET_INDENT_EMU, LEVEL_INDENT_EMU, LINE_SPACING_PCT

__all__ = ["BULLET_INDENT_EMU", "LEVEL_INDENT_EMU", "LINE_SPACING_PCT", "build_deck"]
