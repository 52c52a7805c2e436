"""Trace bookkeeping: which diagnostics hints a patch applied (trace ``applied_hints``)."""

from __future__ import annotations

from typing import Any

from pptxagent.ir import Diagnostics, Patch, dump

_TOLERANCE_PX = 0.5
_MOVE_AXIS = {"up": "y", "down": "y", "left": "x", "right": "x"}


def _hints(diag: Diagnostics) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for d in diag.defects:
        if d.hint is not None:
            out.append((d.hint.target_eid or d.subject, dump(d.hint)))
    out += [(ch.eid, dump(ch)) for ch in diag.summary.chain_hints]
    return out


def _wanted(hint: dict[str, Any]) -> dict[str, float]:
    """Target values of a hint: ``suggested_<field>`` and ``suggested_move`` (direction, value)."""
    out = {
        k.removeprefix("suggested_"): float(v)
        for k, v in hint.items()
        if k.startswith("suggested_") and isinstance(v, int | float) and not isinstance(v, bool)
    }
    move = hint.get("suggested_move")
    if isinstance(move, dict) and isinstance(move.get("value"), int | float):
        axis = _MOVE_AXIS.get(str(move.get("direction", "")).lower())
        if axis is not None:
            out.setdefault(axis, float(move["value"]))
    return out


def applied_hints(patch: Patch, diag: Diagnostics) -> list[dict[str, Any]]:
    """The hints whose every suggested value the patch requests (before any clamp)."""
    requested: dict[str, dict[str, Any]] = {}
    for edit in patch.edits:
        requested.setdefault(edit.eid, {}).update({**edit.layout, **edit.style})
    out: list[dict[str, Any]] = []
    for eid, hint in _hints(diag):
        wanted = _wanted(hint)
        have = requested.get(eid, {})
        if not wanted or not all(
            isinstance(have.get(k), int | float) and abs(have[k] - v) <= _TOLERANCE_PX
            for k, v in wanted.items()
        ):
            continue
        entry = {"eid": eid, "action": hint.get("action", "")}
        entry.update({f"suggested_{k}": v for k, v in wanted.items()})
        if entry not in out:
            out.append(entry)
    return out
