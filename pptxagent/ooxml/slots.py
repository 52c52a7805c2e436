"""Which template paragraph each new paragraph of a filled box copies.

A box's template text is a list (items of one look, maybe under an unbulleted lead line) or a
small layout of its own: a card's heading over its description, a name over a biography's
bullets. ``template_slots`` reads both: the *item* is the look most of the level's paragraphs
share (on a tie a look that is not bold, then the look of the longest text: a description, not
its heading; a body, not its footnote); the *heading slots* are the leading paragraphs above
the first item whose text is set apart from it (size, weight, slant, underline, strike, caps,
baseline, colour or font of their main run). The i-th new paragraph with text at the level
takes the i-th slot, the others the item.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lxml import etree

from pptxagent.ooxml.xml import qn

TOGGLES = {"b": ("0", "false"), "i": ("0", "false"), "u": ("none",),
           "strike": ("noStrike",), "cap": ("none",), "baseline": ("0",)}
"""Run attributes that are off when absent, and the values that also say off."""


def paragraph_level(p: etree._Element) -> int:
    ppr = p.find(qn("a:pPr"))
    if ppr is None:
        return 0
    try:
        return int(ppr.get("lvl", "0"))
    except ValueError:
        return 0


def has_text(p: etree._Element) -> bool:
    return any(child.findtext(qn("a:t")) for child in p if child.tag in (qn("a:r"), qn("a:fld")))


def text_of(p: etree._Element) -> str:
    return "".join(child.findtext(qn("a:t")) or "" for child in p
                   if child.tag in (qn("a:r"), qn("a:fld")))


def list_look(p: etree._Element) -> tuple[str, ...]:
    """A paragraph's look as a list item: its indent and its bullet (or none)."""
    ppr = p.find(qn("a:pPr"))
    if ppr is None:
        return ()
    bullet = [etree.QName(c).localname + (c.get("char") or c.get("type") or "")
              for c in ppr if c.tag in (qn("a:buNone"), qn("a:buChar"), qn("a:buAutoNum"))]
    look = (ppr.get("marL", ""), ppr.get("indent", ""), *bullet)
    return look if any(look) else ()


def _main_run(p: etree._Element) -> etree._Element | None:
    """The run that holds most of the paragraph's text (the first on a tie): a bold lead word
    ("Strands – the areas of study …") does not make the paragraph bold."""
    runs = [r for r in p.findall(qn("a:r")) if r.findtext(qn("a:t"))]
    return max(runs, key=lambda r: len(r.findtext(qn("a:t")) or ""), default=None)


Inherited = tuple[str | None, str | None]
"""What a level's list styles give its runs: (size in 1/100 pt, colour as ``colour_of``
names it); None where no style says."""


def colour_of(fill: etree._Element | None) -> str | None:
    """A solid fill's colour as one comparable name (``schemeClraccent1``); None otherwise."""
    if fill is None or fill.tag != qn("a:solidFill") or not len(fill):
        return None
    return etree.QName(fill[0]).localname + fill[0].get("val", "")


def emphasis(p: etree._Element, inherited: Inherited = (None, None)) -> dict[str, str | None]:
    """How the paragraph's main run is set apart. Toggles are "" when off; a size or colour
    the run leaves to inheritance is the paragraph's own default's (``a:pPr/a:defRPr``), else
    the level's list styles' (``inherited``); size, colour and font that nothing says are
    None (they match anything)."""
    run = _main_run(p)
    rpr = run.find(qn("a:rPr")) if run is not None else None
    ppr = p.find(qn("a:pPr"))
    own = ppr.find(qn("a:defRPr")) if ppr is not None else None
    attrs: dict[str, str] = {}
    if rpr is not None:
        attrs = {str(k): str(v) for k, v in rpr.attrib.items()}
    out: dict[str, str | None] = {
        k: "" if attrs.get(k, off[0]) in off else attrs[k] for k, off in TOGGLES.items()}
    latin = rpr.find(qn("a:latin")) if rpr is not None else None
    out["sz"] = attrs.get("sz") or (own.get("sz") if own is not None else None) or inherited[0]
    out["colour"] = (colour_of(rpr.find(qn("a:solidFill")) if rpr is not None else None)
                     or colour_of(own.find(qn("a:solidFill")) if own is not None else None)
                     or inherited[1])
    out["font"] = latin.get("typeface") if latin is not None else None
    return out


def _same_emphasis(a: dict[str, str | None], b: dict[str, str | None]) -> bool:
    return all(a[k] == b[k] or (k not in TOGGLES and (a[k] is None or b[k] is None))
               for k in a)


_Look = tuple[tuple[str, ...], dict[str, str | None]]


def _look(p: etree._Element, inherited: Inherited) -> _Look:
    return list_look(p), emphasis(p, inherited)


def _alike(a: _Look, b: _Look) -> bool:
    return a[0] == b[0] and _same_emphasis(a[1], b[1])


def item_paragraph(paragraphs: Sequence[etree._Element],
                   inherited: Inherited = (None, None)) -> etree._Element | None:
    """The first paragraph of the look most of ``paragraphs`` share; on a tie a look that is
    not bold (headings are), then the look of the longest text (a description under its
    heading, a body over its footnote)."""
    if not paragraphs:
        return None
    looks = [_look(p, inherited) for p in paragraphs]  # read once: compared pairwise below
    counts = [sum(_alike(a, b) for b in looks) for a in looks]
    best = max(range(len(paragraphs)), key=lambda i: (
        counts[i], looks[i][1]["b"] == "", len(text_of(paragraphs[i])), -i))
    return next(p for p, look in zip(paragraphs, looks, strict=True)
                if _alike(look, looks[best]))


def template_slots(templates: Sequence[etree._Element], level: int,
                   inherited: Mapping[int, Inherited] | None = None,
                   ) -> tuple[list[etree._Element], etree._Element]:
    """(heading slots, item) at ``level`` among the template's paragraphs: those at that
    level with text (an empty first paragraph, as LibreOffice writes above its bullets, has
    lost the run format), else the first at that level; else the same from the nearest lower
    level (no slots then); else the first with text. A lead line that differs from the items
    only by its bullet is no slot: the items keep their bullet. ``inherited``: what each
    level's list styles give a run that says nothing itself (a white lead line left to the
    master over green items is set apart from them)."""
    for lvl in range(level, -1, -1):
        at = [p for p in templates if paragraph_level(p) == lvl]
        if not at:
            continue
        given = (inherited or {}).get(lvl, (None, None))
        texts = [p for p in at if has_text(p)]
        # a field alone (a date, a slide number) has no run format to copy
        item = item_paragraph([p for p in texts if _main_run(p) is not None] or texts, given)
        if item is None:
            return [], at[0]
        slots: list[etree._Element] = []
        if lvl == level:
            mark = emphasis(item, given)
            for p in texts[:texts.index(item)]:
                if _main_run(p) is None:
                    continue
                if _same_emphasis(emphasis(p, given), mark):
                    break
                slots.append(p)
        return slots, item
    return [], next((p for p in templates if has_text(p)), templates[0])


__all__ = ["Inherited", "colour_of", "emphasis", "has_text", "item_paragraph", "list_look",
           "paragraph_level", "template_slots", "text_of"]
