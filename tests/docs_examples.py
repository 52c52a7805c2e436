"""The shell examples of the docs pages and README.md, as ``test_docs_examples.py`` runs them.

The convention (also in docs/architecture.md, "The documentation site"):

* an example is a fenced block whose language is ``console``; each line that starts with ``$ ``
  is a command (a line ending in ``\\`` goes on on the next), every other line is what it
  prints (or a ``#`` comment) and is not run. Blocks in other languages (``text`` synopses,
  ``json``, ``python``) are not run;
* a command must exit 0, or the code its line ends with as a comment: ``… # exit 1``;
* an HTML comment on the line before the block (blank lines between allowed) changes that:
  ``<!-- example: skip (the reason) -->`` skips the block, and
  ``<!-- example: needs pptxagent probe -->`` runs it only once ``pptxagent probe --help``
  answers (a command still being written).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

MARKER = re.compile(r"^<!--\s*example:\s*(?P<body>.*?)\s*-->$")
SKIP = re.compile(r"^skip \((?P<reason>.+)\)$")
NEEDS = re.compile(r"^needs pptxagent (?P<command>[a-z][a-z-]*)$")
EXIT = re.compile(r"#\s*exit\s+(?P<code>\d+)\s*$")
FENCE = re.compile(r"^(?P<indent>\s*)```(?P<lang>[\w-]*)\s*$")

# Options whose value is a file or folder the command writes (checked after it ran).
OUTPUT_OPTIONS = frozenset({"-o", "--out", "--output", "--report", "--sarif", "--rollout-dir"})


class ExampleError(ValueError):
    """A docs page breaks the example convention (a marker nobody reads, an empty block)."""


@dataclass(frozen=True)
class Command:
    line: int          # 1-based line of the ``$ `` in the page
    text: str          # the shell command, continuation lines joined
    exit_code: int     # what it must exit with (``# exit N``; else 0)

    def outputs(self) -> list[str]:
        """The paths this command names as its outputs (``-o``, ``--out``, …, ``> FILE``)."""
        lexer = shlex.shlex(self.text, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        tokens = list(lexer)
        return [tokens[i + 1] for i, tok in enumerate(tokens[:-1])
                if tok in OUTPUT_OPTIONS or tok == ">"]


@dataclass(frozen=True)
class Block:
    line: int                      # 1-based line of the opening fence
    commands: tuple[Command, ...]
    skip: str | None = None        # the reason, from ``<!-- example: skip (…) -->``
    needs: str | None = None       # a pptxagent subcommand that must exist first


def doc_pages() -> list[Path]:
    """Every page of the site, then README.md."""
    return [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]


def page_id(page: Path) -> str:
    return page.relative_to(ROOT).as_posix() if page.is_relative_to(ROOT) else page.name


def parse_marker(body: str, where: str) -> tuple[str | None, str | None]:
    if m := SKIP.match(body):
        return m["reason"], None
    if m := NEEDS.match(body):
        return None, m["command"]
    raise ExampleError(f"{where}: unknown example marker {body!r} (want 'skip (reason)' "
                       "or 'needs pptxagent COMMAND')")


def console_blocks(page: Path) -> list[Block]:
    """The ``console`` blocks of ``page`` in order, with their commands and markers."""
    lines = page.read_text(encoding="utf-8").splitlines()
    name = page_id(page)
    blocks: list[Block] = []
    marker: tuple[str | None, str | None, int] | None = None
    i = 0
    while i < len(lines):
        stripped = lines[i].strip()
        fence = FENCE.match(lines[i])
        if m := MARKER.match(stripped):
            marker = (*parse_marker(m["body"], f"{name}:{i + 1}"), i + 1)
            i += 1
            continue
        if fence is None:
            if stripped and marker is not None:
                raise ExampleError(f"{name}:{marker[2]}: an example marker not right before "
                                   "a ```console block")
            i += 1
            continue
        start, lang = i, fence["lang"]
        body: list[tuple[int, str]] = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith("```"):
            body.append((i + 1, lines[i].strip()))
            i += 1
        i += 1  # the closing fence
        if lang != "console":
            if marker is not None:
                raise ExampleError(f"{name}:{marker[2]}: an example marker before a "
                                   f"```{lang or '(plain)'} block, not ```console")
            continue
        commands = tuple(_commands(body))
        if not commands:
            raise ExampleError(f"{name}:{start + 1}: a ```console block without a '$ ' command")
        skip, needs = (marker[0], marker[1]) if marker else (None, None)
        blocks.append(Block(start + 1, commands, skip, needs))
        marker = None
    if marker is not None:
        raise ExampleError(f"{name}:{marker[2]}: an example marker at the end of the page")
    return blocks


def _commands(body: list[tuple[int, str]]) -> list[Command]:
    out: list[Command] = []
    current: list[str] = []
    first = 0
    for number, text in body:
        if not current and not text.startswith("$ "):
            continue  # what the command prints, or a comment
        if not current:
            first, text = number, text[2:]
        if text.endswith("\\"):
            current.append(text[:-1].rstrip())
            continue
        current.append(text)
        command = " ".join(current)
        m = EXIT.search(command)
        out.append(Command(first, command, int(m["code"]) if m else 0))
        current = []
    if current:
        raise ExampleError(f"line {first}: a command continued past the end of its block")
    return out
