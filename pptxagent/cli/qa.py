"""``pptxagent qa DECK.pptx [--json] [--sarif FILE] [--out DIR] [--scratch [--theme T]]``:
lint an existing deck.

Exit 0 clean, 1 issues found, 2 bad input (one line naming the file; no traceback).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from pptxagent.cli.common import handle_errors
from pptxagent.errors import InputError
from pptxagent.pipeline.output import to_json, write_text
from pptxagent.pipeline.qa import QaOptions, QaReport, qa_deck, sarif_text

_out = Console(highlight=False, soft_wrap=False)
_STYLE = {"critical": "bold red", "major": "dark_orange", "minor": "yellow"}


def _print_table(report: QaReport) -> None:
    issues = report.open_issues()
    if not issues:
        _out.print(f"{report.deck}: {report.slides} slides, no issues", markup=False)
        return
    if not _out.is_terminal:
        _out.width = max(_out.width, 160)  # a log or a pipe: do not fold every message
    hit = len({i.slide for i in issues})
    table = Table(title=f"{report.deck}: {len(issues)} issue(s) on {hit} of {report.slides} "
                        "slide(s)")
    for col in ("slide", "severity", "kind", "shape", "measured", "message"):
        table.add_column(col, overflow="fold")
    for i in issues:
        measured = "" if i.measured is None else f"{i.measured:g}{i.unit}"
        if i.threshold is not None and i.measured is not None:
            measured += f" / {i.threshold:g}{i.unit}"
        table.add_row(str(i.slide), f"[{_STYLE[i.severity]}]{i.severity}[/]", i.kind,
                      i.shape or i.eid, measured, i.message)
    _out.print(table)
    counts = ", ".join(f"{k} {v}" for k, v in sorted(report.counts.items()))
    _out.print(f"by kind: {counts}", markup=False)


def _check_output(path: Path, deck: Path, what: str) -> None:
    if path.is_dir():
        raise InputError(f"{what} {path}: is a directory; give a file path")
    if not path.parent.is_dir():
        raise InputError(f"{what} {path}: the folder {path.parent} does not exist")
    if path.exists() and path.resolve() == deck.resolve():
        raise InputError(f"{what} {path}: is the deck itself; choose another path")


@click.command("qa")
@click.argument("deck", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--sarif", "sarif", type=click.Path(path_type=Path), default=None,
              help="Also write the issues as SARIF 2.1.0 to this file.")
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False),
              default=None, help="Write slides/slide-N.png, contact-sheet.png (open issues "
              "outlined: red critical, orange major, yellow minor) and contact-sheet.html (the "
              "same, drawn by the slide component of the service UI) here.")
@click.option("--scratch", is_flag=True, help="Also run the design checks (balance, fill, "
              "grid, widow, type scale, rhythm) against a theme pack's grid and type scale.")
@click.option("--theme", default="default", show_default=True,
              help="The pack --scratch holds the deck to (a bundled name or a .json file).")
@handle_errors
def command(deck: Path, as_json: bool, sarif: Path | None, out_dir: Path | None,
            scratch: bool, theme: str) -> None:
    """Check DECK.pptx for what a person would notice: overflow, overlap, low contrast, edge
    and footer collisions, missing hierarchy, leftover prompts/tokens, distorted pictures;
    with --scratch, also how it is designed (each slide's measures in --json's design)."""
    if not deck.is_file():
        raise InputError(f"{deck}: {'is a directory' if deck.is_dir() else 'no such file'}")
    if sarif is not None:
        _check_output(sarif, deck, "--sarif")
    if out_dir is not None and out_dir.exists() and not out_dir.is_dir():
        raise InputError(f"--out {out_dir}: is not a directory")
    report = qa_deck(QaOptions(deck=deck, out_dir=out_dir, scratch=scratch, theme=theme))
    if sarif is not None:
        write_text(sarif, sarif_text(report, deck))
    if as_json:
        click.echo(to_json(report))
    else:
        _print_table(report)
        if out_dir is not None and (out_dir / "contact-sheet.png").is_file():
            _out.print(f"contact sheet: {out_dir / 'contact-sheet.png'}, "
                       f"{out_dir / 'contact-sheet.html'}", markup=False)
    sys.exit(1 if report.open_issues() else 0)
