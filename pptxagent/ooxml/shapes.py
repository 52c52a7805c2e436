"""Read slides, layouts and masters into frozen dataclasses: shapes, geometry, links.

Group transforms are applied here, so every ``ShapeData.xfrm`` is in slide coordinates
(EMU). A shape without its own ``a:xfrm`` (a placeholder inheriting its position) has
``xfrm=None``; the inventory looks it up on the layout and the master.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lxml import etree

from pptxagent.errors import CorruptPackageError
from pptxagent.ooxml.chart import ChartData, read_chart
from pptxagent.ooxml.custgeom import CustomPath, read_custom_geometry
from pptxagent.ooxml.drawables import read_branch
from pptxagent.ooxml.fills import (
    Background,
    FillData,
    LineData,
    Shadow,
    StyleRef,
    read_background,
    read_fill_element,
    read_fill_in,
    read_geometry,
    read_line,
    read_shadow,
    read_style_ref,
)
from pptxagent.ooxml.package import Package, Rel
from pptxagent.ooxml.styles import TextBodyData, read_text_body
from pptxagent.ooxml.tables import TableData, read_table
from pptxagent.ooxml.theme import ColorSpec, parse_int, read_clr_map, read_color, read_fill
from pptxagent.ooxml.vml import ole_previews
from pptxagent.ooxml.xfrm import IDENTITY as _IDENTITY
from pptxagent.ooxml.xfrm import (
    Transform,
    Turn,
    Xfrm,
    extent,
    group_transform,
    group_turn,
    read_xfrm,
)
from pptxagent.ooxml.xml import qn

_GRAPHIC_KINDS = {
    "http://schemas.openxmlformats.org/drawingml/2006/table": "table",
    "http://schemas.openxmlformats.org/drawingml/2006/chart": "chart",
    "http://schemas.openxmlformats.org/drawingml/2006/diagram": "diagram",
    "http://schemas.openxmlformats.org/presentationml/2006/ole": "ole",
}


@dataclass(frozen=True)
class PhRef:
    type: str | None
    """``p:ph/@type`` as written (``None`` = the schema default ``obj``)."""
    idx: int | None


@dataclass(frozen=True)
class ShapeData:
    shape_id: int
    name: str
    kind: str
    """``sp``, ``pic``, ``graphicFrame``, ``cxnSp``."""
    ph: PhRef | None
    xfrm: Xfrm | None
    group_depth: int = 0
    text: TextBodyData | None = None
    fill_set: bool = False
    fill: ColorSpec | None = None
    style_fill: ColorSpec | None = None
    """Colour of ``p:style/a:fillRef`` (idx > 0), used when ``p:spPr`` sets no fill."""
    font_ref: str | None = None
    """``p:style/a:fontRef/@idx``: ``major`` / ``minor``."""
    font_ref_color: ColorSpec | None = None
    graphic: str | None = None
    """For graphic frames: ``table``, ``chart``, ``diagram``, ``ole``, ``other``."""
    target: str | None = None
    """Picture media / chart / diagram data part name."""
    geometry: str | None = None
    """``a:prstGeom/@prst`` (``rect``, ``line`` …) or ``custom``."""
    text_box: bool = False
    hidden: bool = False
    table_text: str | None = None
    """A table's cell text: rows on lines, cells separated by tabs."""
    """``p:cNvPr/@hidden`` on the shape or a group around it: not drawn, still inherited from."""
    table: TableData | None = None
    paint: FillData | None = None
    """The full ``p:spPr`` fill (a picture's ``p:blipFill`` for ``pic``), unresolved."""
    line: LineData | None = None
    adjust: tuple[tuple[str, int], ...] = ()
    fill_ref: StyleRef | None = None
    ln_ref: StyleRef | None = None
    use_bg_fill: bool = False
    """``p:sp@useBgFill``: filled with the slide's background."""
    custom: tuple[CustomPath, ...] = ()
    """``a:custGeom`` paths (``geometry == "custom"``)."""
    chart: ChartData | None = None
    """A chart frame's chart (title, type, cached series)."""
    shadow: Shadow | None = None
    """``p:spPr/a:effectLst/a:outerShdw``."""
    effect_list: bool = False
    """``p:spPr`` has its own ``a:effectLst`` (which then overrides the style's effects)."""
    effect_ref: StyleRef | None = None
    ole_spid: str | None = None
    """A legacy OLE object's ``p:oleObj@spid`` when it has no ``p:pic`` preview."""
    occurrence: int = 0
    """Which of the part's shapes with this id it is, in document order (0: the first)."""


@dataclass(frozen=True)
class SlideDoc:
    """A slide, layout or master part."""

    part: str
    name: str
    show: bool
    clr_map: dict[str, str]
    """``p:clrMap`` of a master, ``a:overrideClrMapping`` of a slide/layout (else empty)."""
    shapes: tuple[ShapeData, ...]
    parent: str | None
    """The layout of a slide, the master of a layout; ``None`` for a master."""
    theme: str | None = None
    background: Background | None = None
    show_master_sp: bool = True
    """``showMasterSp``: False hides the master's (for a slide, also the layout's) art."""


def _num(el: etree._Element | None, attr: str, default: int = 0) -> int:
    if el is None:
        return default
    value = parse_int(el.get(attr))
    return default if value is None else value


def _nv(el: etree._Element) -> tuple[etree._Element | None, etree._Element | None]:
    """(``p:cNvPr``, ``p:nvPr``) of any drawable."""
    for child in el:
        if isinstance(child.tag, str) and etree.QName(child).localname.startswith("nv"):
            return child.find(qn("p:cNvPr")), child.find(qn("p:nvPr"))
    return None, None


def _ph(nv_pr: etree._Element | None) -> PhRef | None:
    ph = nv_pr.find(qn("p:ph")) if nv_pr is not None else None
    if ph is None:
        return None
    idx = ph.get("idx")
    return PhRef(type=ph.get("type"), idx=_num(ph, "idx") if idx is not None else None)


def _target(rels: dict[str, Rel], rid: str | None) -> str | None:
    rel = rels.get(rid or "")
    if rel is None or rel.external:
        return None
    return rel.target


def _graphic(el: etree._Element, rels: dict[str, Rel]) -> tuple[str, str | None]:
    data = el.find(f"{qn('a:graphic')}/{qn('a:graphicData')}")
    if data is None:
        return "other", None
    kind = _GRAPHIC_KINDS.get(data.get("uri") or "", "other")
    target: str | None = None
    for child in data:
        if not isinstance(child.tag, str):
            continue
        rid = child.get(qn("r:id")) or child.get(qn("r:dm"))
        if rid:
            target = _target(rels, rid)
            break
    return kind, target


def _table_text(el: etree._Element) -> str | None:
    tbl = el.find(f"{qn('a:graphic')}/{qn('a:graphicData')}/{qn('a:tbl')}")
    if tbl is None:
        return None
    rows = []
    for tr in tbl.findall(qn("a:tr")):
        cells = []
        for tc in tr.findall(qn("a:tc")):
            paras = tc.findall(f"{qn('a:txBody')}/{qn('a:p')}")
            cells.append(" ".join("".join(t.text or "" for t in p.iter(qn("a:t"))) for p in paras))
        rows.append("\t".join(cells))
    return "\n".join(rows)


def _style_refs(el: etree._Element) -> tuple[ColorSpec | None, str | None, ColorSpec | None]:
    style = el.find(qn("p:style"))
    if style is None:
        return None, None, None
    fill_ref = style.find(qn("a:fillRef"))
    style_fill = None
    if fill_ref is not None and _num(fill_ref, "idx") > 0:
        style_fill = read_color(fill_ref)
    font_ref = style.find(qn("a:fontRef"))
    if font_ref is None:
        return style_fill, None, None
    return style_fill, font_ref.get("idx"), read_color(font_ref)


def _is_hidden(c_nv_pr: etree._Element | None) -> bool:
    return c_nv_pr is not None and c_nv_pr.get("hidden") in ("1", "true")


@dataclass(frozen=True)
class _Frame:
    """Where the walk is: the group transform, nesting depth, groups' turns, hidden group."""

    tf: Transform
    depth: int = 0
    turns: tuple[Turn, ...] = ()
    """The turned or flipped groups around (outermost first)."""
    hidden: bool = False
    table_text: str | None = None
    """A table's cell text: rows on lines, cells separated by tabs."""
    group_fill: FillData | None = None
    """The fill of the innermost group that says one (what ``a:grpFill`` means inside)."""


def _shape(el: etree._Element, kind: str, at: _Frame, rels: dict[str, Rel]) -> ShapeData:
    c_nv_pr, nv_pr = _nv(el)
    sp_pr = el.find(qn("p:spPr"))
    xfrm_el = el.find(qn("p:xfrm")) if kind == "graphicFrame" else None
    if xfrm_el is None and sp_pr is not None:
        xfrm_el = sp_pr.find(qn("a:xfrm"))
    fill_set, fill = read_fill(sp_pr)
    style_fill, font_ref, font_ref_color = _style_refs(el)
    geometry = read_geometry(sp_pr)
    geom = geometry.prst
    style = el.find(qn("p:style"))
    paint = read_fill_in(sp_pr, rels)
    if kind == "pic":
        pic_fill = el.find(qn("p:blipFill"))
        paint = read_fill_in(el, rels) if pic_fill is not None else paint
    if paint is not None and paint.kind == "grp":
        paint = at.group_fill
    graphic: str | None = None
    target: str | None = None
    ole_spid: str | None = None
    if kind == "graphicFrame":
        graphic, target = _graphic(el, rels)
        if graphic == "ole":  # a newer OLE object carries its preview as a p:pic
            preview = next(el.iter(qn("p:blipFill")), None)
            paint = read_fill_element(preview, rels) if preview is not None else None
            ole = next(el.iter(qn("p:oleObj")), None)
            ole_spid = ole.get("spid") if ole is not None and preview is None else None
    elif kind == "pic":
        blip = el.find(f"{qn('p:blipFill')}/{qn('a:blip')}")
        if blip is not None:
            target = _target(rels, blip.get(qn("r:embed")))
    c_nv_sp = el.find(f"{qn('p:nvSpPr')}/{qn('p:cNvSpPr')}")
    return ShapeData(
        shape_id=_num(c_nv_pr, "id"),
        name=(c_nv_pr.get("name") or "") if c_nv_pr is not None else "",
        kind=kind,
        ph=_ph(nv_pr),
        xfrm=read_xfrm(xfrm_el, at.tf, at.turns),
        group_depth=at.depth,
        text=read_text_body(el.find(qn("p:txBody"))),
        fill_set=fill_set,
        fill=fill,
        style_fill=style_fill,
        font_ref=font_ref,
        font_ref_color=font_ref_color,
        graphic=graphic,
        target=target,
        geometry=geom,
        text_box=c_nv_sp is not None and c_nv_sp.get("txBox") in ("1", "true"),
        hidden=at.hidden or _is_hidden(c_nv_pr),
        table_text=_table_text(el) if graphic == "table" else None,
        table=_table(el) if graphic == "table" else None,
        paint=paint,
        line=read_line(sp_pr.find(qn("a:ln")) if sp_pr is not None else None, rels),
        adjust=geometry.adjust,
        fill_ref=read_style_ref(style.find(qn("a:fillRef"))) if style is not None else None,
        use_bg_fill=el.get("useBgFill") in ("1", "true"),
        shadow=read_shadow(sp_pr),
        effect_list=sp_pr is not None and sp_pr.find(qn("a:effectLst")) is not None,
        effect_ref=read_style_ref(style.find(qn("a:effectRef"))) if style is not None else None,
        custom=read_custom_geometry(sp_pr, extent(xfrm_el)) if geom == "custom" else (),
        ln_ref=read_style_ref(style.find(qn("a:lnRef"))) if style is not None else None,
        ole_spid=ole_spid,
    )


def _table(el: etree._Element) -> TableData | None:
    tbl = el.find(f"{qn('a:graphic')}/{qn('a:graphicData')}/{qn('a:tbl')}")
    return read_table(tbl) if tbl is not None else None


_KINDS = {qn("p:sp"): "sp", qn("p:pic"): "pic", qn("p:graphicFrame"): "graphicFrame",
          qn("p:cxnSp"): "cxnSp"}


def _walk(
    container: etree._Element, at: _Frame, rels: dict[str, Rel], out: list[ShapeData]
) -> None:
    for el in container:
        tag = el.tag
        if tag == qn("mc:AlternateContent"):
            branch = read_branch(el)
            if branch is not None:
                _walk(branch, at, rels, out)
        elif tag == qn("p:grpSp"):
            c_nv_pr, _ = _nv(el)
            gxfrm = el.find(f"{qn('p:grpSpPr')}/{qn('a:xfrm')}")
            gfill = read_fill_in(el.find(qn("p:grpSpPr")), rels)
            turn = group_turn(gxfrm, at.tf)
            inner = _Frame(
                tf=group_transform(gxfrm, at.tf),
                depth=at.depth + 1,
                turns=at.turns if turn is None else (*at.turns, turn),
                hidden=at.hidden or _is_hidden(c_nv_pr),
                group_fill=at.group_fill if gfill is None or gfill.kind == "grp" else gfill,
            )
            _walk(el, inner, rels, out)
        elif isinstance(tag, str) and tag in _KINDS:
            out.append(_shape(el, _KINDS[tag], at, rels))


def _parent(pkg: Package, part: str, target: str | None, tag: str) -> str | None:
    """The layout (or master) ``part`` follows, which must be there and be one when it is
    named: a link to a missing part leaves its placeholders nowhere, and a slide whose layout
    relationship names another slide would be drawn over its own copy."""
    kind = "slide layout" if tag == "p:sldLayout" else "slide master"
    if target is None:  # minimal generators write decks without layouts: drawn as they are
        return None
    if not pkg.has_part(target):
        raise CorruptPackageError(f"{pkg.path.name}:{part}: its {kind} relationship names "
                                  f"{target}, which is not in the package")
    if pkg.xml(target).tag != qn(tag):
        raise CorruptPackageError(f"{pkg.path.name}:{part}: its {kind} relationship names "
                                  f"{target}, which is not a {kind}")
    return target


def _rel_of_type(rels: list[Rel], suffix: str) -> str | None:
    for rel in rels:
        if rel.type.endswith(suffix) and not rel.external:
            return rel.target
    return None


def _occurrences(shapes: list[ShapeData]) -> list[ShapeData]:
    """Number the shapes that repeat an id (in document order, as ``find_shape`` counts)."""
    seen: dict[int, int] = {}
    out: list[ShapeData] = []
    for s in shapes:
        n = seen.get(s.shape_id, 0)
        seen[s.shape_id] = n + 1
        out.append(replace(s, occurrence=n) if n else s)
    return out


def read_slide_doc(pkg: Package, part: str) -> SlideDoc:
    """Read a slide, layout or master part: its shapes (document order) and its links."""
    root = pkg.xml(part)
    rel_list = pkg.rels(part)
    rels = {r.rid: r for r in rel_list}
    c_sld = root.find(qn("p:cSld"))
    shapes: list[ShapeData] = []
    tree = c_sld.find(qn("p:spTree")) if c_sld is not None else None
    if tree is not None:
        _walk(tree, _Frame(_IDENTITY), rels, shapes)
    shapes = _occurrences(shapes)
    shapes = [replace(s, chart=read_chart(pkg, s.target)) if s.graphic == "chart" else s
              for s in shapes]
    if any(s.ole_spid for s in shapes):
        previews = ole_previews(pkg, rel_list)
        shapes = [replace(s, paint=FillData("blip", target=previews[s.ole_spid]))
                  if s.ole_spid in previews else s for s in shapes]
    is_master = root.tag == qn("p:sldMaster")
    if is_master:
        clr_map = read_clr_map(root.find(qn("p:clrMap")))
    else:
        ovr = root.find(qn("p:clrMapOvr"))
        clr_map = read_clr_map(ovr.find(qn("a:overrideClrMapping")) if ovr is not None else None)
    parent: str | None = None
    if root.tag == qn("p:sld"):
        parent = _parent(pkg, part, _rel_of_type(rel_list, "/slideLayout"), "p:sldLayout")
    elif root.tag == qn("p:sldLayout"):
        parent = _parent(pkg, part, _rel_of_type(rel_list, "/slideMaster"), "p:sldMaster")
    return SlideDoc(
        part=part,
        name=(c_sld.get("name") or "") if c_sld is not None else "",
        show=root.get("show") not in ("0", "false"),
        clr_map=clr_map,
        shapes=tuple(shapes),
        parent=parent,
        theme=_rel_of_type(rel_list, "/theme") if is_master else None,
        background=read_background(c_sld, rels),
        show_master_sp=root.get("showMasterSp") not in ("0", "false"),
    )


IDENTITY = _IDENTITY
Frame = _Frame
walk_shapes = _walk
"""The walk, for parts holding a slide-like shape tree (a SmartArt drawing)."""
