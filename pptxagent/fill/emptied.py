"""Placeholders the fill left empty are taken off the slide.

A text placeholder with no text shows its prompt ("Click to add text") in PowerPoint's and
LibreOffice's editing view: the first thing a designer would delete. When the template's
placeholder had text and the content emptied it (a token whose value is ``""``, a key given
``""``), the placeholder goes, unless it draws something itself (a fill or an outline, its
own or inherited), something names it (an animation, a connector) or it is a title (an
empty title is the content's to fix, and the visual QA says so). A placeholder the template
itself left empty is the template's design and stays, except on a slide content.json made
from a layout (``fresh``): there every placeholder the fill did not fill goes (a picture's,
a table's or a chart's too, whose prompt is an icon), the title aside.
"""

from __future__ import annotations

from collections.abc import Sequence

from pptxagent.ir import Element
from pptxagent.ooxml import filltarget
from pptxagent.ooxml.package import Package

EMPTIABLE = frozenset({"obj", "body", "subTitle"})
"""Placeholder types whose prompt shows when empty (titles, footers, pictures, tables,
charts and media placeholders are left alone)."""
FRESH_EMPTIABLE = EMPTIABLE | {"pic", "tbl", "chart", "dgm", "media", "clipArt"}
"""On a slide made from a layout: every placeholder New Slide adds but the title."""


def _painted(el: Element) -> bool:
    """Whether ``el`` draws a fill, an outline or a shadow (read on the template's element:
    an empty placeholder is inventoried without paint, as a slide show draws it)."""
    v = el.visual
    if v is None:
        return bool(el.style.backgroundColor)
    fill = v.fill is not None and v.fill.kind != "none" and v.fill.alpha > 0
    line = v.line is not None and v.line.alpha > 0 and v.line.width > 0
    return fill or line or v.shadow is not None


def emptied(before: Sequence[Element], after: Sequence[Element],
            fresh: bool = False) -> list[Element]:
    """The text placeholders of ``after`` (the filled slide) that had text in ``before``
    (the template slide), have none now and draw nothing themselves; with ``fresh`` (a slide
    made from a layout), every such placeholder with no content, whatever ``before`` had."""
    was = {e.eid: e for e in before}
    kinds = FRESH_EMPTIABLE if fresh else EMPTIABLE
    out: list[Element] = []
    for el in after:
        src, tpl = el.source, was.get(el.eid)
        if (src is None or tpl is None or src.kind != "sp" or src.ph_type not in kinds
                or not (fresh or tpl.content.strip()) or el.content.strip()
                or _painted(tpl)):
            continue
        out.append(el)
    return out


def remove_emptied(pkg: Package, part: str, before: Sequence[Element],
                   after: Sequence[Element], fresh: bool = False) -> list[Element]:
    """Remove ``emptied`` placeholders from the slide part; return those removed."""
    return [el for el in emptied(before, after, fresh)
            if el.source is not None and el.source.occurrence == 0
            and filltarget.remove_shape(pkg, part, el.source.shape_id)]


__all__ = ["EMPTIABLE", "emptied", "remove_emptied"]
