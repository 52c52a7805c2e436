"""Saving slides the fill made: every later shape repeating an id gets a fresh one, the
first keeps its id (so connectors, animations and build lists still name what they named),
an ``mc:Fallback`` twin follows its ``mc:Choice``, and the package's own ids come back
after the save (fill and write-back address shapes by id and occurrence)."""

from __future__ import annotations

from lxml import etree

from pptxagent.ooxml import qn
from pptxagent.ooxml.shapeids import renumber

P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def _sp(sid: str, name: str) -> str:
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvSpPr/><p:nvPr/>'
            '</p:nvSpPr><p:spPr/></p:sp>')


def _slide() -> etree._Element:
    body = (_sp("2", "Title") + _sp("3", "Left") + _sp("3", "Right")
            + f'<mc:AlternateContent><mc:Choice Requires="p14">{_sp("3", "Ink")}</mc:Choice>'
            f'<mc:Fallback>{_sp("3", "Ink")}</mc:Fallback></mc:AlternateContent>'
            '<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="7" name="Link"/><p:cNvCxnSpPr>'
            '<a:stCxn id="3" idx="1"/><a:endCxn id="2" idx="0"/></p:cNvCxnSpPr><p:nvPr/>'
            '</p:nvCxnSpPr><p:spPr/></p:cxnSp>')
    return etree.fromstring(
        f'<p:sld xmlns:p="{P}" xmlns:a="{A}" xmlns:mc="{MC}"><p:cSld><p:spTree>'
        '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
        f'<p:grpSpPr/>{body}</p:spTree></p:cSld>'
        '<p:timing><p:bldLst><p:bldP spid="3" grpId="0"/></p:bldLst></p:timing></p:sld>')


def _ids(root: etree._Element) -> list[str]:
    return [nv.get("id", "") for nv in root.iter(qn("p:cNvPr"))]


def test_repeats_get_fresh_ids_and_references_keep_the_first() -> None:
    root = _slide()
    undo: list[tuple[etree._Element, str]] = []
    keys = renumber(root, undo)
    assert _ids(root) == ["1", "2", "3", "8", "9", "9", "7"]
    assert keys == {"8": "3#1", "9": "3#2"}
    assert root.find(f".//{qn('a:stCxn')}").get("id") == "3"  # type: ignore[union-attr]
    assert root.find(f".//{qn('p:bldP')}").get("spid") == "3"  # type: ignore[union-attr]
    for nv, sid in reversed(undo):
        nv.set("id", sid)
    assert _ids(root) == ["1", "2", "3", "3", "3", "3", "7"]


def test_a_slide_of_unique_ids_is_left_alone() -> None:
    root = _slide()
    for nv in root.iter(qn("p:cNvPr")):
        if nv.get("name") == "Right":
            nv.set("id", "5")
        if nv.get("name") == "Ink":
            nv.set("id", "6")
    before = etree.tostring(root)
    undo: list[tuple[etree._Element, str]] = []
    assert renumber(root, undo) == {} and undo == []
    assert etree.tostring(root) == before
