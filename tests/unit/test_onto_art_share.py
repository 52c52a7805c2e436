"""The correction keeps text on the art the template put it on, but a box that merely
grazes a border tile is not that tile's text: cut to the tile, nothing could fit."""

from __future__ import annotations

from typing import Any

from pptxagent.ir import SlideIR
from pptxagent.pipeline.correct import onto_art


def _art(eid: str, x: float, y: float, w: float, h: float) -> dict[str, Any]:
    return {"eid": eid, "type": "decoration", "priority": 10,
            "layout": {"x": x, "y": y, "w": w, "h": h},
            "visual": {"fill": {"kind": "solid", "color": "#9ED155"}}}


def _slide(art: dict[str, Any]) -> SlideIR:
    body = {"eid": "body", "type": "text", "priority": 60, "content": "Revenue grew",
            "layout": {"x": 40, "y": 190, "w": 770, "h": 270}, "style": {"fontSize": 36}}
    return SlideIR.model_validate({"slide": {"w": 960, "h": 540},
                                   "elements": [body], "backdrop": {"art": [art]}})


def test_a_box_grazing_a_border_tile_is_not_cut_to_it() -> None:
    ir = _slide(_art("tile", 780, 453, 30, 30))
    assert onto_art(ir, {"body"}, frozenset(), 0.5) == []
    assert ir.element("body").layout.h == 270


def test_a_box_mostly_on_a_ribbon_is_kept_on_it() -> None:
    ir = _slide(_art("ribbon", 0, 180, 960, 240))
    (note,) = onto_art(ir, {"body"}, frozenset(), 0.5)
    assert "kept on the art" in note
    body = ir.element("body").layout
    assert (body.y, body.y + body.h) == (190, 420)
