"""Small XML builders of the scratch-mode writer: elements, theme colours, fills, lines, shadows.

Every colour the writer emits goes through :func:`scheme_clr`: an ``a:schemeClr`` naming a
mapped theme slot with ``a:lumMod`` / ``a:lumOff`` from the pack's :class:`ColorRef`, never a
literal ``a:srgbClr``, so PowerPoint's Design → Variants re-colours the deck.
"""

from __future__ import annotations

import re

from lxml import etree
from pptx.oxml.xmlchemy import OxmlElement

from pptxagent.ir.brand import ArtColor
from pptxagent.ir.compose import EMU_PER_PT
from pptxagent.ir.theme import ColorRef, ColorRole, ThemePack
from pptxagent.ooxml.xml import SCHEMA_ORDER, insert_in_order, qn

_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
SHADOW_ALPHA_PCT = 35
"""Opacity of the theme shadow (an ``a:outerShdw`` in ``dk1``, the dark colour of any pack)."""


def make(tag: str, **attrs: str) -> etree._Element:
    """A new element (python-pptx's parser, so python-pptx can still read the tree)."""
    element: etree._Element = OxmlElement(tag)
    for key, value in attrs.items():
        element.set(key, value)
    return element


def sub(parent: etree._Element, tag: str, **attrs: str) -> etree._Element:
    """Append a new ``tag`` child to ``parent``."""
    child = make(tag, **attrs)
    parent.append(child)
    return child


def clean_text(text: str) -> str:
    """``text`` without the control characters XML 1.0 cannot carry."""
    return _XML_ILLEGAL.sub("", text)


def emu_pt(pt: float) -> str:
    return str(round(pt * EMU_PER_PT))


def scheme_clr(ref: ColorRef | ArtColor, alpha_pct: int | None = None) -> etree._Element:
    """``a:schemeClr val=slot`` with ``a:lumMod``/``a:lumOff`` (per cent × 1000)."""
    clr = make("a:schemeClr", val=ref.slot)
    if ref.lum_mod is not None:
        sub(clr, "a:lumMod", val=str(ref.lum_mod * 1000))
    if ref.lum_off is not None:
        sub(clr, "a:lumOff", val=str(ref.lum_off * 1000))
    if alpha_pct is not None:
        sub(clr, "a:alpha", val=str(alpha_pct * 1000))
    return clr


def role_ref(pack: ThemePack, role: ColorRole) -> ColorRef:
    return pack.ref(role)


def solid_fill(pack: ThemePack, role: ColorRole) -> etree._Element:
    fill = make("a:solidFill")
    fill.append(scheme_clr(role_ref(pack, role)))
    return fill


def line(pack: ThemePack, role: ColorRole | None, width_pt: float) -> etree._Element:
    """``a:ln`` of ``width_pt`` in the role's colour, or an explicit no-line."""
    ln = make("a:ln")
    if role is None or width_pt <= 0:
        sub(ln, "a:noFill")
        return ln
    ln.set("w", emu_pt(width_pt))
    ln.append(solid_fill(pack, role))
    return ln


def shadow() -> etree._Element:
    """The theme shadow: a soft ``a:outerShdw`` below the shape in ``dk1`` at 35 % opacity."""
    effects = make("a:effectLst")
    shdw = sub(effects, "a:outerShdw", blurRad="76200", dist="25400", dir="5400000",
               algn="t", rotWithShape="0")
    clr = sub(shdw, "a:schemeClr", val="dk1")
    sub(clr, "a:alpha", val=str(SHADOW_ALPHA_PCT * 1000))
    return effects


def set_sppr_fill(sp_pr: etree._Element, fill: etree._Element) -> None:
    """Put ``fill`` (``a:solidFill`` / ``a:noFill``) at its schema position in ``spPr``."""
    insert_in_order(sp_pr, fill, SCHEMA_ORDER["p:spPr"])


def set_sppr_line(sp_pr: etree._Element, ln: etree._Element) -> None:
    insert_in_order(sp_pr, ln, SCHEMA_ORDER["p:spPr"])


def set_sppr_effects(sp_pr: etree._Element, effects: etree._Element) -> None:
    insert_in_order(sp_pr, effects, SCHEMA_ORDER["p:spPr"])


def xfrm(x: int, y: int, w: int, h: int, tag: str = "a:xfrm") -> etree._Element:
    element = make(tag)
    sub(element, "a:off", x=str(x), y=str(y))
    sub(element, "a:ext", cx=str(w), cy=str(h))
    return element


def child(parent: etree._Element, tag: str) -> etree._Element | None:
    return parent.find(qn(tag))
