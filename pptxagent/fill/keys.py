"""Resolve content.json fill keys to the inventoried elements of a slide.

Keys: roles (``title``, ``subtitle``, ``body``, ``body2``, ``body3`` …), ``name:<shape name>``,
or an inventory eid (``sp<shape id>``). ``body`` is the first body or content placeholder in
reading order (top to bottom, then left to right).
"""

from __future__ import annotations

from pptxagent.errors import ContentError
from pptxagent.ir import DeckSlide, Element

TITLE_PH = frozenset({"title", "ctrTitle"})
SUBTITLE_PH = frozenset({"subTitle"})
BODY_PH = frozenset({"body", "obj"})
"""A placeholder with an ``idx`` and no ``type`` is a content placeholder (``obj``)."""
BODY_KINDS = frozenset({"sp", "graphicFrame"})


def _ph_type(el: Element) -> str | None:
    src = el.source
    if src is None:
        return None
    if src.ph_type is not None:
        return src.ph_type
    if src.ph_idx is not None:
        return "obj"
    return None


def _reading_order(el: Element) -> tuple[float, float]:
    return (round(el.layout.y), round(el.layout.x))


def role_map(slide: DeckSlide) -> dict[str, Element]:
    """Role keys of a slide: ``title``, ``subtitle``, ``body``, ``body2`` … (reading order)."""
    roles: dict[str, Element] = {}
    bodies: list[Element] = []
    for el in sorted(slide.elements, key=_reading_order):
        ph = _ph_type(el)
        declared = el.role or ""
        if (ph in TITLE_PH or declared == "title") and "title" not in roles:
            roles["title"] = el
        elif (ph in SUBTITLE_PH or declared == "subtitle") and "subtitle" not in roles:
            roles["subtitle"] = el
        elif ph in BODY_PH and (el.source is None or el.source.kind in BODY_KINDS):
            bodies.append(el)
    for i, el in enumerate(bodies):
        roles["body" if i == 0 else f"body{i + 1}"] = el
    return roles


def slide_keys(slide: DeckSlide) -> list[str]:
    """Every key that names an element of the slide, for error messages."""
    keys = list(role_map(slide))
    for el in slide.elements:
        if el.source is not None and el.source.name:
            keys.append(f"name:{el.source.name}")
    keys.extend(el.eid for el in slide.elements)
    return list(dict.fromkeys(keys))


def resolve_key(slide: DeckSlide, key: str, where: str) -> Element:
    """The element ``key`` names on ``slide``; ContentError naming ``where`` (the template slide
    and JSON path) and the slide's keys otherwise."""
    roles = role_map(slide)
    if key in roles:
        return roles[key]
    if key.startswith("name:"):
        name = key[len("name:"):]
        hits = [el for el in slide.elements if el.source is not None and el.source.name == name]
        if len(hits) > 1:
            eids = ", ".join(el.eid for el in hits)
            raise ContentError(f"{where}: key {key!r} matches {len(hits)} shapes on template "
                               f"slide {slide.index} ({eids}); use one of these eids instead")
        if hits:
            return hits[0]
    for el in slide.elements:
        if el.eid == key:
            return el
    known = ", ".join(slide_keys(slide)) or "(none: the slide has no fillable shapes)"
    raise ContentError(
        f"{where}: key {key!r} matches nothing on template slide {slide.index}; "
        f"its keys are: {known}"
    )


__all__ = ["resolve_key", "role_map", "slide_keys"]
