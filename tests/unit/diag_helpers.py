"""Build slide IRs and the DOM a browser would draw for them, for pure diagnostics tests.

``dom_from_ir`` draws every element at its IR layout (bbox = layout, safeBox = bbox inflated by
SAFE_PADDING, computed font = style font). Text gets a contentBox from a simple text model:
``chars`` characters (the ``chars`` extra field, else ``len(content)``) of width 0.5·fontSize,
wrapped to the box width minus insets, ``fontSize × lineHeight`` per line, anchored top-left.
``content`` overrides the contentBox of chosen elements outright.
"""

from __future__ import annotations

import math
from typing import Any

from pptxagent.ir import (
    TEXT_TYPES,
    Box,
    Computed,
    DomElement,
    DomSnapshot,
    Element,
    Hint,
    SlideIR,
    SlideSize,
)
from pptxagent.settings import DEFAULT_SETTINGS, Settings

DEFAULT_FONT = {"title": 40.0, "bullets": 24.0, "text": 18.0}
PRIORITY = {"title": 100, "bullets": 80, "text": 60, "image": 40, "decoration": 20}


def el(
    eid: str,
    type_: str,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    z: int = 10,
    priority: int | None = None,
    fs: float | None = None,
    lh: float = 1.2,
    chars: int = 10,
    **style: Any,
) -> Element:
    text = type_ in TEXT_TYPES
    return Element.model_validate(
        {
            "eid": eid,
            "type": type_,
            "priority": PRIORITY[type_] if priority is None else priority,
            "content": "x" * chars if text else "",
            "layout": {"x": x, "y": y, "w": w, "h": h, "zIndex": z},
            "style": {"fontSize": fs or DEFAULT_FONT[type_], "lineHeight": lh, **style}
            if text
            else style,
        }
    )


def slide(*elements: Element, w: float = 1280, h: float = 720) -> SlideIR:
    return SlideIR(slide=SlideSize(w=w, h=h), elements=list(elements))


def model_content(e: Element) -> Box:
    """Where the text model draws ``e``'s text (top-left anchored, wrapped)."""
    st, lay = e.style, e.layout
    ins = st.insets
    left, top = (ins.left, ins.top) if ins else (0.0, 0.0)
    avail = max(lay.w - (ins.left + ins.right if ins else 0.0), 1.0)
    fs = st.fontSize or 16.0
    line = fs * (st.lineHeight or 1.2)
    width = len(e.content) * 0.5 * fs
    if st.wrap is False:
        lines, w = 1, width
    else:
        lines, w = max(1, math.ceil(width / avail - 1e-9)), min(width, avail)
    return Box(x=lay.x + left, y=lay.y + top, w=w, h=lines * line)


def dom_from_ir(
    ir: SlideIR,
    settings: Settings = DEFAULT_SETTINGS,
    content: dict[str, Box | None] | None = None,
    hidden: frozenset[str] = frozenset(),
) -> DomSnapshot:
    pad = settings.SAFE_PADDING
    out: list[DomElement] = []
    for e in ir.elements:
        lay = e.layout
        bbox = Box(x=lay.x, y=lay.y, w=lay.w, h=lay.h)
        if content is not None and e.eid in content:
            cb = content[e.eid]
        else:
            cb = model_content(e) if e.is_text else None
        out.append(
            DomElement(
                eid=e.eid,
                bbox=bbox,
                safeBox=bbox.inflate(pad),
                contentBox=cb,
                zIndex=lay.zIndex,
                computed=Computed(
                    fontSize=e.style.fontSize or 16.0, lineHeight=e.style.lineHeight or 1.2
                ),
                visible=e.eid not in hidden,
            )
        )
    return DomSnapshot(slide=ir.slide, safe_padding=pad, elements=out)


HINT_FIELDS = tuple(f"suggested_{n}" for n in ("x", "y", "w", "h", "fontSize", "lineHeight"))
STYLE_FIELDS = frozenset({"fontSize", "lineHeight"})


def apply_hint(ir: SlideIR, eid: str, hint: Hint) -> SlideIR:
    """The IR with the hint's target values set on ``eid`` (what apply_patch would do)."""
    out = ir.model_copy(deep=True)
    target = out.element(eid)
    for key in HINT_FIELDS:
        value = getattr(hint, key)
        name = key.removeprefix("suggested_")
        if value is not None:
            setattr(target.style if name in STYLE_FIELDS else target.layout, name, value)
    return out


def hint_key(eid: str, hint: Hint) -> tuple[Any, ...]:
    return (eid, hint.action, *(getattr(hint, k) for k in HINT_FIELDS))
