"""Template tokens in DrawingML text, also when PowerPoint split them across runs.

Recognised: ``{{ value }}`` (and Mustache's ``{{{ value }}}``), ``{% statement %}`` and
``{# comment #}``. A value token is handed to a resolver (its text inside the braces); what it
cannot answer, and every statement and comment, stays in the text exactly as written and is
listed with its shape (and table cell). The single-brace tags of other templating tools
(docxtemplater's ``{name}``, ``{year-1}``, ``{main title}``, ``{a.b[0]}``, Carbone's
``{d.name}``) are replaced only when the resolver knows their name: otherwise they are text
like any other (code, set notation), left as written and not listed. A ``$`` before one is
text, as in docxtemplater (``${total}`` is a price: ``$5``). Their section tags
(``{#items}``, ``{/items}``, ``{^items}``) are listed like statements. Find-and-replace
tools' bracketed names (``[Title]``, ``[Company Name]``) are filled the same way, only when
named, and never listed; a key spelled with its delimiters (``"[Title]"``, ``"{title}"``)
answers too. Tokens are found over
the concatenated text of a paragraph's consecutive runs; the value is written into the run
where the token starts (so it takes that run's format), the rest of the token is removed from
the following runs, and runs left empty are deleted; a newline in the value becomes a line break
(``a:br``) in that run's format. Line breaks and fields (``a:fld``) end a stretch of runs: a
token never spans them.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from lxml import etree

from pptxagent.ooxml.drawables import numbered
from pptxagent.ooxml.xml import qn

TOKEN_RE = re.compile(
    r"\{\{\{\s*(?P<triple>[^{}]*?)\s*\}\}\}"
    r"|\{\{\s*(?P<value>[^{}]*?)\s*\}\}"
    r"|\{%(?P<stmt>.*?)%\}"
    r"|\{(?P<block>[#/^][ \t]*[A-Za-z_][\w.]*)[ \t]*\}"
    r"|\{#(?P<comment>.*?)#\}"
    r"|(?<!\{)\{[ \t]*(?P<soft>[^\W\d][\w-]*(?:[ \t]+[\w-]+)*(?:\.[\w-]+|\[\d+\])*)"
    r"[ \t]*\}(?!\})"
    r"|(?<![\w\[\])])\[[ \t]*(?P<bracket>[^\W\d][\w-]*(?:[ \t]+[\w-]+)*)[ \t]*\](?![\](])",
    re.S,
)
_SOFT_PATH = re.compile(r"[^\W\d][\w-]*(?:\.[\w-]+|\[\d+\])*")
"""A single-brace tag that reads as a path (``{a.b[0]}``, ``{year-1}``): a value it names
that is missing is reported. One with spaces (``{main title}``) is a flat key or plain text."""
_OPENERS = re.compile(r"\{[{%#/^]|[{\[][ \t]*[^\W\d]")
_SHAPES = frozenset({"sp", "graphicFrame", "pic", "cxnSp", "grpSp"})


@dataclass(frozen=True)
class Miss:
    """Why a token has no text value (shown in the report and the --strict error)."""

    reason: str
    absent: bool = False
    """Nothing of that name was given (a single-brace tag is then plain text)."""


Resolver = Callable[[str], "str | Miss"]
"""The text of a value token, given what is written inside its braces, or why there is none."""


@dataclass(frozen=True)
class Unresolved:
    """A token left in the text as written, where it is, and why."""

    token: str
    """Exactly as written, e.g. ``{{ name | upper }}``."""
    name: str
    """What is inside the braces, stripped."""
    reason: str
    shape_id: int | None = None
    shape: str = ""
    """The shape's name (``p:cNvPr/@name``)."""
    cell: tuple[int, int] | None = None
    """1-based (row, column) when the token is in a table cell."""
    occurrence: int = 0
    """Which of the part's shapes with ``shape_id`` holds it (``OoxmlRef.occurrence``)."""


@dataclass
class TokenResult:
    """What one replacement pass did: ``changed`` says whether any XML was modified."""

    changed: bool = False
    replaced: int = 0
    unresolved: list[Unresolved] = field(default_factory=list)

    def merge(self, other: TokenResult) -> None:
        self.changed = self.changed or other.changed
        self.replaced += other.replaced
        self.unresolved.extend(other.unresolved)

    @property
    def names(self) -> list[str]:
        return [u.name for u in self.unresolved]


def _token_name(m: re.Match[str]) -> str:
    for group in ("triple", "value", "stmt", "comment", "block", "soft", "bracket"):
        text = m.group(group)
        if text is not None:
            return text.strip()
    return ""


def _answer(m: re.Match[str], resolver: Resolver) -> str | Miss | None:
    """The token's text, why it has none, or ``None`` for a single-brace tag nobody named
    (plain text)."""
    loose = m.group("soft") or m.group("bracket")
    if loose is not None:
        got = resolver(loose)
        if isinstance(got, Miss):
            literal = resolver(m.group(0))
            if isinstance(literal, str):
                return literal
        if isinstance(got, Miss) and (got.absent or not _SOFT_PATH.fullmatch(loose)
                                      or m.group("bracket") is not None):
            return None
        return got
    if m.group("stmt") is not None:
        return Miss("a template statement ({% %}): loops and conditions are not evaluated; "
                    "put the finished text in the content")
    if m.group("block") is not None:
        return Miss("a section tag ({#…}, {/…}, {^…}): loops and conditions are not "
                    "evaluated; put the finished text in the content")
    if m.group("comment") is not None:
        return Miss("a template comment ({# #}): remove it from the template or the content")
    return resolver(_token_name(m))


def _locate(p: etree._Element) -> tuple[int | None, str, tuple[int, int] | None]:
    """The shape (id, name) holding paragraph ``p``, and its table cell if any."""
    cell: tuple[int, int] | None = None
    tc: etree._Element | None = None
    for anc in p.iterancestors():
        if not isinstance(anc.tag, str):
            continue
        local = etree.QName(anc).localname
        if local == "tc" and tc is None:
            tc = anc
        elif local == "tr" and tc is not None and cell is None:
            tbl = anc.getparent()
            rows = [r for r in tbl if r.tag == anc.tag] if tbl is not None else [anc]
            cols = [c for c in anc if c.tag == tc.tag]
            cell = (rows.index(anc) + 1, cols.index(tc) + 1)
        elif local in _SHAPES:
            cnv = next((c for nv in anc for c in nv
                        if isinstance(c.tag, str) and etree.QName(c).localname == "cNvPr"), None)
            if cnv is not None:
                sid = cnv.get("id", "")
                return (int(sid) if sid.isdigit() else None), cnv.get("name", ""), cell
    return None, "", cell


def _run_text(run: etree._Element) -> etree._Element | None:
    return run.find(qn("a:t"))


def _text_of(run: etree._Element) -> str:
    t = run.find(qn("a:t"))
    return (t.text or "") if t is not None else ""


def _stretches(p: etree._Element) -> Iterator[list[etree._Element]]:
    """Maximal sequences of consecutive ``a:r`` children of a paragraph."""
    cur: list[etree._Element] = []
    for child in p:
        if child.tag == qn("a:r"):
            cur.append(child)
        elif child.tag in (qn("a:br"), qn("a:fld")):
            if cur:
                yield cur
            cur = []
    if cur:
        yield cur


def _replace_in_runs(runs: list[etree._Element], resolver: Resolver) -> TokenResult:
    res = TokenResult()
    texts = [_text_of(r) for r in runs]
    joined = "".join(texts)
    if not _OPENERS.search(joined):
        return res
    starts: list[int] = []
    pos = 0
    for t in texts:
        starts.append(pos)
        pos += len(t)

    orig = list(texts)

    def run_at(offset: int) -> int:
        for i, st in enumerate(starts):
            if st <= offset < st + len(orig[i]):
                return i
        return len(runs) - 1

    matches = list(TOKEN_RE.finditer(joined))
    touched: set[int] = set()
    starters: set[int] = set()
    missed: list[tuple[re.Match[str], str]] = []
    for m in reversed(matches):
        value = _answer(m, resolver)
        if value is None:
            continue
        if isinstance(value, Miss):
            missed.append((m, value.reason))
            continue
        s, e = m.start(), m.end()
        i, j = run_at(s), run_at(e - 1)
        ti, tj = texts[i], texts[j]
        if i == j:
            texts[i] = ti[: s - starts[i]] + value + ti[e - starts[i] :]
        else:
            texts[i] = ti[: s - starts[i]] + value
            for k in range(i + 1, j):
                texts[k] = ""
                touched.add(k)
            texts[j] = tj[e - starts[j] :]
            touched.add(j)
        starters.add(i)
        res.replaced += 1
    if missed:
        para = runs[0].getparent()
        sid, shape, cell = _locate(para if para is not None else runs[0])
        res.unresolved = [Unresolved(m.group(0), _token_name(m), why, sid, shape, cell)
                          for m, why in reversed(missed)]
    if not res.replaced:
        return res
    res.changed = True
    for idx, run in enumerate(runs):
        t_el = _run_text(run)
        if t_el is not None and (idx in touched or idx in starters):
            t_el.text = texts[idx]
    _drop_emptied(runs, texts, touched | starters)
    for idx in starters:
        _break_lines(runs[idx])
    return res


_NEWLINE = re.compile(r"\r\n|[\r\n]")


def _break_lines(run: etree._Element) -> None:
    """A value's newlines become line breaks (``a:br``, in the run's format) between copies
    of the run: a raw newline inside ``a:t`` is drawn as a line break by some renderers, as a
    new paragraph by LibreOffice, and as a space by others."""
    t_el = _run_text(run)
    parts = _NEWLINE.split(t_el.text or "") if t_el is not None else []
    if len(parts) < 2 or t_el is None:
        return
    # spaces before a break show nothing in PowerPoint; LibreOffice wraps one that no longer
    # fits onto a blank line of its own
    parts = [*(part.rstrip(" ") for part in parts[:-1]), parts[-1]]
    t_el.text = parts[0]
    rpr = run.find(qn("a:rPr"))
    at = run
    for part in parts[1:]:
        br = etree.Element(qn("a:br"))
        if rpr is not None:
            br.append(copy.deepcopy(rpr))
        at.addnext(br)
        at = br
        if part:
            nxt = copy.deepcopy(run)
            t_nxt = _run_text(nxt)
            assert t_nxt is not None
            t_nxt.text = part
            at.addnext(nxt)
            at = nxt


def _drop_emptied(runs: list[etree._Element], texts: list[str], touched: set[int]) -> None:
    """Delete runs a replacement left empty, keeping at least one run of the stretch."""
    survivors = [i for i in range(len(runs)) if not (i in touched and texts[i] == "")]
    keep_one = runs[min(touched)] if not survivors else None
    for idx in sorted(touched):
        run = runs[idx]
        if texts[idx] == "" and run is not keep_one:
            parent = run.getparent()
            if parent is not None:
                parent.remove(run)


def _as_resolver(values: Mapping[str, str] | Resolver) -> Resolver:
    if not isinstance(values, Mapping):
        return values
    table = values

    def lookup(name: str) -> str | Miss:
        return table[name] if name in table else Miss(f"no value for {name!r} in \"tokens\"",
                                                      absent=True)

    return lookup


def replace_in_paragraph(p: etree._Element, values: Mapping[str, str] | Resolver) -> TokenResult:
    resolver = _as_resolver(values)
    res = TokenResult()
    for runs in list(_stretches(p)):
        res.merge(_replace_in_runs(runs, resolver))
    return res


def replace_tokens(root: etree._Element, values: Mapping[str, str] | Resolver) -> TokenResult:
    """Replace tokens in every ``a:p`` under ``root`` (shapes, groups, tables, notes).
    ``values`` is a flat name → text table or a resolver."""
    resolver = _as_resolver(values)
    res = TokenResult()
    nth = {shape: n for shape, _, n in numbered(root) if n}  # shapes repeating an id
    for p in list(root.iter(qn("a:p"))):
        got = replace_in_paragraph(p, resolver)
        owner = next((a for a in p.iterancestors() if a in nth), None) if nth else None
        if got.unresolved and owner is not None:
            got.unresolved = [dataclasses.replace(u, occurrence=nth[owner])
                              for u in got.unresolved]
        res.merge(got)
    return res


def replace_in_text(text: str, values: Mapping[str, str] | Resolver
                    ) -> tuple[str, int, list[Unresolved]]:
    """Tokens in one plain string (a chart's cached category or series name, a workbook
    cell): the new text, how many were replaced, and those left as written."""
    if not _OPENERS.search(text):
        return text, 0, []
    resolver = _as_resolver(values)
    out: list[str] = []
    missed: list[Unresolved] = []
    replaced = last = 0
    for m in TOKEN_RE.finditer(text):
        value = _answer(m, resolver)
        if value is None:
            continue
        out.append(text[last:m.start()])
        if isinstance(value, Miss):
            out.append(m.group(0))
            missed.append(Unresolved(m.group(0), _token_name(m), value.reason))
        else:
            out.append(value)
            replaced += 1
        last = m.end()
    out.append(text[last:])
    return "".join(out), replaced, missed


def replace_in_elements(elements: Iterable[etree._Element],
                        values: Mapping[str, str] | Resolver) -> TokenResult:
    """``replace_in_text`` over the text of each element (no runs: the whole text is one)."""
    res = TokenResult()
    for el in elements:
        new, n, missed = replace_in_text(el.text or "", values)
        res.unresolved += missed
        if n:
            el.text = new
            res.replaced += n
            res.changed = True
    return res


def find_tokens(root: etree._Element) -> list[str]:
    """Token names present in the text under ``root``, in document order (read only)."""
    names: list[str] = []
    for p in root.iter(qn("a:p")):
        for runs in _stretches(p):
            joined = "".join(_text_of(r) for r in runs)
            names.extend(_token_name(m) for m in TOKEN_RE.finditer(joined)
                         if m.group("soft") is None and m.group("bracket") is None)
    return names


def paragraph_texts(root: etree._Element) -> list[str]:
    """The text of every stretch of runs under ``root`` (where tokens are looked for)."""
    return ["".join(_text_of(r) for r in runs)
            for p in root.iter(qn("a:p")) for runs in _stretches(p)]


def text_languages(root: etree._Element) -> list[str]:
    """The ``lang`` of every run and paragraph end under ``root`` ("zh-CN", "en-US"): the
    language its author typed or set, whatever the words are (a Chinese template often keeps
    its authoring tool's English prompts, tagged ``zh-CN``)."""
    tags = (qn("a:rPr"), qn("a:endParaRPr"))
    return [str(e.get("lang")) for e in root.iter(*tags) if e.get("lang")]


__all__ = [
    "TOKEN_RE",
    "Miss",
    "Resolver",
    "TokenResult",
    "Unresolved",
    "find_tokens",
    "paragraph_texts",
    "replace_in_elements",
    "replace_in_paragraph",
    "replace_in_text",
    "replace_tokens",
    "text_languages",
]
