"""``{{tokens}}`` in a slide's charts (Office 2016's ``cx`` charts and the text boxes drawn
on a chart too) and SmartArt diagrams.

A SmartArt diagram keeps its text twice: in its data model (``dgm:pt/dgm:t``, what PowerPoint
lays the diagram out from when it is edited) and in the drawing PowerPoint saved
(``dsp:txBody``, what PowerPoint and LibreOffice show). Both are DrawingML paragraphs and are
filled alike; what is left is reported once, from the data model.

A chart keeps its text in three places, and all three are filled so the chart shows the value
and keeps showing it after PowerPoint's "Edit Data":

* rich text (``c:tx/c:rich``: chart and axis titles, data labels) is DrawingML paragraphs,
  handled like a shape's text (a token split across runs included);
* the caches PowerPoint draws from (``c:strCache``, ``c:strLit``, a literal series name
  ``c:tx/c:v``): plain strings;
* the embedded workbook the caches were read from (``xl/sharedStrings.xml`` and inline
  strings of its sheets), rewritten in place. A workbook that is not a sane zip is left
  alone: the chart still shows the values.

What is left unresolved is reported against the graphic frame (name, id).
"""

from __future__ import annotations

import dataclasses
import io
import zipfile
from collections.abc import Iterator

from lxml import etree

from pptxagent.errors import PptxAgentError
from pptxagent.ooxml.diagram import drawing_part
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.tokens import (
    Resolver,
    TokenResult,
    Unresolved,
    replace_in_elements,
    replace_in_text,
    replace_tokens,
)
from pptxagent.ooxml.xml import qn

_SHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_PACKAGE_REL = "/package"
_SHAPES_REL = "/chartUserShapes"
_CX = "http://schemas.microsoft.com/office/drawing/2014/chartex"
_CX_CHART = f"{{{_CX}}}chart"
MAX_WORKBOOK_MEMBER = 64 << 20
"""A workbook member that inflates past this is not rewritten (not a chart's data)."""
MAX_WORKBOOK_MEMBERS = 2_000
MAX_WORKBOOK_TOTAL = 256 << 20
"""All members together: a workbook past this is left alone."""


def _frames(root: etree._Element, tag: str, attr: str
            ) -> Iterator[tuple[str, int | None, str]]:
    """(relationship id, frame id, frame name) of every ``tag`` (``c:chart``, ``cx:chart``,
    ``dgm:relIds``, in Clark notation) outside ``mc:Fallback`` copies; ``attr`` names the
    relationship attribute."""
    for ref in root.iter(tag):
        if any(a.tag == qn("mc:Fallback") for a in ref.iterancestors()):
            continue
        rid = ref.get(attr)
        frame = next((a for a in ref.iterancestors() if a.tag == qn("p:graphicFrame")), None)
        cnv = frame.find(f"{qn('p:nvGraphicFramePr')}/{qn('p:cNvPr')}") if frame is not None \
            else None
        sid = cnv.get("id", "") if cnv is not None else ""
        if rid:
            yield rid, (int(sid) if sid.isdigit() else None), \
                (cnv.get("name", "") if cnv is not None else "")


def _framed(found: TokenResult, sid: int | None, name: str) -> list[Unresolved]:
    return [dataclasses.replace(u, shape_id=sid, shape=name) for u in found.unresolved]


_C15 = "http://schemas.microsoft.com/office/drawing/2012/chart"
_CACHES = frozenset({qn("c:strCache"), qn("c:strLit"), qn("c:multiLvlStrCache"),
                     f"{{{_CX}}}strDim", f"{{{_C15}}}dlblRangeCache"})
_NUMBERS = frozenset({qn("c:numCache"), qn("c:numLit"), f"{{{_CX}}}numDim"})
_NAMES = frozenset({qn("c:tx"), f"{{{_CX}}}txData"})


def _cached_strings(root: etree._Element) -> list[etree._Element]:
    """The string values PowerPoint draws a chart's names from: the points of string caches
    (multi-level categories, data labels taken from cells (``c15:dlblRangeCache``) and
    Office 2016 charts' ``cx:strDim`` included) and literal series names (``c:tx/c:v``,
    ``cx:txData/cx:v``)."""
    out: list[etree._Element] = []
    for v in root.iter(qn("c:v"), f"{{{_CX}}}v", f"{{{_CX}}}pt"):
        parent = v.getparent()
        if parent is None:
            continue
        if parent.tag in _NAMES:
            out.append(v)
            continue
        point = v if v.tag == f"{{{_CX}}}pt" else parent
        if point.tag not in (qn("c:pt"), f"{{{_CX}}}pt"):
            continue
        cache = next((a for a in point.iterancestors() if a.tag in _CACHES or a.tag in _NUMBERS),
                     None)
        if cache is not None and cache.tag in _CACHES:
            out.append(v)
    return out


def replace_graphic_tokens(pkg: Package, part: str, values: Resolver
                           ) -> dict[str, TokenResult]:
    """Replace tokens in every chart (and its workbook) and diagram drawn on slide ``part``;
    what was done under ``"chart"`` and ``"diagram"``."""
    return {"chart": _charts(pkg, part, values), "diagram": _diagrams(pkg, part, values)}


def _charts(pkg: Package, part: str, values: Resolver) -> TokenResult:
    res = TokenResult()
    root = pkg.xml(part)
    frames = [*_frames(root, qn("c:chart"), qn("r:id")), *_frames(root, _CX_CHART, qn("r:id"))]
    for rid, sid, name in frames:
        try:
            chart_part = pkg.related(part, rid)
            found = _one_chart(pkg, chart_part, values)
        except PptxAgentError:  # a chart the inventory already reported as unreadable
            continue
        res.merge(TokenResult(found.changed, found.replaced, _framed(found, sid, name)))
    return res


def _one_chart(pkg: Package, chart_part: str, values: Resolver) -> TokenResult:
    """A chart part (``c:chartSpace`` or Office 2016's ``cx:chartSpace``), the text boxes
    drawn on it (``chartUserShapes``) and its workbook."""
    chart = pkg.xml(chart_part)
    found = replace_tokens(chart, values)
    found.merge(replace_in_elements(_cached_strings(chart), values))
    if found.changed:
        pkg.mark_dirty(chart_part)
        _fill_workbook(pkg, chart_part, values)
    for rel in pkg.rels(chart_part):
        if not rel.external and rel.type.endswith(_SHAPES_REL) and pkg.has_part(rel.target):
            drawn = replace_tokens(pkg.xml(rel.target), values)
            if drawn.changed:
                pkg.mark_dirty(rel.target)
            found.merge(drawn)
    return found


def _diagrams(pkg: Package, part: str, values: Resolver) -> TokenResult:
    res = TokenResult()
    for rid, sid, name in list(_frames(pkg.xml(part), qn("dgm:relIds"), qn("r:dm"))):
        try:
            data_part = pkg.related(part, rid)
            found = replace_tokens(pkg.xml(data_part), values)
            shown = drawing_part(pkg, part, data_part)
            drawn = replace_tokens(pkg.xml(shown), values) if shown is not None else None
        except PptxAgentError:
            continue
        for changed_part, result in ((data_part, found), (shown, drawn)):
            if changed_part is not None and result is not None and result.changed:
                pkg.mark_dirty(changed_part)
        replaced = found.replaced + (drawn.replaced if drawn is not None else 0)
        changed = found.changed or (drawn is not None and drawn.changed)
        res.merge(TokenResult(changed, replaced, _framed(found, sid, name)))
    return res


def _fill_workbook(pkg: Package, chart_part: str, values: Resolver) -> None:
    for rel in pkg.rels(chart_part):
        if rel.external or not rel.type.endswith(_PACKAGE_REL) or not pkg.has_part(rel.target):
            continue
        data = _rewritten(pkg.read_bytes(rel.target), values)
        if data is not None:
            pkg.set_bytes(rel.target, data)


def _rewritten(data: bytes, values: Resolver) -> bytes | None:
    """The workbook with its string cells' tokens replaced; None when nothing changed or it
    is not a workbook we rewrite safely."""
    try:
        src = zipfile.ZipFile(io.BytesIO(data))
        infos = src.infolist()
        if (len(infos) > MAX_WORKBOOK_MEMBERS
                or any(i.file_size > MAX_WORKBOOK_MEMBER for i in infos)
                or sum(i.file_size for i in infos) > MAX_WORKBOOK_TOTAL):
            return None
        members = [(i, src.read(i)) for i in infos]
    except (zipfile.BadZipFile, OSError, RuntimeError, ValueError, EOFError):
        return None
    changed = False
    out: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, body in members:
        name = info.filename
        if name == "xl/sharedStrings.xml" or (name.startswith("xl/worksheets/")
                                               and name.endswith(".xml")):
            new = _strings_replaced(body, values)
        elif name.startswith("xl/tables/") and name.endswith(".xml"):
            new = _columns_renamed(body, values)  # must match the header cells: Excel
        else:  # repairs a table whose column names do not
            new = None
        if new is not None:
            body, changed = new, True
        out.append((info, body))
    if not changed:
        return None
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for info, body in out:
            dst.writestr(info, body, compress_type=zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def _parse(body: bytes) -> etree._Element | None:
    if b"{" not in body and b"[" not in body:
        return None
    try:
        return etree.fromstring(body, etree.XMLParser(resolve_entities=False, no_network=True,
                                                      huge_tree=False))
    except etree.XMLSyntaxError:
        return None


def _columns_renamed(body: bytes, values: Resolver) -> bytes | None:
    """A workbook table's column names with their tokens replaced, as its header cells are
    (two series that resolve to one name still make Excel rename one: left to Excel)."""
    root = _parse(body)
    if root is None:
        return None
    columns = list(root.iter(f"{{{_SHEET_NS}}}tableColumn"))
    changed = False
    for col in columns:
        new, n, _ = replace_in_text(col.get("name", ""), values)
        if n:
            col.set("name", new)
            changed = True
    if not changed:
        return None
    out: bytes = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    return out


def _strings_replaced(body: bytes, values: Resolver) -> bytes | None:
    """Shared strings (``si``) and inline strings (``is``) with their tokens replaced. A
    string in rich-text runs is read whole (a token may span runs) and, when it changes,
    written back as one plain string: a cell's formatting is not what a chart shows."""
    root = _parse(body)
    if root is None:
        return None
    changed = False
    for holder in [*root.iter(f"{{{_SHEET_NS}}}si"), *root.iter(f"{{{_SHEET_NS}}}is")]:
        runs = holder.findall(f"{{{_SHEET_NS}}}r")
        parts = [t for r in runs for t in r.findall(f"{{{_SHEET_NS}}}t")] if runs else \
            holder.findall(f"{{{_SHEET_NS}}}t")
        text = "".join(t.text or "" for t in parts)
        if "{" not in text and "[" not in text:
            continue
        new, n, _ = replace_in_text(text, values)
        if not n:
            continue
        changed = True
        if runs or len(parts) != 1:
            for child in list(holder):
                if child.tag in (f"{{{_SHEET_NS}}}r", f"{{{_SHEET_NS}}}t"):
                    holder.remove(child)
            t_el = etree.Element(f"{{{_SHEET_NS}}}t")
            holder.insert(0, t_el)
        else:
            t_el = parts[0]
        t_el.text = new
        if new != new.strip():
            t_el.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
    if not changed:
        return None
    out: bytes = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    return out


__all__ = ["replace_graphic_tokens"]
