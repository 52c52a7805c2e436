"""Slide text drawn on the text of the master, the layout or a SmartArt drawing (pure): the
footer line, copyright or label a template draws on every slide is text a person reads too,
though no shape of the slide holds it."""

from __future__ import annotations

from pptxagent.ir import Box, Element, drawn_box
from pptxagent.ir.qa import QaIssue
from pptxagent.qa.facts import SlideFacts, footer_like, intersection, measurable_text
from pptxagent.qa.layout import collision, letter_box, letters
from pptxagent.qa.settings import QaSettings


def _art_letters(facts: SlideFacts, art: dict[str, Element], s: QaSettings
                 ) -> dict[str, tuple[list[Box], float]]:
    """Art element id → where its letters are drawn (``letter_box``; turned text as it is
    turned), lines the slide's shapes hide left out, and its largest font size."""
    out: dict[str, tuple[list[Box], float]] = {}
    for run in facts.art:
        el = art.get(run.eid)
        if el is None:
            continue
        rects, size = out.get(run.eid, ([], 0.0))
        cells = facts.occluded.get(run.eid, [])
        for r in run.rects:
            if cells and _covered(r, cells) >= s.ART_HIDDEN_SHARE * r.w * r.h:
                continue
            rects.append(drawn_box(el, r) if el.text_turn() else letter_box(r, run.font_px))
        out[run.eid] = (rects, max(size, run.font_px))
    return {eid: got for eid, got in out.items() if got[0]}


def _covered(r: Box, cells: list[Box]) -> float:
    return sum(c.w * c.h for c in cells if (cut := intersection(r, c)) is not None
               and cut.w * cut.h > 0)


def _running(rects: list[Box], size: float, slide_h: float, s: QaSettings) -> bool:
    """Small text kept to the top or the bottom band of the slide: a running footer."""
    if size > s.CITATION_MAX_PX or not rects:
        return False
    top, bottom = min(r.y for r in rects), max(r.bottom for r in rects)
    return (top >= slide_h * (1 - s.CITATION_BOTTOM_FRAC)
            or bottom <= slide_h * s.RUNNING_TOP_FRAC)


def check_art_text(facts: SlideFacts, s: QaSettings) -> list[QaIssue]:
    """Slide text on master or layout text: within the footer clearance of a running footer
    it is a ``footer_collision``, glyphs on top of other art text a ``text_overlap``
    (``layout.collision``). The slide's own footer, date, number and citation shapes are
    left to the template."""
    art = {el.eid: el for el in (facts.ir.backdrop.art if facts.ir.backdrop else [])}
    drawn = [(art[eid], rects, _running(rects, size, facts.ir.slide.h, s))
             for eid, (rects, size) in _art_letters(facts, art, s).items()]
    if not drawn:
        return []
    footers = footer_like(facts, s)
    issues: list[QaIssue] = []
    for el in facts.ir.elements:
        if el.eid in footers or not measurable_text(el, facts.dom.get(el.eid)):
            continue
        mine = letters(facts, el)
        for other, rects, running in drawn:
            what = f"the {_owner(other)} {'running text' if running else 'text'}"
            got = collision(facts, el, mine, other, rects, s, what, footer=running)
            if got is not None:
                issues.append(got)
    return issues


def _owner(el: Element) -> str:
    part = el.source.part if el.source is not None else ""
    return ("master's" if "slideMaster" in part else "layout's" if "slideLayout" in part
            else "diagram's")
