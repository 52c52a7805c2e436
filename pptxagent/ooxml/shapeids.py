"""Unique shape ids on the slides a fill creates.

Some producers (pandoc among them) write one ``p:cNvPr/@id`` on several shapes of a slide.
The template's own slide keeps them as they are; a copy of it is ours, and validators flag
every copy that repeats them. ``unique_shape_ids`` gives each later shape repeating an id a
fresh one (above every id on the slide) while a deck is saved, and puts the old ids back after:
everything before the save (fill, write-back, the IR) addresses such a shape by id and
occurrence, as the template numbers it. The first shape with an id keeps it, so whatever
names that id (connectors' ``stCxn``/``endCxn``, animations' ``spTgt``, build lists) still
resolves to the shape it resolved to before. A shape inside ``mc:Fallback`` takes the id its
``mc:Choice`` twin takes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from lxml import etree

from pptxagent.ooxml.drawables import numbered
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.tagging import shape_key
from pptxagent.ooxml.xml import qn

_FALLBACK = qn("mc:Fallback")
_UNDO = list[tuple[etree._Element, str]]


def _keys(root: etree._Element) -> list[str]:
    return [shape_key(sid, n) for _, sid, n in numbered(root)]


def _in_fallback(el: etree._Element) -> bool:
    return any(a.tag == _FALLBACK for a in el.iterancestors())


def _twins(root: etree._Element, old: dict[etree._Element, str], undo: _UNDO) -> None:
    """``mc:Fallback`` copies take their ``mc:Choice`` twin's new id (paired in order)."""
    for block in root.iter(qn("mc:AlternateContent")):
        choice, fallback = block.find(qn("mc:Choice")), block.find(_FALLBACK)
        if choice is None or fallback is None:
            continue
        for mine, twin in zip(choice.iter(qn("p:cNvPr")), fallback.iter(qn("p:cNvPr")),
                              strict=False):
            was = old.get(mine)
            if was is not None and twin.get("id") == was:
                undo.append((twin, was))
                twin.set("id", mine.get("id", was))


def renumber(root: etree._Element, undo: _UNDO) -> dict[str, str]:
    """Give every later ``p:cNvPr`` repeating an id on ``root`` (a slide) a fresh one, each
    change recorded in ``undo``; returns the shapes' keys (``shape_key``) in the renumbered
    slide that differ, mapped to their keys before."""
    before = _keys(root)
    every = list(root.iter(qn("p:cNvPr")))
    fresh = max((int(v) for nv in every if (v := nv.get("id", "")).isdigit()), default=0) + 1
    seen: set[str] = set()
    old: dict[etree._Element, str] = {}
    for nv in every:
        sid = nv.get("id", "")
        if _in_fallback(nv):
            continue
        if sid not in seen:
            seen.add(sid)
            continue
        old[nv] = sid
        undo.append((nv, sid))
        nv.set("id", str(fresh))
        fresh += 1
    if not old:
        return {}
    _twins(root, old, undo)
    return {a: b for a, b in zip(_keys(root), before, strict=True) if a != b}


@contextmanager
def unique_shape_ids(pkg: Package, parts: Iterable[str]) -> Iterator[dict[str, dict[str, str]]]:
    """While inside: every slide of ``parts`` has unique shape ids (``renumber``); yields
    part → {key in the saved slide: key before} for the slides that changed. On leaving,
    each id is what it was (the part stays marked changed: it serializes the same)."""
    undo: _UNDO = []
    keys: dict[str, dict[str, str]] = {}
    try:
        for part in parts:
            changed = renumber(pkg.xml(part), undo)
            if changed:
                keys[part] = changed
                pkg.mark_dirty(part)
        yield keys
    finally:
        for nv, sid in reversed(undo):
            nv.set("id", sid)


__all__ = ["renumber", "unique_shape_ids"]
