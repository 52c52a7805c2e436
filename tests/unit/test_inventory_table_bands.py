"""A table style's see-through bands lie over its background (``a:tblBg``) as PowerPoint
shows them, not as the opaque accent colour; text boxes take the deck's default text style."""

from __future__ import annotations

from pathlib import Path

import pytest

from pptxagent.inventory import inventory_file

CORPUS = Path("../shared/corpus/pptx")


def _lum(hexed: str) -> float:
    r, g, b = (int(hexed[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_banded_rows_with_alpha_are_lighter_than_the_header() -> None:
    deck = CORPUS / "openxmlsdk__O12Typical.pptx"
    if not deck.exists():
        pytest.skip("corpus not available")
    slide = inventory_file(deck).slide_ir(6)
    table = next(el.table for el in slide.elements if el.table is not None)
    header = table.rows[0].cells[1].fill
    band1 = table.rows[1].cells[1].fill  # accent1 at 40 % over the style's background
    band2 = table.rows[2].cells[1].fill  # the background itself
    assert header and band1 and band2
    assert _lum(header) < _lum(band1) < _lum(band2)  # header dark, bands light, never white
    assert band2.upper() != "#FFFFFF"


def test_text_box_takes_the_decks_default_text_style() -> None:
    deck = CORPUS / "poi__45545_Comment.pptx"
    if not deck.exists():
        pytest.skip("corpus not available")
    slide = inventory_file(deck).slide_ir(11)
    box = next(el for el in slide.elements
               if el.paragraphs and el.paragraphs[0].text.startswith("Access to Finance"))
    assert box.paragraphs is not None
    assert box.paragraphs[0].align == "center"  # p:defaultTextStyle, not p:otherStyle (left)
