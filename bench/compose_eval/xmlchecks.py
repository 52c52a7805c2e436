"""The judge's checks on the package itself (no rendering).

Each check returns ``{slide number: [reason, ...]}`` for the slides it fails:

* ``check_strings`` (c): every outline string present as text in the deck (slide text, table
  cells, chart categories and series names, notes; citations on the slide or in its notes);
  each bullet appears exactly once as a paragraph (continuation slides may split a list);
* ``check_charts`` (d): each outline chart is a native chart of the right type whose value
  cache and embedded workbook cells equal the input;
* ``check_colours`` (e): no literal colour (``a:srgbClr``/``sysClr``/``scrgbClr``/
  ``prstClr``) in slide, chart, layout or master parts (the theme part holds the scheme);
* ``check_titles`` (f): a title placeholder on every slide.
"""

from __future__ import annotations

import math
import posixpath
import re
import zipfile
from collections import Counter
from collections.abc import Iterable
from io import BytesIO
from typing import Any

from lxml import etree

from bench.compose_eval.deck import Deck, norm, q

Failures = dict[int, list[str]]
LITERAL_COLOURS = ("srgbClr", "sysClr", "scrgbClr", "prstClr")
COLOUR_PARTS = re.compile(r"^ppt/(slides/slide|charts/|slideLayouts/|slideMasters/)[^/]*\.xml$")
CHART_TYPES = {"bar": ("barChart", "bar"), "column": ("barChart", "col"),
               "line": ("lineChart", None), "pie": ("pieChart", None)}


def _add(out: Failures, slide: int, why: str) -> None:
    out.setdefault(slide, []).append(why)


def _cell(value: Any) -> str:
    return str(value)


def slide_strings(spec: dict[str, Any]) -> list[tuple[str, str]]:
    """(where it must show, text) of one outline slide: ``bullet`` (a paragraph, exactly
    once), ``text`` (on a slide), ``chart`` (a chart's strings), ``notes``, ``citation``."""
    out: list[tuple[str, str]] = []
    for key in ("title", "subtitle", "quote", "author", "role", "takeaway", "caption"):
        if spec.get(key):
            out.append(("text", spec[key]))
    for b in spec.get("bullets") or []:
        out.append(("bullet", b if isinstance(b, str) else b["text"]))
    for item in spec.get("items") or []:
        out += [("text", item[k]) for k in ("value", "label", "delta") if item.get(k)]
    for side in ("left", "right"):
        col = spec.get(side)
        if col:
            out.append(("text", col["heading"]))
            out += [("bullet", b if isinstance(b, str) else b["text"])
                    for b in col.get("bullets", [])]
    for step in spec.get("steps") or []:
        out += [("text", step[k]) for k in ("label", "text") if step.get(k)]
    chart = spec.get("chart")
    if chart:
        out += [("chart", c) for c in chart["categories"]]
        out += [("chart", s["name"]) for s in chart["series"]]
    for row in spec.get("rows") or []:
        out += [("text", _cell(c)) for c in row if _cell(c).strip()]
    if spec.get("notes"):
        out.append(("notes", spec["notes"]))
    out += [("citation", c) for c in spec.get("citations", [])]
    return [(w, norm(t)) for w, t in out if norm(t)]


def chart_strings(deck: Deck, part: str) -> list[str]:
    root = deck.xml(part)
    out = [norm(v.text or "") for cat in root.iter(q("c:cat")) for v in cat.iter(q("c:v"))]
    out += [norm(v.text or "") for tx in root.iter(q("c:tx")) for v in tx.iter(q("c:v"))]
    return out


def home_slides(deck: Deck, outline: dict[str, Any]) -> list[int]:
    """For each outline slide, the deck slide that shows most of its strings (continuations
    follow it); where none shows any, the slide after the previous outline slide's home."""
    texts = ["\n".join(s.paragraphs()) for s in deck.slides]
    homes: list[int] = []
    for spec in outline["slides"]:
        wanted = [t for w, t in slide_strings(spec) if w in ("text", "bullet")]
        prev = homes[-1] if homes else 0
        scores = [sum(t in txt for t in wanted) for txt in texts]
        best = max(range(len(texts)), key=lambda k: (scores[k], -abs(k + 1 - (prev + 1))),
                   default=0)
        homes.append(best + 1 if texts and scores[best] else min(prev + 1, len(texts)))
    return homes


def check_strings(deck: Deck, outline: dict[str, Any],
                  owners: list[int] | None = None) -> Failures:
    """``owners[k]``: the 0-based outline slide deck slide k+1 came from (the report's
    ``outline_slide``). Given, each string must show on the deck slides of its own outline
    slide (a figure shown on another slide does not count); else anywhere in the deck. A
    bullet must not show more often in the deck than the outline has it."""
    out: Failures = {}
    if owners is not None and len(owners) != len(deck.slides):
        owners = None
    everything = Counter(t for spec in outline["slides"] for _, t in slide_strings(spec))
    shown_paras = Counter(p for s in deck.slides for p in s.paragraphs())
    homes = home_slides(deck, outline)
    title = norm(outline["title"])
    if (title not in "\n".join(p for s in deck.slides for p in s.paragraphs())
            and title not in _core_title(deck)):
        _add(out, 1, f"deck title {title[:40]!r} neither on a slide nor in the document title")
    for i, (spec, home) in enumerate(zip(outline["slides"], homes, strict=True)):
        group = deck.slides if owners is None else [
            s for s, o in zip(deck.slides, owners, strict=True) if o == i]
        if not group:
            _add(out, home, f"outline slide {i + 1}: no deck slide came from it")
            continue
        blame = home if owners is None else group[0].number
        paras = Counter(p for s in group for p in s.paragraphs())
        slide_text = "\n".join(p for s in group for p in s.paragraphs())
        charts = {t for s in group for c in s.charts for t in chart_strings(deck, c)}
        notes = "\n".join(s.notes for s in group)
        for where, text in slide_strings(spec):
            shown = text[:50]
            if where == "bullet":
                if paras[text] == 0:
                    _add(out, blame, f"outline slide {i + 1}: bullet {shown!r} missing")
                elif shown_paras[text] > everything[text]:
                    _add(out, blame, f"outline slide {i + 1}: bullet {shown!r} shown "
                                     f"{shown_paras[text]} times")
            elif where == "text" and text not in slide_text:
                _add(out, blame, f"outline slide {i + 1}: {shown!r} not on its slides")
            elif where == "chart" and text not in charts:
                _add(out, blame, f"outline slide {i + 1}: chart string {shown!r} missing")
            elif where == "notes" and text not in notes:
                _add(out, blame, f"outline slide {i + 1}: notes {shown!r} missing")
            elif where == "citation" and text not in slide_text and text not in notes:
                _add(out, blame, f"outline slide {i + 1}: citation {shown!r} missing")
    return out


def report_owners(report: dict[str, Any] | None) -> list[int] | None:
    """Deck slide order → 0-based outline slide, from a compose report (None if it has no
    ``outline_slide`` for every slide)."""
    if not report or not report.get("slides"):
        return None
    slides = sorted(report["slides"], key=lambda s: s.get("index", 0))
    owners = [s.get("outline_slide") for s in slides]
    return None if any(not isinstance(o, int) for o in owners) else [o - 1 for o in owners]


def _core_title(deck: Deck) -> str:
    if "docProps/core.xml" not in deck.names:
        return ""
    el = deck.xml("docProps/core.xml").find("{http://purl.org/dc/elements/1.1/}title")
    return norm(el.text or "") if el is not None else ""


# --- charts -------------------------------------------------------------------------------
def _cache(el: etree._Element | None) -> list[str]:
    if el is None:
        return []
    pts = sorted(((int(p.get("idx", "0")), p.findtext(q("c:v")) or "")
                  for p in el.iter(q("c:pt"))), key=lambda t: t[0])
    return [v for _, v in pts]


def _same_numbers(got: Iterable[str | float | None], want: Iterable[float]) -> bool:
    got, want = list(got), list(want)
    if len(got) != len(want):
        return False
    try:
        return all(g is not None and math.isclose(float(g), float(w), rel_tol=1e-9,
                                                  abs_tol=1e-12) for g, w in zip(got, want,
                                                                                strict=True))
    except ValueError:
        return False


_REF = re.compile(r"^'?(?P<sheet>[^'!]+)'?!\$?(?P<c0>[A-Z]+)\$?(?P<r0>\d+)"
                  r"(?::\$?(?P<c1>[A-Z]+)\$?(?P<r1>\d+))?$")


def _col(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def _letters(n: int) -> str:
    s = ""
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


class Workbook:
    """The cells of an embedded .xlsx: ``cells[sheet name][A1 ref]`` as text."""

    def __init__(self, data: bytes) -> None:
        self.cells: dict[str, dict[str, str]] = {}
        with zipfile.ZipFile(BytesIO(data)) as z:
            names = set(z.namelist())
            shared: list[str] = []
            if "xl/sharedStrings.xml" in names:
                root = etree.fromstring(z.read("xl/sharedStrings.xml"))
                shared = ["".join(t.text or "" for t in si.iter(f"{{{_X}}}t"))
                          for si in root.iter(f"{{{_X}}}si")]
            rels = etree.fromstring(z.read("xl/_rels/workbook.xml.rels"))
            targets = {r.get("Id"): r.get("Target", "") for r in rels}
            for sheet in etree.fromstring(z.read("xl/workbook.xml")).iter(f"{{{_X}}}sheet"):
                target = targets.get(sheet.get(f"{{{_R}}}id"), "")
                part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(
                    posixpath.join("xl", target))
                self.cells[sheet.get("name", "")] = self._sheet(z.read(part), shared)

    @staticmethod
    def _sheet(data: bytes, shared: list[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for c in etree.fromstring(data).iter(f"{{{_X}}}c"):
            t, v = c.get("t"), c.findtext(f"{{{_X}}}v")
            if t == "s" and v is not None:
                out[c.get("r", "")] = shared[int(v)]
            elif t == "inlineStr":
                out[c.get("r", "")] = "".join(x.text or "" for x in c.iter(f"{{{_X}}}t"))
            elif v is not None:
                out[c.get("r", "")] = v
        return out

    def range(self, ref: str) -> list[str | None] | None:
        m = _REF.match(ref.strip())
        if m is None or m["sheet"] not in self.cells:
            return None
        sheet = self.cells[m["sheet"]]
        c0, r0 = _col(m["c0"]), int(m["r0"])
        c1, r1 = (_col(m["c1"]), int(m["r1"])) if m["c1"] else (c0, r0)
        return [sheet.get(f"{_letters(c)}{r}") for r in range(r0, r1 + 1)
                for c in range(c0, c1 + 1)]


_X = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _workbook(deck: Deck, chart_part: str) -> Workbook | None:
    for kind, target in deck.rels(chart_part).values():
        if kind == "package" and target in deck.names:
            return Workbook(deck.read(target))
    return None


def _judge_chart(deck: Deck, part: str, chart: dict[str, Any]) -> list[str]:
    root = deck.xml(part)
    plot_tag, bar_dir = CHART_TYPES[chart["type"]]
    plot = next(root.iter(q(f"c:{plot_tag}")), None)
    why: list[str] = []
    if plot is None:
        return [f"{part}: no c:{plot_tag} for a {chart['type']} chart"]
    if bar_dir is not None:
        got = plot.find(q("c:barDir"))
        if got is None or got.get("val") != bar_dir:
            why.append(f"{part}: barDir {None if got is None else got.get('val')}, "
                       f"want {bar_dir}")
    sers = list(root.iter(q("c:ser")))
    if len(sers) != len(chart["series"]):
        return [*why, f"{part}: {len(sers)} series, want {len(chart['series'])}"]
    book = _workbook(deck, part)
    if book is None:
        why.append(f"{part}: no embedded workbook")
    for k, (ser, want) in enumerate(zip(sers, chart["series"], strict=True)):
        val = ser.find(q("c:val"))
        cache = val.find(f".//{q('c:numCache')}") if val is not None else None
        if not _same_numbers(_cache(cache), want["values"]):
            why.append(f"{part}: series {k} cache {_cache(cache)} != {want['values']}")
        ref = val.findtext(f".//{q('c:f')}") if val is not None else None
        if book is not None:
            cells = book.range(ref) if ref else None
            if cells is None or not _same_numbers(cells, want["values"]):
                why.append(f"{part}: series {k} workbook {ref} = {cells} != {want['values']}")
    return why


def _categories(root: etree._Element) -> list[str]:
    ser = next(root.iter(q("c:ser")), None)
    cat = ser.find(q("c:cat")) if ser is not None else None
    if cat is None:
        return []
    cache = cat.find(f".//{q('c:strCache')}")
    if cache is None:
        cache = cat.find(f".//{q('c:numCache')}")
    return _cache(cache)


def check_charts(deck: Deck, outline: dict[str, Any]) -> Failures:
    out: Failures = {}
    homes = home_slides(deck, outline)
    found = {c: s.number for s in deck.slides for c in s.charts}
    by_cats = {c: _categories(deck.xml(c)) for c in found}
    for i, (spec, home) in enumerate(zip(outline["slides"], homes, strict=True)):
        chart = spec.get("chart")
        if not chart:
            continue
        cats = [norm(c) for c in chart["categories"]]
        parts = [c for c, v in by_cats.items() if [norm(x) for x in v] == cats]
        if not parts:
            _add(out, home, f"outline slide {i + 1}: no native chart with its categories")
            continue
        results = [_judge_chart(deck, p, chart) for p in parts]
        if all(results):
            part = parts[0]
            for why in results[0]:
                _add(out, found[part], f"outline slide {i + 1}: {why}")
    return out


# --- colours and title placeholders ---------------------------------------------------------
def check_colours(deck: Deck) -> Failures:
    out: Failures = {}
    everywhere = [s.number for s in deck.slides]
    for part in sorted(deck.names):
        if not COLOUR_PARTS.match(part):
            continue
        root = deck.xml(part)
        found = Counter(etree.QName(el).localname for el in root.iter()
                        if isinstance(el.tag, str) and etree.QName(el).localname
                        in LITERAL_COLOURS)
        if not found:
            continue
        what = ", ".join(f"{n} {k}" for k, n in sorted(found.items()))
        for n in deck.slides_of_part(part) or everywhere:
            _add(out, n, f"{part}: literal colours ({what})")
    return out


def has_title(root: etree._Element) -> bool:
    return any(ph.get("type") in ("title", "ctrTitle") for ph in root.iter(q("p:ph")))


def check_titles(deck: Deck) -> Failures:
    """A title placeholder on the slide, and on the layout it is built on."""
    out: Failures = {}
    for s in deck.slides:
        if not has_title(s.xml):
            _add(out, s.number, "no title placeholder (p:ph type title/ctrTitle)")
        if s.layout is None or not has_title(deck.xml(s.layout)):
            _add(out, s.number, f"layout {s.layout} has no title placeholder")
    return out
