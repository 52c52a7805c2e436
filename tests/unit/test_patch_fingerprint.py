"""Patch fingerprints (§5.10): direction signatures against the IR before the patch."""

from __future__ import annotations

from typing import Any

from pptxagent.ir import Patch, SlideIR
from pptxagent.patch.fingerprint import fingerprint

IR = SlideIR.model_validate(
    {
        "elements": [
            {
                "eid": "b",
                "type": "bullets",
                "priority": 80,
                "layout": {"x": 64, "y": 140, "w": 820, "h": 520},
                "style": {"fontSize": 22, "lineHeight": 1.5},
            },
            {
                "eid": "a",
                "type": "image",
                "priority": 40,
                "layout": {"x": 900, "y": 140, "w": 300, "h": 300},
            },
        ]
    }
)


def fp(*edits: dict[str, Any]) -> str:
    return fingerprint(IR, Patch.model_validate({"edits": list(edits)}))


def test_every_direction() -> None:
    assert fp({"eid": "b", "layout": {"y": 200}}) == "b:move:down"
    assert fp({"eid": "b", "layout": {"y": 100}}) == "b:move:up"
    assert fp({"eid": "b", "layout": {"x": 10}}) == "b:move:left"
    assert fp({"eid": "b", "layout": {"x": 70}}) == "b:move:right"
    assert fp({"eid": "b", "layout": {"w": 900}}) == "b:resize_w:grow"
    assert fp({"eid": "b", "layout": {"h": 500}}) == "b:resize_h:shrink"
    assert fp({"eid": "b", "style": {"fontSize": 20}}) == "b:font:decrease"
    assert fp({"eid": "b", "style": {"lineHeight": 1.6}}) == "b:line:increase"
    assert fp({"eid": "b", "style": {"color": "#fff"}}) == "b:style:color"


def test_sorted_deduplicated_joined() -> None:
    got = fp(
        {"eid": "b", "layout": {"y": 200, "h": 400}, "style": {"fontSize": 20}},
        {"eid": "a", "layout": {"x": 800}},
        {"eid": "b", "layout": {"y": 210}},
    )
    assert got == "a:move:left|b:font:decrease|b:move:down|b:resize_h:shrink"


def test_unchanged_values_contribute_nothing() -> None:
    assert fp({"eid": "b", "layout": {"y": 140}, "style": {"fontSize": 22}}) == ""


def test_same_patch_different_base_gives_different_fingerprint() -> None:
    p = Patch.model_validate({"edits": [{"eid": "b", "layout": {"y": 300}}]})
    moved = IR.model_copy(deep=True)
    moved.element("b").layout.y = 400
    assert fingerprint(IR, p) == "b:move:down"
    assert fingerprint(moved, p) == "b:move:up"
