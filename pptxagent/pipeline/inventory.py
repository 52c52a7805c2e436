"""``pptxagent inventory``: a deck's IR as JSON."""

from __future__ import annotations

from pathlib import Path

from pptxagent.errors import InputError
from pptxagent.inventory import inventory_file
from pptxagent.pipeline.output import to_json, write_text


def inventory_json(deck: Path) -> str:
    """Every slide's elements with geometry and text styles, as indented JSON."""
    if not deck.exists():
        raise InputError(f"{deck}: no such file")
    return to_json(inventory_file(deck)) + "\n"


def write_inventory(deck: Path, output: Path) -> None:
    """Write the deck's IR to ``output`` atomically; refuse a folder or the deck itself."""
    if not deck.exists():
        raise InputError(f"{deck}: no such file")
    if output.is_dir():
        raise InputError(f"-o {output}: is a directory; give the path of a .json file")
    if output.resolve() == deck.resolve():
        raise InputError(f"-o {output}: is the deck itself; choose another path")
    text = inventory_json(deck)
    try:
        write_text(output, text)
    except OSError as exc:
        raise InputError(f"{output}: cannot write: {exc.strerror or exc}") from exc
