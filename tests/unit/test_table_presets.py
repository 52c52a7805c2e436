"""PowerPoint's built-in table styles: a deck that names one without defining it (python-pptx,
officegen, pptxgenjs …) gets its header, bands, text colours and borders, as PowerPoint and
LibreOffice draw them, not a bare grid."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from pptxagent.inventory import inventory_file
from pptxagent.ooxml.table_presets import FAMILIES, preset_table_styles
from pptxagent.ooxml.tables import TableStyle, _read_style, table_style
from pptxagent.ooxml.xml import qn

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "pptx"
# Decks PowerPoint saved with the built-in definitions of the styles they use.
WRITTEN_BY_POWERPOINT = ("poi__bug64693.pptx", "shapecrawler__033.pptx",
                         "shapecrawler__020.pptx", "poi__stress022.pptx")


def test_all_74_ids_resolve_each_to_its_own_accent() -> None:
    styles = preset_table_styles()
    assert len(styles) == 74
    for family, ids in FAMILIES.items():
        for k, style_id in enumerate(ids):
            if style_id is None:
                continue
            xml = etree.tostring(styles[style_id]).decode()
            assert "ACCENT" not in xml, style_id
            accents = set(re.findall(r'val="(accent\d)"', xml))
            if k == 0:
                assert not accents, (family, accents)
            elif family == "Dark-Style-2":  # the header takes the next accent
                assert accents == {f"accent{k}", f"accent{k + 1}"}
            else:
                assert accents == {f"accent{k}"}, (family, k, accents)


def _powerpoint_definitions() -> dict[str, etree._Element]:
    found: dict[str, etree._Element] = {}
    for name in WRITTEN_BY_POWERPOINT:
        deck = CORPUS / name
        if not deck.exists():
            continue
        with zipfile.ZipFile(deck) as z:
            root = etree.fromstring(z.read("ppt/tableStyles.xml"))
        for el in root.findall(qn("a:tblStyle")):
            found.setdefault(el.get("styleId") or "", el)
    return found


def test_the_presets_read_as_powerpoints_own_definitions_of_them() -> None:
    written = _powerpoint_definitions()
    if not written:
        pytest.skip("corpus not available")
    presets = preset_table_styles()
    compared = 0
    for style_id, el in written.items():
        if style_id not in presets:
            continue  # a deck's own style
        assert _read_style(presets[style_id]) == _read_style(el), style_id
        compared += 1
    assert compared >= 25  # every family PowerPoint wrote in these decks, most accents


def test_a_deck_that_names_a_style_without_defining_it_gets_the_style() -> None:
    deck = CORPUS / "officegen__test-ppt-table-1.pptx"
    if not deck.exists():
        pytest.skip("corpus not available")
    assert table_style({}, "{3c2ffa5d-87b4-456a-9821-1d502468cf0f}") is not None  # any case
    slide = inventory_file(deck).slide_ir(1)
    table = next(el.table for el in slide.elements if el.table is not None)
    head, band1, band2 = (table.rows[r].cells[1] for r in (0, 1, 2))
    # Themed Style 1 - Accent 1: an accent1 header with bold white text over a white line
    # as wide as the theme's second line style (2 pt); banded rows over the style's background.
    assert head.fill == "#4F81BD"
    run = head.paragraphs[0].runs[0]
    assert (run.color, run.bold) == ("#FFFFFF", True)
    assert head.borders["bottom"].color == "#FFFFFF"
    assert head.borders["bottom"].width == pytest.approx(25400 / 9525, abs=0.01)
    assert band1.fill and band2.fill and band1.fill != band2.fill
    assert band1.paragraphs[0].runs[0].color == "#000000"
    assert not band1.paragraphs[0].runs[0].bold


def test_a_decks_own_definition_wins_in_any_letter_case() -> None:
    own = TableStyle(style_id="{3C2FFA5D-87B4-456A-9821-1D502468CF0F}", parts={})
    styles = {"{3C2FFA5D-87B4-456A-9821-1D502468CF0F}": own}  # as read_table_styles keys
    assert table_style(styles, " {3c2ffa5d-87b4-456a-9821-1d502468cf0f} ") is own
    assert table_style({}, "{3c2ffa5d-87b4-456a-9821-1d502468cf0f}") is not None
