"""Hardened XML for OOXML parts: namespaces, safe parsing, serialising, schema-ordered insertion.

Only ``pptxagent/ooxml`` imports lxml. Parsing never resolves entities, never loads a DTD and
never touches the network; a part carrying a DOCTYPE is refused outright.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from lxml import etree

from pptxagent.errors import CorruptPackageError, UnsafePackageError

NS: dict[str, str] = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "rel": "http://schemas.openxmlformats.org/package/2006/relationships",
    "ct": "http://schemas.openxmlformats.org/package/2006/content-types",
    "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "pic": "http://schemas.openxmlformats.org/drawingml/2006/picture",
    "dgm": "http://schemas.openxmlformats.org/drawingml/2006/diagram",
    "dsp": "http://schemas.microsoft.com/office/drawing/2008/diagram",
    "cp": "http://schemas.openxmlformats.org/package/2006/metadata/core-properties",
    "dc": "http://purl.org/dc/elements/1.1/",
    "dcterms": "http://purl.org/dc/terms/",
    "ep": "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties",
    "p14": "http://schemas.microsoft.com/office/powerpoint/2010/main",
    "a14": "http://schemas.microsoft.com/office/drawing/2010/main",
    "xsi": "http://www.w3.org/2001/XMLSchema-instance",
}

XML_DECLARATION = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'

# ISO/IEC 29500 Strict namespaces all live under this prefix.
STRICT_NS_PREFIX = "http://purl.oclc.org/ooxml/"


@functools.cache
def qn(tag: str) -> str:
    """``"a:rPr"`` -> ``"{http://schemas.openxmlformats.org/drawingml/2006/main}rPr"``
    (cached: a fill asks for a few hundred tags some 40 000 times)."""
    prefix, sep, local = tag.partition(":")
    if not sep:
        return tag
    try:
        return f"{{{NS[prefix]}}}{local}"
    except KeyError:
        raise ValueError(f"unknown namespace prefix {prefix!r} in {tag!r}") from None


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_blank_text=False,
    )


def parse_xml(data: bytes, where: str) -> etree._Element:
    """Parse one part. ``where`` (e.g. ``"deck.pptx:/ppt/slides/slide1.xml"``) names it in errors.

    Raises UnsafePackageError for a DOCTYPE / entity declarations, CorruptPackageError for
    anything that is not well-formed XML.
    """
    head = data[:4096].lstrip(b"\xef\xbb\xbf")
    if b"<!DOCTYPE" in head or b"<!ENTITY" in head:
        raise UnsafePackageError(
            f"{where}: XML with a DOCTYPE or entity declarations is refused for safety"
        )
    try:
        root = etree.fromstring(data, parser=_parser())
    except etree.XMLSyntaxError as exc:
        raise CorruptPackageError(f"{where}: malformed XML ({exc.msg})") from exc
    if root is None:  # pragma: no cover - lxml raises for empty documents
        raise CorruptPackageError(f"{where}: empty XML part")
    docinfo: Any = root.getroottree().docinfo
    if docinfo.doctype or docinfo.internalDTD is not None:
        raise UnsafePackageError(
            f"{where}: XML with a DOCTYPE or entity declarations is refused for safety"
        )
    return root


_ROOTS: dict[str, tuple[str, str]] = {
    "presentationml.slide+xml": ("p:sld", "slide"),
    "presentationml.slideLayout+xml": ("p:sldLayout", "slide layout"),
    "presentationml.slideMaster+xml": ("p:sldMaster", "slide master"),
    "presentationml.notesSlide+xml": ("p:notes", "notes page"),
    "presentation.main+xml": ("p:presentation", "presentation"),
    "template.main+xml": ("p:presentation", "presentation"),
    "slideshow.main+xml": ("p:presentation", "presentation"),
    "macroEnabled.main+xml": ("p:presentation", "presentation"),
    "officedocument.theme+xml": ("a:theme", "theme"),
}
"""Content type (its ending) → the root element a part of that type must have, and what the
part is called."""


def check_root(root: etree._Element, content_type: str | None, where: str) -> None:
    """A well-formed part that is not what its content type says (a slide part holding
    ``<foo/>``) is refused: it would be read as a slide with nothing on it."""
    if content_type is None:
        return
    expected = next((v for end, v in _ROOTS.items() if content_type.endswith(end)), None)
    # Local names only: a Strict deck's <presentation> in another namespace is refused by the
    # Strict check, with its own advice.
    if expected is not None and etree.QName(root).localname != expected[0].split(":", 1)[1]:
        raise CorruptPackageError(
            f"{where}: not a {expected[1]}: its root element is "
            f"<{etree.QName(root).localname}>, not <{expected[0]}>")


def serialize(root: etree._Element) -> bytes:
    """The part's bytes: XML declaration (UTF-8, standalone="yes") then the element, unindented."""
    return XML_DECLARATION + etree.tostring(root, encoding="UTF-8")


def local_name(tag: object) -> str:
    """``"{ns}rPr"`` -> ``"rPr"``; comments / processing instructions give ``""``."""
    if not isinstance(tag, str):
        return ""
    return tag.rpartition("}")[2]


_FACE_SPLIT = re.compile(r"[,;]")
_FACE_BAD = re.compile(r"[\"'{}<>\\]")


def typeface(el: etree._Element | None) -> str | None:
    """``el@typeface`` (``a:latin``, ``a:ea``, ``a:buFont`` …) as a font name, or None.

    Some generators write a CSS font list there (``"Open Sans", sans-serif``). No font has
    that name, and LibreOffice reads a typeface up to its first ``,`` or ``;``: so do we, with
    the quotes around it taken off. A name still holding quotes or markup is no font at all.
    """
    if el is None:
        return None
    raw = el.get("typeface")
    if not raw:
        return None
    if not _FACE_SPLIT.search(raw) and not _FACE_BAD.search(raw):
        return raw
    first = _FACE_SPLIT.split(raw, maxsplit=1)[0].strip().strip("\"'").strip()
    return first if first and not _FACE_BAD.search(first) else None


# --- schema order ---------------------------------------------------------------------------
# Each entry is one schema position; "x|y" are alternatives sharing the position (a choice), so
# inserting one replaces any other of the group. Tags in REPEATABLE may occur many times.

_FILL = "a:noFill|a:solidFill|a:gradFill|a:blipFill|a:pattFill|a:grpFill"
_EFFECT = "a:effectLst|a:effectDag"

_PPR: tuple[str, ...] = (
    "a:lnSpc",
    "a:spcBef",
    "a:spcAft",
    "a:buClrTx|a:buClr",
    "a:buSzTx|a:buSzPct|a:buSzPts",
    "a:buFontTx|a:buFont",
    "a:buNone|a:buAutoNum|a:buChar|a:buBlip",
    "a:tabLst",
    "a:defRPr",
    "a:extLst",
)
_RPR: tuple[str, ...] = (
    "a:ln",
    _FILL,
    _EFFECT,
    "a:highlight",
    "a:uLnTx|a:uLn",
    "a:uFillTx|a:uFill",
    "a:latin",
    "a:ea",
    "a:cs",
    "a:sym",
    "a:hlinkClick",
    "a:hlinkMouseOver",
    "a:rtl",
    "a:extLst",
)
_TXBODY: tuple[str, ...] = ("a:bodyPr", "a:lstStyle", "a:p")
_LSTSTYLE: tuple[str, ...] = (
    "a:defPPr",
    *(f"a:lvl{i}pPr" for i in range(1, 10)),
    "a:extLst",
)

SCHEMA_ORDER: dict[str, tuple[str, ...]] = {
    **{tag: _PPR for tag in ("a:pPr", "a:defPPr", *(f"a:lvl{i}pPr" for i in range(1, 10)))},
    **{tag: _RPR for tag in ("a:rPr", "a:defRPr", "a:endParaRPr")},
    "a:bodyPr": (
        "a:prstTxWarp",
        "a:noAutofit|a:normAutofit|a:spAutoFit",
        "a:scene3d",
        "a:sp3d|a:flatTx",
        "a:extLst",
    ),
    "p:spPr": (
        "a:xfrm",
        "a:custGeom|a:prstGeom",
        _FILL,
        "a:ln",
        _EFFECT,
        "a:scene3d",
        "a:sp3d",
        "a:extLst",
    ),
    "a:xfrm": ("a:off", "a:ext", "a:chOff", "a:chExt"),
    "a:p": ("a:pPr", "a:r|a:br|a:fld", "a:endParaRPr"),
    "a:r": ("a:rPr", "a:t"),
    "p:txBody": _TXBODY,
    "a:txBody": _TXBODY,
    "a:lstStyle": _LSTSTYLE,
    "p:sp": ("p:nvSpPr", "p:spPr", "p:style", "p:txBody", "p:extLst"),
    "a:tbl": ("a:tblPr", "a:tblGrid", "a:tr"),
    "a:tr": ("a:tc", "a:extLst"),
    "a:tc": ("a:txBody", "a:tcPr", "a:extLst"),
    "a:tcPr": (
        "a:lnL",
        "a:lnR",
        "a:lnT",
        "a:lnB",
        "a:lnTlToBr",
        "a:lnBlToTr",
        "a:cell3D",
        _FILL,
        "a:headers",
        "a:extLst",
    ),
    "p:presentation": (
        "p:sldMasterIdLst",
        "p:notesMasterIdLst",
        "p:handoutMasterIdLst",
        "p:sldIdLst",
        "p:sldSz",
        "p:notesSz",
        "p:smartTags",
        "p:embeddedFontLst",
        "p:custShowLst",
        "p:photoAlbum",
        "p:custDataLst",
        "p:kinsoku",
        "p:defaultTextStyle",
        "p:modifyVerifier",
        "p:extLst",
    ),
}

REPEATABLE: frozenset[str] = frozenset(
    {"a:r", "a:br", "a:fld", "a:p", "a:tr", "a:tc"}
)


def _groups(order: Sequence[str]) -> dict[str, tuple[int, str]]:
    """Clark name -> (position, group key)."""
    ranks: dict[str, tuple[int, str]] = {}
    for pos, entry in enumerate(order):
        for name in entry.split("|"):
            ranks[qn(name)] = (pos, entry)
    return ranks


def order_ranks(order: Sequence[str]) -> dict[str, int]:
    """Clark name -> schema position, for checking an existing element's children."""
    return {name: pos for name, (pos, _) in _groups(order).items()}


def insert_in_order(
    parent: etree._Element, child: etree._Element, order: Sequence[str]
) -> etree._Element:
    """Insert ``child`` at its schema position among ``parent``'s children; return ``child``.

    An existing child of the same tag (or of the same choice group, e.g. ``a:solidFill``
    replacing ``a:noFill``) is replaced, unless the tag is repeatable (``a:r``,
    ``a:p``...), in which case ``child`` goes after the last of its group. Children the order
    does not know (``mc:AlternateContent``, unknown extensions) are stepped over.
    """
    groups = _groups(order)
    tag = child.tag
    if not isinstance(tag, str) or tag not in groups:
        raise ValueError(f"{tag!r} is not among the children order {list(order)!r}")
    pos, group = groups[tag]
    repeatable = any(qn(name) == tag for name in REPEATABLE)
    if not repeatable:  # drop the one it replaces (wherever it sat, even out of order)
        for existing in list(parent):
            info = groups.get(existing.tag) if isinstance(existing.tag, str) else None
            if existing is not child and info is not None and info[1] == group:
                parent.remove(existing)
    if child.getparent() is parent:
        parent.remove(child)
    for existing in parent:
        info = groups.get(existing.tag) if isinstance(existing.tag, str) else None
        if info is not None and info[0] > pos:
            existing.addprevious(child)
            return child
    parent.append(child)
    return child


def run_props(run: etree._Element) -> etree._Element:
    """The run's ``a:rPr`` (created first in the run: rPr precedes a:t / a:pPr)."""
    rpr = run.find(qn("a:rPr"))
    if rpr is None:
        rpr = etree.Element(qn("a:rPr"))
        run.insert(0, rpr)
    return rpr


__all__ = [
    "NS",
    "REPEATABLE",
    "SCHEMA_ORDER",
    "STRICT_NS_PREFIX",
    "XML_DECLARATION",
    "insert_in_order",
    "local_name",
    "order_ranks",
    "parse_xml",
    "qn",
    "run_props",
    "serialize",
    "typeface",
]
