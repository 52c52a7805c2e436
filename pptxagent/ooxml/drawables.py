"""The drawables of a shape tree, numbered as the inventory numbers them.

Some tools write one id on several shapes of a slide, so an element is addressed by its id
and its occurrence (``OoxmlRef.occurrence``): which of the shapes with that id it is. Every
reader that looks a shape up (fill, write-back, the LibreOffice tagging) counts here, in the
order and over the set the inventory's walk (``shapes._walk``) reads: groups entered but not
counted, the first ``mc:Choice`` of an ``mc:AlternateContent`` we understand, else its
``mc:Fallback``.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from pptxagent.ooxml.xml import qn

_DRAWABLE = frozenset({qn("p:sp"), qn("p:pic"), qn("p:graphicFrame"), qn("p:cxnSp")})


def _understood(choice: etree._Element) -> bool:
    """Whether a ``mc:Choice`` requires nothing we cannot draw: Office 2016's chart kinds
    (``cx:chart``, waterfall, funnel …) are not read, so their ``mc:Fallback`` picture, which
    LibreOffice draws and which shows what PowerPoint draws, is."""
    nsmap = choice.nsmap
    return not any("/chartex" in (nsmap.get(prefix) or "")
                   for prefix in (choice.get("Requires") or "").split())


def read_branch(block: etree._Element) -> etree._Element | None:
    """The branch of an ``mc:AlternateContent`` that is read: its first ``mc:Choice`` whose
    requirements we understand, else its ``mc:Fallback``."""
    for branch in block.iterfind(qn("mc:Choice")):
        if _understood(branch):
            return branch
    return block.find(qn("mc:Fallback"))


def drawables(tree: etree._Element) -> Iterator[etree._Element]:
    """The shapes of ``tree`` (a ``p:spTree`` or a group) in document order."""
    for el in tree:
        tag = el.tag
        if tag == qn("mc:AlternateContent"):
            branch = read_branch(el)
            if branch is not None:
                yield from drawables(branch)
        elif tag == qn("p:grpSp"):
            yield from drawables(el)
        elif tag in _DRAWABLE:
            yield el


def c_nv_pr(shape: etree._Element) -> etree._Element | None:
    """A drawable's ``p:cNvPr`` (in its ``p:nv…Pr``)."""
    for child in shape:
        if isinstance(child.tag, str) and etree.QName(child).localname.startswith("nv"):
            return child.find(qn("p:cNvPr"))
    return None


def numbered(root: etree._Element) -> Iterator[tuple[etree._Element, str, int]]:
    """``(shape, id, occurrence)`` for every drawable of a slide, layout or master part's
    root (or of a shape tree itself)."""
    tree = root.find(f"{qn('p:cSld')}/{qn('p:spTree')}") if root.tag != qn("p:spTree") else root
    if tree is None:
        return
    seen: dict[str, int] = {}
    for shape in drawables(tree):
        nv = c_nv_pr(shape)
        sid = nv.get("id") if nv is not None else None
        if sid is None:
            continue
        n = seen.get(sid, 0)
        seen[sid] = n + 1
        yield shape, sid, n
