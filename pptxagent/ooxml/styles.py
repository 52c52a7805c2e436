"""Read text properties (``a:rPr``, ``a:pPr``, list styles, ``a:bodyPr``) into frozen dataclasses.

Every field is ``None`` when the XML does not say it, so the inventory can cascade them:
the first level of the chain that sets a field wins. Values stay in OOXML units (EMU,
hundredths of a point, thousandths of a percent); the inventory converts.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.theme import ColorSpec, parse_int, parse_int_in, read_color, read_fill, within
from pptxagent.ooxml.xml import qn, typeface

LEVELS = 9


@dataclass(frozen=True)
class RunProps:
    size: int | None = None
    """``sz``: hundredths of a point."""
    bold: bool | None = None
    italic: bool | None = None
    underline: bool | None = None
    latin: str | None = None
    ea: str | None = None
    color: ColorSpec | None = None
    fill_set: bool | None = None
    """True when the XML holds any fill element (a ``noFill`` stops colour inheritance)."""
    cap: str | None = None
    """``none``, ``small``, ``all``."""
    spacing: int | None = None
    """``spc``: extra space between characters, hundredths of a point."""
    strike: bool | None = None
    """``strike``: ``sngStrike``/``dblStrike`` (True) or ``noStrike`` (False)."""
    highlight: ColorSpec | None = None
    """``a:highlight``: the colour behind the run's glyphs."""
    outline_set: bool | None = None
    """True when the run says how its glyphs are outlined (``a:ln``; ``a:noFill``: not)."""
    outline: ColorSpec | None = None
    """The outline's solid colour."""
    outline_w: int | None = None
    """Its width (EMU)."""


@dataclass(frozen=True)
class Spacing:
    """``a:lnSpc``/``a:spcBef``/``a:spcAft``: ``pct`` (1/1000 percent) or ``pts`` (1/100 pt)."""

    kind: str
    value: int


@dataclass(frozen=True)
class Bullet:
    kind: str
    """``none``, ``char``, ``autonum``, ``blip``."""
    char: str = ""
    scheme: str = ""
    start_at: int = 1


@dataclass(frozen=True)
class ParaProps:
    level: int | None = None
    align: str | None = None
    mar_l: int | None = None
    indent: int | None = None
    line_spacing: Spacing | None = None
    space_before: Spacing | None = None
    space_after: Spacing | None = None
    bullet: Bullet | None = None
    bullet_font: str | None = None
    """A typeface, or ``"+tx"`` when ``a:buFontTx`` says "follow the text"."""
    bullet_color: ColorSpec | None = None
    bullet_color_tx: bool | None = None
    rtl: bool | None = None
    bullet_size: Spacing | None = None
    """``a:buSzPct`` (``pct``, of the text) or ``a:buSzPts``; ``a:buSzTx`` reads as 100 %."""
    def_tab: int | None = None
    """``@defTabSz``: the distance between default tab stops (EMU)."""


@dataclass(frozen=True)
class LevelStyle:
    """One ``a:lvlNpPr`` (or ``a:defPPr``): paragraph attributes plus its ``a:defRPr``."""

    para: ParaProps = ParaProps()
    run: RunProps = RunProps()


@dataclass(frozen=True)
class ListStyle:
    levels: tuple[LevelStyle | None, ...] = (None,) * LEVELS
    default: LevelStyle | None = None

    def level(self, n: int) -> LevelStyle | None:
        return self.levels[min(max(n, 0), LEVELS - 1)]


EMPTY_LIST_STYLE = ListStyle()


@dataclass(frozen=True)
class BodyProps:
    l_ins: int | None = None
    t_ins: int | None = None
    r_ins: int | None = None
    b_ins: int | None = None
    anchor: str | None = None
    wrap: str | None = None
    vert: str | None = None
    num_col: int | None = None
    rot: int | None = None
    autofit: str | None = None
    """``none`` (``a:noAutofit``), ``norm`` (``a:normAutofit``), ``shape`` (``a:spAutoFit``)."""
    font_scale: int | None = None
    """``a:normAutofit/@fontScale`` in 1000ths of a percent (absent → 100000 when ``norm``)."""
    ln_spc_reduction: int | None = None


def _pct(value: str | None) -> int | None:
    """ST_Percentage: usually ``"62500"``, sometimes (Strict, LibreOffice) ``"62.5%"``."""
    if value is not None and value.endswith("%"):
        try:
            return round(float(value[:-1]) * 1000)
        except ValueError:
            return None
    return parse_int(value)


def _bool(value: str | None) -> bool | None:
    if value is None:
        return None
    return value in ("1", "true", "on")


def read_run_props(rpr: etree._Element | None) -> RunProps:
    if rpr is None:
        return RunProps()
    fill_set, color = read_fill(rpr)
    patt = rpr.find(qn("a:pattFill"))
    if color is None and patt is not None:  # a patterned run reads as its foreground colour
        color = read_color(patt.find(qn("a:fgClr")))
    u = rpr.get("u")
    ln = rpr.find(qn("a:ln"))
    outline_set, outline = read_fill(ln) if ln is not None else (False, None)
    latin = rpr.find(qn("a:latin"))
    ea = rpr.find(qn("a:ea"))
    return RunProps(
        size=parse_int_in(rpr.get("sz"), 100, 400000),  # ST_TextFontSize
        bold=_bool(rpr.get("b")),
        italic=_bool(rpr.get("i")),
        underline=None if u is None else u != "none",
        latin=typeface(latin),
        ea=typeface(ea),
        color=color,
        fill_set=fill_set or None,
        cap=rpr.get("cap"),
        spacing=parse_int(rpr.get("spc")),
        strike=None if rpr.get("strike") is None else rpr.get("strike") != "noStrike",
        highlight=read_color(rpr.find(qn("a:highlight"))),
        outline_set=outline_set or None,
        outline=outline,
        outline_w=parse_int_in(ln.get("w"), 0, 20116800) if ln is not None else None,
    )


def _spacing(parent: etree._Element, tag: str) -> Spacing | None:
    el = parent.find(qn(tag))
    if el is None:
        return None
    pct = el.find(qn("a:spcPct"))
    if pct is not None:
        v = _pct(pct.get("val"))
        return None if v is None else Spacing("pct", v)
    pts = el.find(qn("a:spcPts"))
    if pts is not None:
        v = parse_int(pts.get("val"))
        return None if v is None else Spacing("pts", v)
    return None


def _bullet(ppr: etree._Element) -> Bullet | None:
    if ppr.find(qn("a:buNone")) is not None:
        return Bullet("none")
    ch = ppr.find(qn("a:buChar"))
    if ch is not None:
        return Bullet("char", char=ch.get("char") or "•")
    num = ppr.find(qn("a:buAutoNum"))
    if num is not None:
        return Bullet(
            "autonum",
            scheme=num.get("type") or "arabicPeriod",
            start_at=parse_int(num.get("startAt")) or 1,
        )
    if ppr.find(qn("a:buBlip")) is not None:
        return Bullet("blip", char="•")
    return None


def read_para_props(ppr: etree._Element | None) -> ParaProps:
    if ppr is None:
        return ParaProps()
    bu_font: str | None = None
    if ppr.find(qn("a:buFontTx")) is not None:
        bu_font = "+tx"
    else:
        font = ppr.find(qn("a:buFont"))
        if font is not None:
            bu_font = typeface(font)
    return ParaProps(
        level=parse_int(ppr.get("lvl")),
        align=ppr.get("algn"),
        mar_l=parse_int(ppr.get("marL")),
        indent=parse_int(ppr.get("indent")),
        line_spacing=_spacing(ppr, "a:lnSpc"),
        space_before=_spacing(ppr, "a:spcBef"),
        space_after=_spacing(ppr, "a:spcAft"),
        bullet=_bullet(ppr),
        bullet_font=bu_font,
        bullet_color=read_color(ppr.find(qn("a:buClr"))),
        bullet_color_tx=True if ppr.find(qn("a:buClrTx")) is not None else None,
        rtl=_bool(ppr.get("rtl")),
        bullet_size=_bullet_size(ppr),
        def_tab=parse_int_in(ppr.get("defTabSz"), 1, 51206400),  # ST_Coordinate32, > 0
    )


def _bullet_size(ppr: etree._Element) -> Spacing | None:
    if ppr.find(qn("a:buSzTx")) is not None:
        return Spacing("pct", 100000)
    pct = ppr.find(qn("a:buSzPct"))
    v = None if pct is None else _pct(pct.get("val"))
    if v is not None:
        return Spacing("pct", v)
    pts = ppr.find(qn("a:buSzPts"))
    v = None if pts is None else parse_int(pts.get("val"))
    return None if v is None else Spacing("pts", v)


def read_level_style(ppr: etree._Element | None) -> LevelStyle | None:
    if ppr is None:
        return None
    return LevelStyle(read_para_props(ppr), read_run_props(ppr.find(qn("a:defRPr"))))


def read_list_style(el: etree._Element | None) -> ListStyle:
    """``a:lstStyle``, ``p:titleStyle``/``p:bodyStyle``/``p:otherStyle``, ``p:defaultTextStyle``."""
    if el is None:
        return EMPTY_LIST_STYLE
    levels = tuple(read_level_style(el.find(qn(f"a:lvl{n}pPr"))) for n in range(1, LEVELS + 1))
    return ListStyle(levels=levels, default=read_level_style(el.find(qn("a:defPPr"))))


def read_body_props(body_pr: etree._Element | None) -> BodyProps:
    if body_pr is None:
        return BodyProps()
    autofit: str | None = None
    scale: int | None = None
    reduction: int | None = None
    norm = body_pr.find(qn("a:normAutofit"))
    if norm is not None:
        autofit = "norm"
        scale = within(_pct(norm.get("fontScale")), 1000, 100000)
        reduction = within(_pct(norm.get("lnSpcReduction")), 0, 100000)
    elif body_pr.find(qn("a:spAutoFit")) is not None:
        autofit = "shape"
    elif body_pr.find(qn("a:noAutofit")) is not None:
        autofit = "none"
    return BodyProps(
        l_ins=parse_int(body_pr.get("lIns")),
        t_ins=parse_int(body_pr.get("tIns")),
        r_ins=parse_int(body_pr.get("rIns")),
        b_ins=parse_int(body_pr.get("bIns")),
        anchor=body_pr.get("anchor"),
        wrap=body_pr.get("wrap"),
        vert=body_pr.get("vert"),
        num_col=parse_int(body_pr.get("numCol")),
        rot=parse_int(body_pr.get("rot")),
        autofit=autofit,
        font_scale=scale,
        ln_spc_reduction=reduction,
    )


@dataclass(frozen=True)
class TextStyles:
    """A master's ``p:txStyles``."""

    title: ListStyle = EMPTY_LIST_STYLE
    body: ListStyle = EMPTY_LIST_STYLE
    other: ListStyle = EMPTY_LIST_STYLE


def read_tx_styles(pkg: Package, master_part: str) -> TextStyles:
    """The text styles of the master part ``master_part``."""
    tx = pkg.xml(master_part).find(qn("p:txStyles"))
    if tx is None:
        return TextStyles()
    return TextStyles(
        title=read_list_style(tx.find(qn("p:titleStyle"))),
        body=read_list_style(tx.find(qn("p:bodyStyle"))),
        other=read_list_style(tx.find(qn("p:otherStyle"))),
    )


def read_default_text_style(pkg: Package) -> ListStyle:
    """``p:presentation/p:defaultTextStyle``."""
    return read_list_style(pkg.xml(pkg.main_part()).find(qn("p:defaultTextStyle")))


@dataclass(frozen=True)
class TextRunData:
    text: str
    props: RunProps
    kind: str = "r"
    """``r``, ``fld`` or ``br`` (a line break inside the paragraph; text ``"\\n"``)."""


@dataclass(frozen=True)
class TextParaData:
    props: ParaProps
    runs: tuple[TextRunData, ...]
    end_props: RunProps
    run_defaults: RunProps = RunProps()
    """``a:pPr/a:defRPr``: what the paragraph's runs (and its end) do not say themselves.
    PowerPoint and LibreOffice draw it (python-pptx's ``paragraph.font`` writes it)."""

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)


@dataclass(frozen=True)
class TextBodyData:
    body: BodyProps
    lst_style: ListStyle
    paragraphs: tuple[TextParaData, ...]

    @property
    def text(self) -> str:
        return "\n".join(p.text for p in self.paragraphs)


def read_text_body(tx: etree._Element | None) -> TextBodyData | None:
    if tx is None:
        return None
    paras: list[TextParaData] = []
    for p in tx.findall(qn("a:p")):
        runs: list[TextRunData] = []
        for child in p:
            tag = child.tag
            if tag == qn("a:r") or tag == qn("a:fld"):
                t = child.find(qn("a:t"))
                text = (t.text or "") if t is not None else ""
                kind = "r" if tag == qn("a:r") else "fld"
                runs.append(TextRunData(text, read_run_props(child.find(qn("a:rPr"))), kind))
            elif tag == qn("a:br"):
                runs.append(TextRunData("\n", read_run_props(child.find(qn("a:rPr"))), "br"))
        ppr = p.find(qn("a:pPr"))
        paras.append(
            TextParaData(
                props=read_para_props(ppr),
                runs=tuple(runs),
                end_props=read_run_props(p.find(qn("a:endParaRPr"))),
                run_defaults=read_run_props(ppr.find(qn("a:defRPr")) if ppr is not None
                                            else None),
            )
        )
    return TextBodyData(
        body=read_body_props(tx.find(qn("a:bodyPr"))),
        lst_style=read_list_style(tx.find(qn("a:lstStyle"))),
        paragraphs=tuple(paras),
    )
