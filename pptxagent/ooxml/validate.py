"""Structural validator: what makes PowerPoint 'repair' a deck that other tools open happily.

Checks: every XML part well-formed; every internal relationship target exists; every part
has a content type; shape ids unique per slide (``mc:Fallback`` copies aside); slide ids
unique and in range; ``p:sldIdLst`` entries resolve to slide parts; children in schema order
for the elements in ``SCHEMA_ORDER``.

Real templates already carry findings, so judge an output against its template with
:func:`compare_findings`: an output may add no finding its template did not have.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from lxml import etree

from pptxagent.errors import PackageError
from pptxagent.ooxml.package import CT_PART, RT_SLIDE, Package, source_for_rels
from pptxagent.ooxml.xml import NS, SCHEMA_ORDER, order_ranks, qn

MIN_SLIDE_ID = 256
MAX_SLIDE_ID = 2147483647
_PREFIX = {uri: prefix for prefix, uri in NS.items()}
_ORDERS: dict[str, dict[str, int]] = {qn(tag): order_ranks(o) for tag, o in SCHEMA_ORDER.items()}
_SLIDE_LIKE = ("slide+xml", "slideLayout+xml", "slideMaster+xml", "notesSlide+xml")


@dataclass(frozen=True)
class Finding:
    """One problem. ``where`` (an XPath) locates it but is not part of its identity."""

    part: str
    rule: str
    message: str
    where: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"{self.part}: [{self.rule}] {self.message}"


def _short(tag: str) -> str:
    uri, _, local = tag[1:].partition("}")
    prefix = _PREFIX.get(uri)
    return f"{prefix}:{local}" if prefix else local


def _is_xml(pkg: Package, name: str) -> bool:
    lowered = name.lower()
    if lowered.endswith((".xml", ".rels")):
        return True
    ctype = pkg.content_type(name) or ""
    return ctype.endswith("xml")


def _check_order(part: str, root: etree._Element) -> list[Finding]:
    findings = []
    tree = root.getroottree()
    for el in root.iter(*_ORDERS):
        if len(el) < 2:
            continue
        ranks = _ORDERS[str(el.tag)]
        last_rank, last_tag = -1, ""
        for child in el:
            tag = child.tag
            if not isinstance(tag, str) or tag not in ranks:
                continue
            if ranks[tag] < last_rank:
                findings.append(
                    Finding(
                        part,
                        "schema-order",
                        f"<{_short(str(el.tag))}>: <{_short(tag)}> comes after "
                        f"<{_short(last_tag)}> but must come before it",
                        tree.getpath(child),
                    )
                )
                break
            last_rank, last_tag = ranks[tag], tag
    return findings


def _check_shape_ids(part: str, root: etree._Element) -> list[Finding]:
    # Shapes inside mc:Fallback repeat their mc:Choice twin. (Ancestry, not id(): lxml makes
    # a new proxy object per access, so id() values are reused and the count would flicker.)
    fallback = qn("mc:Fallback")
    ids = Counter(
        e.get("id", "") for e in root.iter(qn("p:cNvPr"))
        if next(e.iterancestors(fallback), None) is None
    )
    return [
        Finding(part, "shape-id-unique", f"shape id {sid!r} is used by {n} shapes")
        for sid, n in sorted(ids.items())
        if n > 1
    ]


def _check_rels(pkg: Package, rels_part: str) -> list[Finding]:
    try:
        source = source_for_rels(rels_part)
        rels = pkg.rels(source)
    except (ValueError, PackageError):
        return []  # not a relationships part name, or malformed (reported as xml-wellformed)
    return [
        Finding(
            rels_part,
            "rel-target",
            f"relationship {rel.rid} ({rel.type.rsplit('/', 1)[-1]}) points to missing part "
            f"{rel.target}",
        )
        for rel in rels
        if not rel.external and not pkg.has_part(rel.target)
    ]


def _check_slide_list(pkg: Package) -> list[Finding]:
    main = pkg.main_part()
    lst = pkg.xml(main).find(qn("p:sldIdLst"))
    if lst is None:
        return []
    findings = []
    rels = {rel.rid: rel for rel in pkg.rels(main)}
    seen: Counter[str] = Counter()
    for sld in lst.iterfind(qn("p:sldId")):
        sid, rid = sld.get("id", ""), sld.get(qn("r:id"), "")
        seen[sid] += 1
        if not sid.isdigit() or not MIN_SLIDE_ID <= int(sid) <= MAX_SLIDE_ID:
            findings.append(Finding(main, "slide-id", f"slide id {sid!r} is not in 256..2^31-1"))
        rel = rels.get(rid)
        if rel is None or rel.external or rel.type != RT_SLIDE or not pkg.has_part(rel.target):
            message = f"p:sldId {sid} r:id {rid!r} does not resolve to a slide"
            findings.append(Finding(main, "slide-rel", message))
    findings += [
        Finding(main, "slide-id", f"slide id {sid} is used {n} times")
        for sid, n in sorted(seen.items())
        if n > 1
    ]
    return findings


def validate_package(pkg: Package) -> list[Finding]:
    """Every structural finding in ``pkg`` (an empty list means clean)."""
    findings: list[Finding] = []
    for name in pkg.part_names():
        if pkg.content_type(name) is None:
            findings.append(Finding(name, "content-type", "part has no content type"))
        if name.lower().endswith(".rels"):
            findings += _check_rels(pkg, name)
        if not _is_xml(pkg, name):
            continue
        try:
            root = pkg.xml(name)
        except PackageError as exc:
            detail = str(exc).split(": ", 1)[-1]
            findings.append(Finding(name, "xml-wellformed", detail))
            continue
        findings += _check_order(name, root)
        if (pkg.content_type(name) or "").endswith(_SLIDE_LIKE):
            findings += _check_shape_ids(name, root)
    try:
        findings += _check_slide_list(pkg)
    except PackageError as exc:
        findings.append(Finding(CT_PART, "main-part", str(exc)))
    return findings


def compare_findings(template: list[Finding], output: list[Finding]) -> list[Finding]:
    """Findings of ``output`` its template did not already have.

    Identity is (rule, message), not the part: a slide duplicated from a template slide with a
    known fault carries the same finding under a new part name, which is not new.
    """
    known = {(f.rule, f.message) for f in template}
    return [f for f in output if (f.rule, f.message) not in known]
