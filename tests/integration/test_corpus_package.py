"""Every real deck in the shared corpus either round-trips faithfully or is refused clearly.

Round trip: open, no-op save, every member's uncompressed bytes identical and in the same
order, and the validator finds nothing in the copy that the original did not have.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from pptxagent.errors import (
    CorruptPackageError,
    EncryptedPackageError,
    PackageError,
    StrictOOXMLError,
)
from pptxagent.ooxml import Package
from pptxagent.ooxml.validate import compare_findings, validate_package

CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"
DECKS = sorted(CORPUS.glob("*.pptx"))
# What the corpus manifest says about its deliberately unusable decks.
EXPECTED_REFUSALS: dict[str, type[PackageError]] = {
    "openxmlsdk__encrypted_pptx.pptx": EncryptedPackageError,
    "openxmlsdk__strict_main_bodyPr_rtlCol.pptx": StrictOOXMLError,
    "openxmlsdk__strict_wrapEAvert_bodyPrVert_VerticalTextEAvert.pptx": StrictOOXMLError,
    "poi__Divino_Revelado.pptx": CorruptPackageError,
    "poi__clusterfuzz-POIXSLFFuzzer-5463285576892416.pptx": CorruptPackageError,
}

pytestmark = pytest.mark.skipif(not DECKS, reason="shared corpus not present")


def _members(path: Path) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(path) as zf:
        return [(info.filename, zf.read(info)) for info in zf.infolist()]


def test_every_corpus_deck_round_trips_or_is_refused(tmp_path: Path) -> None:
    opened, refused = [], {}
    out = tmp_path / "out.pptx"
    for deck in DECKS:
        try:
            pkg = Package.open(deck)
        except PackageError as exc:
            assert deck.name in str(exc), str(exc)
            refused[deck.name] = type(exc)
            continue
        before = validate_package(pkg)
        pkg.save(out)
        assert _members(out) == _members(deck), deck.name
        new = compare_findings(before, validate_package(Package.open(out)))
        assert new == [], (deck.name, new)
        opened.append(deck.name)
    assert refused == EXPECTED_REFUSALS
    assert len(opened) == len(DECKS) - len(EXPECTED_REFUSALS)


def test_slideshow_typed_deck_opens_and_keeps_its_content_type(tmp_path: Path) -> None:
    deck = CORPUS / "poi__stress022.pptx"  # presentation part typed as .ppsx inside a .pptx
    pkg = Package.open(deck)
    assert len(pkg.slide_parts()) > 40
    before = pkg.content_type(pkg.main_part())
    assert before is not None and "slideshow.main" in before
    pkg.save(tmp_path / "out.pptx")
    assert Package.open(tmp_path / "out.pptx").content_type(pkg.main_part()) == before


def test_malformed_chart_xml_is_reported_with_its_part() -> None:
    pkg = Package.open(CORPUS / "officegen__out_charts.pptx")
    bad = [f for f in validate_package(pkg) if f.rule == "xml-wellformed"]
    assert {f.part for f in bad} == {f"/ppt/charts/chart{i}.xml" for i in range(1, 7)}
    with pytest.raises(CorruptPackageError, match=r"out_charts\.pptx:/ppt/charts/chart1\.xml"):
        pkg.xml("/ppt/charts/chart1.xml")


def test_schema_audit_flags_bu_none_before_line_spacing_only_in_the_output(
    tmp_path: Path,
) -> None:
    from lxml import etree

    from pptxagent.ooxml import qn
    from pptxagent.ooxml.audit import schema_findings

    deck = CORPUS / "officeparser__test.pptx"
    template = schema_findings(deck)
    pkg = Package.open(deck)
    pkg.save(tmp_path / "same.pptx")
    assert compare_findings(template, schema_findings(tmp_path / "same.pptx")) == []

    slide = pkg.slide_parts()[0]
    ppr = next(pkg.xml(slide).iter(qn("a:pPr")))
    ppr.insert(0, etree.Element(qn("a:buNone")))  # the mistake python-pptx/LibreOffice accept
    spacing = etree.Element(qn("a:lnSpc"))
    etree.SubElement(spacing, qn("a:spcPct")).set("val", "90000")
    ppr.append(spacing)
    pkg.mark_dirty(slide)
    pkg.save(tmp_path / "bad.pptx")
    new = compare_findings(template, schema_findings(tmp_path / "bad.pptx"))
    assert [(f.part, "lnSpc" in f.message) for f in new] == [(slide, True)]
