"""The structural validator finds what makes PowerPoint repair a deck."""

from __future__ import annotations

from pathlib import Path

from lxml import etree
from ooxml_builders import RT, deck_members, make_deck, slide, write_zip

from pptxagent.ooxml import SCHEMA_ORDER, Package, insert_in_order, qn
from pptxagent.ooxml.validate import Finding, compare_findings, validate_package


def _rules(pkg: Package) -> set[tuple[str, str]]:
    return {(f.part, f.rule) for f in validate_package(pkg)}


def test_clean_deck_has_no_findings(tmp_path: Path) -> None:
    assert validate_package(Package.open(make_deck(tmp_path / "deck.pptx"))) == []


def test_bu_none_before_line_spacing_is_found_and_fixed_by_insert_in_order(
    tmp_path: Path,
) -> None:
    pkg = Package.open(make_deck(tmp_path / "deck.pptx"))
    ppr = pkg.xml("/ppt/slides/slide1.xml").find(f".//{qn('a:pPr')}")
    assert ppr is not None
    bu = ppr.find(qn("a:buNone"))
    assert bu is not None
    ppr.remove(bu)
    ppr.insert(0, bu)  # the popular mistake: buNone first
    findings = validate_package(pkg)
    assert [(f.part, f.rule) for f in findings] == [("/ppt/slides/slide1.xml", "schema-order")]
    assert "<a:lnSpc> comes after <a:buNone>" in findings[0].message
    insert_in_order(ppr, etree.Element(qn("a:buNone")), SCHEMA_ORDER["a:pPr"])
    assert validate_package(pkg) == []


def test_dangling_rel_missing_type_duplicate_ids_and_bad_slide_ids(tmp_path: Path) -> None:
    members = deck_members(slides=2)
    members["ppt/slides/_rels/slide1.xml.rels"] = (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{RT}/image" Target="../media/gone.png"/>'
        "</Relationships>"
    )
    members["ppt/media/orphan.bin"] = b"\0\1"  # no Default for .bin, no Override
    members["ppt/slides/slide2.xml"] = slide("dup", ids=(1, 1))
    members["ppt/presentation.xml"] = str(members["ppt/presentation.xml"]).replace(
        'id="257"', 'id="256"'
    )
    pkg = Package.open(write_zip(tmp_path / "bad.pptx", members))
    assert _rules(pkg) == {
        ("/ppt/slides/_rels/slide1.xml.rels", "rel-target"),
        ("/ppt/media/orphan.bin", "content-type"),
        ("/ppt/slides/slide2.xml", "shape-id-unique"),
        ("/ppt/presentation.xml", "slide-id"),
    }


def test_compare_keeps_only_new_findings() -> None:
    old = [Finding("/ppt/slides/slide1.xml", "shape-id-unique", "shape id '1' is used by 2")]
    carried = Finding("/ppt/slides/slide9.xml", "shape-id-unique", "shape id '1' is used by 2")
    fresh = Finding("/ppt/slides/slide1.xml", "schema-order", "<a:pPr>: <a:lnSpc> ...")
    assert compare_findings(old, [carried, fresh]) == [fresh]
