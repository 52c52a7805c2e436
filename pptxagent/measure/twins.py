"""Slides whose picture without text is the same: a filled slide and the template slide it
came from, when the fill changed only text.

What the no-text pass of the visual QA draws is the backdrop (background, master and layout
art) and every element that paints: a fill, an outline, a picture, a table, a chart, a
coloured text background, a highlighted run. Text boxes that paint nothing draw nothing once
their glyphs are transparent, wherever the repair moved them. Two slides of the same size
whose backdrops and painting elements are equal field for field (geometry, z-order, paint,
table cells and rows, the text of highlighted runs) draw the same pixels there, so the
filled slide can reuse its template slide's picture instead of a second screenshot of the
same art. Any doubt (an element that paints and changed in any field, a painting element on
one slide only) means "not twins": a screenshot.
"""

from __future__ import annotations

from typing import Any

from pptxagent.ir import Element, SlideIR

_TEXT_ONLY = frozenset({"content", "paragraphs", "baseFontSize", "baseLineHeight", "priority",
                        "role", "source"})
"""Fields that never change what an element paints under its text."""


def _highlighted(el: Element) -> bool:
    """A run with a highlight paints a box behind its glyphs, wherever its text flows."""
    return any((r.model_extra or {}).get("highlight") is not None
               for p in el.paragraphs or () for r in p.runs)


def _paints(el: Element) -> bool:
    return (el.visual is not None or el.table is not None or not el.is_text
            or el.style.backgroundColor is not None or _highlighted(el))


def _signature(el: Element) -> dict[str, Any]:
    if _highlighted(el):  # it paints where its text flows: the text, fonts and all count
        return el.model_dump()
    sig = el.model_dump(exclude=set(_TEXT_ONLY))
    style = sig.pop("style", None) or {}
    sig["paint"] = (style.get("backgroundColor"), style.get("display"))
    return sig


def art_signature(ir: SlideIR) -> list[tuple[str, dict[str, Any]]]:
    """What the slide paints under its text, element by element in drawing order."""
    return [(el.eid, _signature(el)) for el in ir.elements if _paints(el)]


def same_art(a: SlideIR, b: SlideIR) -> bool:
    """``a`` and ``b`` draw the same pixels once their text is transparent."""
    if a.slide != b.slide or a.backdrop != b.backdrop:
        return False
    return art_signature(a) == art_signature(b)
