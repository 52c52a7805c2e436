"""Shapes that repeat an id: the inventory, fill look-ups and the LibreOffice tagging count
them the same way (groups entered not counted, an mc:AlternateContent read once)."""

from __future__ import annotations

from pathlib import Path

from lxml import etree
from pptx import Presentation
from pptx.util import Inches

from pptxagent.ooxml.filltarget import find_shape
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapes import read_slide_doc
from pptxagent.ooxml.tagging import shape_key, tag_copy

MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def _text(el: etree._Element | None) -> str:
    return "" if el is None else "".join(el.itertext())


def _deck(tmp: Path, fallback_only: bool) -> Path:
    """Id 7 on a group and on three text boxes, T0 alone in an mc:AlternateContent."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    group = slide.shapes.add_group_shape()
    inside = group.shapes.add_textbox(Inches(5), Inches(1), Inches(2), Inches(1))
    inside.text_frame.text = "G"
    group._element.nvGrpSpPr.cNvPr.set("id", "7")
    boxes = [slide.shapes.add_textbox(Inches(1), Inches(1 + i * 1.5), Inches(2), Inches(1))
             for i in range(3)]
    for i, box in enumerate(boxes):
        box.text_frame.text = f"T{i}"
        box._element.nvSpPr.cNvPr.set("id", "7")
    first = boxes[0]._element
    tree = first.getparent()
    at = tree.index(first)
    block = etree.Element(f"{{{MC}}}AlternateContent")
    branch = etree.SubElement(block, f"{{{MC}}}{'Fallback' if fallback_only else 'Choice'}")
    if not fallback_only:
        branch.set("Requires", "p14")
    tree.remove(first)
    branch.append(first)
    tree.insert(at, block)
    path = tmp / f"twins-{fallback_only}.pptx"
    prs.save(str(path))
    return path


def test_every_twin_is_found_as_the_inventory_numbers_it(tmp_path: Path) -> None:
    for fallback_only in (False, True):
        pkg = Package.open(_deck(tmp_path, fallback_only))
        part = pkg.slide_parts()[0]
        shapes = [s for s in read_slide_doc(pkg, part).shapes if s.shape_id == 7]
        assert [s.occurrence for s in shapes] == [0, 1, 2]
        root = pkg.xml(part)
        found = [_text(find_shape(root, 7, s.occurrence)) for s in shapes]
        assert found == ["T0", "T1", "T2"], fallback_only  # never the group, never shifted
        assert _text(find_shape(root, 7, 3)) == ""


def test_the_tagged_copy_keys_each_twin_by_its_occurrence(tmp_path: Path) -> None:
    tagged = tag_copy(_deck(tmp_path, False), tmp_path / "tagged.pptx", colour=True)
    keys = set(tagged.colours[1])
    assert {shape_key(7, 0), shape_key(7, 1), shape_key(7, 2)} <= keys
    assert len(set(tagged.colours[1].values())) == len(keys)  # one colour each


def test_twin_pictures_are_each_judged_on_their_own_image(tmp_path: Path) -> None:
    import io

    from PIL import Image

    from pptxagent.ooxml.media import picture_fits

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for size in ((400, 100), (100, 400)):
        buf = io.BytesIO()
        Image.new("RGB", size, "teal").save(buf, "PNG")
        pic = slide.shapes.add_picture(buf, Inches(1), Inches(1), Inches(2), Inches(2))
        pic._element.nvPicPr.cNvPr.set("id", "9")
    path = tmp_path / "pics.pptx"
    prs.save(str(path))
    pkg = Package.open(path)
    fits = picture_fits(pkg, pkg.slide_parts()[0])
    assert (fits[(9, 0)].image_w, fits[(9, 1)].image_w) == (400, 100)
