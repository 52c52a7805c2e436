"""Replace a text body's paragraphs while keeping the template's formatting.

Runs are never rebuilt from scratch: each new paragraph is a deep copy of the template
paragraph for its level (its ``a:pPr``, the first run with its ``a:rPr``, its
``a:endParaRPr``); only the text changes and the other runs are dropped.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from lxml import etree

from pptxagent.ooxml.levels import restyle_to_level, spells_out_level
from pptxagent.ooxml.sublevels import Look, match_parent
from pptxagent.ooxml.xml import SCHEMA_ORDER, insert_in_order, qn

_RUNLIKE = ("a:r", "a:br", "a:fld")


def paragraph_level(p: etree._Element) -> int:
    ppr = p.find(qn("a:pPr"))
    if ppr is None:
        return 0
    try:
        return int(ppr.get("lvl", "0"))
    except ValueError:
        return 0


def _has_text(p: etree._Element) -> bool:
    return any(child.findtext(qn("a:t")) for child in p if child.tag in (qn("a:r"), qn("a:fld")))


def template_for_level(templates: Sequence[etree._Element], level: int) -> etree._Element:
    """The template paragraph for a list item at ``level``: among those at that level that
    carry text (an empty first paragraph, as LibreOffice writes above its bullets, has lost
    the run format), the first of the look most share (``_most_used``), else the first at that
    level; else the same from the nearest lower level; else the first with text."""
    return template_slots(templates, level)[1]


def template_slots(templates: Sequence[etree._Element],
                   level: int) -> tuple[list[etree._Element], etree._Element]:
    """(heading slots, list item) at ``level``: the i-th new paragraph at that level takes the
    i-th slot, the others the list item. Slots are the template's leading paragraphs above its
    items whose text is set apart (size, weight, slant, underline, colour or font): a card's
    heading over its description, a name over a biography's bullets. A lead line that differs
    from the items only by its bullet is no slot: the items keep their bullet."""
    for lvl in range(level, -1, -1):
        at = [p for p in templates if paragraph_level(p) == lvl]
        if not at:
            continue
        texts = [p for p in at if _has_text(p)]
        item = _most_used(texts)
        if item is None:
            return [], at[0]
        slots: list[etree._Element] = []
        if lvl == level:
            for p in texts[:texts.index(item)]:
                if _emphasis(p) == _emphasis(item):
                    break
                slots.append(p)
        return slots, item
    return [], next((p for p in templates if _has_text(p)), templates[0])


def _look(p: etree._Element) -> tuple[str, ...]:
    """A paragraph's look as a list item: its indent and its bullet (or none)."""
    ppr = p.find(qn("a:pPr"))
    if ppr is None:
        return ()
    bullet = [etree.QName(c).localname + (c.get("char") or c.get("type") or "")
              for c in ppr if c.tag in (qn("a:buNone"), qn("a:buChar"), qn("a:buAutoNum"))]
    return (ppr.get("marL", ""), ppr.get("indent", ""), *bullet)


_EMPHASIS = ("sz", "b", "i", "u", "strike", "cap", "baseline")


def _emphasis(p: etree._Element) -> tuple[str, ...]:
    """How a paragraph's text is set apart: its first text run's size, weight, slant,
    underline, strike, caps, baseline, colour and Latin font, as written."""
    run = next((r for r in p.findall(qn("a:r")) if r.findtext(qn("a:t"))), None)
    rpr = run.find(qn("a:rPr")) if run is not None else None
    if rpr is None:
        return ()
    fill = rpr.find(qn("a:solidFill"))
    colour = fill[0] if fill is not None and len(fill) else None
    latin = rpr.find(qn("a:latin"))
    return (*(rpr.get(k, "") for k in _EMPHASIS),
            "" if colour is None else etree.QName(colour).localname + colour.get("val", ""),
            "" if latin is None else latin.get("typeface", ""))


def _most_used(paragraphs: Sequence[etree._Element]) -> etree._Element | None:
    """The first paragraph of the look (list look and emphasis) most of ``paragraphs`` share;
    on a tie the look that starts last: a template's list items, not the unbulleted lead line
    or the heading above them."""
    if not paragraphs:
        return None
    looks = [(_look(p), _emphasis(p)) for p in paragraphs]
    best = max(looks, key=lambda k: (looks.count(k), looks.index(k)))
    return paragraphs[looks.index(best)]


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


def _keep_format_as_end(p: etree._Element, run: etree._Element) -> None:
    """Before dropping the last run of a paragraph, keep its format as ``a:endParaRPr``."""
    rpr = run.find(qn("a:rPr"))
    if rpr is None or p.find(qn("a:endParaRPr")) is not None:
        return
    end = etree.Element(qn("a:endParaRPr"))
    _copy_attrs(rpr, end)
    _drop_attr(end, "err")
    for child in rpr:
        if child.tag not in (qn("a:hlinkClick"), qn("a:hlinkMouseOver")):
            end.append(copy.deepcopy(child))
    insert_in_order(p, end, SCHEMA_ORDER["a:p"])


LINKS = ("a:hlinkClick", "a:hlinkMouseOver")


def _drop_links(rpr: etree._Element) -> None:
    for tag in LINKS:
        for link in rpr.findall(qn(tag)):
            rpr.remove(link)


def links_of(txbody: etree._Element) -> int:
    """How many runs of ``txbody`` carry a hyperlink."""
    return sum(1 for r in txbody.iter(qn("a:rPr"))
               if any(r.find(qn(tag)) is not None for tag in LINKS))


def make_paragraph(template: etree._Element, text: str, level: int) -> etree._Element:
    """A deep copy of ``template`` holding ``text`` in its first run with text (format
    kept). A hyperlink on that run is not kept on new text: it pointed at what the old text
    named (the text keeps the run's own format, no longer the link's)."""
    p = copy.deepcopy(template)
    runs = p.findall(qn("a:r"))
    # The first run that shows text carries the format a reader sees (PowerPoint leaves
    # empty runs before a line break, often in another colour).
    first = next((r for r in runs if r.findtext(qn("a:t"))), runs[0] if runs else None)
    for child in list(p):
        if child.tag in tuple(qn(t) for t in _RUNLIKE) and child is not first:
            p.remove(child)
    if text:
        if first is None:
            first = etree.SubElement(p, qn("a:r"))
            rpr = _rpr_from_end(template)
            if rpr is not None:
                first.append(rpr)
            etree.SubElement(first, qn("a:t"))
            insert_in_order(p, first, SCHEMA_ORDER["a:p"])
        t = first.find(qn("a:t"))
        if t is None:
            t = etree.SubElement(first, qn("a:t"))
        old_text, t.text = t.text, text
        rpr = first.find(qn("a:rPr"))
        if rpr is not None:
            _drop_attr(rpr, "err")  # the spell-check mark belonged to the old text
            if text != old_text:
                _drop_links(rpr)
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


def _paragraph_for(old: Sequence[etree._Element], text: str, level: int, index: int,
                   levels: Mapping[int, etree._Element],
                   looks: Mapping[int, Look]) -> etree._Element:
    slots, item = template_slots(old, level)
    template = slots[index] if index < len(slots) else item
    p = make_paragraph(template, text, level)
    if paragraph_level(template) != level and level in levels and spells_out_level(template):
        # not the borrowed level's indent and bullet
        restyle_to_level(p, levels[level], level, levels.get(paragraph_level(template)))
    match_parent(p, level, template, paragraph_level(template), looks)
    return p


def fill_paragraphs(txbody: etree._Element, items: Sequence[tuple[str, int]],
                    levels: Mapping[int, etree._Element] | None = None,
                    looks: Mapping[int, Look] | None = None) -> None:
    """Replace every paragraph of ``txbody`` (``p:txBody`` or ``a:txBody``) with ``items``.

    ``items`` are (text, level); an empty sequence leaves one empty paragraph. Line breaks
    that end the template's text (``trailing_breaks``) end the new text too: the template's
    spacing, not its content. ``levels`` (``levels.inherited_levels``): the layout's and
    master's paragraph per level, for levels the template's text lacks; ``looks``
    (``sublevels.inherited_looks``): what its list styles give each level.
    """
    old = txbody.findall(qn("a:p"))
    if not old:
        old = [etree.SubElement(txbody, qn("a:p"))]
    wanted = list(items) or [("", paragraph_level(old[0]))]
    seen: dict[int, int] = {}
    new: list[etree._Element] = []
    for text, lvl in wanted:
        seen[lvl] = seen.get(lvl, -1) + 1
        new.append(_paragraph_for(old, text, lvl, seen[lvl], levels or {}, looks or {}))
    if wanted[-1][0]:
        for br in trailing_breaks(old[-1]):
            insert_in_order(new[-1], copy.deepcopy(br), SCHEMA_ORDER["a:p"])
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
    "ensure_txbody",
    "fill_paragraphs",
    "links_of",
    "make_paragraph",
    "paragraph_level",
    "template_for_level",
    "template_slots",
    "trailing_breaks",
]
