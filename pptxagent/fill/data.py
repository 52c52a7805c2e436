"""Token data as users of other templating tools bring it: nested objects, lists, numbers.

``{{report.title}}`` reads ``{"report": {"title": "Q3"}}``; ``{{steps[0].name}}`` and
``{{steps.0.name}}`` index lists; ``{{a["odd key"]}}`` reads keys that are not names. A flat
key wins over a path: ``{"report.title": "Q3"}`` answers ``{{report.title}}`` first.

Values are written as text the way the JSON spells them: ``3``, ``1.5``, ``true`` /
``false``; ``null`` is empty text. An object or a list is not text: the token stays as
written and is reported. Anything that is not a plain path (``name | upper``, ``a + b``,
``format(x)``) is an expression this tool does not evaluate: reported, never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pptxagent.ooxml.tokens import Miss

_NAME = r"[^\W\d][\w$@-]*|[$@][\w$@-]*"
_SEGMENT = re.compile(
    rf"""\s*(?:
        \.\s*(?P<dot>{_NAME}|\d+)
      | \[\s*(?P<index>-?\d+)\s*\]
      | \[\s*(?P<quote>["'])(?P<key>.*?)(?P=quote)\s*\]
    )""",
    re.X,
)
_FIRST = re.compile(rf"\s*(?P<name>{_NAME})")
_TRIM = re.compile(r"^[-+]\s*|\s*[-+]$")
"""Jinja's and Liquid's whitespace-control markers (``{{- name -}}``)."""


def parse_path(expr: str) -> list[str | int] | None:
    """``a.b[0]["c d"].1`` → ``["a", "b", 0, "c d", "1"]``; None when ``expr`` is not a plain
    path (an expression, a filter, a call). Digit segments after a dot stay strings: they
    index a list or name an object key, whichever the data holds."""
    m = _FIRST.match(expr)
    if m is None:
        return None
    out: list[str | int] = [m.group("name")]
    pos = m.end()
    while pos < len(expr):
        seg = _SEGMENT.match(expr, pos)
        if seg is None:
            return None if expr[pos:].strip() else out
        if seg.group("dot") is not None:
            out.append(seg.group("dot"))
        elif seg.group("index") is not None:
            out.append(int(seg.group("index")))
        else:
            out.append(seg.group("key"))
        pos = seg.end()
    return out


def token_name(expr: str) -> str | None:
    """The top-level token ``{{ expr }}`` reads (a filter and ``-`` trim markers aside, the
    first segment of its path): ``client`` for ``- client.name | upper``; None when the
    expression is not a path."""
    path = parse_path(_TRIM.sub("", expr.split("|", 1)[0].strip()))
    return str(path[0]) if path else None


def scalar_text(value: Any) -> str | None:
    """A JSON scalar as the text a user expects; None for an object or a list."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e16:
            return str(int(value))
        return repr(value)
    if isinstance(value, int | str):
        return str(value)
    return None


def _describe(value: Any) -> str:
    if isinstance(value, Mapping):
        keys = list(value)
        shown = ", ".join(map(str, keys[:5])) + (", …" if len(keys) > 5 else "")
        return f"an object (keys: {shown})" if keys else "an empty object"
    return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"


def _step(cur: Any, seg: str | int, done: str) -> tuple[Any, Miss | None]:
    if isinstance(cur, Mapping):
        key = str(seg)
        if key in cur:
            return cur[key], None
        return None, Miss(f"{done or 'the data'} has no key {key!r}")
    if isinstance(cur, list):
        if isinstance(seg, int) or seg.isdigit():
            i = int(seg)
            if -len(cur) <= i < len(cur):
                return cur[i], None
            return None, Miss(f"{done} has {len(cur)} item{'s' if len(cur) != 1 else ''}; "
                              f"index {i} is out of range")
        return None, Miss(f"{done} is a list; {seg!r} is not an index")
    return None, Miss(f"{done} is text, not an object or list")


def _label(path: list[str | int]) -> str:
    out = ""
    for seg in path:
        if isinstance(seg, int):
            out += f"[{seg}]"
        else:
            out += f".{seg}" if out else seg
    return out


def lookup(data: Mapping[str, Any], expr: str) -> Any:
    """The value ``{{expr}}`` reads (text, a number, an object or a list), or a ``Miss``
    saying why there is none: a flat key first, then a path into nested data."""
    expr = expr.strip()
    if expr in data:
        return data[expr]
    bare = _TRIM.sub("", expr)
    if bare != expr and bare in data:
        return data[bare]
    path = parse_path(bare)
    if path is None:
        return Miss("an expression (filters, calls, operators are not evaluated); "
                    "put the finished text in \"tokens\"")
    cur: Any = data
    for n, seg in enumerate(path):
        cur, miss = _step(cur, seg, _label(path[:n]))
        if miss is not None:
            if n == 0:
                return Miss(f"no value for {str(seg)!r} in \"tokens\"", absent=True)
            return miss
    return cur


def resolve(data: Mapping[str, Any], expr: str) -> str | Miss:
    """The text of ``{{expr}}`` (``expr`` as written inside the braces) or why there is none."""
    value = lookup(data, expr)
    if isinstance(value, Miss):
        return value
    text = scalar_text(value)
    if text is None:
        flat, bare = expr.strip(), _TRIM.sub("", expr.strip())
        if flat in data or bare in data:
            name = repr(flat if flat in data else bare)
        else:
            name = _label(parse_path(bare) or [bare])
        return Miss(f"{name} is {_describe(value)}, not text; name one of its values")
    return text


__all__ = ["Miss", "lookup", "parse_path", "resolve", "scalar_text"]
