"""Read DrawingML paint: fills, outlines, preset geometry, style references, theme style lists.

Everything stays unresolved (``ColorSpec``, EMU, 1/1000 %): the inventory resolves colours
with the slide's colour map and turns sizes into px. A picture fill's ``a:blip`` is resolved
to the package part name through the relationships of the part it was read from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from pptxagent.ooxml.package import Package, Rel
from pptxagent.ooxml.theme import ColorSpec, parse_int, parse_int_in, read_color, read_color_choice
from pptxagent.ooxml.xml import local_name, qn

ASVG_NS = "http://schemas.microsoft.com/office/drawing/2016/SVG/main"
FILL_TAGS = frozenset({"noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill"})


@dataclass(frozen=True)
class GradStop:
    pos: int
    """0-100000 along the gradient."""
    color: ColorSpec


@dataclass(frozen=True)
class FillData:
    """One ``a:*Fill``. ``kind``: none, solid, grad, blip, patt, grp."""

    kind: str
    color: ColorSpec | None = None
    """Solid colour; a pattern's foreground."""
    color2: ColorSpec | None = None
    """A pattern's background."""
    stops: tuple[GradStop, ...] = ()
    angle: int | None = None
    """``a:lin@ang`` in 60000ths of a degree (0 = left to right, clockwise)."""
    path: str | None = None
    """``a:path@path`` (circle, rect, shape) for a path gradient."""
    target: str | None = None
    """A picture fill's media part (the SVG part when ``asvg:svgBlip`` names one)."""
    crop: tuple[int, int, int, int] = (0, 0, 0, 0)
    """``a:srcRect`` l, t, r, b in 1/1000 % (negatives allowed)."""
    tile: tuple[int, int, int, int] | None = None
    """``a:tile`` sx, sy (1/1000 %), tx, ty (EMU) when the picture tiles."""
    alpha: int | None = None
    """``a:alphaModFix@amt`` of a picture (1/1000 %)."""
    pattern: str | None = None
    duotone: tuple[ColorSpec, ...] = ()
    """``a:duotone``: the picture recoloured from the first colour (dark) to the second."""
    grayscale: bool = False
    lum: tuple[int, int] | None = None
    """``a:lum`` bright, contrast (1/1000 %): a washed-out or darkened picture."""
    focus: tuple[int, int, int, int] | None = None
    """A path gradient's ``a:fillToRect`` l, t, r, b (1/1000 %): where its first stop sits."""


@dataclass(frozen=True)
class LineData:
    """``a:ln``: width in EMU, its fill (``None`` = not said), dash preset."""

    width: int | None = None
    fill: FillData | None = None
    dash: str | None = None
    head: str | None = None
    tail: str | None = None


@dataclass(frozen=True)
class StyleRef:
    """``a:fillRef`` / ``a:lnRef`` / ``p:bgRef``: an index into a theme list and a colour."""

    idx: int
    color: ColorSpec | None


@dataclass(frozen=True)
class Shadow:
    """``a:outerShdw``: blur radius and distance in EMU, direction in 60000ths of a degree."""

    blur: int
    dist: int
    dir: int
    color: ColorSpec | None


@dataclass(frozen=True)
class ThemeStyles:
    """The theme's ``a:fmtScheme`` lists (1-based in references)."""

    fills: tuple[FillData | None, ...] = ()
    lines: tuple[LineData | None, ...] = ()
    bg_fills: tuple[FillData | None, ...] = ()
    shadows: tuple[Shadow | None, ...] = ()
    """The outer shadow of each ``a:effectStyle`` (``None`` where it has none)."""


def read_shadow(parent: etree._Element | None) -> Shadow | None:
    """The ``a:effectLst/a:outerShdw`` of ``parent`` (``p:spPr``, ``a:effectStyle``)."""
    lst = parent.find(qn("a:effectLst")) if parent is not None else None
    el = lst.find(qn("a:outerShdw")) if lst is not None else None
    if el is None:
        return None
    return Shadow(max(_int(el, "blurRad"), 0), max(_int(el, "dist"), 0), _int(el, "dir"),
                  read_color(el))


def _int(el: etree._Element | None, attr: str, default: int = 0) -> int:
    if el is None:
        return default
    v = parse_int(el.get(attr))
    return default if v is None else v


def _target(rels: Mapping[str, Rel], rid: str | None) -> str | None:
    rel = rels.get(rid or "")
    return None if rel is None or rel.external else rel.target


def _blip(el: etree._Element, rels: Mapping[str, Rel]) -> FillData:
    blip = el.find(qn("a:blip"))
    target: str | None = None
    alpha: int | None = None
    duotone: tuple[ColorSpec, ...] = ()
    grayscale = False
    lum: tuple[int, int] | None = None
    if blip is not None:
        target = _target(rels, blip.get(qn("r:embed")))
        for svg in blip.iter(f"{{{ASVG_NS}}}svgBlip"):
            target = _target(rels, svg.get(qn("r:embed"))) or target
        amf = blip.find(qn("a:alphaModFix"))
        if amf is not None:
            alpha = _int(amf, "amt", 100000)
        duo = blip.find(qn("a:duotone"))
        if duo is not None:
            duotone = tuple(c for c in (read_color_choice(x) for x in duo
                                        if isinstance(x.tag, str)) if c is not None)
        grayscale = blip.find(qn("a:grayscl")) is not None
        lum_el = blip.find(qn("a:lum"))
        if lum_el is not None and (_int(lum_el, "bright") or _int(lum_el, "contrast")):
            lum = (_int(lum_el, "bright"), _int(lum_el, "contrast"))
    src = el.find(qn("a:srcRect"))
    crop = tuple(_int(src, k) for k in ("l", "t", "r", "b"))
    tile_el = el.find(qn("a:tile"))
    tile = None
    if tile_el is not None:
        tile = (_int(tile_el, "sx", 100000), _int(tile_el, "sy", 100000),
                _int(tile_el, "tx"), _int(tile_el, "ty"))
    return FillData("blip", target=target, crop=(crop[0], crop[1], crop[2], crop[3]), tile=tile,
                    alpha=alpha, duotone=duotone if len(duotone) == 2 else (),
                    grayscale=grayscale, lum=lum)


def read_fill_element(el: etree._Element, rels: Mapping[str, Rel]) -> FillData | None:
    """``el`` is itself a fill element (``a:solidFill`` …); ``None`` for anything else."""
    name = local_name(el.tag)
    if name == "noFill":
        return FillData("none")
    if name == "solidFill":
        return FillData("solid", color=read_color(el))
    if name == "grpFill":
        return FillData("grp")
    if name == "gradFill":
        stops = []
        for gs in el.iterfind(f"{qn('a:gsLst')}/{qn('a:gs')}"):
            spec = read_color(gs)
            if spec is not None:
                stops.append(GradStop(_int(gs, "pos"), spec))
        stops.sort(key=lambda s: s.pos)
        lin = el.find(qn("a:lin"))
        path = el.find(qn("a:path"))
        rect = path.find(qn("a:fillToRect")) if path is not None else None
        focus = tuple(_int(rect, k) for k in ("l", "t", "r", "b")) if rect is not None else None
        return FillData(
            "grad", stops=tuple(stops),
            angle=_int(lin, "ang") if lin is not None else None,
            path=(path.get("path") or "circle") if path is not None else None,
            focus=(focus[0], focus[1], focus[2], focus[3]) if focus else None,
        )
    if name == "blipFill":
        return _blip(el, rels)
    if name == "pattFill":
        return FillData("patt", color=read_color(el.find(qn("a:fgClr"))),
                        color2=read_color(el.find(qn("a:bgClr"))), pattern=el.get("prst"))
    return None


def read_fill_in(parent: etree._Element | None, rels: Mapping[str, Rel]) -> FillData | None:
    """The first fill child of ``parent`` (``p:spPr``, ``p:bgPr``, ``a:ln`` …)."""
    if parent is None:
        return None
    for child in parent:
        if isinstance(child.tag, str) and local_name(child.tag) in FILL_TAGS:
            return read_fill_element(child, rels)
    return None


def read_line(ln: etree._Element | None, rels: Mapping[str, Rel]) -> LineData | None:
    if ln is None:
        return None
    dash = ln.find(qn("a:prstDash"))
    head, tail = ln.find(qn("a:headEnd")), ln.find(qn("a:tailEnd"))
    return LineData(
        width=parse_int_in(ln.get("w"), 0, 20116800),  # ST_LineWidth
        fill=read_fill_in(ln, rels),
        dash=dash.get("val") if dash is not None else None,
        head=head.get("type") if head is not None else None,
        tail=tail.get("type") if tail is not None else None,
    )


def read_style_ref(el: etree._Element | None) -> StyleRef | None:
    if el is None:
        return None
    return StyleRef(_int(el, "idx"), read_color(el))


@dataclass(frozen=True)
class Geometry:
    prst: str | None
    """``a:prstGeom@prst``, ``custom`` for ``a:custGeom``, ``None`` when absent."""
    adjust: tuple[tuple[str, int], ...] = ()
    """``a:avLst/a:gd`` as (name, value) from ``fmla="val N"``."""


def read_geometry(sp_pr: etree._Element | None) -> Geometry:
    if sp_pr is None:
        return Geometry(None)
    prst = sp_pr.find(qn("a:prstGeom"))
    if prst is None:
        return Geometry("custom" if sp_pr.find(qn("a:custGeom")) is not None else None)
    adj: list[tuple[str, int]] = []
    for gd in prst.iterfind(f"{qn('a:avLst')}/{qn('a:gd')}"):
        fmla = (gd.get("fmla") or "").split()
        if len(fmla) == 2 and fmla[0] == "val":
            n = parse_int(fmla[1])
            if n is not None:
                adj.append((gd.get("name") or "adj", n))
    return Geometry(prst.get("prst"), tuple(adj))


def _list(parent: etree._Element | None, rels: Mapping[str, Rel]) -> tuple[FillData | None, ...]:
    if parent is None:
        return ()
    return tuple(read_fill_element(c, rels) for c in parent if isinstance(c.tag, str))


def read_theme_styles(root: etree._Element, rels: Mapping[str, Rel]) -> ThemeStyles:
    """``a:fmtScheme`` of a theme part's root."""
    fmt = root.find(f"{qn('a:themeElements')}/{qn('a:fmtScheme')}")
    if fmt is None:
        return ThemeStyles()
    lines = fmt.find(qn("a:lnStyleLst"))
    effects = fmt.find(qn("a:effectStyleLst"))
    return ThemeStyles(
        shadows=tuple(read_shadow(e) for e in effects.iterfind(qn("a:effectStyle")))
        if effects is not None else (),
        fills=_list(fmt.find(qn("a:fillStyleLst")), rels),
        lines=tuple(read_line(c, rels) for c in lines.iterfind(qn("a:ln")))
        if lines is not None else (),
        bg_fills=_list(fmt.find(qn("a:bgFillStyleLst")), rels),
    )


def read_theme_styles_part(pkg: Package, part: str) -> ThemeStyles:
    """The style lists of the theme part ``part``."""
    return read_theme_styles(pkg.xml(part), {r.rid: r for r in pkg.rels(part)})


@dataclass(frozen=True)
class Background:
    """``p:cSld/p:bg``: either its own fill (``p:bgPr``) or a theme reference (``p:bgRef``)."""

    fill: FillData | None = None
    ref: StyleRef | None = None


def read_background(c_sld: etree._Element | None, rels: Mapping[str, Rel]) -> Background | None:
    bg = c_sld.find(qn("p:bg")) if c_sld is not None else None
    if bg is None:
        return None
    pr = bg.find(qn("p:bgPr"))
    if pr is not None:
        return Background(fill=read_fill_in(pr, rels))
    ref = bg.find(qn("p:bgRef"))
    if ref is not None:
        return Background(ref=read_style_ref(ref))
    return None
