"""``{{name}}`` tokens in DrawingML text, also when PowerPoint split them across runs.

Tokens are found over the concatenated text of a paragraph's consecutive runs; the value is
written into the run where the token starts (so it takes that run's format), the rest of the
token is removed from the following runs, and runs left empty are deleted. Line breaks
(``a:br``) and fields (``a:fld``) end a stretch of runs: a token never spans them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from lxml import etree

from pptxagent.ooxml.xml import qn

TOKEN_RE = re.compile(r"\{\{\s*([^{}]*?)\s*\}\}")


@dataclass
class TokenResult:
    """What one replacement pass did: ``changed`` says whether any XML was modified."""

    changed: bool = False
    replaced: int = 0
    unresolved: list[str] = field(default_factory=list)

    def merge(self, other: TokenResult) -> None:
        self.changed = self.changed or other.changed
        self.replaced += other.replaced
        self.unresolved.extend(other.unresolved)


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


def _replace_in_runs(runs: list[etree._Element], values: Mapping[str, str]) -> TokenResult:
    res = TokenResult()
    texts = [_text_of(r) for r in runs]
    joined = "".join(texts)
    if "{{" not in joined:
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
    for m in reversed(matches):
        name = m.group(1)
        if name not in values:
            res.unresolved.append(name)
            continue
        s, e = m.start(), m.end()
        i, j = run_at(s), run_at(e - 1)
        ti, tj = texts[i], texts[j]
        if i == j:
            texts[i] = ti[: s - starts[i]] + values[name] + ti[e - starts[i] :]
        else:
            texts[i] = ti[: s - starts[i]] + values[name]
            for k in range(i + 1, j):
                texts[k] = ""
                touched.add(k)
            texts[j] = tj[e - starts[j] :]
            touched.add(j)
        starters.add(i)
        res.replaced += 1
    res.unresolved.reverse()
    if not res.replaced:
        return res
    res.changed = True
    for idx, run in enumerate(runs):
        t_el = _run_text(run)
        if t_el is not None and (idx in touched or idx in starters):
            t_el.text = texts[idx]
    _drop_emptied(runs, texts, touched | starters)
    return res


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


def replace_in_paragraph(p: etree._Element, values: Mapping[str, str]) -> TokenResult:
    res = TokenResult()
    for runs in list(_stretches(p)):
        res.merge(_replace_in_runs(runs, values))
    return res


def replace_tokens(root: etree._Element, values: Mapping[str, str]) -> TokenResult:
    """Replace tokens in every ``a:p`` under ``root`` (shapes, groups, tables, notes)."""
    res = TokenResult()
    for p in list(root.iter(qn("a:p"))):
        res.merge(replace_in_paragraph(p, values))
    return res


def find_tokens(root: etree._Element) -> list[str]:
    """Token names present in the text under ``root``, in document order (read only)."""
    names: list[str] = []
    for p in root.iter(qn("a:p")):
        for runs in _stretches(p):
            joined = "".join(_text_of(r) for r in runs)
            names.extend(m.group(1) for m in TOKEN_RE.finditer(joined))
    return names


__all__ = ["TOKEN_RE", "TokenResult", "find_tokens", "replace_in_paragraph", "replace_tokens"]
