"""Read what a theme pack needs from a template (read only): the first slide master's theme
(12 scheme colours unresolved, major/minor fonts by script), its colour map, its background
colour, and a logo picture on the master or its first layout (under 25 % of the slide and
not a band across it).

``pptxagent theme extract`` (``pptxagent.pipeline.theme``) turns this into a ``ThemePack``.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from pptxagent.errors import CorruptPackageError
from pptxagent.ir.brand import Box
from pptxagent.ooxml.brandart import MasterArt, read_master_art
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapes import SlideDoc, read_slide_doc
from pptxagent.ooxml.theme import ColorSpec, read_clr_map, read_color, read_theme
from pptxagent.ooxml.xml import qn

LOGO_MAX_SHARE = 0.25
"""A master picture covering less than this share of the slide is a logo, not a backdrop."""
BAND_MIN_SPAN = 0.6
"""A picture spanning this share of the slide's width or height is a band or rule (art),
not a logo, however thin."""
_RT_LAYOUT_SUFFIX = "/slideLayout"


@dataclass(frozen=True)
class LogoImage:
    """A picture found on the master (or its first layout): its media bytes."""

    part: str
    """The media part (``/ppt/media/image3.png``)."""
    data: bytes
    ext: str
    """The media part's extension, lower case, without the dot (``png``, ``jpeg``, ``svg``)."""
    share: float
    """The picture's area as a share of the slide."""
    source: str
    """The master or layout part the picture sits on."""
    box: Box = (0.0, 0.0, 0.0, 0.0)
    """Where it sits, as fractions of the slide (``x, y, w, h``)."""


@dataclass(frozen=True)
class TemplateTheme:
    """The design facts of a template's first slide master."""

    master: str
    theme: str
    scheme: dict[str, ColorSpec] = field(default_factory=dict)
    """Slot (``dk1`` … ``folHlink``) → its colour, unresolved (``a:sysClr`` keeps its
    ``lastClr``)."""
    major: dict[str, str] = field(default_factory=dict)
    """Heading faces by script: ``latin``, ``ea``, ``cs`` (only those the theme names)."""
    minor: dict[str, str] = field(default_factory=dict)
    clr_map: dict[str, str] = field(default_factory=dict)
    """The master's ``p:clrMap`` (``{"bg1": "lt1", "tx1": "dk1", ...}``)."""
    background: ColorSpec | None = None
    """The master's background colour (solid fill, first gradient stop, or the ``p:bgRef``
    colour); ``None`` when it has none or it is a picture."""
    logo: LogoImage | None = None
    logo_box: Box | None = None
    """The logo's box, as fractions of the slide."""
    art: MasterArt = field(default_factory=MasterArt)
    """The master's simple art, and what was left out."""


def first_master(pkg: Package) -> str:
    """The first ``p:sldMasterId`` of the presentation, as a part name."""
    main = pkg.main_part()
    lst = pkg.xml(main).find(qn("p:sldMasterIdLst"))
    ids = list(lst.iterfind(qn("p:sldMasterId"))) if lst is not None else []
    for el in ids:
        rid = el.get(qn("r:id"))
        if rid:
            return pkg.related(main, rid)
    raise CorruptPackageError(f"{pkg.path.name}: {main} lists no slide master")


def _first_layout(pkg: Package, master: str) -> str | None:
    lst = pkg.xml(master).find(qn("p:sldLayoutIdLst"))
    for el in lst.iterfind(qn("p:sldLayoutId")) if lst is not None else []:
        rid = el.get(qn("r:id"))
        if rid:
            part = pkg.related(master, rid)
            return part if pkg.has_part(part) else None
    for rel in pkg.rels(master):
        if rel.type.endswith(_RT_LAYOUT_SUFFIX) and not rel.external and pkg.has_part(rel.target):
            return rel.target
    return None


def _scheme(pkg: Package, theme: str) -> dict[str, ColorSpec]:
    clr = pkg.xml(theme).find(f"{qn('a:themeElements')}/{qn('a:clrScheme')}")
    out: dict[str, ColorSpec] = {}
    for child in clr if clr is not None else []:
        if not isinstance(child.tag, str):
            continue
        spec = read_color(child)
        if spec is not None:
            out[etree.QName(child).localname] = spec
    return out


def _background(doc: SlideDoc) -> ColorSpec | None:
    bg = doc.background
    if bg is None:
        return None
    if bg.ref is not None:
        return bg.ref.color
    fill = bg.fill
    if fill is None:
        return None
    if fill.kind == "solid":
        return fill.color
    if fill.kind == "grad" and fill.stops:
        return fill.stops[0].color
    if fill.kind == "patt":
        return fill.color2 or fill.color
    return None


def _logo_on(pkg: Package, doc: SlideDoc, size: tuple[int, int]) -> LogoImage | None:
    """The first picture on ``doc`` that is neither a backdrop nor a band: a logo."""
    cx, cy = max(1, size[0]), max(1, size[1])
    slide_area = float(cx) * float(cy)
    for sp in doc.shapes:
        if sp.kind != "pic" or sp.ph is not None or sp.hidden or sp.xfrm is None:
            continue
        target = sp.target
        if target is None or not pkg.has_part(target):
            continue
        share = abs(sp.xfrm.w * sp.xfrm.h) / slide_area
        band = abs(sp.xfrm.w) >= BAND_MIN_SPAN * cx or abs(sp.xfrm.h) >= BAND_MIN_SPAN * cy
        if share <= 0 or share >= LOGO_MAX_SHARE or band:
            continue
        ext = posixpath.splitext(target)[1].lstrip(".").lower() or "png"
        return LogoImage(part=target, data=pkg.read_bytes(target), ext=ext, share=share,
                         source=doc.part, box=(sp.xfrm.x / cx, sp.xfrm.y / cy,
                                               sp.xfrm.w / cx, sp.xfrm.h / cy))
    return None


def read_template_theme(path: Path) -> TemplateTheme:
    """Open ``path`` (PackageError for encrypted, corrupt, Strict decks) and read its first
    master's design facts."""
    pkg = Package.open(path)
    master = first_master(pkg)
    doc = read_slide_doc(pkg, master)
    if doc.theme is None or not pkg.has_part(doc.theme):
        raise CorruptPackageError(f"{path.name}: slide master {master} has no theme part")
    theme = read_theme(pkg, doc.theme)
    size = pkg.slide_size_emu()
    logo = _logo_on(pkg, doc, size)
    if logo is None:
        layout = _first_layout(pkg, master)
        if layout is not None:
            logo = _logo_on(pkg, read_slide_doc(pkg, layout), size)
    return TemplateTheme(
        master=master,
        theme=doc.theme,
        scheme=_scheme(pkg, doc.theme),
        major=dict(theme.major),
        minor=dict(theme.minor),
        clr_map=read_clr_map(pkg.xml(master).find(qn("p:clrMap"))),
        background=_background(doc),
        logo=logo,
        logo_box=logo.box if logo is not None else None,
        art=read_master_art(pkg, doc, size, logo.part if logo is not None else None),
    )
