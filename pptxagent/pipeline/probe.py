"""``pptxagent probe``: how much text each slot of a template holds, measured (issue 35 §2).

For every template slide and every layout, and every slot the content can fill (title,
subtitle, bodies, text boxes with tokens), the probe finds by search over real drawings in
the browser:

- ``own``: the most words the slot holds at the template's own size before the fill would
  shrink it (the fill's first answer to text that does not fit: ``policy.fit``);
- ``min``: the most it holds at the minimum font of its role, at the tightest line spacing
  the fill uses, before the box would have to grow or move (where there is no room: the
  slide degrades);
- for bodies, the same as bullets of typical length (``probetext.BULLET_WORDS``).

Each round fills every slot at its candidate length through the fill itself
(``fill.apply_content`` on a copy of the template, so the text takes the template's own
runs, bullets and autofit), each slot alone on a copy of its slide, draws all copies in one
browser document and diagnoses each with the loop's own detector (``content_overflow``).
The next candidate comes from how far the text fell short of or past its box
(``probesearch``), so a slot takes 4-10 rounds, all slots at once. LibreOffice then draws
the deck at the found ``own`` limits (``probeout.confirm``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pptxagent.diagnose.engine import diagnose
from pptxagent.fill.content import parse_content
from pptxagent.fill.data import token_name
from pptxagent.fill.keys import role_map
from pptxagent.fill.layouts import place_layout_slides
from pptxagent.inventory import inventory_deck
from pptxagent.ir import DeckSlide, DomSnapshot, Element, SlideIR
from pptxagent.measure.measurer import Measurer
from pptxagent.ooxml.layoutslide import layouts
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.tokens import TOKEN_RE, paragraph_texts, text_languages
from pptxagent.pipeline.fillcopy import filled_copy
from pptxagent.pipeline.probesearch import Search, first_guess
from pptxagent.pipeline.probetext import (
    Sampler,
    Script,
    detect_script,
    has_letters,
    language_script,
)
from pptxagent.policy.grow import grow_edit, grows_to_fit
from pptxagent.render.media import MediaStore
from pptxagent.settings import Settings, min_font_for

MAX_ROUNDS = 14
MODES = ("own", "min")


@dataclass
class Target:
    """A template slide or a layout, as content.json names it."""

    label: str
    entry: dict[str, Any]
    slide: DeckSlide


@dataclass
class Slot:
    target: Target
    key: str
    """The content.json key (``title``, ``body``, ``name:…``) the probe fills."""
    name: str
    """What the user calls it: the key, or ``tokens.NAME`` for a token."""
    el: Element
    kind: str
    token: str | None = None
    written: list[str] = field(default_factory=list)
    """How the token is written in the box (``{{ client }}``, ``{{client | upper}}``)."""
    cell: tuple[int, int] | None = None
    """A table cell (row, column): the table's text as the template has it, this cell's
    replaced (``name:TABLE`` takes every row)."""
    rows: list[list[str]] | None = None
    skipped: str | None = None
    """Why the slot has no limits (text the fill does not repair: vertical, columns)."""
    grows: bool = False
    """A "resize shape to fit text" box: the fill grows it into empty space before its text
    shrinks (``policy.grow``); its limits count that room."""

    @property
    def bulleted(self) -> bool:
        return self.kind == "body"

    @property
    def modes(self) -> tuple[str, ...]:
        """A table cell is probed at its own size only (the fill grows a table's rows into
        the room below, then shrinks every cell together)."""
        return ("own",) if self.cell is not None else MODES

    @property
    def units(self) -> tuple[str, ...]:
        return ("words", "bullets") if self.bulleted else ("words",)


@dataclass
class Probe:
    template: Path
    settings: Settings
    sampler: Sampler
    targets: list[Target]
    slots: list[Slot]
    state: dict[tuple[int, str, str], Search] = field(default_factory=dict)
    """(slot index, mode ``own``/``min``, unit ``words``/``bullets``) → its search."""
    rounds: int = 0


def _text_kind(el: Element, key: str) -> str | None:
    """What a role key's element takes: text for its title, subtitle or a body (an empty
    placeholder of a layout is inventoried as a decoration until it holds text)."""
    empty_ph = el.type == "decoration" and el.source is not None and el.source.ph_type
    if el.table is not None or el.visual is not None or not (el.is_text or empty_ph):
        return None
    if key == "title":
        return "title"
    if key == "subtitle":
        return "subtitle"
    if key.startswith("body"):
        return "body"
    return None


def vertical(el: Element) -> bool:
    """Text set vertical (``bodyPr vert``): its lines run down the box; not probed."""
    vert = (el.style.model_extra or {}).get("vert")
    return bool(vert) and vert != "horz"


def _tokens_of(text: str) -> dict[str, list[str]]:
    """Each token of ``text`` the way the fill reads it (``ooxml.tokens.TOKEN_RE``): the
    name it is looked up by (a filter and Jinja's ``-`` trim markers aside; the first segment
    of a path) → the texts that write it (``{{ client }}``, ``{{{client}}}``,
    ``{{ client | upper }}``). Expressions and paths into nested tokens are left out."""
    out: dict[str, list[str]] = {}
    for m in TOKEN_RE.finditer(text):
        expr = m.group("triple") if m.group("triple") is not None else m.group("value")
        if expr is None:
            continue
        name = token_name(expr)
        if name is None or any(c in expr.split("|", 1)[0] for c in ".["):
            continue  # an expression, or a path into nested tokens: not one string to limit
        written = out.setdefault(name, [])
        if m.group(0) not in written:
            written.append(m.group(0))
    return out


def find_slots(targets: Sequence[Target]) -> list[Slot]:
    """The fillable text slots of each target: its role keys, and each token of a text box
    no role key fills."""
    out: list[Slot] = []
    for t in targets:
        roles = role_map(t.slide)
        keyed = set()
        for key, el in roles.items():
            kind = _text_kind(el, key)
            if kind is not None and not vertical(el):
                out.append(Slot(t, key, key, el, kind))
                keyed.add(el.eid)
        for el in t.slide.elements:
            if el.table is not None and el.source is not None and el.source.name:
                out += table_slots(t, el, _fill_key(t.slide, el))
                continue
            if (el.eid in keyed or el.source is None or not el.source.name or not el.is_text
                    or vertical(el)):
                continue
            for tok, written in _tokens_of(el.content).items():
                out.append(Slot(t, _fill_key(t.slide, el), f"tokens.{tok}", el, "token",
                                token=tok, written=written))
    return out


def _fill_key(slide: DeckSlide, el: Element) -> str:
    """The content.json key that names ``el``: ``name:…`` when no other shape of the slide has
    its name, else its eid (the fill refuses a name two shapes share)."""
    name = el.source.name if el.source is not None else ""
    alike = sum(1 for e in slide.elements if e.source is not None and e.source.name == name)
    return f"name:{name}" if name and alike == 1 else el.eid


def table_slots(t: Target, el: Element, key: str) -> list[Slot]:
    """One slot per column of a table: its first body row's cell (the header row's when the
    table has one row), probed with the other cells as the template has them."""
    assert el.table is not None and el.source is not None
    rows = [["\n".join(p.text for p in c.paragraphs) for c in r.cells] for r in el.table.rows]
    if not rows or any(len(r) != len(rows[0]) for r in rows):
        return []
    r = 1 if len(rows) > 1 else 0
    return [Slot(t, key, f"{key}[{r}][{c}]", el, "cell",
                 cell=(r, c), rows=rows)
            for c, cell in enumerate(el.table.rows[r].cells)
            if not (cell.hMerge or cell.vMerge or cell.vert)]


def open_targets(template: Path) -> tuple[list[Target], Script]:
    """Every template slide and every layout, and the script of the text they hold: the one
    their letters are in, else (a template with no text of its own) the one of the layouts'
    prompts, or of the language those prompts are tagged with when it is written in another
    script (``zh-CN`` on "Click to edit Master title style")."""
    pkg = Package.open(template)
    deck = inventory_deck(pkg)
    targets = [Target(f"slide {s.index}", {"template_slide": s.index}, s)
               for s in deck.slides]
    found = layouts(pkg)
    entries = [{"layout": n} for n in range(1, len(found) + 1)]
    if entries:
        content = parse_content({"slides": entries}, str(template))
        placed, _ = place_layout_slides(pkg, content)
        more = inventory_deck(pkg)
        for n, ((_, name), entry) in enumerate(zip(found, placed.slides or [], strict=True),
                                               start=1):
            number = entry.template_slide  # by part: two masters may name a layout alike
            if number is not None:
                targets.append(Target(f"layout {n}: {name}", {"layout": n},
                                      more.slides[number - 1]))
    texts = [e.content for t in targets for e in t.slide.elements]
    if has_letters(texts):
        return targets, detect_script(texts)
    # no text of its own: the layouts' prompts ("クリックして…"), and the language they are in
    prompts = [t for part, _ in found for t in paragraph_texts(pkg.xml(part))]
    script = detect_script(prompts)
    tagged = language_script(lang for part, _ in found for lang in text_languages(pkg.xml(part)))
    return targets, tagged if tagged is not None and script == "latin" else script


def value(slot: Slot, sampler: Sampler, unit: str, k: int, base: Any = None) -> Any:
    """What content.json gives the slot's key for ``k`` words (or bullets): the sample text;
    for a table cell, the table's rows with that cell's text; for a token, its box's text
    with the token written out. ``base``: the key's value so far (another cell or token of
    the same table or box, on the contact sheet)."""
    if unit == "bullets":
        return sampler.bullets(k)
    text = sampler.text(k)
    if slot.cell is not None and slot.rows is not None:
        rows = [list(r) for r in (base or slot.rows)]
        rows[slot.cell[0]][slot.cell[1]] = text
        return rows
    if slot.token is not None:
        out = base or slot.el.content
        for written in slot.written:
            out = out.replace(written, text)
        return out
    return text


@dataclass
class Copy:
    """One copy of a slot's slide with the slot at ``k`` words (or bullets) in one mode."""

    slot: int
    mode: str
    unit: str
    k: int


def plan_round(p: Probe, todo: Callable[[int, str, str], int | None]) -> list[Copy]:
    """One copy per slot, mode and unit with something left to measure: each slot is probed
    alone, the slide's other slots as the template has them (a template slide's own text; a
    layout's empty placeholders, which the fill removes)."""
    return [Copy(i, mode, unit, k) for i, s in enumerate(p.slots) for mode in s.modes
            for unit in s.units if (k := todo(i, mode, unit)) is not None]


def fill_entries(p: Probe, entries: Sequence[dict[str, Any]]) -> tuple[Package, list[SlideIR]]:
    """A copy of the template filled with content.json slide ``entries``, each output slide
    inventoried."""
    pkg, deck, slides = filled_copy(p.template, entries)
    return pkg, [SlideIR(slide=deck.slide, elements=ds.elements, backdrop=ds.backdrop)
                 for ds in slides]


def fill_copies(p: Probe, copies: Sequence[Copy]) -> tuple[Package, list[SlideIR]]:
    """The template filled with every copy's candidate; a ``min`` copy's slot at its tightest."""
    pkg, irs = fill_entries(p, [
        {**p.slots[c.slot].target.entry,
         "fill": {p.slots[c.slot].key: value(p.slots[c.slot], p.sampler, c.unit, c.k)}}
        for c in copies])
    for c, ir in zip(copies, irs, strict=True):
        if c.mode == "min":
            at_min(ir.element(p.slots[c.slot].el.eid), p.settings)
    return pkg, irs


def at_min(el: Element, settings: Settings) -> None:
    """``el`` drawn as the fill's tightest: its role's minimum font, line spacing at
    ``FIT_LINE_FLOOR`` of the template's."""
    floor = min_font_for(el.priority, settings)
    if floor is not None and el.style.fontSize and el.style.fontSize > floor:
        el.style.fontSize = floor
    base = el.baseLineHeight or el.style.lineHeight or 1.2
    el.style.lineHeight = round(base * settings.FIT_LINE_FLOOR, 4)


def room(el: Element, dom: DomSnapshot) -> tuple[float, float, int]:
    """The height ``el``'s text needs as drawn and the height its box has (px), and its
    drawn line count."""
    d = dom.get(el.eid)
    if d is not None and el.table is not None and d.rowHeights:
        return sum(d.rowHeights), max(1.0, d.bbox.h), 0
    if d is None or d.contentBox is None:
        return 0.0, 1.0, 0
    line = d.computed.fontSize * d.computed.lineHeight
    lines = round(d.contentBox.h / line) if line > 0 else 0
    return d.contentBox.h, max(1.0, d.bbox.h - _pad(el)), lines


def _pad(el: Element) -> float:
    ins = el.style.insets
    return (ins.top + ins.bottom) if ins is not None else 0.0


def measure_round(p: Probe, copies: Sequence[Copy], measurer: Measurer) -> None:
    """Fill, draw and diagnose one round; update every probed slot's search."""
    pkg, irs = fill_copies(p, copies)
    if measurer.media is None:
        measurer.media = MediaStore.for_package(pkg)
    doms = measurer.measure_many(irs, p.settings)
    for c, ir, dom in zip(copies, irs, doms, strict=True):
        slot = p.slots[c.slot]
        el = ir.element(slot.el.eid)
        if el.source is not None and not el.source.repairable:
            slot.skipped = ("the fill does not repair this text (vertical or in columns): "
                            "no limit measured")
            for (j, _, _), st in p.state.items():
                if j == c.slot:
                    st.hi = st.lo + 1
            continue
        over = next((d for d in diagnose(ir, dom, p.settings).defects
                     if d.type == "content_overflow" and d.eid == el.eid), None)
        need, avail, lines = room(el, dom)
        fits = over is None
        if over is not None and grows_to_fit(el):  # "resize shape to fit": grows first
            slot.grows = True
            grown = grow_edit(ir, el, over, p.settings)
            fits = grown is not None and grown[1] is None
            if grown is not None:  # the room it grows into is its height
                avail = max(1.0, float(grown[0].get("h", el.layout.h)) - _pad(el))
        s = p.state[(c.slot, c.mode, c.unit)]
        if fits and c.k >= s.lo:
            s.lines = lines
        s.font_px = el.style.fontSize or s.font_px
        s.update(c.k, fits, need, avail, lines)
    p.rounds += 1


def new_probe(template: Path, settings: Settings) -> Probe:
    targets, script = open_targets(template)
    sampler = Sampler(script)
    slots = find_slots(targets)
    p = Probe(template, settings, sampler, targets, slots)
    for i, s in enumerate(slots):
        for mode in s.modes:
            for unit in s.units:
                p.state[(i, mode, unit)] = Search(k=first_guess(s.el, s.cell, sampler, unit))
    return p


def search(p: Probe, measurer: Measurer) -> None:
    """Rounds until every slot's bracket closes (or ``MAX_ROUNDS``)."""
    def todo(i: int, mode: str, unit: str) -> int | None:
        s = p.state[(i, mode, unit)]
        return None if s.done else s.k

    while p.rounds < MAX_ROUNDS:
        copies = plan_round(p, todo)
        if not copies:
            return
        measure_round(p, copies, measurer)
