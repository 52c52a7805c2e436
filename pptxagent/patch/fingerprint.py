"""Patch fingerprints for the anti-repeat memory (spec §5.10).

A fingerprint is the sorted, de-duplicated set of direction signatures of a patch, compared
against the IR the patch would be applied to, joined with ``|``::

    e_title_001:move:up|e_bullets_002:font:decrease|e_bullets_002:resize_h:grow

Edits that request the value an element already has contribute nothing.
"""

from __future__ import annotations

from typing import Any

from pptxagent.ir import Element, Patch, SlideIR

_LAYOUT_SIGNS: dict[str, tuple[str, str, str]] = {
    # key: (kind, when larger, when smaller)
    "x": ("move", "right", "left"),
    "y": ("move", "down", "up"),
    "w": ("resize_w", "grow", "shrink"),
    "h": ("resize_h", "grow", "shrink"),
    "zIndex": ("z", "raise", "lower"),
}
_STYLE_SIGNS: dict[str, tuple[str, str, str]] = {
    "fontSize": ("font", "increase", "decrease"),
    "lineHeight": ("line", "increase", "decrease"),
}


def _direction(
    eid: str, signs: tuple[str, str, str], new: Any, cur: Any
) -> str | None:
    kind, up, down = signs
    if not isinstance(new, int | float) or isinstance(new, bool):
        return None
    if cur is None or isinstance(cur, bool) or not isinstance(cur, int | float):
        return f"{eid}:{kind}:set"
    if new == cur:
        return None
    return f"{eid}:{kind}:{up if new > cur else down}"


def signatures(el: Element, layout: dict[str, float], style: dict[str, Any]) -> set[str]:
    """Direction signatures of one edit of ``el``."""
    out: set[str] = set()
    current_layout = el.layout.model_dump()
    current_style = el.style.model_dump()
    for key, new in layout.items():
        if key in _LAYOUT_SIGNS:
            sig = _direction(el.eid, _LAYOUT_SIGNS[key], new, current_layout.get(key))
            if sig:
                out.add(sig)
    for key, new in style.items():
        if key in _STYLE_SIGNS:
            sig = _direction(el.eid, _STYLE_SIGNS[key], new, current_style.get(key))
            if sig:
                out.add(sig)
        elif new != current_style.get(key):
            out.add(f"{el.eid}:style:{key}")
    return out


def fingerprint(ir_before: SlideIR, patch: Patch) -> str:
    """The patch's fingerprint against ``ir_before``; ``""`` for a patch that changes nothing."""
    by_eid = {el.eid: el for el in ir_before.elements}
    sigs: set[str] = set()
    for edit in patch.edits:
        el = by_eid.get(edit.eid)
        if el is None:
            sigs.add(f"{edit.eid}:unknown")
            continue
        sigs |= signatures(el, edit.layout, edit.style)
    return "|".join(sorted(sigs))
