"""``pptxagent inventory DECK.pptx [-o FILE]``: print a deck's IR as JSON."""

from __future__ import annotations

from pathlib import Path

import click

from pptxagent.cli.common import handle_errors
from pptxagent.pipeline.inventory import inventory_json, layouts_json, write_inventory


@click.command("inventory")
@click.argument("deck", type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=None,
    help="Write the JSON here (atomically) instead of printing it.",
)
@click.option("--layouts", "show_layouts", is_flag=True,
              help='List the layouts a content.json slide can name ({"layout": …}) with the '
                   "keys a new slide from each offers, instead of the slides.")
@handle_errors
def command(deck: Path, output: Path | None, show_layouts: bool) -> None:
    """Read DECK.pptx into the deck IR: every slide's elements with geometry and text styles."""
    if show_layouts:
        text = layouts_json(deck)
        if output is None:
            click.echo(text, nl=False)
        else:
            write_inventory(deck, output, text)
        return
    if output is None:
        click.echo(inventory_json(deck), nl=False)
        return
    write_inventory(deck, output)
