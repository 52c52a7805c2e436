"""Turn a chat-completion answer into a ``Patch`` — or say precisely what is wrong with it.

The problem text goes back to the model in the retry message, so it names the JSON path.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from pptxagent.errors import IRValidationError
from pptxagent.ir import Edit, Patch, SlideIR, validate
from pptxagent.policy.plan import editable

LAYOUT_KEYS = frozenset({"x", "y", "w", "h"})
STYLE_KEYS = frozenset({"fontSize", "lineHeight"})
POSITIVE_KEYS = frozenset({"w", "h", "fontSize", "lineHeight"})
_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)


class ReplyError(ValueError):
    """The model's reply is not a usable patch; ``str(exc)`` says why."""


def reply_content(answer: Any) -> str:
    """``choices[0].message.content`` of an OpenAI chat-completion answer."""
    try:
        content = answer["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError) as exc:
        raise ReplyError("the answer has no choices[0].message.content") from exc
    if isinstance(content, list):  # content parts
        content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
    if not isinstance(content, str) or not content.strip():
        raise ReplyError("the reply is empty")
    return content


def extract_json(text: str) -> Any:
    """The JSON object in ``text``: bare, inside ```json fences, or after some prose."""
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    for cand in candidates:
        cand = cand.strip()
        try:
            return json.loads(cand)
        except json.JSONDecodeError:
            start = cand.find("{")
            if start < 0:
                continue
            try:
                obj, _ = json.JSONDecoder().raw_decode(cand, start)
                return obj
            except json.JSONDecodeError:
                continue
    raise ReplyError("the reply contains no JSON object")


def _check_edit(i: int, raw: Any, ir: SlideIR) -> None:
    """Checks on the raw JSON (pydantic would quietly turn ``"120"`` or ``true`` into floats)."""
    where = f"$.edits[{i}]"
    if not isinstance(raw, dict):
        raise ReplyError(f"{where}: expected an object with eid, layout, style")
    eid = raw.get("eid")
    try:
        el = ir.element(str(eid))
    except KeyError as exc:
        raise ReplyError(
            f"{where}.eid: unknown eid {eid!r} (known: {', '.join(ir.eids())})"
        ) from exc
    if not editable(el):
        raise ReplyError(f"{where}.eid: {eid!r} is locked and must not be edited")
    if el.source is not None and el.source.frame_fixed and raw.get("layout"):
        raise ReplyError(f"{where}.layout: {eid!r} is box_fixed (turned or in a group): "
                         "change only its style")
    for ns, allowed in (("layout", LAYOUT_KEYS), ("style", STYLE_KEYS)):
        values = raw.get(ns, {})
        if not isinstance(values, dict):
            raise ReplyError(f"{where}.{ns}: expected an object")
        for key, value in values.items():
            if key not in allowed:
                raise ReplyError(f"{where}.{ns}.{key}: not editable (use {sorted(allowed)})")
            if not isinstance(value, int | float) or isinstance(value, bool) or not (
                math.isfinite(value)
            ):
                raise ReplyError(f"{where}.{ns}.{key}: expected a number, got {value!r}")
            if key in POSITIVE_KEYS and value <= 0:
                raise ReplyError(f"{where}.{ns}.{key}: must be > 0, got {value!r}")


def parse_patch(text: str, ir: SlideIR) -> Patch:
    """Validate the reply as a §6 patch against ``ir``; edits of one eid are merged."""
    data = extract_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("edits"), list):
        raise ReplyError('the JSON object has no "edits" list')
    for i, raw in enumerate(data["edits"]):
        _check_edit(i, raw, ir)
    try:
        patch = validate(Patch, data, source="reply")
    except IRValidationError as exc:
        raise ReplyError(str(exc)) from exc
    if patch.constraints.get("no_add_remove") is False:
        raise ReplyError("$.constraints.no_add_remove: must be true (fixed element set)")
    merged: dict[str, Edit] = {}
    for edit in patch.edits:
        prev = merged.get(edit.eid)
        merged[edit.eid] = edit if prev is None else Edit(
            eid=edit.eid, layout={**prev.layout, **edit.layout},
            style={**prev.style, **edit.style})
    return Patch(edits=list(merged.values()))
