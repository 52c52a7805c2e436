"""Which layout and master placeholder a placeholder inherits from: slide → layout by ``idx``
(else kind), layout → master by kind. One rule for the inventory (styles, frames) and the fill
(the paragraph of a level the slide's text lacks).

Candidates are ``(item, type, idx)``: the item is whatever the caller reads (a ``ShapeData``,
a ``p:sp`` element); ``type`` is ``p:ph/@type`` as written (None: the schema's ``obj``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
Candidate = tuple[T, str | None, int | None]

TITLE_TYPES = frozenset({"title", "ctrTitle"})
FOOTER_TYPES = frozenset({"dt", "ftr", "sldNum", "hdr"})
_OWN_MASTER_TYPES = frozenset({"title"}) | FOOTER_TYPES


def _layout_class(ph_type: str | None) -> str:
    if ph_type in TITLE_TYPES:
        return "title"
    if ph_type in (None, "obj", "body"):
        return "body"
    return ph_type


def _master_class(ph_type: str | None) -> str:
    if ph_type in TITLE_TYPES:
        return "title"
    return ph_type if ph_type in _OWN_MASTER_TYPES else "body"


def match_layout(cands: Sequence[Candidate[T]], ph_type: str | None,
                 ph_idx: int | None) -> Candidate[T] | None:
    """The layout placeholder a slide placeholder inherits from: same idx and kind, else same
    idx, else same kind."""
    idx = ph_idx or 0
    cls = _layout_class(ph_type)
    for cand in cands:
        if (cand[2] or 0) == idx and _layout_class(cand[1]) == cls:
            return cand
    if ph_idx:
        for cand in cands:
            if cand[2] == ph_idx:
                return cand
    return next((c for c in cands if _layout_class(c[1]) == cls), None)


def match_master(cands: Sequence[Candidate[T]], ph_type: str | None) -> Candidate[T] | None:
    """The master placeholder of a layout placeholder of ``ph_type``: the same kind (title,
    body, or a date/footer/number/header placeholder's own)."""
    cls = _master_class(ph_type)
    return next((c for c in cands if _master_class(c[1]) == cls), None)
