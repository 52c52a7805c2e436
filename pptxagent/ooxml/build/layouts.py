"""Placeholder geometry of the master and the three layouts from the pack's margin and type
scale, so a slide a designer adds in PowerPoint lines up with the composed ones (composed
slides set every box explicitly)."""

from __future__ import annotations

from lxml import etree

from pptxagent.ir.compose import EMU_PER_PT, SLIDE_H_EMU, SLIDE_W_EMU
from pptxagent.ir.theme import ThemePack
from pptxagent.ooxml.build.xmlkit import make, xfrm
from pptxagent.ooxml.xml import qn

LINES_OF_TITLE = 2
LINE_PITCH = 1.2
"""Baseline distance per font size (field notes: LibreOffice and PowerPoint agree)."""


def _placeholder(root: etree._Element, kinds: tuple[str, ...]) -> etree._Element | None:
    for sp in root.iter(qn("p:sp")):
        ph = sp.find(f"{qn('p:nvSpPr')}/{qn('p:nvPr')}/{qn('p:ph')}")
        if ph is not None and ph.get("type", "body") in kinds:
            return sp
    return None


def _place(root: etree._Element, kinds: tuple[str, ...], box: tuple[int, int, int, int]) -> None:
    sp = _placeholder(root, kinds)
    if sp is None:
        return
    sp_pr = sp.find(qn("p:spPr"))
    if sp_pr is None:
        sp_pr = make("p:spPr")
        sp.insert(1, sp_pr)
    old = sp_pr.find(qn("a:xfrm"))
    if old is not None:
        sp_pr.remove(old)
    sp_pr.insert(0, xfrm(*box))


def _lines(size_pt: float, lines: float) -> int:
    return round(size_pt * LINE_PITCH * lines * EMU_PER_PT) + 2 * 45_720


def pack_geometry(master: etree._Element, layouts: dict[str, etree._Element],
                  pack: ThemePack) -> None:
    """Title and body placeholders of ``master`` and ``layouts`` (by purpose) inside the
    pack's margins, heights from its type scale."""
    margin = round(pack.spacing.margin_pt * EMU_PER_PT)
    scale = pack.spacing.scale_pt
    gap = round(scale[min(3, len(scale) - 1)] * EMU_PER_PT)
    width = SLIDE_W_EMU - 2 * margin
    title_h = _lines(pack.type.title, LINES_OF_TITLE)
    body_y = margin + title_h + gap
    _place(master, ("title",), (margin, margin, width, title_h))
    _place(master, ("body",), (margin, body_y, width, SLIDE_H_EMU - margin - body_y))
    middle = SLIDE_H_EMU // 2
    if "title" in layouts:
        hero_h = _lines(pack.type.hero, LINES_OF_TITLE)
        _place(layouts["title"], ("ctrTitle", "title"), (margin, middle - hero_h, width, hero_h))
        _place(layouts["title"], ("subTitle", "body"),
               (margin, middle + gap, width, _lines(pack.type.subtitle, 2)))
    if "section" in layouts:
        _place(layouts["section"], ("title",), (margin, middle - title_h, width, title_h))
        _place(layouts["section"], ("body", "subTitle"),
               (margin, middle + gap, width, _lines(pack.type.subtitle, 2)))
    if "title_only" in layouts:
        _place(layouts["title_only"], ("title",), (margin, margin, width, title_h))
