"""What the checks know about one slide, and small shared helpers (pure)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from pptxagent.ir import Box, DomElement, DomSnapshot, Element, SlideIR, drawn_box
from pptxagent.ir.qa import IssueKind, QaIssue, RunGlyphs, Severity
from pptxagent.ooxml.backdrop import animated_shapes, slide_backdrop, undrawn_fills
from pptxagent.ooxml.media import PictureFit, picture_fits
from pptxagent.ooxml.package import Package
from pptxagent.qa.settings import QaSettings

FOOTER_PH = frozenset({"ftr", "dt", "sldNum"})
TITLE_PH = frozenset({"title", "ctrTitle"})
_CITATION = re.compile(
    r"^\s*(sources?\s*[:.]|source\b|quelle|quellen|fuente|fonte|bron|©|\(c\)|copyright|"
    r"\[\d+\]|\d+\s*[.)]?\s*(https?://|www\.)|notes?\s*:|note\b|nb\s*:|\*)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class PackageFacts:
    """What the checks read from the package for one slide (not from the browser)."""

    pictures: Mapping[tuple[int, int], PictureFit] = field(default_factory=dict)
    """``p:pic`` fits by shape id and occurrence (``picture_fits``)."""
    backdrop: str | None = None
    """``slide_backdrop``: why the slide is not drawn on a plain light page."""
    undrawn: frozenset[int] = frozenset()
    """``undrawn_fills``: shapes whose picture/pattern fill the browser does not paint."""
    animated: frozenset[int] = frozenset()
    """``animated_shapes``: shapes an animation shows or hides; text under them is not taken
    for hidden."""


def read_package_facts(pkg: Package, slide_part: str) -> PackageFacts:
    return PackageFacts(
        pictures=picture_fits(pkg, slide_part),
        backdrop=slide_backdrop(pkg, slide_part),
        undrawn=undrawn_fills(pkg, slide_part),
        animated=animated_shapes(pkg, slide_part),
    )


@dataclass
class SlideFacts:
    """Everything measured about one slide. ``runs``/``notext`` are empty/None when the
    slide was measured without pixels (the contrast check is then skipped)."""

    number: int
    """1-based slide number in the deck."""
    ir: SlideIR
    dom: DomSnapshot
    runs: list[RunGlyphs] = field(default_factory=list)
    notext: NDArray[np.uint8] | None = None
    text_px: NDArray[np.uint8] | None = None
    """The slide as drawn (with text): with ``notext`` it shows where the ink is."""
    unknown: list[Box] = field(default_factory=list)
    pictures: Mapping[tuple[int, int], PictureFit] = field(default_factory=dict)
    backdrop: str | None = None
    """Why the deck draws this slide on more than a plain light page (picture background,
    master art …): ``pptxagent.ooxml.backdrop.slide_backdrop``."""
    painted: list[Box] = field(default_factory=list)
    plain_page: bool = True
    occluded: Mapping[str, list[Box]] = field(default_factory=dict)
    """Element id → cells of its text under art drawn after it: its contrast is not judged
    there (never seen there: hidden, or before an animation brings the art in, on what the
    no-text picture does not show)."""
    hidden: Mapping[str, list[Box]] = field(default_factory=dict)
    """The same, less cells under shapes an animation shows or hides: text hidden for good."""
    art: list[RunGlyphs] = field(default_factory=list)
    """Master and layout text drawn on the slide (``ir.backdrop.art``), as runs."""
    _ink: dict[str, Box | None] = field(default_factory=dict, repr=False)

    def contrast_area(self) -> list[Box] | None:
        """Where the no-text pixels can be trusted: everywhere (``None``), unless the deck
        has a backdrop the renderer left white; then only inside painted elements."""
        if self.backdrop is not None and self.plain_page:
            return self.painted
        return None

    def runs_of(self, eid: str) -> list[RunGlyphs]:
        return [r for r in self.runs if r.eid == eid]

    def ink_box(self, eid: str, threshold: int = 40) -> Box | None:
        """Bounds of the pixels the element's text really inked (with-text vs no-text
        screenshots inside its line rects), on the slide; ``None`` when nothing differs
        (no pixels, or text the colour of its background)."""
        if self.text_px is None or self.notext is None:
            return None
        if eid not in self._ink:
            self._ink[eid] = self._find_ink(eid, threshold)
        return self._ink[eid]

    def _find_ink(self, eid: str, threshold: int) -> Box | None:
        assert self.text_px is not None and self.notext is not None
        h, w = self.notext.shape[0], self.notext.shape[1]
        found: list[Box] = []
        mine = self.glyph_rects(eid)
        whole = union(mine)
        others = [b for run in self.runs if run.eid != eid for b in run.rects
                  if whole is not None and intersection(whole, b) is not None]
        for r in mine:
            x0, y0 = max(0, int(r.x)), max(0, int(r.y))
            x1, y1 = min(w, int(np.ceil(r.right))), min(h, int(np.ceil(r.bottom)))
            if x1 <= x0 or y1 <= y0:
                continue
            a = self.text_px[y0:y1, x0:x1].astype(np.int16)
            b = self.notext[y0:y1, x0:x1].astype(np.int16)
            inked = np.abs(a - b).max(axis=2) > threshold
            for o in others:  # another text's glyphs where the two meet are not this one's
                ox0, oy0 = max(x0, int(o.x)), max(y0, int(o.y))
                ox1, oy1 = min(x1, int(np.ceil(o.right))), min(y1, int(np.ceil(o.bottom)))
                if ox1 > ox0 and oy1 > oy0:
                    inked[oy0 - y0:oy1 - y0, ox0 - x0:ox1 - x0] = False
            ys, xs = np.nonzero(inked)
            if len(xs):  # inked pixels, cut to the rect (a pixel it only partly covers
                # counts up to the rect's edge): the ink never leaves the line rects
                ix0, iy0 = max(r.x, x0 + float(xs.min())), max(r.y, y0 + float(ys.min()))
                ix1 = min(r.right, x0 + float(xs.max()) + 1)
                iy1 = min(r.bottom, y0 + float(ys.max()) + 1)
                if ix1 > ix0 and iy1 > iy0:
                    found.append(Box(x=ix0, y=iy0, w=ix1 - ix0, h=iy1 - iy0))
        return union(found)

    def glyph_rects(self, eid: str) -> list[Box]:
        """Per-line glyph rects of the element (runs), else its text box: where they are
        drawn (turned text is measured upright: its rects are turned with it, a slanted
        one's to the upright bounds of each turned rect)."""
        rects = [b for r in self.runs_of(eid) for b in r.rects]
        if not rects:
            dom = self.dom.get(eid)
            if dom is None or not dom.visible or dom.textBox is None:
                return []
            rects = [dom.textBox]
        try:
            el = self.ir.element(eid)
        except KeyError:
            return rects
        return [drawn_box(el, r) for r in rects]


def shape_name(el: Element) -> str:
    return el.source.name if el.source is not None else ""


def ph_type(el: Element) -> str | None:
    return el.source.ph_type if el.source is not None else None


def _laid_out_text(el: Element, dom: DomElement | None) -> bool:
    """A visible text element the browser lays out as PowerPoint does: horizontal lines in
    one column (vertical and multi-column text is not laid out faithfully)."""
    if not el.is_text or dom is None or not dom.visible or dom.textBox is None:
        return False
    extra_style = el.style.model_extra or {}
    if extra_style.get("vert") or (extra_style.get("numCol") or 1) > 1:
        return False
    return not (el.source is not None and el.source.kind == "graphicFrame")


def measurable_text(el: Element, dom: DomElement | None) -> bool:
    """A text element the browser draws as PowerPoint does and measures where it is drawn:
    laid out faithfully and upright (turned text is measured upright, drawn turned)."""
    return _laid_out_text(el, dom) and not el.text_turn()


def turned_text(el: Element, dom: DomElement | None) -> bool:
    """Text laid out faithfully and drawn turned: its glyph rects say where it is drawn."""
    return _laid_out_text(el, dom) and bool(el.text_turn())


def is_table(el: Element) -> bool:
    src = el.source
    return src is not None and (src.model_extra or {}).get("graphic") == "table"


def contrast_text(el: Element, dom: DomElement | None) -> bool:
    """A text element whose contrast can be judged: measurable, or laid out faithfully and
    turned by quarter turns (its glyph rects turn exactly onto where they are drawn); or a
    visible upright table (its cells' text drawn on their fills)."""
    if is_table(el):
        return dom is not None and dom.visible and not el.text_turn()
    return _laid_out_text(el, dom) and not el.text_turn() % 90


def union(boxes: Sequence[Box]) -> Box | None:
    if not boxes:
        return None
    x0 = min(b.x for b in boxes)
    y0 = min(b.y for b in boxes)
    x1 = max(b.right for b in boxes)
    y1 = max(b.bottom for b in boxes)
    return Box(x=x0, y=y0, w=x1 - x0, h=y1 - y0)


def intersection(a: Box, b: Box) -> Box | None:
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.right, b.right), min(a.bottom, b.bottom)
    if x1 <= x0 or y1 <= y0:
        return None
    return Box(x=x0, y=y0, w=x1 - x0, h=y1 - y0)


def text_of(el: Element) -> str:
    if el.paragraphs is not None:
        return "\n".join(p.text or "".join(r.text for r in p.runs) for p in el.paragraphs)
    return el.content


def is_citation(el: Element, dom: DomElement | None, slide_h: float, s: QaSettings) -> bool:
    """Small text at the bottom of the slide that starts like a source line or a footnote."""
    if dom is None or dom.textBox is None or not el.is_text:
        return False
    if dom.textBox.y < slide_h * (1 - s.CITATION_BOTTOM_FRAC):
        return False
    size = (el.style.fontSize * (el.style.fitScale or 1.0) if el.style.fontSize
            else dom.computed.fontSize)
    if size > s.CITATION_MAX_PX:
        return False
    return bool(_CITATION.match(text_of(el)))


def footer_like(facts: SlideFacts, s: QaSettings) -> set[str]:
    """Footer, date and slide-number placeholders and citation-like shapes."""
    out: set[str] = set()
    for el in facts.ir.elements:
        if ph_type(el) in FOOTER_PH or is_citation(
            el, facts.dom.get(el.eid), facts.ir.slide.h, s
        ):
            out.add(el.eid)
    return out


def shown(measured: float | None, threshold: float | None) -> float | None:
    """``measured`` to 2 decimals, rounded away from ``threshold``: 4.497 against 4.5 is
    4.49, never a "4.5 < 4.5" that reads as no issue at all."""
    if measured is None:
        return None
    near = round(measured, 2)
    if threshold is None or near != round(threshold, 2) or measured == threshold:
        return near
    return (math.floor if measured < threshold else math.ceil)(measured * 100) / 100


def make_issue(
    facts: SlideFacts,
    el: Element,
    kind: IssueKind,
    severity: Severity,
    message: str,
    *,
    measured: float | None = None,
    threshold: float | None = None,
    unit: str = "",
    other: Element | None = None,
    box: Box | None = None,
    baseline: float | None = None,
) -> QaIssue:
    def r(v: float | None) -> float | None:
        return None if v is None else round(v, 2)

    return QaIssue(
        slide=facts.number,
        eid=el.eid,
        shape=shape_name(el),
        kind=kind,
        severity=severity,
        measured=shown(measured, threshold),
        threshold=r(threshold),
        unit=unit,
        message=message,
        other_eid=other.eid if other is not None else None,
        other_shape=shape_name(other) if other is not None else None,
        box=box,
        baseline=r(baseline),
    )


def snippet(text: str, n: int = 40) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= n else flat[: n - 1] + "…"
