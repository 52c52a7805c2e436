"""Slide duplication / reordering / deletion on a real deck with a chart, notes and SmartArt."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from lxml import etree
from ooxml_builders import make_deck
from pptx import Presentation

from pptxagent.ooxml import Package, qn
from pptxagent.ooxml.slides import duplicate_slide, set_slide_order
from pptxagent.ooxml.validate import compare_findings, validate_package

CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"
# slide 3: chart (+ embedded workbook, style, colours), notes, comments; slide 4: SmartArt
VARIOUS = CORPUS / "tika__testPPT_various2.pptx"
# 9 slides, notes on slides 1-3 and 5, a chart on slide 9, slide 6 links to slide 2
LINKED = CORPUS / "officeparser__test.pptx"

needs_corpus = pytest.mark.skipif(not VARIOUS.exists(), reason="shared corpus not present")


def _saved(pkg: Package, tmp_path: Path, name: str = "out.pptx") -> Package:
    pkg.save(tmp_path / name)
    return Package.open(tmp_path / name)


@needs_corpus
def test_duplicate_chart_slide_copies_chart_workbook_and_notes(tmp_path: Path) -> None:
    template = Package.open(VARIOUS)
    pkg = Package.open(VARIOUS)
    chart_slide = pkg.slide_parts()[2]
    new = duplicate_slide(pkg, chart_slide)
    out = _saved(pkg, tmp_path)

    slides = out.slide_parts()
    assert len(slides) == 11 and slides[3] == new  # right after its original
    kinds = {r.type.rsplit("/", 1)[1]: r.target for r in out.rels(new)}
    old_kinds = {r.type.rsplit("/", 1)[1]: r.target for r in out.rels(chart_slide)}
    assert kinds["chart"] != old_kinds["chart"]  # a copy, not a shared chart
    assert kinds["notesSlide"] != old_kinds["notesSlide"]
    assert kinds["slideLayout"] == old_kinds["slideLayout"]  # the layout is shared
    chart_rels = {r.type.rsplit("/", 1)[1]: r.target for r in out.rels(kinds["chart"])}
    assert chart_rels["package"] != "/ppt/embeddings/Microsoft_Excel_Worksheet.xlsx"
    assert out.read_bytes(chart_rels["package"]) == out.read_bytes(
        "/ppt/embeddings/Microsoft_Excel_Worksheet.xlsx"
    )
    notes_back = {r.type.rsplit("/", 1)[1]: r.target for r in out.rels(kinds["notesSlide"])}
    assert notes_back["slide"] == new  # the copied notes point at the copied slide
    for part in (new, kinds["chart"], kinds["notesSlide"], chart_rels["package"]):
        assert out.content_type(part) is not None
    ids = [int(e.get("id", "0")) for e in out.xml(out.main_part()).iter(qn("p:sldId"))]
    assert len(set(ids)) == len(ids) and min(ids) >= 256
    assert compare_findings(validate_package(template), validate_package(out)) == []

    prs = Presentation(str(tmp_path / "out.pptx"))
    assert len(prs.slides) == 11
    assert any(shape.has_chart for shape in prs.slides[3].shapes)
    assert prs.slides[3].has_notes_slide


@needs_corpus
def test_duplicate_smartart_slide_copies_all_diagram_parts(tmp_path: Path) -> None:
    pkg = Package.open(VARIOUS)
    source = pkg.slide_parts()[3]
    new = duplicate_slide(pkg, source)
    out = _saved(pkg, tmp_path)
    old = {r.rid: r.target for r in out.rels(source)}
    copied = {r.rid: r.target for r in out.rels(new)}
    assert old.keys() == copied.keys()  # same rIds: the slide XML needs no rewriting
    diagram = [rid for rid, target in old.items() if "/diagrams/" in target]
    assert len(diagram) == 5
    assert all(copied[rid] != old[rid] and out.has_part(copied[rid]) for rid in diagram)
    assert validate_package(out) == validate_package(Package.open(VARIOUS))


@needs_corpus
def test_deleting_slides_collects_orphans_and_dangling_links(tmp_path: Path) -> None:
    pkg = Package.open(LINKED)
    slides = pkg.slide_parts()
    chart_parts = [r.target for r in pkg.rels(slides[8]) if r.type.endswith("/chart")]
    notes_2 = [r.target for r in pkg.rels(slides[1]) if r.type.endswith("/notesSlide")]
    keep = [slides[5], slides[0], slides[6]]  # drop slide 2 (linked from slide 6) and the chart
    set_slide_order(pkg, keep)
    out = _saved(pkg, tmp_path)

    assert out.slide_parts() == keep
    overrides = {
        o.get("PartName") for o in out.xml("/[Content_Types].xml").iter(qn("ct:Override"))
    }
    for gone in [slides[1], slides[8], *chart_parts, *notes_2, "/ppt/charts/style1.xml"]:
        assert not out.has_part(gone), gone
        assert gone not in overrides
    assert out.has_part("/ppt/media/image1.png")  # still used by a kept slide
    assert all(not r.target.endswith("slide2.xml") for r in out.rels(slides[5]))
    assert compare_findings(validate_package(Package.open(LINKED)), validate_package(out)) == []
    assert len(Presentation(str(tmp_path / "out.pptx")).slides) == 3


def test_reorder_and_duplicate_keep_sections_consistent(tmp_path: Path) -> None:
    pkg = Package.open(make_deck(tmp_path / "deck.pptx", slides=3))
    main = pkg.main_part()
    p14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
    ext = etree.SubElement(etree.SubElement(pkg.xml(main), qn("p:extLst")), qn("p:ext"))
    sections = etree.SubElement(ext, f"{{{p14}}}sectionLst")
    for title, ids in (("A", ["256", "257"]), ("B", ["258"])):
        section = etree.SubElement(sections, f"{{{p14}}}section", name=title)
        lst = etree.SubElement(section, f"{{{p14}}}sldIdLst")
        for sid in ids:
            etree.SubElement(lst, f"{{{p14}}}sldId", id=sid)
    pkg.mark_dirty(main)
    first, second, third = pkg.slide_parts()
    copy = duplicate_slide(pkg, first)
    set_slide_order(pkg, [copy, third, first])
    out = _saved(pkg, tmp_path)
    listed = [
        [e.get("id") for e in s.iter(f"{{{p14}}}sldId")]
        for s in out.xml(main).iter(f"{{{p14}}}section")
    ]
    order = [e.get("id") for e in out.xml(main).iter(qn("p:sldId"))]
    assert order == ["259", "258", "256"]
    assert [i for ids in listed for i in ids] == order  # every slide once, contiguous
    assert not out.has_part(second)
    with zipfile.ZipFile(tmp_path / "out.pptx") as zf:
        assert "ppt/slides/slide2.xml" not in zf.namelist()


def test_set_slide_order_rejects_unknown_or_repeated_slides(tmp_path: Path) -> None:
    pkg = Package.open(make_deck(tmp_path / "deck.pptx", slides=2))
    with pytest.raises(ValueError, match="not slides"):
        set_slide_order(pkg, ["/ppt/slides/slide9.xml"])
    with pytest.raises(ValueError, match="twice"):
        set_slide_order(pkg, ["/ppt/slides/slide1.xml", "/ppt/slides/slide1.xml"])
