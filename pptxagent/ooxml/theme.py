"""Read colours, colour maps and theme parts into plain frozen dataclasses.

Colours are read *unresolved* (``ColorSpec``): a scheme colour means something different
on every slide (the slide's colour map decides what ``tx1`` is), so resolution happens in
``pptxagent.inventory.colors`` with the slide's ``ColorContext``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.xml import qn, typeface

_COLOR_TAGS: dict[str, str] = {
    qn("a:srgbClr"): "srgb",
    qn("a:schemeClr"): "scheme",
    qn("a:sysClr"): "sys",
    qn("a:prstClr"): "prst",
    qn("a:scrgbClr"): "scrgb",
    qn("a:hslClr"): "hsl",
}


@dataclass(frozen=True)
class ColorSpec:
    """One DrawingML colour choice with its modifiers (``lumMod`` 75000 …), unresolved.

    ``value`` is the hex for srgb, the scheme name (``tx1``, ``accent1``, ``phClr``) for
    scheme, ``lastClr`` (else the system name) for sys, the preset name for prst, and
    ``"r,g,b"`` (per-mille-of-percent values) for scrgb/hsl.
    """

    kind: str
    value: str
    mods: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Theme:
    """Theme fonts by script (``latin``, ``ea``, ``cs``) and the colour scheme (name → hex)."""

    major: dict[str, str] = field(default_factory=dict)
    minor: dict[str, str] = field(default_factory=dict)
    colors: dict[str, str] = field(default_factory=dict)


def parse_int_in(value: str | None, lo: int, hi: int) -> int | None:
    """``parse_int`` within the schema's range ``[lo, hi]``; else None (as if absent: a
    negative font size or line width is garbage the renderers ignore, not a value)."""
    return within(parse_int(value), lo, hi)


def within(value: int | None, lo: int, hi: int) -> int | None:
    """``value`` when it lies in ``[lo, hi]``, else None."""
    return value if value is not None and lo <= value <= hi else None


def parse_int(value: str | None) -> int | None:
    """An integer attribute; tolerates ``"12.0"`` (some producers write floats); else None."""
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        try:
            return round(float(value))
        except (ValueError, OverflowError):
            return None


_FLAG_MODS = frozenset({"gamma", "invGamma", "inv", "comp", "gray"})
"""Colour transforms without a value (kept with value 0)."""


def read_color_choice(el: etree._Element) -> ColorSpec | None:
    """``el`` is itself a colour element (``a:srgbClr`` …)."""
    kind = _COLOR_TAGS.get(str(el.tag))
    if kind is None:
        return None
    if kind == "sys":
        value = el.get("lastClr") or el.get("val") or "000000"
    elif kind in ("scrgb", "hsl"):
        keys = ("r", "g", "b") if kind == "scrgb" else ("hue", "sat", "lum")
        value = ",".join(el.get(k, "0") for k in keys)
    else:
        value = el.get("val") or ""
    mods: list[tuple[str, int]] = []
    for child in el:
        if not isinstance(child.tag, str):
            continue
        name = etree.QName(child).localname
        n = parse_int(child.get("val"))
        if n is None and name in _FLAG_MODS:
            n = 0
        if n is not None:
            mods.append((name, n))
    return ColorSpec(kind, value, tuple(mods))


def read_color(parent: etree._Element | None) -> ColorSpec | None:
    """The colour held by ``parent`` (``a:solidFill``, ``a:buClr``, ``a:fontRef`` …)."""
    if parent is None:
        return None
    for child in parent:
        spec = read_color_choice(child) if isinstance(child.tag, str) else None
        if spec is not None:
            return spec
    return None


def read_fill(parent: etree._Element | None) -> tuple[bool, ColorSpec | None]:
    """``(has_fill_element, solid colour)`` of ``p:spPr``/``a:rPr``-like parents.

    ``(True, None)`` means an explicit non-solid fill (``a:noFill``, gradient, picture): it
    still stops the inheritance of a colour from further up.
    """
    if parent is None:
        return False, None
    solid = parent.find(qn("a:solidFill"))
    if solid is not None:
        return True, read_color(solid)
    for tag in ("a:noFill", "a:gradFill", "a:blipFill", "a:pattFill", "a:grpFill"):
        el = parent.find(qn(tag))
        if el is not None:
            if tag == "a:gradFill":
                gs = el.find(f"{qn('a:gsLst')}/{qn('a:gs')}")
                return True, read_color(gs)
            return True, None
    return False, None


def read_clr_map(el: etree._Element | None) -> dict[str, str]:
    """``p:clrMap`` / ``a:overrideClrMapping`` attributes: ``{"tx1": "dk1", ...}``."""
    if el is None:
        return {}
    return {str(k): str(v) for k, v in el.attrib.items()}


def read_theme(pkg: Package, part: str) -> Theme:
    root = pkg.xml(part)
    elements = root.find(qn("a:themeElements"))
    if elements is None:
        return Theme()
    fonts: dict[str, dict[str, str]] = {"major": {}, "minor": {}}
    scheme = elements.find(qn("a:fontScheme"))
    if scheme is not None:
        for which in ("major", "minor"):
            font = scheme.find(qn(f"a:{which}Font"))
            if font is None:
                continue
            for script in ("latin", "ea", "cs"):
                face = font.find(qn(f"a:{script}"))
                name = typeface(face)
                if name:
                    fonts[which][script] = name
    colors: dict[str, str] = {}
    clr = elements.find(qn("a:clrScheme"))
    if clr is not None:
        for child in clr:
            if not isinstance(child.tag, str):
                continue
            spec = read_color(child)
            if spec is not None and spec.kind in ("srgb", "sys"):
                colors[etree.QName(child).localname] = spec.value.upper()
    return Theme(major=fonts["major"], minor=fonts["minor"], colors=colors)
