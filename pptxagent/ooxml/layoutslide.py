"""New slides made from a template's layouts, as PowerPoint's New Slide makes them.

A corporate template is often only its masters and layouts (a .potx, or a deck whose sample
slides do not fit the content). ``add_layout_slide`` appends an empty slide that uses a
layout: one placeholder per layout placeholder (date, footer and slide number left off, as
PowerPoint leaves them), each with no geometry of its own (unless the layout has two of one
kind and index, which a reader could confuse) and an empty text body that keeps the layout
paragraphs' look but not their prompt, so the layout's position, size and text styles apply.
Filling then works on it as on a template slide.
"""

from __future__ import annotations

import copy
from collections import Counter

from lxml import etree

from pptxagent.ooxml.package import RT_BASE, RT_SLIDE, Package
from pptxagent.ooxml.slides import _new_slide_id, _sld_id_list, _slide_ids, _sync_sections
from pptxagent.ooxml.textfill import end_mark
from pptxagent.ooxml.xml import NS, SCHEMA_ORDER, insert_in_order, qn, serialize

RT_LAYOUT = RT_BASE + "slideLayout"
CT_SLIDE = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"
LEFT_OFF = frozenset({"dt", "ftr", "sldNum"})
"""Placeholders a new slide does not get (PowerPoint adds them by Header & Footer)."""
NO_TEXT = frozenset({"pic", "chart", "tbl", "dgm", "media", "clipArt"})
"""Placeholders for content other than text: no text body."""


def layouts(pkg: Package) -> list[tuple[str, str]]:
    """(layout part, layout name) of every master's layouts, in the masters' order."""
    main = pkg.main_part()
    out: list[tuple[str, str]] = []
    masters = pkg.xml(main).find(qn("p:sldMasterIdLst"))
    for mid in masters.iterfind(qn("p:sldMasterId")) if masters is not None else []:
        master = pkg.related(main, mid.get(qn("r:id"), ""))
        lst = pkg.xml(master).find(qn("p:sldLayoutIdLst")) if pkg.has_part(master) else None
        for lid in lst.iterfind(qn("p:sldLayoutId")) if lst is not None else []:
            part = pkg.related(master, lid.get(qn("r:id"), ""))
            if pkg.has_part(part):
                csld = pkg.xml(part).find(qn("p:cSld"))
                out.append((part, csld.get("name", "") if csld is not None else ""))
    return out


def _ph(shape: etree._Element) -> etree._Element | None:
    """A top-level shape's own placeholder mark (a group's members are not looked at:
    PowerPoint does not group placeholders)."""
    if not isinstance(shape.tag, str):
        return None
    return shape.find(f"./*/{qn('p:nvPr')}/{qn('p:ph')}")


def _key(ph: etree._Element) -> tuple[str, str]:
    return ph.get("type", "obj"), ph.get("idx", "")


def _placeholder(shape: etree._Element, shape_id: int, ambiguous: bool) -> etree._Element | None:
    """The slide's empty placeholder for a layout placeholder ``shape`` (None: left off).
    ``ambiguous``: the layout has another placeholder of the same type and index (LibreOffice
    writes two bodies with no index), which a reader could take this one's place from; the
    slide then says where it is."""
    ph = _ph(shape)
    if ph is None or ph.get("type") in LEFT_OFF:
        return None
    name = next((c.get("name", "") for c in shape.iter(qn("p:cNvPr"))), "")
    sp = etree.Element(qn("p:sp"), nsmap={k: NS[k] for k in ("a", "p", "r")})
    nv = etree.SubElement(sp, qn("p:nvSpPr"))
    etree.SubElement(nv, qn("p:cNvPr"), id=str(shape_id), name=name or f"Placeholder {shape_id}")
    locks = etree.SubElement(etree.SubElement(nv, qn("p:cNvSpPr")), qn("a:spLocks"))
    locks.set("noGrp", "1")
    nvpr = etree.SubElement(nv, qn("p:nvPr"))
    new_ph = etree.SubElement(nvpr, qn("p:ph"))
    for key in ("type", "orient", "sz", "idx"):
        if ph.get(key) is not None:
            new_ph.set(key, ph.get(key, ""))
    sppr = etree.SubElement(sp, qn("p:spPr"))
    xfrm = shape.find(f"{qn('p:spPr')}/{qn('a:xfrm')}")
    if ambiguous and xfrm is not None:
        sppr.append(copy.deepcopy(xfrm))
    if ph.get("type") not in NO_TEXT:
        body = etree.SubElement(sp, qn("p:txBody"))
        etree.SubElement(body, qn("a:bodyPr"))
        etree.SubElement(body, qn("a:lstStyle"))
        for p in _empty_paragraphs(shape):
            body.append(p)
    return sp


_NOT_KEPT = ("lang", "altLang", "dirty", "err", "smtClean", "smtId", "noProof")


def _empty_paragraphs(shape: etree._Element) -> list[etree._Element]:
    """The layout placeholder's paragraphs without their prompt text: each one's ``a:pPr``
    and the format of its text as ``a:endParaRPr``. LibreOffice and Google Slides write a
    layout's look there rather than in list styles, and a new slide's text takes it from
    there (PowerPoint's own layouts carry only a language: nothing changes)."""
    out: list[etree._Element] = []
    for src in shape.iterfind(f"{qn('p:txBody')}/{qn('a:p')}"):
        p = etree.Element(qn("a:p"))
        ppr = src.find(qn("a:pPr"))
        if ppr is not None:
            p.append(copy.deepcopy(ppr))
        end = src.find(qn("a:endParaRPr"))
        if end is None:
            end = next((r.find(qn("a:rPr")) for r in src.iterfind(qn("a:r"))
                        if r.find(qn("a:rPr")) is not None), None)
        mark = end_mark(end, _NOT_KEPT) if end is not None else None
        if mark is not None and (len(mark) or mark.attrib):
            p.append(mark)
        out.append(p)
    return out or [etree.Element(qn("a:p"))]


def _slide_xml(pkg: Package, layout: str) -> bytes:
    root = etree.Element(qn("p:sld"), nsmap={k: NS[k] for k in ("a", "p", "r")})
    tree = etree.SubElement(etree.SubElement(root, qn("p:cSld")), qn("p:spTree"))
    grp = etree.SubElement(tree, qn("p:nvGrpSpPr"))
    etree.SubElement(grp, qn("p:cNvPr"), id="1", name="")
    etree.SubElement(grp, qn("p:cNvGrpSpPr"))
    etree.SubElement(grp, qn("p:nvPr"))
    etree.SubElement(tree, qn("p:grpSpPr"))
    layout_tree = pkg.xml(layout).find(f"{qn('p:cSld')}/{qn('p:spTree')}")
    shapes = list(layout_tree) if layout_tree is not None else []
    keys = Counter(_key(ph) for shape in shapes if (ph := _ph(shape)) is not None)
    next_id = 2
    for shape in shapes:
        ph = _ph(shape)
        if ph is None:
            continue
        sp = _placeholder(shape, next_id, keys[_key(ph)] > 1)
        if sp is not None:
            tree.append(sp)
            next_id += 1
    clr = etree.SubElement(root, qn("p:clrMapOvr"))
    etree.SubElement(clr, qn("a:masterClrMapping"))
    return serialize(root)


def _fresh_slide_name(pkg: Package) -> str:
    taken = {name.lower() for name in pkg.part_names()}
    n = 1
    while f"/ppt/slides/slide{n}.xml" in taken:
        n += 1
    return f"/ppt/slides/slide{n}.xml"


def add_layout_slide(pkg: Package, layout: str) -> str:
    """Append an empty slide that uses ``layout`` (a part of ``layouts``); its part name."""
    part = _fresh_slide_name(pkg)
    pkg.set_bytes(part, _slide_xml(pkg, layout), content_type=CT_SLIDE)
    pkg.add_rel(part, RT_LAYOUT, layout)
    main = pkg.main_part()
    root = pkg.xml(main)
    if root.find(qn("p:sldIdLst")) is None:
        insert_in_order(root, etree.Element(qn("p:sldIdLst")), SCHEMA_ORDER["p:presentation"])
    lst = _sld_id_list(pkg)
    new_id = _new_slide_id(lst)
    entry = etree.SubElement(lst, qn("p:sldId"))
    entry.set("id", str(new_id))
    entry.set(qn("r:id"), pkg.add_rel(main, RT_SLIDE, part))
    _sync_sections(root, _slide_ids(lst))
    pkg.mark_dirty(main)
    return part


_TITLES = frozenset({"title", "ctrTitle"})
_BODIES = frozenset({"obj", "body"})
_NOT_CONTENT = frozenset({"title", "secHead"})
"""Layout types that are not content slides (a title slide, a section header)."""


def content_layout(pkg: Package) -> int | None:
    """The layout a content slide takes (1-based, in ``layouts`` order), among the layouts
    with a title and a body placeholder that are not a title slide (typed so, or a
    centred-title placeholder on the first layout or beside a subtitle) or a section header
    (typed or named so): the one most of the template's slides use, else the first of type
    ``obj`` ("Title and Content"), else the first with a plain title; ``None`` when no layout
    qualifies."""
    found = layouts(pkg)
    candidates: list[int] = []
    plain: list[int] = []
    typed: int | None = None
    for n, (part, name) in enumerate(found, start=1):
        root = pkg.xml(part)
        kinds = {ph.get("type", "obj") for ph in root.iter(qn("p:ph"))}
        title_slide = "ctrTitle" in kinds and (n == 1 or "subTitle" in kinds)
        if (root.get("type") in _NOT_CONTENT or title_slide or "section" in name.lower()
                or not (kinds & _TITLES and kinds & _BODIES)):
            continue
        candidates.append(n)
        if "ctrTitle" not in kinds:
            plain.append(n)
        if typed is None and root.get("type") == "obj":
            typed = n
    if not candidates:
        return None
    number = {part: n for n, (part, _) in enumerate(found, start=1)}
    used = Counter(number.get(rel.target) for slide in pkg.slide_parts()
                   for rel in pkg.rels(slide) if rel.type == RT_LAYOUT)
    best = max(candidates, key=lambda n: (used[n], -n))
    if used[best]:
        return best
    if typed is not None:
        return typed
    return (plain or candidates)[0]


__all__ = ["add_layout_slide", "content_layout", "layouts"]
