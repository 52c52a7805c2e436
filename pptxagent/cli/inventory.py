"""``pptxagent inventory DECK.pptx [-o FILE]``: print a deck's IR as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import click

from pptxagent.cli.common import handle_errors
from pptxagent.errors import InputError
from pptxagent.inventory import inventory_file
from pptxagent.ir import dump
from pptxagent.ooxml.zipsafe import write_atomic


@click.command("inventory")
@click.argument("deck", type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=None,
    help="Write the JSON here (atomically) instead of printing it.",
)
@handle_errors
def command(deck: Path, output: Path | None) -> None:
    """Read DECK.pptx into the deck IR: every slide's elements with geometry and text styles."""
    if not deck.exists():
        raise InputError(f"{deck}: no such file")
    if output is not None:
        if output.is_dir():
            raise InputError(f"-o {output}: is a directory; give the path of a .json file")
        if output.resolve() == deck.resolve():
            raise InputError(f"-o {output}: is the deck itself; choose another path")
    text = json.dumps(dump(inventory_file(deck)), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        write_atomic(output, text.encode("utf-8"))
    except OSError as exc:
        raise InputError(f"{output}: cannot write: {exc.strerror or exc}") from exc
