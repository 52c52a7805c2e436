"""Slide duplication, reordering and deletion with garbage collection of orphaned parts.

Duplicating copies the slide part and every part it *owns* (notes, charts with their
workbooks and styles, SmartArt parts, comments, tags, embedded objects...): copies get new
part names, content types and relationships with the same rIds, so no XML inside needs
rewriting. Parts a slide merely *uses* (layout, images, media, other slides) are shared.
"""

from __future__ import annotations

import copy
import posixpath
import re
import zlib

from lxml import etree

from pptxagent.ooxml.package import (
    RT_SLIDE,
    Package,
    relative_target,
    rels_part_for,
    resolve_target,
)
from pptxagent.ooxml.xml import local_name, qn, serialize

# Relationship kinds (last segment of the type URI) whose targets are shared, never copied.
SHARED_REL_KINDS: frozenset[str] = frozenset(
    {
        "slideLayout",
        "slideMaster",
        "notesMaster",
        "handoutMaster",
        "theme",
        "image",
        "media",
        "video",
        "audio",
        "hyperlink",
        "slide",
        "font",
    }
)
MIN_SLIDE_ID = 256
MAX_SLIDE_ID = 2147483647
_P14_SECTION = "{http://schemas.microsoft.com/office/powerpoint/2010/main}section"
_P14_SLD_ID = "{http://schemas.microsoft.com/office/powerpoint/2010/main}sldId"
_P14_SLD_ID_LST = "{http://schemas.microsoft.com/office/powerpoint/2010/main}sldIdLst"
_P14_CREATION_ID = "{http://schemas.microsoft.com/office/powerpoint/2010/main}creationId"
_TRAILING_NUMBER = re.compile(r"^(.*?)(\d*)$")


def _kind(reltype: str) -> str:
    return reltype.rstrip("/").rsplit("/", 1)[-1]


class _Namer:
    """Fresh part names: the same folder and stem, the next free number."""

    def __init__(self, pkg: Package) -> None:
        self.taken = {name.lower() for name in pkg.part_names()}

    def fresh(self, name: str) -> str:
        folder, base = posixpath.split(name)
        stem, ext = posixpath.splitext(base)
        match = _TRAILING_NUMBER.match(stem)
        prefix = match.group(1) if match else stem
        pattern = re.compile(re.escape(f"{folder}/{prefix}".lower()) + r"(\d+)" + re.escape(ext))
        numbers = [int(m.group(1)) for t in self.taken if (m := pattern.fullmatch(t))]
        n = max(numbers, default=0) + 1
        while f"{folder}/{prefix}{n}{ext}".lower() in self.taken:
            n += 1
        fresh = f"{folder}/{prefix}{n}{ext}"
        self.taken.add(fresh.lower())
        return fresh


def _plan_copies(pkg: Package, part: str, mapping: dict[str, str], namer: _Namer) -> None:
    for rel in pkg.rels(part):
        if rel.external or _kind(rel.type) in SHARED_REL_KINDS:
            continue
        if rel.target in mapping or not pkg.has_part(rel.target):
            continue
        mapping[rel.target] = namer.fresh(rel.target)
        _plan_copies(pkg, rel.target, mapping, namer)


def _copy_part(pkg: Package, old: str, new: str, mapping: dict[str, str]) -> None:
    pkg.set_bytes(new, pkg.read_bytes(old), content_type=pkg.content_type(old))
    rels_name = rels_part_for(old)
    if not pkg.has_part(rels_name):
        return
    rels = copy.deepcopy(pkg.xml(rels_name))
    for el in rels.iterfind(qn("rel:Relationship")):
        target = el.get("Target")
        if el.get("TargetMode") == "External" or target is None:
            continue
        resolved = resolve_target(old, target)
        el.set("Target", relative_target(new, mapping.get(resolved, resolved)))
    pkg.set_bytes(rels_part_for(new), serialize(rels), content_type=pkg.content_type(rels_name))


def _sld_id_list(pkg: Package) -> etree._Element:
    lst = pkg.xml(pkg.main_part()).find(qn("p:sldIdLst"))
    if lst is None:
        raise ValueError("the presentation has no slides (no p:sldIdLst)")
    return lst


def _sld_id_for(pkg: Package, slide_part: str) -> etree._Element:
    main = pkg.main_part()
    targets = {r.rid: r.target.lower() for r in pkg.rels(main) if not r.external}
    for sld in _sld_id_list(pkg).iterfind(qn("p:sldId")):
        rid = sld.get(qn("r:id"), "")
        target = targets.get(rid)
        if target is None:
            target = pkg.related(main, rid).lower()  # raises a clear error for a dangling id
        if target == slide_part.lower():
            return sld
    raise ValueError(f"{slide_part} is not a slide of {pkg.path.name}")


def _new_slide_id(lst: etree._Element) -> int:
    used = set()
    for sld in lst.iterfind(qn("p:sldId")):
        value = sld.get("id", "")
        if value.isdigit():
            used.add(int(value))
    candidate = max(used | {MIN_SLIDE_ID - 1}) + 1
    if candidate <= MAX_SLIDE_ID:
        return candidate
    return next(i for i in range(MIN_SLIDE_ID, MAX_SLIDE_ID) if i not in used)


def _sync_sections(pres: etree._Element, order: list[str]) -> None:
    """Make p14 sections list exactly the slide ids in ``order``, each section contiguous.

    A slide keeps its section; a new slide joins the section of the slide before it; a slide
    moved in front of its section's territory joins the section it now sits in.
    """
    sections = list(pres.iter(_P14_SECTION))
    if not sections:
        return
    member: dict[str, int] = {}
    for index, section in enumerate(sections):
        for sid in section.iter(_P14_SLD_ID):
            member.setdefault(sid.get("id", ""), index)
    current = 0
    assigned: list[list[str]] = [[] for _ in sections]
    for slide_id in order:
        current = max(current, member.get(slide_id, current))
        assigned[current].append(slide_id)
    for section, ids in zip(sections, assigned, strict=True):
        lst = section.find(_P14_SLD_ID_LST)
        if lst is None:
            lst = etree.SubElement(section, _P14_SLD_ID_LST)
        for old in list(lst):
            lst.remove(old)
        for slide_id in ids:
            etree.SubElement(lst, _P14_SLD_ID).set("id", slide_id)


def _slide_ids(lst: etree._Element) -> list[str]:
    return [sld.get("id", "") for sld in lst.iterfind(qn("p:sldId"))]


def duplicate_slide(pkg: Package, slide_part: str) -> str:
    """Copy a slide (and the parts it owns) right after itself; return the new part name."""
    source = _sld_id_for(pkg, slide_part)
    slide_part = pkg.related(pkg.main_part(), source.get(qn("r:id"), ""))
    namer = _Namer(pkg)
    new_slide = namer.fresh(slide_part)
    mapping = {slide_part: new_slide}
    _plan_copies(pkg, slide_part, mapping, namer)
    for old, new in mapping.items():
        _copy_part(pkg, old, new, mapping)
    root = pkg.xml(new_slide)
    for creation in root.iter(_P14_CREATION_ID):  # a fresh, reproducible id for the copy
        seed = f"{creation.get('val', '')}{new_slide}".encode()
        creation.set("val", str(zlib.crc32(seed) or 1))
        pkg.mark_dirty(new_slide)

    main = pkg.main_part()
    rid = pkg.add_rel(main, RT_SLIDE, new_slide)
    lst = _sld_id_list(pkg)
    entry = etree.Element(qn("p:sldId"))
    entry.set("id", str(_new_slide_id(lst)))
    entry.set(qn("r:id"), rid)
    source.addnext(entry)
    _sync_sections(pkg.xml(main), _slide_ids(lst))
    pkg.mark_dirty(main)
    return new_slide


def reachable_parts(pkg: Package) -> set[str]:
    """Every part reachable from the package relationships (lower-cased names)."""
    seen: set[str] = set()
    todo = ["/"]
    while todo:
        part = todo.pop()
        for rel in pkg.rels(part):
            key = rel.target.lower()
            if rel.external or key in seen or not pkg.has_part(rel.target):
                continue
            seen.add(key)
            todo.append(rel.target)
    return seen


def _unlink(pkg: Package, part: str, rid: str) -> None:
    """Drop relationship ``rid`` of ``part`` and the hyperlinks in its XML that use it."""
    pkg.remove_rel(part, rid)
    if not part.lower().endswith(".xml"):
        return
    root = pkg.xml(part)
    attr = qn("r:id")
    for el in [e for e in root.iter() if e.get(attr) == rid]:
        parent = el.getparent()
        if local_name(el.tag).startswith("hlink") and parent is not None:
            parent.remove(el)
    pkg.mark_dirty(part)


def set_slide_order(pkg: Package, slide_parts: list[str]) -> None:
    """Keep exactly ``slide_parts`` in this order; delete the rest and every orphaned part."""
    main = pkg.main_part()
    lst = _sld_id_list(pkg)
    by_part = {
        pkg.related(main, sld.get(qn("r:id"), "")).lower(): sld
        for sld in lst.iterfind(qn("p:sldId"))
    }
    wanted = [name.lower() for name in slide_parts]
    if len(set(wanted)) != len(wanted):
        raise ValueError(f"a slide is listed twice in {slide_parts}")
    unknown = [name for name in slide_parts if name.lower() not in by_part]
    if unknown:
        raise ValueError(f"{unknown} are not slides of {pkg.path.name}")
    before = reachable_parts(pkg)
    removed = {key: sld for key, sld in by_part.items() if key not in set(wanted)}

    for sld in list(lst):
        lst.remove(sld)
    for key in wanted:
        lst.append(by_part[key])
    _sync_sections(pkg.xml(main), _slide_ids(lst))
    removed_rids = {sld.get(qn("r:id"), "") for sld in removed.values()}
    for show_slide in list(pkg.xml(main).iter(qn("p:sld"))):  # custom shows
        parent = show_slide.getparent()
        if show_slide.get(qn("r:id")) in removed_rids and parent is not None:
            parent.remove(show_slide)
    for rid in removed_rids:
        pkg.remove_rel(main, rid)
    pkg.mark_dirty(main)

    for part in sorted(before - set(removed)):
        if not pkg.has_part(part):
            continue
        for rel in pkg.rels(part):
            if not rel.external and rel.target.lower() in removed:
                _unlink(pkg, part, rel.rid)
    for key in removed:
        pkg.remove_part(key)
    for orphan in sorted(before - reachable_parts(pkg) - set(removed)):
        if pkg.has_part(orphan):
            pkg.remove_part(orphan)
