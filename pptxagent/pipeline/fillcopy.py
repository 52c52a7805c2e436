"""A template filled in memory with content.json slide entries (nothing written): how the
probe measures its candidates and ``theme extract`` reads a filled title's look, through the
fill itself so the template's own runs, cascade and autofit apply."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pptxagent.fill import apply_content
from pptxagent.fill.content import parse_content
from pptxagent.fill.layouts import place_layout_slides
from pptxagent.inventory import inventory_deck, inventory_slide
from pptxagent.inventory.context import DeckReader
from pptxagent.ir import DeckIR, DeckSlide
from pptxagent.ooxml.package import Package


def filled_copy(template: Path, entries: Sequence[dict[str, Any]]
                ) -> tuple[Package, DeckIR, list[DeckSlide]]:
    """The template (opened afresh) filled with ``entries``: the package, the template's
    inventory before the fill, and each output slide inventoried after it."""
    pkg = Package.open(template)
    content = parse_content({"slides": list(entries)}, str(template))
    content, _ = place_layout_slides(pkg, content)
    deck = inventory_deck(pkg)
    plan = apply_content(pkg, content, template.parent, strict=False,
                         inventory=lambda _pkg, _part, index: deck.slides[index - 1])
    reader = DeckReader(pkg)
    return pkg, deck, [inventory_slide(pkg, fs.part, fs.index, reader) for fs in plan.slides]


__all__ = ["filled_copy"]
