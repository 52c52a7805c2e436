"""The inventory on every real deck of the shared corpus, plus spot checks against the XML."""

from __future__ import annotations

import math
import re
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from pptxagent.errors import PackageError
from pptxagent.inventory import inventory_file
from pptxagent.ir import DeckIR, Element

P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"
DECKS = sorted(CORPUS.glob("*.pptx")) if CORPUS.is_dir() else []

pytestmark = pytest.mark.skipif(not DECKS, reason=f"corpus not found at {CORPUS}")


def _sld_sz(path: Path) -> tuple[int, int]:
    with zipfile.ZipFile(path) as zf:
        root = etree.fromstring(zf.read("ppt/presentation.xml"))
    sz = root.find(f"{P}sldSz")
    assert sz is not None
    return int(sz.get("cx", "0")), int(sz.get("cy", "0"))


def _numbers(el: Element) -> list[float]:
    vals = [el.layout.x, el.layout.y, el.layout.w, el.layout.h]
    st = el.style
    vals += [v for v in (st.fontSize, st.lineHeight, el.baseFontSize, el.baseLineHeight) if v]
    for p in el.paragraphs or []:
        vals += [p.spaceBefore, p.spaceAfter, p.marginLeft, p.indent, p.lineHeight or 1]
        vals += [r.fontSize for r in p.runs if r.fontSize is not None]
    return vals


@pytest.mark.parametrize("deck", DECKS, ids=[d.stem for d in DECKS])
def test_every_readable_deck_inventories_with_finite_numbers(deck: Path) -> None:
    try:
        ir = inventory_file(deck)
    except PackageError as exc:
        assert deck.name in exc.message  # refused decks say which file
        pytest.skip(f"refused: {exc.message}")
    cx, cy = _sld_sz(deck)
    assert (ir.slide.w, ir.slide.h) == (round(cx / 9525, 2), round(cy / 9525, 2))
    for slide in ir.slides:
        eids = [e.eid for e in slide.elements]
        assert len(eids) == len(set(eids)), f"{deck.name} slide {slide.index}: duplicate eids"
        for el in slide.elements:
            bad = [v for v in _numbers(el) if not math.isfinite(v)]
            assert not bad, f"{deck.name} slide {slide.index} {el.eid}: {bad}"
            if el.type == "decoration":
                assert el.layout.zIndex == 0
            if el.is_text:  # an empty table is still a table (to fill); it has a size too
                assert el.content.strip() or el.table is not None
                assert el.style.fontSize and el.style.fontSize > 0


def _deck(name: str) -> DeckIR:
    return inventory_file(CORPUS / name)


def _named(ir: DeckIR, index: int, name: str) -> Element:
    return next(e for e in ir.slides[index - 1].elements if e.source and e.source.name == name)


def test_slide_sizes_4_3_16_9_and_odd() -> None:
    assert _deck("poi__layouts.pptx").slide.model_dump() == {"w": 960, "h": 720}
    assert _deck("unstructured__group-shapes-nested.pptx").slide.model_dump() == {
        "w": 1280,
        "h": 720,
    }
    odd = _deck("poi__ececapstonespring2012.pptx").slide  # 10080625 × 7559675 EMU
    assert (odd.w, odd.h) == (1058.33, 793.67)


def test_centered_title_inherits_layout_box_and_master_font() -> None:
    # slide 1: <p:ph type="ctrTitle"/> with an empty spPr; the layout has
    # off 685800,2130425 ext 7772400,1470025; the master titleStyle says sz=4400 +mj-lt,
    # and the theme's major latin font is Calibri.
    ir = _deck("poi__layouts.pptx")
    title = _named(ir, 1, "Title 1")
    assert (title.type, title.priority, title.role) == ("title", 100, "title")
    assert (title.layout.x, title.layout.y, title.layout.w, title.layout.h) == (
        72,
        223.67,
        816,
        154.33,
    )
    assert title.style.fontSize == pytest.approx(58.67)
    assert title.style.fontFamily == "Calibri"
    assert title.style.textAlign == "center"
    sub = _named(ir, 1, "Subtitle 2")
    assert (sub.type, sub.priority, sub.role) == ("text", 80, "subtitle")
    assert sub.style.fontSize == pytest.approx(42.67)  # bodyStyle lvl1 sz=3200


def test_explicit_typefaces_beat_the_theme() -> None:
    ir = _deck("pythonpptx__txt-font-typeface.pptx")
    fonts = {e.source.name: e.style.fontFamily for e in ir.slides[0].elements if e.source}
    assert fonts["TextBox 2"] == "Calibri"  # no latin: +mn-lt
    assert fonts["TextBox 3"] == "Arial Black"
    assert fonts["TextBox 1"] == "Verdana"


def test_nested_group_children_are_absolute_and_keep_their_frame() -> None:
    ir = _deck("unstructured__group-shapes-nested.pptx")
    oval = _named(ir, 1, "Oval 4")  # Group 14: off 1374181, chOff 2326701; child x 2510926
    assert oval.layout.x == pytest.approx((1374181 + 2510926 - 2326701) / 9525, abs=0.01)
    assert oval.source is not None and oval.source.frame_fixed
    free = _named(ir, 1, "Rectangle 3")
    assert free.source is not None and free.source.repairable and not free.source.frame_fixed
    # Each group carries a rectangle drawn around its members: the members of the groups
    # nested two deep must land inside their frame once both transforms are applied.
    for frame_name, names in (
        ("Rectangle 16", ("Triangle 5", "Diamond 6")),
        ("Rectangle 18", ("Rectangle 8", "Oval 9")),
        ("Rectangle 17", ("Triangle 10", "Rectangle 16", "Rectangle 18")),
    ):
        frame = _named(ir, 1, frame_name).layout
        for name in names:
            child = _named(ir, 1, name).layout
            assert frame.x <= child.x and child.x + child.w <= frame.x + frame.w + 0.01
            assert frame.y <= child.y and child.y + child.h <= frame.y + frame.h + 0.01


def test_hidden_slides_are_kept_and_marked() -> None:
    deck = CORPUS / "poi__60810.pptx"
    with zipfile.ZipFile(deck) as zf:
        hidden_xml = sum(
            1
            for n in zf.namelist()
            if re.fullmatch(r"ppt/slides/slide\d+\.xml", n) and b'show="0"' in zf.read(n)[:2000]
        )
    ir = _deck(deck.name)
    assert hidden_xml > 0
    assert sum(1 for s in ir.slides if (s.model_extra or {}).get("hidden")) == hidden_xml
