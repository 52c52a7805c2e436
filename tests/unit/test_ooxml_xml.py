"""Hardened parsing, serialising and schema-ordered insertion."""

from __future__ import annotations

import pytest
from lxml import etree

from pptxagent.errors import CorruptPackageError, UnsafePackageError
from pptxagent.ooxml.xml import NS, SCHEMA_ORDER, insert_in_order, parse_xml, qn, serialize


def _ppr(inner: str) -> etree._Element:
    return parse_xml(f'<a:pPr xmlns:a="{NS["a"]}">{inner}</a:pPr>'.encode(), "t")


def _tags(el: etree._Element) -> list[str]:
    return [etree.QName(c).localname for c in el]


def test_qn_expands_prefixes() -> None:
    assert qn("a:rPr") == "{http://schemas.openxmlformats.org/drawingml/2006/main}rPr"
    with pytest.raises(ValueError, match="zz"):
        qn("zz:x")


def test_billion_laughs_is_refused_not_expanded() -> None:
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><r>&b;</r>'
    )
    with pytest.raises(UnsafePackageError, match=r"deck\.pptx:/x\.xml: XML with a DOCTYPE"):
        parse_xml(bomb, "deck.pptx:/x.xml")


def test_external_entity_is_refused() -> None:
    xxe = b'<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>'
    with pytest.raises(UnsafePackageError):
        parse_xml(xxe, "w")


def test_malformed_xml_names_the_part() -> None:
    with pytest.raises(CorruptPackageError, match=r"deck.pptx:/ppt/slides/slide3.xml: malformed"):
        parse_xml(b"<a><b></a>", "deck.pptx:/ppt/slides/slide3.xml")


def test_serialize_writes_standalone_utf8_declaration() -> None:
    out = serialize(parse_xml("<r>é</r>".encode(), "t"))
    assert out == b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<r>\xc3\xa9</r>'


def test_bu_none_goes_after_line_spacing_not_first() -> None:
    ppr = _ppr('<a:lnSpc><a:spcPct val="90000"/></a:lnSpc><a:defRPr/>')
    insert_in_order(ppr, etree.Element(qn("a:buNone")), SCHEMA_ORDER["a:pPr"])
    assert _tags(ppr) == ["lnSpc", "buNone", "defRPr"]


def test_insert_replaces_same_tag_and_choice_group() -> None:
    ppr = _ppr('<a:lnSpc/><a:buChar char="x"/><a:tabLst/>')
    insert_in_order(ppr, etree.Element(qn("a:lnSpc")), SCHEMA_ORDER["a:pPr"])
    insert_in_order(ppr, etree.Element(qn("a:buNone")), SCHEMA_ORDER["a:pPr"])  # replaces buChar
    assert _tags(ppr) == ["lnSpc", "buNone", "tabLst"]
    assert len(ppr[0]) == 0  # the new (empty) lnSpc replaced the old one


def test_runs_are_appended_after_the_last_run_before_end_para() -> None:
    p = parse_xml(
        f'<a:p xmlns:a="{NS["a"]}"><a:pPr/><a:r/><a:endParaRPr/></a:p>'.encode(), "t"
    )
    insert_in_order(p, etree.Element(qn("a:r")), SCHEMA_ORDER["a:p"])
    assert _tags(p) == ["pPr", "r", "r", "endParaRPr"]


def test_unknown_child_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="not among"):
        insert_in_order(_ppr(""), etree.Element(qn("a:off")), SCHEMA_ORDER["a:pPr"])
