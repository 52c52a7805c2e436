"""The text the ``llm`` policy sends: the rules (system), the slide state (user), and retries."""

from __future__ import annotations

import json
from typing import Any

from pptxagent.ir import FIX_ORDER, Diagnostics, SlideIR, dump
from pptxagent.policy.plan import editable
from pptxagent.settings import Settings

CONTENT_CHARS = 400
"""Text content is cut to this many characters in the prompt (the model needs its length,
not every word)."""

PATCH_SCHEMA = (
    '{"edits": [{"eid": "<eid from the IR>", "layout": {"x": <px>, "y": <px>, "w": <px>, '
    '"h": <px>}, "style": {"fontSize": <px>, "lineHeight": <multiple>}}], '
    '"constraints": {"no_add_remove": true}}'
)


def system_prompt(settings: Settings) -> str:
    s = settings
    fonts = ", ".join(f"priority ≥ {p}: {f:g}px" for p, f in s.min_fonts())
    order = " → ".join(FIX_ORDER)
    pct = round(s.HIGH_PRIO_SIZE_BUDGET * 100)
    return f"""You repair the layout of one presentation slide. You receive the slide's IR \
(elements with eid, type, priority, content, layout {{x, y, w, h, zIndex}} and style) and the \
diagnostics of its last render (defects with math hints, warnings, summary). You answer with \
ONE patch as a single JSON object and nothing else:

{PATCH_SCHEMA}

Rules:
1. Values are the TARGET state in slide-local CSS px (origin top-left), never deltas. \
Mention only the fields you change; unmentioned fields stay as they are. "layout" takes only \
x, y, w, h; "style" takes fontSize (px) and lineHeight (multiple of the font size).
2. Fixed element set: no adding, removing, splitting or merging elements. Every "eid" must \
be one of the IR's eids. Never edit an element marked "locked": true. An element marked \
"box_fixed": true (turned, or inside a group) keeps its layout: change only its \
style.
3. Apply hints first: when summary.chain_hints are present and chain_feasible is true, apply \
all of them as one batch ("keep" means leave that element alone; move_down sets layout.y; \
move_down_and_shrink sets layout.y and layout.h). When chain_feasible is false, apply the \
available chain hints and use your own judgment for the flagged element. For other defects, \
apply validated hint values (suggested_x/y/w/h → layout, suggested_fontSize/lineHeight → \
style) directly to hint.target_eid, else to the defect's eid or owner_eid.
4. Fix order when defects coexist: {order}. A later fix must not undo an earlier one.
5. Overlaps: adjust owner_eid (the lower-priority element) first: move it into free space, \
then resize it, then shrink its font. You may adjust the higher-priority other_eid only when \
that gives a clearly better layout.
6. Budgets: for elements with priority ≥ {s.HIGH_PRIORITY}, one patch may change w, h, \
fontSize or lineHeight by at most {pct}% of the current value and move x or y by at most \
{s.HIGH_PRIO_MOVE_PX:g}px; larger edits are clamped. Lower priorities are free.
7. Never set a text font below its minimum ({fonts}). Keep every element inside the slide \
(0 ≤ x, x + w ≤ slide width, 0 ≤ y, y + h ≤ slide height) and keep {s.SAFE_PADDING:g}px of \
safe padding around each element (two elements' boxes at least {2 * s.SAFE_PADDING:g}px \
apart). Elements of type "decoration" are background and may be overlapped.
8. Reply with the JSON object only: no prose, no markdown."""


def compact_ir(ir: SlideIR) -> dict[str, Any]:
    """What the model needs of the IR: geometry, style, priority, text (cut), locks."""
    elements: list[dict[str, Any]] = []
    for el in ir.elements:
        content = el.content if len(el.content) <= CONTENT_CHARS else (
            el.content[:CONTENT_CHARS] + f"… (+{len(el.content) - CONTENT_CHARS} chars)")
        item: dict[str, Any] = {
            "eid": el.eid, "type": el.type, "priority": el.priority, "content": content,
            "layout": dump(el.layout),
            "style": {k: v for k, v in dump(el.style).items() if not isinstance(v, dict)},
        }
        if not editable(el):
            item["locked"] = True
        elif el.source is not None and el.source.frame_fixed:
            item["box_fixed"] = True
        elements.append(item)
    return {"slide": dump(ir.slide), "elements": elements}


def user_prompt(ir: SlideIR, diag: Diagnostics, iteration: int) -> str:
    ir_json = json.dumps(compact_ir(ir), ensure_ascii=False)
    diag_json = json.dumps(dump(diag), ensure_ascii=False)
    return (
        f"Slide size: {ir.slide.w:g}×{ir.slide.h:g} px. Iteration {iteration}.\n\n"
        f"Current IR:\n{ir_json}\n\n"
        f"Diagnostics:\n{diag_json}\n\n"
        "Answer with the patch JSON object."
    )


def invalid_reply_prompt(problem: str, ir: SlideIR) -> str:
    eids = ", ".join(ir.eids())
    return (
        f"Your reply could not be used: {problem}. Answer again with ONLY one JSON object of "
        f"the form {PATCH_SCHEMA}. Edits may name only these eids: {eids}."
    )


def taboo_prompt(reason: str, fingerprint: str) -> str:
    return (
        f"That patch was refused: it repeats a strategy that already failed on this slide "
        f"(fingerprint {fingerprint or '?'}; {reason or 'taboo'}). Propose a DIFFERENT "
        "strategy: move another element or in another direction, or shrink the font instead "
        "of growing the box (or the reverse). Answer with ONLY the JSON object."
    )
