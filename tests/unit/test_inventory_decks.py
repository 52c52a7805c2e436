"""The inventory on small decks built with python-pptx and read back with our own reader."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.dml import MSO_THEME_COLOR
from pptx.enum.shapes import MSO_SHAPE
from pptx.enum.text import MSO_ANCHOR
from pptx.presentation import Presentation as PresentationT
from pptx.util import Emu, Inches, Pt

from pptxagent.cli.main import cli
from pptxagent.inventory import inventory_file
from pptxagent.ir import DeckIR, DeckSlide, Element

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
PX = 9525  # EMU per px

TITLE_AND_CONTENT, TWO_CONTENT, BLANK = 1, 3, 6


def read_back(prs: PresentationT, tmp_path: Path, name: str = "deck.pptx") -> DeckIR:
    path = tmp_path / name
    prs.save(str(path))
    return inventory_file(path)


def by_name(slide: DeckSlide, name: str) -> Element:
    for el in slide.elements:
        if el.source is not None and el.source.name == name:
            return el
    raise AssertionError(f"no element named {name!r} in {[e.eid for e in slide.elements]}")


def px(emu: int) -> float:
    return round(emu / PX, 2)


def test_placeholder_without_xfrm_takes_the_layout_position(tmp_path: Path) -> None:
    prs = Presentation()
    layout = prs.slide_layouts[TITLE_AND_CONTENT]
    slide = prs.slides.add_slide(layout)
    slide.shapes.title.text = "Quarterly results"
    slide.placeholders[1].text_frame.text = "Revenue grew"
    lay_body = layout.placeholders[1]
    deck = read_back(prs, tmp_path)
    assert (deck.slide.w, deck.slide.h) == (960, 720)
    body = by_name(deck.slides[0], slide.placeholders[1].name)
    assert (body.layout.x, body.layout.y) == (px(lay_body.left), px(lay_body.top))
    assert (body.layout.w, body.layout.h) == (px(lay_body.width), px(lay_body.height))
    assert deck.slides[0].layout == "Title and Content"


def test_title_and_body_sizes_come_from_the_master_by_level(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
    slide.shapes.title.text = "Title"
    tf = slide.placeholders[1].text_frame
    tf.text = "Level one"
    p = tf.add_paragraph()
    p.text, p.level = "Level two", 1
    p = tf.add_paragraph()
    p.text = "Explicit"
    p.runs[0].font.size = Pt(20)
    s = read_back(prs, tmp_path).slides[0]
    title = next(e for e in s.elements if e.type == "title")
    assert (title.priority, title.role, title.layout.zIndex) == (100, "title", 10)
    assert title.style.fontSize == pytest.approx(44 * 4 / 3, abs=0.01)  # master titleStyle 44pt
    assert title.style.fontFamily == "Calibri"  # +mj-lt through the theme
    body = next(e for e in s.elements if e.type == "bullets")
    assert body.paragraphs is not None
    one, two, explicit = body.paragraphs
    assert one.runs[0].fontSize == pytest.approx(32 * 4 / 3, abs=0.01)
    assert (two.level, two.runs[0].fontSize) == (1, pytest.approx(28 * 4 / 3, abs=0.01))
    assert explicit.runs[0].fontSize == pytest.approx(20 * 4 / 3, abs=0.01)
    assert one.bullet == "•" and two.bullet == "–"
    assert two.marginLeft > one.marginLeft > 0
    assert body.content == "Level one\nLevel two\nExplicit"
    assert body.style.fontSize == body.baseFontSize == one.runs[0].fontSize


def test_text_box_font_colour_and_weight(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[BLANK])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(1))
    box.text_frame.text = "plain"
    run = box.text_frame.paragraphs[0].add_run()
    run.text = " loud"
    run.font.bold = True
    run.font.color.rgb = RGBColor(0xFF, 0x00, 0x00)
    themed = box.text_frame.add_paragraph().add_run()
    themed.text = "accent"
    themed.font.color.theme_color = MSO_THEME_COLOR.ACCENT_1
    themed.font.color.brightness = -0.25  # lumMod 75000
    el = read_back(prs, tmp_path).slides[0].elements[0]
    assert (el.type, el.priority, el.role) == ("text", 60, None)
    assert el.paragraphs is not None
    plain, loud = el.paragraphs[0].runs
    assert plain.fontFamily == "Calibri"  # +mn-lt via the default theme
    assert plain.fontSize == pytest.approx(24)  # 18pt from the default text style
    assert (plain.bold, plain.color) == (False, "#000000")
    assert (loud.bold, loud.color) == (True, "#FF0000")
    accent = el.paragraphs[1].runs[0]
    assert accent.color == "#376092"  # 4F81BD darkened to 75 % luminance
    assert el.style.fontWeight == "normal" and el.style.color == "#000000"


def test_line_spacing_space_and_alignment(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[BLANK])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(3))
    p1 = box.text_frame.paragraphs[0]
    p1.text = "one and a half"
    p1.line_spacing = 1.5
    p1.space_before = Pt(12)
    p2 = box.text_frame.add_paragraph()
    p2.text = "exactly 36pt"
    p2.runs[0].font.size = Pt(24)
    p2.line_spacing = Pt(36)
    el = read_back(prs, tmp_path).slides[0].elements[0]
    assert el.paragraphs is not None
    a, b = el.paragraphs
    assert a.lineHeight == pytest.approx(1.8)  # 150 % × 1.2
    assert a.spaceBefore == pytest.approx(16)
    assert b.lineHeight == pytest.approx(1.5)  # 36pt over 24pt
    assert el.style.lineHeight == el.baseLineHeight == pytest.approx(1.8)


def test_insets_anchor_wrap_and_autofit_scale(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[BLANK])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(2))
    tf = box.text_frame
    tf.text = "shrunk"
    tf.paragraphs[0].runs[0].font.size = Pt(40)
    tf.margin_left, tf.margin_top = Inches(0.5), Emu(0)
    tf.vertical_anchor = MSO_ANCHOR.MIDDLE
    tf.word_wrap = False
    body_pr = tf._txBody.find(f"{A}bodyPr")
    for child in list(body_pr):
        body_pr.remove(child)
    etree.SubElement(body_pr, f"{A}normAutofit", fontScale="50000", lnSpcReduction="20000")
    el = read_back(prs, tmp_path).slides[0].elements[0]
    assert el.style.insets is not None
    assert (el.style.insets.left, el.style.insets.top, el.style.insets.right) == (48, 0, 9.6)
    assert (el.style.verticalAlign, el.style.wrap) == ("middle", False)
    assert el.style.fontSize == pytest.approx(40 * 4 / 3 * 0.5, abs=0.01)  # stored fontScale
    assert el.style.lineHeight == pytest.approx(0.96)  # (100 % − 20 %) × 1.2


def test_two_bodies_get_roles_in_reading_order(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TWO_CONTENT])
    slide.shapes.title.text = "Compare"
    left, right = sorted(
        (ph for ph in slide.placeholders if ph.placeholder_format.idx != 0),
        key=lambda ph: ph.placeholder_format.idx,
    )
    right.text_frame.text = "Right column"
    left.text_frame.text = "Left column"
    s = read_back(prs, tmp_path).slides[0]
    roles = {e.content: (e.role, e.type, e.priority) for e in s.elements}
    assert roles["Left column"] == ("body", "bullets", 80)
    assert roles["Right column"] == ("body2", "bullets", 80)


def _group(prs: Any, *texts: str) -> Any:
    """A group on a blank slide holding 2 × 1 in boxes side by side from (1in, 1in); its
    ``a:xfrm``."""
    group = prs.slides.add_slide(prs.slide_layouts[BLANK]).shapes.add_group_shape()
    for i, text in enumerate(texts):
        box = group.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(1 + 2 * i), Inches(1),
                                     Inches(2), Inches(1))
        box.text_frame.text = text
    return group._element.grpSpPr.find(f"{A}xfrm")


def test_group_children_get_absolute_scaled_geometry(tmp_path: Path) -> None:
    prs = Presentation()
    xfrm = _group(prs, "inside")
    # Move the group to (3in, 2in) and draw it at twice its child size.
    xfrm.find(f"{A}off").set("x", str(Inches(3)))
    xfrm.find(f"{A}off").set("y", str(Inches(2)))
    xfrm.find(f"{A}ext").set("cx", str(Inches(4)))
    xfrm.find(f"{A}ext").set("cy", str(Inches(2)))
    el = read_back(prs, tmp_path).slides[0].elements[0]
    assert el.content == "inside"
    assert (el.layout.x, el.layout.y, el.layout.w, el.layout.h) == (288, 192, 384, 192)
    # its text may be repaired (font, spacing), its box in the group's frame never moves
    assert el.source is not None and el.source.frame_fixed and el.source.repairable


def test_a_turned_groups_members_turn_about_the_groups_centre(tmp_path: Path) -> None:
    prs = Presentation()
    xfrm = _group(prs, "left", "right")
    xfrm.set("rot", str(90 * 60000))  # the group (1in..5in × 1in..2in) turned a quarter
    el = next(e for e in read_back(prs, tmp_path).slides[0].elements if e.content == "left")
    # its centre (2in, 1.5in) turns about the group's (3in, 1.5in) to (3in, 0.5in)
    cx, cy = el.layout.x + el.layout.w / 2, el.layout.y + el.layout.h / 2
    assert (cx, cy, el.layout.w, el.layout.h) == pytest.approx((288, 48, 192, 96), abs=0.01)
    assert el.text_turn() == 90
    xfrm.set("rot", "0")
    xfrm.set("flipH", "1")  # flipped instead: the left member goes right, its text unturned
    el = next(e for e in read_back(prs, tmp_path).slides[0].elements if e.content == "left")
    assert el.layout.x == pytest.approx(3 * 96, abs=0.01)
    assert el.text_turn() == 0


def test_rotation_picture_empty_placeholder_and_hidden_slide(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
    slide.shapes.title.text = "Only the title"
    rotated = slide.shapes.add_textbox(Inches(1), Inches(6), Inches(2), Inches(0.5))
    rotated.text_frame.text = "tilted"
    rotated.rotation = 90
    png = tmp_path / "dot.png"
    Image.new("RGB", (8, 8), "red").save(png)
    slide.shapes.add_picture(str(png), Inches(5), Inches(5), Inches(1), Inches(1))
    slide._element.set("show", "0")
    s = read_back(prs, tmp_path).slides[0]
    assert s.model_extra == {"hidden": True}
    empty = next(e for e in s.elements if e.source and e.source.ph_idx == 1)
    assert (empty.type, empty.priority, empty.layout.zIndex) == ("decoration", 20, 0)
    tilted = next(e for e in s.elements if e.content == "tilted")
    assert tilted.layout.model_extra == {"rotation": 90.0}
    assert tilted.source is not None and tilted.source.frame_fixed
    pic = next(e for e in s.elements if e.type == "image")
    assert pic.priority == 40 and pic.content.startswith("/ppt/media/")
    assert (pic.layout.x, pic.layout.w) == (480, 96)


def test_shape_fill_becomes_background_colour(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[BLANK])
    band = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, 0, Inches(10), Inches(1))
    band.fill.solid()
    band.fill.fore_color.rgb = RGBColor(0x12, 0x34, 0x56)
    styled = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, Inches(2), Inches(2), Inches(1))
    styled.text_frame.text = "default style"
    band_el, styled_el = read_back(prs, tmp_path).slides[0].elements
    assert (band_el.type, band_el.style.backgroundColor) == ("decoration", "#123456")
    # An autoshape's p:style: accent1 fill, lt1 (white) text.
    assert styled_el.style.backgroundColor == "#4F81BD"
    assert styled_el.style.color == "#FFFFFF"


def test_cli_prints_the_deck_and_refuses_bad_files(tmp_path: Path) -> None:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT]).shapes.title.text = "Hi"
    deck = tmp_path / "wide.pptx"
    prs.save(str(deck))
    runner = CliRunner()
    out = tmp_path / "inv.json"
    res = runner.invoke(cli, ["inventory", str(deck), "-o", str(out)])
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text())
    assert data["slide"] == {"w": 1280.0, "h": 720.0}
    assert data["slides"][0]["index"] == 1
    assert data["slides"][0]["elements"][0]["content"] == "Hi"
    res = runner.invoke(cli, ["inventory", str(deck)])
    assert json.loads(res.output) == data
    junk = tmp_path / "junk.pptx"
    junk.write_bytes(b"not a zip at all")
    res = runner.invoke(cli, ["inventory", str(junk)])
    assert res.exit_code == 2
    assert "junk.pptx" in res.output


def test_table_text_right_to_left_and_caps(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[BLANK])
    table = slide.shapes.add_table(2, 2, Inches(1), Inches(1), Inches(4), Inches(1)).table
    for (r, c), text in {(0, 0): "Region", (0, 1): "Sales", (1, 0): "North", (1, 1): "12"}.items():
        table.cell(r, c).text = text
    box = slide.shapes.add_textbox(Inches(1), Inches(4), Inches(4), Inches(1))
    box.text_frame.text = "مرحبا"
    box.text_frame.paragraphs[0]._p.get_or_add_pPr().set("rtl", "1")
    box.text_frame.paragraphs[0].runs[0]._r.get_or_add_rPr().set("cap", "all")
    tbl, text = read_back(prs, tmp_path).slides[0].elements
    assert (tbl.type, tbl.priority, tbl.role) == ("text", 60, "table")
    assert tbl.content == "Region\tSales\nNorth\t12"
    assert tbl.source is not None and tbl.source.model_extra == {"graphic": "table"}
    assert tbl.source.repairable is True
    assert tbl.table is not None
    assert [[c.text for c in r.cells] for r in tbl.table.rows] == [["Region", "Sales"],
                                                                  ["North", "12"]]
    assert text.paragraphs is not None
    assert text.paragraphs[0].model_extra == {"rtl": True}
    assert text.paragraphs[0].runs[0].model_extra == {"caps": "all"}


def test_footer_placeholder_takes_other_style_no_bullet(tmp_path: Path) -> None:
    prs = Presentation()
    layout = prs.slide_layouts[TITLE_AND_CONTENT]
    slide = prs.slides.add_slide(layout)
    footer = next(ph for ph in layout.placeholders if ph.placeholder_format.type == 15)  # FOOTER
    sp = copy.deepcopy(footer._element)
    assert sp.spPr.find(f"{A}xfrm") is None  # the layout's footer sits where the master's does
    slide.shapes._spTree.append(sp)
    slide.shapes[-1].text_frame.text = "Confidential"
    el = next(e for e in read_back(prs, tmp_path).slides[0].elements if e.content == "Confidential")
    assert (el.type, el.priority) == ("text", 60)
    assert (el.layout.x, el.layout.w) == (px(footer.left), px(footer.width))
    assert el.paragraphs is not None and el.paragraphs[0].bullet is None
    assert el.style.fontSize == pytest.approx(16)  # the master footer's 12pt
    assert el.style.textAlign == "center"
