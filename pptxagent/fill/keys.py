"""Resolve content.json fill keys to the inventoried elements of a slide.

Keys: roles (``title``, ``subtitle``, ``body``, ``body2``, ``body3`` …), ``name:<shape name>``,
or an inventory eid (``sp<shape id>``). ``body`` is the first body or content placeholder in
reading order (top to bottom, then left to right).

A body role resolves by the kind of its value (``assign_keys``): when the placeholder in that
position cannot take it (text for a placeholder that holds a table or a chart, a table for a
text placeholder, a picture for a text box), the value goes to the first free shape of the
slide that takes it: text to a body placeholder, a table to a table, a picture to a
picture-capable placeholder. Keys that fit their position keep it, so content that names
positions correctly never moves.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

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
    why = ""
    if (slide.model_extra or {}).get("no_layout") and slide.part:
        why = (f" ({slide.part} has no slide layout: placeholders that take their "
               f"position from one are drawn nowhere)")
    raise ContentError(
        f"{where}: key {key!r} matches nothing on template slide {slide.index}{why}; "
        f"its keys are: {known}"
    )


Accepts = Callable[[Element], tuple[frozenset[str], str]]
"""What kinds of value (text, table, image) an element takes, and a short description."""
BODY_KEY = re.compile(r"body(?:[2-9]|[1-9]\d+)?")
KIND_NAMES = {"text": "text", "table": "a table (list of rows)", "image": "a picture"}


def _ordinal(key: str) -> int:
    return int(key[4:] or "1")


def _candidates(slide: DeckSlide, kind: str, roles: dict[str, Element],
                accepts: Accepts) -> list[Element]:
    """Shapes a body role may fall back to for a value of ``kind``, in reading order."""
    if kind == "text":
        pool = [el for key, el in roles.items() if BODY_KEY.fullmatch(key)]
    else:
        pool = sorted(slide.elements, key=_reading_order)
        if kind == "image":  # only placeholders: a template's own pictures are its design
            pool = [el for el in pool if _ph_type(el) is not None]
    return [el for el in pool if kind in accepts(el)[0]]


def _offers(slide: DeckSlide, roles: dict[str, Element], accepts: Accepts) -> str:
    names = {el.eid: key for key, el in roles.items()}
    out: list[str] = []
    for el in sorted(slide.elements, key=_reading_order):
        kinds, what = accepts(el)
        if not kinds or (el.eid not in names and _ph_type(el) is None and "table" not in kinds):
            continue
        label = names.get(el.eid, el.eid)
        takes = " or ".join(KIND_NAMES[k] for k in ("text", "table", "image") if k in kinds)
        name = el.source.name if el.source is not None else ""
        out.append(f"{label} = {what} {name!r} (takes {takes})")
    return "; ".join(out) or "no shape that takes content"


def assign_keys(slide: DeckSlide, wanted: Sequence[tuple[str, str]], accepts: Accepts,
                where: Callable[[str], str]) -> dict[str, Element]:
    """The element each (key, value kind) fills, body roles resolved by kind (module doc).
    ``where(key)`` names the key's JSON path in errors."""
    roles = role_map(slide)
    out: dict[str, Element] = {}
    pending: list[tuple[str, str]] = []
    for key, kind in wanted:
        el = roles.get(key)
        missing_text = el is None and kind == "text"  # no such position: a wrong key
        if BODY_KEY.fullmatch(key) and not missing_text and (
                el is None or kind not in accepts(el)[0]):
            pending.append((key, kind))
        else:
            out[key] = resolve_key(slide, key, where(key))
    taken = {el.eid for el in out.values()}
    for key, kind in sorted(pending, key=lambda kv: _ordinal(kv[0])):
        free = [el for el in _candidates(slide, kind, roles, accepts) if el.eid not in taken]
        if not free:
            at = roles.get(key)
            here = (f"{key} is {accepts(at)[1]} {at.source.name if at.source else at.eid!r}"
                    if at is not None else f"the slide has no {key}")
            raise ContentError(
                f"{where(key)}: the value of key {key!r} is {KIND_NAMES[kind]}, but template slide "
                f"{slide.index} has no free shape that takes it ({here}); the slide offers: "
                f"{_offers(slide, roles, accepts)}")
        out[key] = free[0]
        taken.add(free[0].eid)
    first: dict[str, str] = {}
    for key, _ in wanted:  # two keys for one shape: one value would be dropped unseen
        el = out[key]
        if el.eid in first:
            name = el.source.name if el.source is not None and el.source.name else el.eid
            raise ContentError(
                f"{where(key)}: keys {first[el.eid]!r} and {key!r} both name the shape "
                f"{name!r} on template slide {slide.index}; give it one value")
        first[el.eid] = key
    return {key: out[key] for key, _ in wanted}


__all__ = ["Accepts", "assign_keys", "resolve_key", "role_map", "slide_keys"]
