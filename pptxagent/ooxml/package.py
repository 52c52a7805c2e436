"""An OPC package (.pptx / .ppsx / .potx / .pptm): parts, content types, relationships.

Part names are absolute with a leading slash (``"/ppt/slides/slide1.xml"``) and looked up
case-insensitively, as OPC requires. XML parts are parsed once and cached; edit the returned
tree, call ``mark_dirty`` and ``save`` serialises exactly the dirty parts, copying every other
member's stored bytes untouched, in the original member order.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote

from lxml import etree

from pptxagent.errors import CorruptPackageError, StrictOOXMLError
from pptxagent.ooxml.xml import (
    NS,
    STRICT_NS_PREFIX,
    XML_DECLARATION,
    check_root,
    parse_xml,
    qn,
    serialize,
)
from pptxagent.ooxml.zipsafe import Member, OutEntry, ZipSource, build_zip, write_atomic

CT_PART = "/[Content_Types].xml"
RT_BASE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
RT_OFFICE_DOCUMENT = RT_BASE + "officeDocument"
RT_SLIDE = RT_BASE + "slide"
RELS_CT = "application/vnd.openxmlformats-package.relationships+xml"

PRESENTATION_MAIN_TYPES: frozenset[str] = frozenset(
    {
        "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
        "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
        "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
        "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
        "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml",
        "application/vnd.ms-powerpoint.template.macroEnabled.main+xml",
    }
)
DEFAULT_SLIDE_SIZE = (9144000, 6858000)  # p:sldSz is optional; the schema default is 4:3
_PROPERTIES = ("/core-properties", "/extended-properties", "/custom-properties")
SLIDE_SIZE_RANGE = (914400, 51206400)
"""``ST_SlideSizeCoordinate``: 1 to 56 inches."""


@dataclass(frozen=True)
class Rel:
    """One relationship. ``target`` is an absolute part name when internal, else the URL."""

    rid: str
    type: str
    target: str
    external: bool


def rels_part_for(source: str) -> str:
    """``/ppt/slides/a.xml`` -> ``/ppt/slides/_rels/a.xml.rels``; ``/`` -> ``/_rels/.rels``."""
    if source == "/":
        return "/_rels/.rels"
    folder, name = posixpath.split(source)
    return posixpath.join(folder, "_rels", f"{name}.rels")


def source_for_rels(rels_part: str) -> str:
    """Inverse of :func:`rels_part_for`."""
    folder, name = posixpath.split(rels_part)
    if posixpath.basename(folder) != "_rels" or not name.endswith(".rels"):
        raise ValueError(f"{rels_part} is not a relationships part name")
    owner_dir = posixpath.dirname(folder)
    stem = name[: -len(".rels")]
    return "/" if not stem else posixpath.join(owner_dir, stem)


def resolve_target(source: str, target: str) -> str:
    """An internal relationship target, relative to its source, as an absolute part name."""
    target = unquote(target.split("#", 1)[0])
    if not target:  # "#anchor": a place inside the source part itself
        return source
    base = "/" if source == "/" else posixpath.dirname(source)
    joined = target if target.startswith("/") else posixpath.join(base, target)
    return "/" + posixpath.normpath(joined).lstrip("/")


def relative_target(source: str, part: str) -> str:
    """The ``Target`` attribute that points from ``source`` to absolute ``part``."""
    base = "/" if source == "/" else posixpath.dirname(source)
    return quote(posixpath.relpath(part, base), safe="/._-~!$&'()*+,;=:@")


class Package:
    """One open deck. See the module docstring for the rules."""

    def __init__(self, path: Path, source: ZipSource) -> None:
        self.path = path
        self._src = source
        self._label = path.name
        # canonical part name -> original member (absent for new parts)
        self._members: dict[str, Member] = {}
        self._order: list[str] = []  # canonical names in output order (originals then new)
        self._names: dict[str, str] = {}  # lower-case -> canonical
        for member in source.members:
            name = "/" + member.name  # directory entries ("/dir/") are kept but are no parts
            self._members[name] = member
            self._order.append(name)
            self._names[name.lower()] = name
        self._new: dict[str, bytes] = {}
        self._trees: dict[str, etree._Element] = {}
        self._dirty: set[str] = set()
        self._rels: dict[str, list[Rel]] = {}
        self._ct_maps: tuple[dict[str, str], dict[str, str]] | None = None

    # --- opening ----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path) -> Package:
        """Open and check a deck; raises a PackageError subclass naming the file."""
        path = Path(path)
        pkg = cls(path, ZipSource(path))
        if not pkg.has_part(CT_PART):
            raise CorruptPackageError(
                f"{pkg._label}: not an OOXML package: [Content_Types].xml is missing"
            )
        pkg._check_strict()
        main = pkg.main_part()
        ctype = pkg.content_type(main)
        if ctype not in PRESENTATION_MAIN_TYPES:
            raise CorruptPackageError(
                f"{pkg._label}: not a PowerPoint presentation (main part {main} has content type "
                f"{ctype or 'none'})"
            )
        pkg.xml(main)
        for rel in pkg.rels("/"):  # the document properties PowerPoint reads on opening
            if (not rel.external and rel.type.endswith(_PROPERTIES)
                    and pkg.has_part(rel.target)):
                parse_xml(pkg.read_bytes(rel.target), pkg._where(rel.target))
        return pkg

    def _check_strict(self) -> None:
        if not self.has_part("/_rels/.rels"):
            raise CorruptPackageError(
                f"{self._label}: package relationships (/_rels/.rels) are missing"
            )
        strict = any(r.type.startswith(STRICT_NS_PREFIX) for r in self.rels("/"))
        if not strict:
            for rel in self.rels("/"):
                main = rel.type == RT_OFFICE_DOCUMENT and not rel.external
                if main and self.has_part(rel.target):
                    tag = self.xml(rel.target).tag
                    strict = isinstance(tag, str) and tag.startswith("{" + STRICT_NS_PREFIX)
        if strict:
            raise StrictOOXMLError(
                f"{self._label}: ISO/IEC 29500 Strict OOXML is not supported; "
                "open it in PowerPoint and save it as a normal (Transitional) .pptx"
            )

    # --- parts ------------------------------------------------------------------------------
    def _where(self, name: str) -> str:
        return f"{self._label}:{name}"

    def _canon(self, name: str) -> str | None:
        return self._names.get(name.lower())

    def _need(self, name: str) -> str:
        canon = self._canon(name)
        if canon is None:
            raise CorruptPackageError(f"{self._label}: part {name} is missing")
        return canon

    def part_names(self) -> list[str]:
        """Every part (rels parts included, [Content_Types].xml excluded), in zip order."""
        return [n for n in self._order if n != CT_PART and not n.endswith("/")]

    def has_part(self, name: str) -> bool:
        return self._canon(name) is not None

    def read_bytes(self, name: str) -> bytes:
        """The part's current bytes (a dirty XML part is serialised)."""
        canon = self._need(name)
        if canon in self._dirty and canon in self._trees:
            return serialize(self._trees[canon])
        if canon in self._new:
            return self._new[canon]
        return self._src.read(self._members[canon])

    def xml(self, name: str) -> etree._Element:
        """The part parsed (once; edits to the tree are kept, call ``mark_dirty``)."""
        canon = self._need(name)
        tree = self._trees.get(canon)
        if tree is None:
            tree = parse_xml(self.read_bytes(canon), self._where(canon))
            if canon != CT_PART:  # the content types themselves are read from it
                check_root(tree, self.content_type(canon), self._where(canon))
            self._trees[canon] = tree
        return tree

    def mark_dirty(self, name: str) -> None:
        canon = self._need(name)
        if canon not in self._trees:
            raise ValueError(f"{name}: only a part loaded with xml() can be marked dirty")
        self._dirty.add(canon)
        if canon.lower().endswith(".rels"):
            self._rels.pop(source_for_rels(canon).lower(), None)

    def set_bytes(self, name: str, data: bytes, content_type: str | None = None) -> None:
        """Add or replace a part with raw bytes (new parts go at the end of the zip)."""
        if not name.startswith("/") or name.endswith("/"):
            raise ValueError(f"{name!r} is not an absolute part name")
        canon = self._canon(name)
        if canon is None:
            canon = name
            self._names[name.lower()] = name
            self._order.append(name)
        self._new[canon] = data
        self._members.pop(canon, None)
        self._trees.pop(canon, None)
        self._dirty.discard(canon)
        if canon.lower().endswith(".rels"):
            self._rels.pop(source_for_rels(canon).lower(), None)
        if content_type is not None and self.content_type(canon) != content_type:
            self.set_content_type(canon, content_type)

    def remove_part(self, name: str) -> None:
        """Drop a part, its relationships part and its content-type override."""
        canon = self._need(name)
        for gone in (canon, self._canon(rels_part_for(canon))):
            if gone is None:
                continue
            self._order.remove(gone)
            del self._names[gone.lower()]
            for store in (self._members, self._new, self._trees):
                store.pop(gone, None)
            self._dirty.discard(gone)
            self._drop_override(gone)
        self._rels.pop(canon.lower(), None)

    # --- content types ----------------------------------------------------------------------
    def _types(self) -> etree._Element:
        return self.xml(CT_PART)

    def _type_maps(self) -> tuple[dict[str, str], dict[str, str]]:
        if self._ct_maps is None:
            root = self._types()
            overrides = {
                o.get("PartName", "").lower(): o.get("ContentType", "")
                for o in root.iterfind(qn("ct:Override"))
            }
            defaults = {
                d.get("Extension", "").lower(): d.get("ContentType", "")
                for d in root.iterfind(qn("ct:Default"))
            }
            self._ct_maps = overrides, defaults
        return self._ct_maps

    def content_type(self, name: str) -> str | None:
        """The part's content type: its Override, else the Default for its extension."""
        lowered = name.lower()
        overrides, defaults = self._type_maps()
        if lowered in overrides:
            return overrides[lowered]
        base = posixpath.basename(lowered)
        return defaults.get(base.rsplit(".", 1)[1] if "." in base else "")

    def set_content_type(self, name: str, content_type: str) -> None:
        """Record an Override for ``name`` (replacing an existing one)."""
        root = self._types()
        self._drop_override(name)
        over = etree.SubElement(root, qn("ct:Override"))
        over.set("PartName", name)
        over.set("ContentType", content_type)
        self._dirty.add(CT_PART)
        self._ct_maps = None

    def drop_default(self, extension: str, content_type: str) -> None:
        """Remove the Default giving ``extension`` ``content_type`` (parts with that extension
        then need an Override)."""
        root = self._types()
        for default in list(root.iterfind(qn("ct:Default"))):
            if (default.get("Extension", "").lower() == extension.lower()
                    and default.get("ContentType") == content_type):
                root.remove(default)
                self._dirty.add(CT_PART)
                self._ct_maps = None

    def _drop_override(self, name: str) -> None:
        root = self._types()
        for over in list(root.iterfind(qn("ct:Override"))):
            if over.get("PartName", "").lower() == name.lower():
                root.remove(over)
                self._dirty.add(CT_PART)
                self._ct_maps = None

    # --- relationships ----------------------------------------------------------------------
    def rels(self, source: str) -> list[Rel]:
        """Relationships of ``source`` (``"/"`` for the package); [] when it has none."""
        key = source.lower()
        cached = self._rels.get(key)
        if cached is not None:
            return list(cached)
        source = self._canon(source) or source
        rels_name = self._canon(rels_part_for(source))
        found: list[Rel] = []
        if rels_name is not None:
            for el in self.xml(rels_name).iterfind(qn("rel:Relationship")):
                rid, rtype, target = el.get("Id"), el.get("Type"), el.get("Target")
                if not rid or not rtype or target is None:
                    raise CorruptPackageError(
                        f"{self._where(rels_name)}: relationship without Id, Type or Target"
                    )
                external = el.get("TargetMode") == "External"
                if not external:
                    target = resolve_target(source, target)
                found.append(Rel(rid, rtype, target, external))
        self._rels[key] = found
        return list(found)

    def _rels_tree(self, source: str, create: bool) -> etree._Element | None:
        name = rels_part_for(source)
        if not self.has_part(name):
            if not create:
                return None
            empty = f'<Relationships xmlns="{NS["rel"]}"/>'.encode()
            self.set_bytes(name, XML_DECLARATION + empty)
            if self.content_type(name) != RELS_CT:
                self.set_content_type(name, RELS_CT)
        return self.xml(name)

    def add_rel(self, source: str, reltype: str, target: str, external: bool = False) -> str:
        """Add a relationship; ``target`` is an absolute part name (or a URL if external)."""
        root = self._rels_tree(source, create=True)
        assert root is not None
        taken = {r.rid for r in self.rels(source)}
        n = len(taken) + 1
        while f"rId{n}" in taken:
            n += 1
        rid = f"rId{n}"
        el = etree.SubElement(root, qn("rel:Relationship"))
        el.set("Id", rid)
        el.set("Type", reltype)
        el.set("Target", target if external else relative_target(source, target))
        if external:
            el.set("TargetMode", "External")
        self.mark_dirty(rels_part_for(source))
        return rid

    def remove_rel(self, source: str, rid: str) -> None:
        root = self._rels_tree(source, create=False)
        if root is None:
            return
        for el in list(root.iterfind(qn("rel:Relationship"))):
            if el.get("Id") == rid:
                root.remove(el)
        self.mark_dirty(rels_part_for(source))

    def related(self, source: str, rid: str) -> str:
        """The absolute part name ``source``'s relationship ``rid`` points to."""
        for rel in self.rels(source):
            if rel.rid == rid:
                if rel.external:
                    raise CorruptPackageError(
                        f"{self._where(source)}: relationship {rid} points outside the package "
                        f"({rel.target})"
                    )
                return self._canon(rel.target) or rel.target
        raise CorruptPackageError(f"{self._where(source)}: no relationship {rid}")

    # --- presentation -----------------------------------------------------------------------
    def main_part(self) -> str:
        for rel in self.rels("/"):
            if rel.type == RT_OFFICE_DOCUMENT and not rel.external:
                canon = self._canon(rel.target)
                if canon is None:
                    raise CorruptPackageError(
                        f"{self._label}: main part {rel.target} is missing from the package"
                    )
                return canon
        raise CorruptPackageError(f"{self._label}: no main (officeDocument) part in /_rels/.rels")

    def slide_parts(self) -> list[str]:
        main = self.main_part()
        lst = self.xml(main).find(qn("p:sldIdLst"))
        if lst is None:
            return []
        parts = []
        for sld in lst.iterfind(qn("p:sldId")):
            rid = sld.get(qn("r:id"))
            if not rid:
                raise CorruptPackageError(f"{self._where(main)}: p:sldId without r:id")
            parts.append(self.related(main, rid))
        return parts

    def slide_size_emu(self) -> tuple[int, int]:
        main = self.main_part()
        sz = self.xml(main).find(qn("p:sldSz"))
        if sz is None:
            return DEFAULT_SLIDE_SIZE
        try:
            cx, cy = int(sz.get("cx", "")), int(sz.get("cy", ""))
        except ValueError as exc:
            raise CorruptPackageError(f"{self._where(main)}: p:sldSz has a bad cx/cy") from exc
        lo, hi = SLIDE_SIZE_RANGE
        if not (lo <= cx <= hi and lo <= cy <= hi):
            raise CorruptPackageError(
                f"{self._where(main)}: p:sldSz {cx} × {cy} EMU is outside the 1-56 inch "
                "slide sizes PowerPoint opens")
        return cx, cy

    # --- saving -----------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Write atomically; untouched members keep their stored bytes, order is kept."""
        entries: list[OutEntry] = []
        for name in self._order:
            member = self._members.get(name)
            zip_name = name[1:]
            if name in self._dirty:
                info = member.info if member is not None else None
                entries.append(OutEntry(zip_name, info, serialize(self._trees[name]), raw=False))
            elif name in self._new:
                entries.append(OutEntry(zip_name, None, self._new[name], raw=False))
            else:
                assert member is not None
                entries.append(OutEntry(member.name, member.info, self._src.raw(member), raw=True))
        write_atomic(Path(path), build_zip(entries, self._src.zf.comment))
