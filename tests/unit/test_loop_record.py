"""Trace ``applied_hints``: which diagnostics hints a patch carried out."""

from __future__ import annotations

from pptxagent.ir import Defect, Diagnostics, Hint, Patch, Summary
from pptxagent.loop.record import applied_hints

DIAG = Diagnostics(
    defects=[
        Defect(type="content_overflow", eid="b", severity=40,
               hint=Hint(action="resize_height", suggested_h=570, validated=True)),
        Defect.model_validate(
            {"type": "overlap", "owner_eid": "img", "other_eid": "b", "severity": 300,
             "hint": {"action": "move_right", "target_eid": "img",
                      "suggested_move": {"direction": "right", "value": 940}}}
        ),
    ],
    warnings=[],
    summary=Summary(defect_count=2, total_severity=340, warning_count=0),
)


def test_matching_values_count_as_applied() -> None:
    patch = Patch.model_validate(
        {"edits": [{"eid": "b", "layout": {"h": 570.2}}, {"eid": "img", "layout": {"x": 940}}]}
    )
    assert applied_hints(patch, DIAG) == [
        {"eid": "b", "action": "resize_height", "suggested_h": 570.0},
        {"eid": "img", "action": "move_right", "suggested_x": 940.0},
    ]


def test_other_values_do_not() -> None:
    patch = Patch.model_validate({"edits": [{"eid": "b", "layout": {"h": 500}}]})
    assert applied_hints(patch, DIAG) == []
