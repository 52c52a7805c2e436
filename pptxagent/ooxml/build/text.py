"""Text of scratch mode: text boxes and filled placeholders with explicit typography.

Every run carries its size (``sz``), bold/italic, a theme colour and the theme font
(``+mj-lt``/``+mn-lt`` with their ``ea``/``cs`` twins); every paragraph its alignment, indents,
line and paragraph spacing and an explicit bullet or ``a:buNone``; every body its wrap, insets,
anchor and ``a:noAutofit`` (the engine measured and set the sizes; nothing may shrink live).
"""

from __future__ import annotations

from lxml import etree

from pptxagent.ir.compose import Para, TextSpec
from pptxagent.ir.theme import ColorRole, ThemePack
from pptxagent.ooxml.build.xmlkit import (
    clean_text,
    emu_pt,
    line,
    make,
    scheme_clr,
    set_sppr_fill,
    set_sppr_line,
    solid_fill,
    sub,
    xfrm,
)
from pptxagent.ooxml.xml import qn

LEVEL_INDENT_EMU = 342_900
"""Left margin added per outline level (0.375 in)."""
BULLET_INDENT_EMU = 342_900
"""Hanging indent of a bulleted paragraph: the bullet sits ``marL - this`` from the inset."""
BULLET_CHAR = "•"
BULLET_FONT = "Arial"
LINE_SPACING_PCT = 100
LANG = "en-US"
_ANCHOR = {"top": "t", "middle": "ctr", "bottom": "b"}
_ALIGN = {"left": "l", "center": "ctr", "right": "r"}
_FONT = {"major": "mj", "minor": "mn"}


def indents(para: Para) -> tuple[int, int]:
    """``(marL, indent)`` in EMU of a paragraph (bullets hang by ``BULLET_INDENT_EMU``)."""
    if para.bullet:
        return (para.level + 1) * LEVEL_INDENT_EMU, -BULLET_INDENT_EMU
    return para.level * LEVEL_INDENT_EMU, 0


def body_pr(anchor: str, inset_pt: float) -> etree._Element:
    inset = emu_pt(inset_pt)
    pr = make("a:bodyPr", vert="horz", wrap="square", lIns=inset, tIns=inset, rIns=inset,
              bIns=inset, rtlCol="0", anchor=_ANCHOR.get(anchor, anchor), anchorCtr="0")
    sub(pr, "a:noAutofit")
    return pr


def _run_pr(tag: str, para: Para, pack: ThemePack) -> etree._Element:
    pr = make(tag, lang=LANG, sz=str(round(para.size_pt * 100)),
              b="1" if para.bold else "0", i="1" if para.italic else "0",
              cap="all" if para.caps else "none",
              dirty="0")
    pr.append(solid_fill(pack, para.color))
    face = _FONT[para.font]
    sub(pr, "a:latin", typeface=f"+{face}-lt")
    sub(pr, "a:ea", typeface=f"+{face}-ea")
    sub(pr, "a:cs", typeface=f"+{face}-cs")
    return pr


def _para_pr(para: Para, pack: ThemePack) -> etree._Element:
    mar_l, indent = indents(para)
    pr = make("a:pPr", marL=str(mar_l), lvl=str(para.level), indent=str(indent),
              algn=_ALIGN[para.align], rtl="0")
    spacing = sub(pr, "a:lnSpc")
    sub(spacing, "a:spcPct", val=str(LINE_SPACING_PCT * 1000))
    before = sub(pr, "a:spcBef")
    sub(before, "a:spcPts", val=str(round(para.space_before_pt * 100)))
    after = sub(pr, "a:spcAft")
    sub(after, "a:spcPts", val=str(round(para.space_after_pt * 100)))
    if para.bullet:
        colour = sub(pr, "a:buClr")
        colour.append(scheme_clr(pack.ref(para.color)))
        sub(pr, "a:buSzPct", val="100000")
        sub(pr, "a:buFont", typeface=BULLET_FONT)
        sub(pr, "a:buChar", char=BULLET_CHAR)
    else:
        sub(pr, "a:buNone")
    return pr


def paragraph(para: Para, pack: ThemePack) -> etree._Element:
    """One ``a:p``; line feeds in the text become ``a:br``."""
    p = make("a:p")
    p.append(_para_pr(para, pack))
    text = clean_text(para.text).replace("\r\n", "\n").replace("\r", "\n")
    for k, piece in enumerate(text.split("\n")):
        if k:
            br = sub(p, "a:br")
            br.append(_run_pr("a:rPr", para, pack))
        if piece:
            r = sub(p, "a:r")
            r.append(_run_pr("a:rPr", para, pack))
            t = sub(r, "a:t")
            t.text = piece
    p.append(_run_pr("a:endParaRPr", para, pack))
    return p


def fill_text_body(tx_body: etree._Element, paras: list[Para], pack: ThemePack,
                   anchor: str, inset_pt: float) -> None:
    """Replace the content of ``p:txBody`` / ``a:txBody`` with our body and paragraphs."""
    for old in list(tx_body):
        tx_body.remove(old)
    tx_body.append(body_pr(anchor, inset_pt))
    sub(tx_body, "a:lstStyle")
    for para in paras:
        tx_body.append(paragraph(para, pack))


def _sp_pr_for(spec: TextSpec, pack: ThemePack) -> etree._Element:
    sp_pr = make("p:spPr")
    box = spec.box
    sp_pr.append(xfrm(box.x, box.y, box.w, box.h))
    geom = sub(sp_pr, "a:prstGeom", prst="rect")
    sub(geom, "a:avLst")
    fill: ColorRole | None = spec.fill
    sp_pr.append(solid_fill(pack, fill) if fill is not None else make("a:noFill"))
    sp_pr.append(line(pack, None, 0))
    return sp_pr


def text_box(spec: TextSpec, pack: ThemePack, shape_id: int) -> etree._Element:
    """A ``p:sp txBox="1"`` at the spec's box."""
    sp = make("p:sp")
    nv = sub(sp, "p:nvSpPr")
    sub(nv, "p:cNvPr", id=str(shape_id), name=spec.name)
    sub(nv, "p:cNvSpPr", txBox="1")
    sub(nv, "p:nvPr")
    sp.append(_sp_pr_for(spec, pack))
    body = sub(sp, "p:txBody")
    fill_text_body(body, spec.paragraphs, pack, spec.anchor, spec.inset_pt)
    return sp


def fill_placeholder(sp: etree._Element, spec: TextSpec, pack: ThemePack) -> None:
    """Give a placeholder copied from its layout the spec's name, box, fill and text."""
    c_nv_pr = sp.find(f"{qn('p:nvSpPr')}/{qn('p:cNvPr')}")
    if c_nv_pr is not None:
        c_nv_pr.set("name", spec.name)
    sp_pr = sp.find(qn("p:spPr"))
    if sp_pr is None:
        sp_pr = make("p:spPr")
        sp.insert(1, sp_pr)
    for old in list(sp_pr):
        sp_pr.remove(old)
    box = spec.box
    sp_pr.append(xfrm(box.x, box.y, box.w, box.h))
    if spec.fill is not None:
        set_sppr_fill(sp_pr, solid_fill(pack, spec.fill))
    else:
        set_sppr_fill(sp_pr, make("a:noFill"))
    set_sppr_line(sp_pr, line(pack, None, 0))
    body = sp.find(qn("p:txBody"))
    if body is None:
        body = sub(sp, "p:txBody")
    fill_text_body(body, spec.paragraphs, pack, spec.anchor, spec.inset_pt)
