"""Geometric checks on measured glyphs (pure): overflow, cut-off, edges, text overlap and
collisions with footers, dates, slide numbers and citations."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pptxagent.ir import Box, DomSnapshot, Element, SlideIR, drawn_box, text_frame
from pptxagent.ir.qa import QaIssue, Severity
from pptxagent.qa.facts import (
    SlideFacts,
    footer_like,
    intersection,
    make_issue,
    measurable_text,
    snippet,
    text_of,
    turned_text,
    union,
)
from pptxagent.qa.settings import QaSettings


def _text_elements(facts: SlideFacts) -> list[Element]:
    return [el for el in facts.ir.elements if measurable_text(el, facts.dom.get(el.eid))]


def ink_regions(ir: SlideIR, dom: DomSnapshot, s: QaSettings) -> list[Box]:
    """Where the checks below need the drawn glyphs (``SlideFacts.ink_box``) rather than the
    measured line boxes: text whose line boxes leave its box (overflow) or the slide (cut
    off), or come within the edge zone (plus the baseline tolerance, for the template side).
    The ink lies inside the line boxes, so a line box clear of every limit is an ink box
    clear of it too: elsewhere the checks decide the same from the line boxes alone."""
    out: list[Box] = []
    sw, sh = ir.slide.w, ir.slide.h
    edge = s.EDGE_MIN_FRAC * sw + s.EDGE_BASELINE_TOL_PX
    for el in ir.elements:
        d = dom.get(el.eid)
        if turned_text(el, d):  # checked for cut-off only, where its turned lines are drawn
            assert d is not None and d.textBox is not None
            drawn = drawn_box(el, d.textBox)
            if edge_distance(drawn, sw, sh) < edge:
                out.append(drawn)
            continue
        if not measurable_text(el, d):
            continue
        assert d is not None and d.textBox is not None
        text, box = d.textBox, text_frame(el, d.bbox)
        if (max(_outside(text, box, el)) > s.OVERFLOW_MIN_PX
                or edge_distance(text, sw, sh) < edge):
            out.append(text)
    return out


def check_overflow(facts: SlideFacts, s: QaSettings) -> list[QaIssue]:
    """Text outside its own box (``overflow``) and outside the slide (``cutoff``): a body
    that overflows its box down off the slide is both (a box placed off the slide only
    the second)."""
    issues: list[QaIssue] = []
    for el in facts.ir.elements:
        dom = facts.dom.get(el.eid)
        turned = turned_text(el, dom)  # cut-off only, where its turned lines are drawn
        if not turned and not measurable_text(el, dom):
            continue
        assert dom is not None and dom.textBox is not None
        text, box = dom.textBox, text_frame(el, dom.bbox)
        off = cut_off_by(facts, el, s)
        if off is not None:
            issues.append(make_issue(
                facts, el, "cutoff", "critical",
                f"text runs {off:.0f} px off the slide: {snippet(text_of(el))!r}",
                measured=off, threshold=s.CUTOFF_MIN_PX, unit="px",
                box=union(facts.glyph_rects(el.eid)) if turned else text,
            ))
        if turned:
            continue
        down, across = _outside(text, box, el)
        if max(down, across) <= s.OVERFLOW_MIN_PX:
            continue  # the line boxes fit, so do the glyphs inside them
        ink = facts.ink_box(el.eid)
        if ink is not None:  # the line boxes' leading may leave the box, the glyphs not
            text = ink if off is None else _unclipped(ink, text, facts.ir.slide.w,
                                                      facts.ir.slide.h)
            down, across = _outside(text, box, el)
        over = max(down, across)
        if over > s.OVERFLOW_MIN_PX:
            if down >= across:
                where = "below" if text.bottom - box.bottom >= box.y - text.y else "above"
            else:
                where = "beside"
            spill = _spill(text, box)
            issues.append(make_issue(
                facts, el, "overflow", _overflow_severity(facts, el, spill, s),
                f"text sticks out {over:.0f} px {where} its box: {snippet(text_of(el))!r}",
                measured=over, threshold=s.OVERFLOW_MIN_PX, unit="px", box=union([box, text]),
            ))
    return issues


_PAST = 2.0
"""Line boxes this far past the slide's edge are text beyond it, not a line's leading."""


def _unclipped(ink: Box, lines: Box, sw: float, sh: float) -> Box:
    """The ink's bounds, but the line boxes' on a side where the text goes on beyond the
    slide's edge (the ink there is clipped, or whole lines lie past it)."""
    x0 = lines.x if ink.x <= 1 or lines.x < -_PAST else ink.x
    y0 = lines.y if ink.y <= 1 or lines.y < -_PAST else ink.y
    x1 = lines.right if ink.right >= sw - 1 or lines.right > sw + _PAST else ink.right
    y1 = lines.bottom if ink.bottom >= sh - 1 or lines.bottom > sh + _PAST else ink.bottom
    return Box(x=x0, y=y0, w=max(0.0, x1 - x0), h=max(0.0, y1 - y0))


def _outside(text: Box, box: Box, el: Element) -> tuple[float, float]:
    """How far ``text`` leaves ``box`` up/down and sideways (sideways only when it wraps)."""
    down = max(box.y - text.y, text.bottom - box.bottom)
    across = max(box.x - text.x, text.right - box.right) if el.style.wrap is not False else 0
    return down, across


def cut_off_by(facts: SlideFacts, el: Element, s: QaSettings) -> float | None:
    """How far the element's line boxes leave the slide, when its ink does too (the ink is
    clipped at the slide edge, so ink touching it continues beyond) or a whole line lies
    beyond the edge (the last line still seen may end clear of it); else ``None``."""
    dom = facts.dom.get(el.eid)
    if dom is None or dom.textBox is None:
        return None
    sw, sh = facts.ir.slide.w, facts.ir.slide.h
    text = union(facts.glyph_rects(el.eid)) if el.text_turn() else dom.textBox
    if text is None:
        return None
    off = max(-text.x, -text.y, text.right - sw, text.bottom - sh)
    if off <= s.CUTOFF_MIN_PX:
        return None
    ink = facts.ink_box(el.eid)
    if ink is None or edge_distance(ink, sw, sh) < 1:
        return off
    gone = any(r.y >= sh or r.bottom <= 0 or r.x >= sw or r.right <= 0
               for r in facts.glyph_rects(el.eid))
    return off if gone else None


def _spill(text: Box, box: Box) -> list[Box]:
    """The parts of ``text`` outside ``box`` (up to four bands)."""
    bands = [
        Box(x=text.x, y=text.y, w=text.w, h=box.y - text.y),
        Box(x=text.x, y=box.bottom, w=text.w, h=text.bottom - box.bottom),
        Box(x=text.x, y=text.y, w=box.x - text.x, h=text.h),
        Box(x=box.right, y=text.y, w=text.right - box.right, h=text.h),
    ]
    return [b for b in bands if b.w > 0 and b.h > 0]


def _overflow_severity(
    facts: SlideFacts, el: Element, spill: Sequence[Box], s: QaSettings
) -> Severity:
    """Critical when the text visibly leaves a filled box or runs over another shape's text,
    picture or art; major when it only spills over empty slide from a transparent box."""
    if el.style.backgroundColor:
        return "critical"
    slide_area = facts.ir.slide.w * facts.ir.slide.h
    for other in facts.ir.elements:
        dom = facts.dom.get(other.eid)
        if other.eid == el.eid or dom is None or not dom.visible:
            continue
        if other.is_text:
            targets = facts.glyph_rects(other.eid)
        elif dom.bbox.w * dom.bbox.h < s.OVERFLOW_BACKDROP_SHARE * slide_area:
            targets = [dom.bbox]
        else:
            continue  # a full-slide picture or panel behind everything
        if any(intersection(a, b) is not None for a in spill for b in targets):
            return "critical"
    return "major"


def edge_distance(text: Box, slide_w: float, slide_h: float) -> float:
    return min(text.x, text.y, slide_w - text.right, slide_h - text.bottom)


def check_edges(
    facts: SlideFacts, s: QaSettings, baseline: Mapping[str, float] | None = None,
    lines: Mapping[str, float] | None = None,
) -> list[QaIssue]:
    """Glyphs in the edge danger zone. Template mode (``baseline``: the template's own
    distance per box): only text closer than the template's own text/box as well, and whose
    lines (``lines``: the template's line boxes' distance) reach closer than the template's:
    right-aligned text at a box's inset ends where the template's did, and a "2" whose ink
    comes 2.4 px nearer the edge than a "]" is a glyph's shape, not the fill's layout."""
    issues: list[QaIssue] = []
    sw, sh = facts.ir.slide.w, facts.ir.slide.h
    limit = s.EDGE_MIN_FRAC * sw
    major = s.EDGE_MAJOR_FRAC * sw
    for el in _text_elements(facts):
        dom = facts.dom.get(el.eid)
        assert dom is not None and dom.textBox is not None
        line_dist = edge_distance(dom.textBox, sw, sh)
        if line_dist >= limit:
            continue  # the glyphs lie inside the line boxes: clear of the edge too
        text = facts.ink_box(el.eid) or dom.textBox
        dist = edge_distance(text, sw, sh)
        if dist >= limit or dist < -s.CUTOFF_MIN_PX or cut_off_by(facts, el, s) is not None:
            continue  # clear of the edge, or cut off (reported as such)
        threshold = limit
        base = baseline.get(el.eid) if baseline is not None else None
        if base is not None:
            if dist >= base - s.EDGE_BASELINE_TOL_PX:
                continue  # the template puts its own text this close: its design
            own = lines.get(el.eid) if lines is not None else None
            if own is not None and line_dist >= own - s.EDGE_BASELINE_TOL_PX:
                continue  # the lines end where the template's ended: only glyphs differ
            threshold = min(limit, base)
        issues.append(make_issue(
            facts, el, "edge", "major" if dist < major else "minor",
            f"text {max(dist, 0):.0f} px from the slide edge (< {threshold:.0f} px)",
            measured=dist, threshold=threshold, unit="px", box=text, baseline=base,
        ))
    return issues


def element_edge_distances(facts: SlideFacts, s: QaSettings
                           ) -> tuple[dict[str, float], dict[str, float]]:
    """The template's own edge distance per text box: of its glyphs where its text comes
    near the edge (where a filled box's distance is compared with it), else of its line
    boxes; of its frame for an empty placeholder. Second: of each text's line boxes."""
    out: dict[str, float] = {}
    lines: dict[str, float] = {}
    sw, sh = facts.ir.slide.w, facts.ir.slide.h
    near = s.EDGE_MIN_FRAC * sw + s.EDGE_BASELINE_TOL_PX
    for el in facts.ir.elements:
        dom = facts.dom.get(el.eid)
        if dom is None or not dom.visible:
            continue
        if el.is_text and dom.textBox is not None:
            dist = lines[el.eid] = edge_distance(dom.textBox, sw, sh)
            ink = facts.ink_box(el.eid) if dist < near else None
            out[el.eid] = dist if ink is None else edge_distance(ink, sw, sh)
        elif el.source is not None and el.source.ph_type is not None:
            out[el.eid] = edge_distance(dom.bbox, sw, sh)
    return out, lines


def letters(facts: SlideFacts, el: Element) -> list[Box]:
    """The element's glyph rects less the space their font leaves above and below its letters
    (a text rect is as tall as the font's ascent and descent, about 1.2 of its size: two
    lines whose rects meet only there do not touch); turned text as ``glyph_rects``."""
    if el.text_turn():
        return facts.glyph_rects(el.eid)
    out = [letter_box(r, run.font_px) for run in facts.runs_of(el.eid) for r in run.rects]
    return out or facts.glyph_rects(el.eid)


def letter_box(r: Box, font_px: float) -> Box:
    """A text rect less the room its font leaves above and below the letters."""
    trim = max(0.0, (r.h - font_px) / 2)
    return Box(x=r.x, y=r.y + trim, w=r.w, h=r.h - 2 * trim)


def contact(a: Sequence[Box], b: Sequence[Box], pad: float) -> tuple[float, float, Box | None]:
    """Total intersection area, the deepest overlap (min of width/height) and its union."""
    area, depth, hits = 0.0, 0.0, []
    for ra in a:
        grown = ra.inflate(pad) if pad else ra
        for rb in b:
            cut = intersection(grown, rb)
            if cut is None:
                continue
            area += cut.w * cut.h
            depth = max(depth, min(cut.w, cut.h))
            hits.append(cut)
    return area, depth, union(hits)


MAX_COPIES_TOLD = 5
"""Overlaps with exact copies of itself (the same letters in the same place) one text
reports at most: 3 000 copies of a title on each other made 4.5 million issues and 20 GB.
Overlaps with any other text, and footer collisions, are all reported."""


def check_overlaps(facts: SlideFacts, s: QaSettings) -> list[QaIssue]:
    """Glyphs of two text elements on top of each other; with a footer, date, slide number
    or citation it is a ``footer_collision`` (glyphs closer than the clearance)."""
    issues: list[QaIssue] = []
    texts = _text_elements(facts)
    footers = footer_like(facts, s)
    rects = {el.eid: letters(facts, el) for el in texts}
    reach = {eid: u.inflate(s.FOOTER_CLEARANCE_PX) if (u := union(r)) is not None else None
             for eid, r in rects.items()}
    # texts whose letters lie exactly on each other's: one pile of copies
    pile: dict[tuple[tuple[float, ...], ...], str] = {}
    copy_of = {eid: pile.setdefault(tuple((round(b.x, 1), round(b.y, 1), round(b.w, 1),
                                           round(b.h, 1)) for b in r), eid)
               for eid, r in rects.items()}
    told: dict[str, int] = {}
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            fa, fb = a.eid in footers, b.eid in footers
            ra, rb = reach[a.eid], reach[b.eid]
            if (fa and fb) or ra is None or rb is None or intersection(ra, rb) is None:
                continue  # apart: no letter of one is near the other's
            same = copy_of[a.eid] == copy_of[b.eid] and not (fa or fb)
            if same and told.get(a.eid, 0) >= MAX_COPIES_TOLD:
                continue  # a pile of copies: its first overlaps say it (not n² issues)
            told[a.eid] = told.get(a.eid, 0) + same
            if fa or fb:
                foot, other = (a, b) if fa else (b, a)
                got = collision(facts, other, rects[other.eid], foot, rects[foot.eid], s,
                                f"the {_footer_word(foot)}", footer=True)
            else:
                got = collision(facts, a, rects[a.eid], b, rects[b.eid], s, "", footer=False)
            if got is not None:
                issues.append(got)
    return issues


def collision(facts: SlideFacts, el: Element, mine: Sequence[Box], other: Element,
              theirs: Sequence[Box], s: QaSettings, what: str, *, footer: bool
              ) -> QaIssue | None:
    """``el``'s letters against ``other``'s: closer than the footer clearance to a footer's
    (``footer``) a ``footer_collision``, else on top of them a ``text_overlap``. ``what``
    names the other text before its snippet ("the footer", "the master's text")."""
    said = f"{what} {snippet(text_of(other), 24)!r}".lstrip()
    if footer:
        area, depth, hit = contact(theirs, mine, s.FOOTER_CLEARANCE_PX)
        if depth <= 0 or area <= 0 or hit is None:
            return None
        return make_issue(facts, el, "footer_collision", "major",
                          f"text touches {said} ({area:.0f} px²)",
                          measured=area, threshold=0, unit="px²", other=other, box=hit)
    area, depth, hit = contact(mine, theirs, 0)
    if area <= s.TEXT_OVERLAP_MIN_PX2 or depth <= s.TEXT_OVERLAP_MIN_DEPTH_PX:
        return None
    return make_issue(facts, el, "text_overlap", "critical",
                      f"text overlaps {said} by {area:.0f} px²",
                      measured=area, threshold=s.TEXT_OVERLAP_MIN_PX2, unit="px²", other=other,
                      box=hit)


def _footer_word(el: Element) -> str:
    kind = el.source.ph_type if el.source is not None else None
    return {"ftr": "footer", "dt": "date", "sldNum": "slide number"}.get(kind or "", "citation")


def check_hidden(facts: SlideFacts, s: QaSettings) -> list[QaIssue]:
    """Text covered by art drawn after it (``SlideFacts.hidden``): a person does not see
    it there. Measured as the share of its line boxes that the art covers."""
    issues: list[QaIssue] = []
    for el in _text_elements(facts):
        cells = facts.hidden.get(el.eid)
        if not cells:
            continue
        lines = sum(r.w * r.h for r in facts.glyph_rects(el.eid))
        hidden = sum(c.w * c.h for c in cells)
        share = min(1.0, hidden / lines) if lines > 0 else 0.0
        if share < s.HIDDEN_TEXT_SHARE:
            continue
        severity: Severity = "critical" if share >= s.HIDDEN_TEXT_CRITICAL_SHARE else "major"
        issues.append(make_issue(
            facts, el, "text_overlap", severity,
            f"text hidden under art drawn over it: {share:.0%} of its lines "
            f"({hidden:.0f} px²)",
            measured=hidden, threshold=s.HIDDEN_TEXT_SHARE * lines, unit="px²",
            box=union(cells),
        ))
    return issues
