"""``pptxagent render DECK.pptx --out DIR [--engine browser|libreoffice|both]``.

Writes ``DIR/libreoffice/slide-N.png`` (LibreOffice's PDF export, hidden slides included),
``DIR/browser/slide-N.png`` (the deck's IR drawn by Chromium) and ``DIR/contact-sheet.png``:
one cell per slide with its number, the engines side by side.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from pptxagent.cli.common import handle_errors
from pptxagent.pipeline.render import ENGINES, THUMB_W, contact_sheet, render_with

__all__ = ["THUMB_W", "command"]


@click.command("render")
@click.argument("deck", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--out",
    "out_dir",
    required=True,
    type=click.Path(path_type=Path, file_okay=False),
    help="Directory for libreoffice/, browser/ and contact-sheet.png.",
)
@click.option(
    "--engine",
    type=click.Choice(["browser", "libreoffice", "both"]),
    default="both",
    show_default=True,
    help="Which renderer(s) to draw the slides with.",
)
@handle_errors
def command(deck: Path, out_dir: Path, engine: str) -> None:
    """Draw every slide of DECK.pptx as PNGs (LibreOffice and/or the browser) plus a contact
    sheet."""
    chosen = ENGINES if engine == "both" else (engine,)
    columns: dict[str, list[Path]] = {}
    for name in chosen:
        started = time.perf_counter()
        columns[name] = render_with(name, deck, out_dir / name)
        click.echo(
            f"{name}: {len(columns[name])} slides -> {out_dir / name} "
            f"({time.perf_counter() - started:.1f} s)"
        )
    sheet = contact_sheet(columns, out_dir / "contact-sheet.png")
    click.echo(f"contact sheet: {sheet}")
