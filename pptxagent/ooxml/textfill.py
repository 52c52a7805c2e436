"""Replace a text body's paragraphs while keeping the template's formatting.

Runs are never rebuilt from scratch: each new paragraph is a deep copy of the template
paragraph it takes (``slots.template_slots``: a heading slot or the level's item; its
``a:pPr``, the first run with its ``a:rPr``, its ``a:endParaRPr``); only the text changes and
the other runs are dropped.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from lxml import etree

from pptxagent.ooxml.levels import restyle_to_level, spells_out_level
from pptxagent.ooxml.slots import colour_of, has_text, paragraph_level, template_slots
from pptxagent.ooxml.sublevels import Look, match_parent
from pptxagent.ooxml.xml import SCHEMA_ORDER, insert_in_order, qn

_RUNLIKE = ("a:r", "a:br", "a:fld")


def template_for_level(templates: Sequence[etree._Element], level: int) -> etree._Element:
    """The template paragraph a list item at ``level`` copies (``slots.template_slots``)."""
    return template_slots(templates, level)[1]


def _copy_attrs(src: etree._Element, dst: etree._Element) -> None:
    for k, v in src.attrib.items():
        dst.set(k, v)


def _drop_attr(el: etree._Element, name: str) -> None:
    if name in el.attrib:
        del el.attrib[name]


def _rpr_from_end(p: etree._Element) -> etree._Element | None:
    """An ``a:rPr`` carrying the paragraph's end-of-paragraph formatting, if it has one."""
    end = p.find(qn("a:endParaRPr"))
    if end is None:
        return None
    rpr = etree.Element(qn("a:rPr"))
    _copy_attrs(end, rpr)
    for child in end:
        rpr.append(copy.deepcopy(child))
    return rpr


LINKS = ("a:hlinkClick", "a:hlinkMouseOver")


def end_mark(rpr: etree._Element, drop: Sequence[str] = ("err",)) -> etree._Element:
    """An ``a:endParaRPr`` with the text format of ``rpr`` (a run's ``a:rPr`` or an end
    mark): its attributes but ``drop``, its children but links."""
    end = etree.Element(qn("a:endParaRPr"))
    _copy_attrs(rpr, end)
    for name in drop:
        _drop_attr(end, name)
    for child in rpr:
        if isinstance(child.tag, str) and child.tag not in tuple(qn(t) for t in LINKS):
            end.append(copy.deepcopy(child))
    return end


def _keep_format_as_end(p: etree._Element, run: etree._Element) -> None:
    """Before dropping the last run of a paragraph, keep its format as ``a:endParaRPr``."""
    rpr = run.find(qn("a:rPr"))
    if rpr is None or p.find(qn("a:endParaRPr")) is not None:
        return
    insert_in_order(p, end_mark(rpr), SCHEMA_ORDER["a:p"])


def _drop_links(rpr: etree._Element) -> None:
    for tag in LINKS:
        for link in rpr.findall(qn(tag)):
            rpr.remove(link)


def links_of(txbody: etree._Element) -> int:
    """How many runs of ``txbody`` carry a hyperlink."""
    return sum(1 for r in txbody.iter(qn("a:rPr"))
               if any(r.find(qn(tag)) is not None for tag in LINKS))


def _line_runs(p: etree._Element) -> list[etree._Element]:
    """The run that gives each line of ``p`` its look: the first run with text after each
    line break (lines without text skipped)."""
    out: list[etree._Element] = []
    taken = False
    for child in p:
        if child.tag == qn("a:br"):
            taken = False
        elif child.tag == qn("a:r") and not taken and (child.findtext(qn("a:t")) or "").strip():
            out.append(child)
            taken = True
    return out


def one_paragraph_of_lines(txbody: etree._Element, bulleted: bool) -> bool:
    """Whether the template's text is one paragraph of several lines split by line breaks
    (a title "How They / Throw Out / a Challenge" in two sizes): a string's newlines then
    stay line breaks in that paragraph, each line in its template line's look, rather than
    new paragraphs in the first line's. Not in a ``bulleted`` box (a body placeholder, or
    bullets the paragraph or the box's list style set) unless the paragraph turns its bullet
    off: there, lines are items."""
    texts = [p for p in txbody.findall(qn("a:p")) if any(
        (t.text or "").strip() for t in p.iter(qn("a:t")))]
    if len(texts) != 1 or len(_line_runs(texts[0])) < 2:
        return False
    ppr = texts[0].find(qn("a:pPr"))
    lvl1 = txbody.find(f"{qn('a:lstStyle')}/{qn('a:lvl1pPr')}")
    marks = (qn("a:buChar"), qn("a:buAutoNum"), qn("a:buBlip"))
    bulleted = bulleted or any(src is not None and any(src.find(m) is not None for m in marks)
                               for src in (ppr, lvl1))
    return not bulleted or (ppr is not None and ppr.find(qn("a:buNone")) is not None)


def _fresh_text(run: etree._Element, text: str, old_text: str | None) -> None:
    """``run`` holding ``text``: the spell-check mark belonged to the old text, and so did a
    hyperlink (new text keeps the run's own format, no longer the link's)."""
    t = run.find(qn("a:t"))
    if t is None:
        t = etree.SubElement(run, qn("a:t"))
    t.text = text
    rpr = run.find(qn("a:rPr"))
    if rpr is not None:
        _drop_attr(rpr, "err")
        if text != old_text:
            _drop_links(rpr)


def _break_into_lines(p: etree._Element, first: etree._Element, lines: Sequence[str],
                      looks: Sequence[etree._Element]) -> None:
    """Lines 2… of a paragraph's new text after ``first``, each after a line break (in the
    format of the line before it) and in the look of the template's line of the same rank
    (``looks``; the last one's for lines past them): a name over a title line in one
    paragraph keeps both looks."""
    at = first
    rank = 1 if lines[0] else 0  # blank lines take no look, as the template's are skipped
    for line in lines[1:]:
        br = etree.Element(qn("a:br"))
        rpr = at.find(qn("a:rPr"))
        if rpr is not None:
            kept = copy.deepcopy(rpr)
            _drop_links(kept)  # a break links to nothing
            br.append(kept)
        at.addnext(br)
        if not line:
            at = br
            continue
        look = looks[min(rank, len(looks) - 1)] if looks else first
        rank += 1
        run = copy.deepcopy(look)
        _fresh_text(run, line, look.findtext(qn("a:t")))
        br.addnext(run)
        at = run


def make_paragraph(template: etree._Element, text: str, level: int) -> etree._Element:
    """A deep copy of ``template`` holding ``text`` in its first run with text (format
    kept). A newline in ``text`` is a line break; each line after it takes the look of the
    template's line of the same rank; spaces ending a line are dropped. A hyperlink on a run
    is not kept on new text: it pointed at what the old text named (the text keeps the run's
    own format, no longer the link's)."""
    p = copy.deepcopy(template)
    runs = p.findall(qn("a:r"))
    # The first run that shows text carries the format a reader sees (PowerPoint leaves
    # empty runs before a line break, often in another colour).
    first = next((r for r in runs if r.findtext(qn("a:t"))), runs[0] if runs else None)
    looks = _line_runs(template)
    for child in list(p):
        if child.tag in tuple(qn(t) for t in _RUNLIKE) and child is not first:
            p.remove(child)
    # Spaces that end a line show nothing in PowerPoint, but LibreOffice wraps one that
    # no longer fits onto a line of its own: the text grew a blank line there.
    lines = [line.rstrip(" ") for line in text.split("\n")]
    if any(lines):
        if first is None:
            first = etree.SubElement(p, qn("a:r"))
            rpr = _rpr_from_end(template)
            if rpr is not None:
                first.append(rpr)
            etree.SubElement(first, qn("a:t"))
            insert_in_order(p, first, SCHEMA_ORDER["a:p"])
        _fresh_text(first, lines[0], first.findtext(qn("a:t")))
        _break_into_lines(p, first, lines, looks)
    elif first is not None:
        _keep_format_as_end(p, first)
        p.remove(first)
    if paragraph_level(template) != level:
        ppr = p.find(qn("a:pPr"))
        if ppr is None:
            ppr = insert_in_order(p, etree.Element(qn("a:pPr")), SCHEMA_ORDER["a:p"])
        if level:
            ppr.set("lvl", str(level))
        elif "lvl" in ppr.attrib:
            del ppr.attrib["lvl"]
    return p


def ensure_txbody(shape: etree._Element) -> etree._Element:
    """The shape's ``p:txBody`` (created, with one empty paragraph, when missing)."""
    body = shape.find(qn("p:txBody"))
    if body is not None:
        return body
    body = etree.Element(qn("p:txBody"))
    etree.SubElement(body, qn("a:bodyPr"))
    etree.SubElement(body, qn("a:lstStyle"))
    etree.SubElement(body, qn("a:p"))
    return insert_in_order(shape, body, SCHEMA_ORDER["p:sp"])


def trailing_breaks(p: etree._Element) -> list[etree._Element]:
    """The line breaks ending ``p`` after its last text (empty runs between them skipped):
    the blank line(s) a template leaves under its text, say to lift a bottom-anchored title
    off a rule. Empty when ``p`` has no text before them, or blank lines above its text too
    (a centred title between blank lines: both go, or it would sit half a line higher)."""
    if _starts_with_break(p):
        return []
    found: list[etree._Element] = []
    for child in reversed(list(p)):
        if child.tag == qn("a:br"):
            found.append(child)
        elif child.tag in (qn("a:r"), qn("a:fld")):
            if child.findtext(qn("a:t")):
                return list(reversed(found))
        elif child.tag != qn("a:endParaRPr"):
            return []
    return []


def _starts_with_break(p: etree._Element) -> bool:
    for child in p:
        if child.tag == qn("a:br"):
            return True
        if child.tag in (qn("a:r"), qn("a:fld")) and child.findtext(qn("a:t")):
            return False
    return False


def _paragraph_for(choice: tuple[list[etree._Element], etree._Element], text: str,
                   level: int, index: int | None, levels: Mapping[int, etree._Element],
                   looks: Mapping[int, Look]) -> tuple[etree._Element, etree._Element]:
    """The new paragraph and the template paragraph it copies. ``choice``:
    ``template_slots`` at ``level``; ``index``: which heading slot the paragraph may take
    (None: the item's look)."""
    slots, item = choice
    template = slots[index] if index is not None and index < len(slots) else item
    p = make_paragraph(template, text, level)
    if paragraph_level(template) != level and level in levels and spells_out_level(template):
        # not the borrowed level's indent and bullet
        restyle_to_level(p, levels[level], level, levels.get(paragraph_level(template)))
    match_parent(p, level, template, paragraph_level(template), looks)
    return p, template


def _ends_groups(old: Sequence[etree._Element], level: int) -> bool:
    """Whether the template ends every paragraph at ``level`` that another follows with a
    blank line of the same height (line breaks after its text): the spacing between its
    groups, not one stray break."""
    above = [p for p in old[:-1] if paragraph_level(p) == level and has_text(p)]
    ends = [len(trailing_breaks(p)) for p in above]
    return bool(ends) and ends[0] > 0 and all(n == ends[0] for n in ends)


def _end_with(p: etree._Element, breaks: Sequence[etree._Element]) -> None:
    for br in breaks:
        insert_in_order(p, copy.deepcopy(br), SCHEMA_ORDER["a:p"])


def fill_paragraphs(txbody: etree._Element, items: Sequence[tuple[str, int]],
                    levels: Mapping[int, etree._Element] | None = None,
                    looks: Mapping[int, Look] | None = None, *, slots: bool = True) -> None:
    """Replace every paragraph of ``txbody`` (``p:txBody`` or ``a:txBody``) with ``items``.

    ``items`` are (text, level); an empty sequence leaves one empty paragraph. Line breaks
    that end the template's text (``trailing_breaks``) end the new text too: the template's
    spacing, not its content; so do those that end each template paragraph above another
    (a blank line between two groups, ``_ends_groups``), between new paragraphs of one level.
    ``levels`` (``levels.inherited_levels``): the layout's and master's paragraph per level,
    for levels the template's text lacks; ``looks`` (``sublevels.inherited_looks``): what its
    list styles give each level. ``slots``: the first new paragraphs may take the template's
    heading paragraphs (``slots``); off for speaker notes and table cells, which are no
    designed layout of their own.
    """
    old = txbody.findall(qn("a:p"))
    if not old:
        old = [etree.SubElement(txbody, qn("a:p"))]
    wanted = list(items) or [("", paragraph_level(old[0]))]
    seen: dict[int, int] = {}
    given = {lvl: (str(look.size) if look.size else None, colour_of(look.fill))
             for lvl, look in (looks or {}).items()}
    chosen: dict[int, tuple[list[etree._Element], etree._Element]] = {}  # once per level
    new: list[etree._Element] = []
    gaps: dict[int, bool] = {}
    for k, (text, lvl) in enumerate(wanted):
        index = None
        if slots and text.strip():  # a blank line takes no heading slot
            index = seen[lvl] = seen.get(lvl, -1) + 1
        if lvl not in chosen:
            chosen[lvl] = template_slots(old, lvl, given)
            gaps[lvl] = _ends_groups(old, lvl)
        p, template = _paragraph_for(chosen[lvl], text, lvl, index, levels or {}, looks or {})
        after = wanted[k + 1] if k + 1 < len(wanted) else None
        if gaps[lvl] and text.strip() and after and after[1] == lvl and after[0].strip():
            _end_with(p, trailing_breaks(template))
        new.append(p)
    if wanted[-1][0].strip():
        _end_with(new[-1], trailing_breaks(old[-1]))
    anchor = old[0]
    for p in new:
        anchor.addprevious(p)
    for p in old:
        txbody.remove(p)


def body_text(txbody: etree._Element) -> str:
    """The text as a user reads it: paragraphs joined by newlines, ``a:br`` as a newline too."""
    lines: list[str] = []
    for p in txbody.findall(qn("a:p")):
        parts: list[str] = []
        for child in p:
            if child.tag in (qn("a:r"), qn("a:fld")):
                t = child.find(qn("a:t"))
                parts.append((t.text or "") if t is not None else "")
            elif child.tag == qn("a:br"):
                parts.append("\n")
        lines.append("".join(parts))
    return "\n".join(lines)


__all__ = [
    "body_text",
    "end_mark",
    "ensure_txbody",
    "fill_paragraphs",
    "links_of",
    "make_paragraph",
    "one_paragraph_of_lines",
    "paragraph_level",
    "template_for_level",
    "trailing_breaks",
]
