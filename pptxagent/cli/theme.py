"""``pptxagent themes list [--json]`` and ``pptxagent theme extract TEMPLATE -o OUT.json``."""

from __future__ import annotations

import json
from pathlib import Path

import click

from pptxagent.cli.common import handle_errors
from pptxagent.pipeline.theme import extract_theme, themes_list


@click.group("themes")
def themes_command() -> None:
    """The theme packs bundled with pptxagent (for ``compose --theme NAME``)."""


@themes_command.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the packs as JSON.")
@handle_errors
def list_command(as_json: bool) -> None:
    """List the bundled theme packs: name, version, dark or light, description."""
    rows = themes_list()
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    width = max((len(str(r["name"])) for r in rows), default=4)
    for r in rows:
        mode = "dark " if r["dark"] else "light"
        click.echo(f"{r['name']:<{width}}  {r['version']:<8} {mode}  {r['description']}")


@click.group("theme")
def theme_command() -> None:
    """Work with theme packs."""


@theme_command.command("extract")
@click.argument("template", type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    required=True,
    help="The theme pack to write (.json); a logo found on the master goes next to it.",
)
@handle_errors
def extract_command(template: Path, output: Path) -> None:
    """Derive a theme pack from TEMPLATE.pptx: its theme colours and fonts, light or dark,
    colour roles that pass 4.5:1 contrast, the master's logo picture in its corner, and its
    simple art (bands, rules, picture strips) in theme colours, and how its content slides
    set their titles (alignment, weight, capitals, colour, size)."""
    done = extract_theme(template, output)
    pack = done.pack
    mode = "dark" if pack.dark else "light"
    logo = f", logo {Path(pack.logo).name}" if pack.logo else ""
    art = f", {len(pack.art)} piece(s) of master art" if pack.art else ""
    click.echo(
        f"wrote {output}: theme {pack.name} {pack.version} ({mode}; fonts "
        f"{pack.fonts.major.latin} / {pack.fonts.minor.latin}{logo}{art})"
    )
    click.echo(f"  titles: {done.titles}")
    for line in done.left_out:
        click.echo(f"  master art left out: {line}")
