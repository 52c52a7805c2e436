"""``pptxagent inventory``: a deck's IR as JSON."""

from __future__ import annotations

import json
from pathlib import Path

from pptxagent.errors import InputError
from pptxagent.fill.keys import role_map
from pptxagent.inventory import inventory_file, inventory_slide
from pptxagent.inventory.context import DeckReader
from pptxagent.ooxml.layoutslide import add_layout_slide, layouts
from pptxagent.ooxml.package import Package
from pptxagent.pipeline.output import to_json, write_text


def inventory_json(deck: Path) -> str:
    """Every slide's elements with geometry and text styles, as indented JSON."""
    if not deck.exists():
        raise InputError(f"{deck}: no such file")
    return to_json(inventory_file(deck)) + "\n"


def write_inventory(deck: Path, output: Path, text: str | None = None) -> None:
    """Write the deck's IR (or ``text``) to ``output`` atomically; refuse a folder or the
    deck itself."""
    if not deck.exists():
        raise InputError(f"{deck}: no such file")
    if output.is_dir():
        raise InputError(f"-o {output}: is a directory; give the path of a .json file")
    if output.resolve() == deck.resolve():
        raise InputError(f"-o {output}: is the deck itself; choose another path")
    text = inventory_json(deck) if text is None else text
    try:
        write_text(output, text)
    except OSError as exc:
        raise InputError(f"{output}: cannot write: {exc.strerror or exc}") from exc


def layouts_json(deck: Path) -> str:
    """The template's layouts as content.json's ``{"layout": …}`` sees them: number, name,
    and the keys a new slide from each offers (role keys and ``name:`` keys), as JSON."""
    if not deck.exists():
        raise InputError(f"{deck}: no such file")
    pkg = Package.open(deck)
    found = layouts(pkg)
    parts = [add_layout_slide(pkg, part) for part, _ in found]  # in memory only
    reader = DeckReader(pkg)
    out: list[dict[str, object]] = []
    for n, ((_, name), part) in enumerate(zip(found, parts, strict=True), start=1):
        slide = inventory_slide(pkg, part, n, reader)
        roles = {el.eid: key for key, el in role_map(slide).items()}
        out.append({"layout": n, "name": name, "keys": [
            {"key": roles.get(el.eid), "name": f"name:{el.source.name}",
             "placeholder": el.source.ph_type or "obj"}
            for el in slide.elements if el.source is not None]})
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"
