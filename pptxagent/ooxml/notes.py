"""Speaker notes: find a slide's notes slide, create one from the notes master, set its text."""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.textfill import ensure_txbody, fill_paragraphs
from pptxagent.ooxml.xml import NS, qn, serialize  # NS: the new part's prefixes

_RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
RT_NOTES_SLIDE = _RT + "notesSlide"
RT_NOTES_MASTER = _RT + "notesMaster"
RT_SLIDE = _RT + "slide"
CT_NOTES_SLIDE = "application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml"


def notes_part(pkg: Package, slide_part: str) -> str | None:
    """The slide's notes slide part, or None."""
    for rel in pkg.rels(slide_part):
        if rel.type == RT_NOTES_SLIDE and not rel.external and pkg.has_part(rel.target):
            return rel.target
    return None


def notes_master_part(pkg: Package) -> str | None:
    for rel in pkg.rels(pkg.main_part()):
        if rel.type == RT_NOTES_MASTER and not rel.external and pkg.has_part(rel.target):
            return rel.target
    return None


def can_have_notes(pkg: Package, slide_part: str) -> bool:
    return notes_part(pkg, slide_part) is not None or notes_master_part(pkg) is not None


def _placeholder(sp_id: int, name: str, ph: dict[str, str], locks: dict[str, str],
                 with_text: bool) -> etree._Element:
    sp = etree.Element(qn("p:sp"))
    nv = etree.SubElement(sp, qn("p:nvSpPr"))
    etree.SubElement(nv, qn("p:cNvPr"), {"id": str(sp_id), "name": name})
    etree.SubElement(etree.SubElement(nv, qn("p:cNvSpPr")), qn("a:spLocks"), locks)
    etree.SubElement(etree.SubElement(nv, qn("p:nvPr")), qn("p:ph"), ph)
    etree.SubElement(sp, qn("p:spPr"))
    if with_text:
        body = etree.SubElement(sp, qn("p:txBody"))
        etree.SubElement(body, qn("a:bodyPr"))
        etree.SubElement(body, qn("a:lstStyle"))
        etree.SubElement(body, qn("a:p"))
    return sp


def _body_placeholder(sp_id: int) -> etree._Element:
    return _placeholder(sp_id, f"Notes Placeholder {sp_id - 1}", {"type": "body", "idx": "1"},
                        {"noGrp": "1"}, with_text=True)


def _new_notes_xml() -> etree._Element:
    nsmap = {k: NS[k] for k in ("a", "p", "r")}
    root = etree.Element(qn("p:notes"), nsmap=nsmap)
    tree = etree.SubElement(etree.SubElement(root, qn("p:cSld")), qn("p:spTree"))
    nv = etree.SubElement(tree, qn("p:nvGrpSpPr"))
    etree.SubElement(nv, qn("p:cNvPr"), {"id": "1", "name": ""})
    etree.SubElement(nv, qn("p:cNvGrpSpPr"))
    etree.SubElement(nv, qn("p:nvPr"))
    xfrm = etree.SubElement(etree.SubElement(tree, qn("p:grpSpPr")), qn("a:xfrm"))
    for tag, a, b in (("a:off", "x", "y"), ("a:ext", "cx", "cy"),
                      ("a:chOff", "x", "y"), ("a:chExt", "cx", "cy")):
        etree.SubElement(xfrm, qn(tag), {a: "0", b: "0"})
    tree.append(_placeholder(2, "Slide Image Placeholder 1", {"type": "sldImg"},
                             {"noGrp": "1", "noRot": "1", "noChangeAspect": "1"},
                             with_text=False))
    tree.append(_body_placeholder(3))
    etree.SubElement(etree.SubElement(root, qn("p:clrMapOvr")), qn("a:masterClrMapping"))
    return root


def create_notes(pkg: Package, slide_part: str) -> str:
    """Add a notes slide for ``slide_part`` based on the notes master; return its part name.

    ValueError when the deck has no notes master.
    """
    master = notes_master_part(pkg)
    if master is None:
        raise ValueError("the deck has no notes master to base a notes slide on")
    taken = set(pkg.part_names())
    n = 1
    while f"/ppt/notesSlides/notesSlide{n}.xml" in taken:
        n += 1
    name = f"/ppt/notesSlides/notesSlide{n}.xml"
    pkg.set_bytes(name, serialize(_new_notes_xml()), CT_NOTES_SLIDE)
    pkg.add_rel(name, RT_NOTES_MASTER, master)
    pkg.add_rel(name, RT_SLIDE, slide_part)
    pkg.add_rel(slide_part, RT_NOTES_SLIDE, name)
    return name


def _notes_body(root: etree._Element) -> etree._Element:
    """The ``p:txBody`` of the notes placeholder (type body); added when missing."""
    for sp in root.iter(qn("p:sp")):
        ph = sp.find(f"{qn('p:nvSpPr')}/{qn('p:nvPr')}/{qn('p:ph')}")
        if ph is not None and ph.get("type") == "body":
            return ensure_txbody(sp)
    tree = root.find(f"{qn('p:cSld')}/{qn('p:spTree')}")
    if tree is None:
        raise ValueError("the notes slide has no shape tree")
    ids = [int(c.get("id", "")) for c in root.iter(qn("p:cNvPr")) if c.get("id", "").isdigit()]
    sp = _body_placeholder(max(ids, default=1) + 1)
    tree.append(sp)
    return ensure_txbody(sp)


def set_notes(pkg: Package, slide_part: str, paragraphs: Sequence[str]) -> str:
    """Replace the slide's notes text (creating the notes slide if needed); return the part."""
    part = notes_part(pkg, slide_part) or create_notes(pkg, slide_part)
    root = pkg.xml(part)
    fill_paragraphs(_notes_body(root), [(text, 0) for text in paragraphs], slots=False)
    pkg.mark_dirty(part)
    return part


__all__ = [
    "CT_NOTES_SLIDE",
    "RT_NOTES_MASTER",
    "RT_NOTES_SLIDE",
    "can_have_notes",
    "create_notes",
    "notes_part",
    "set_notes",
]
