"""When the visual QA's correction pass is kept, and when the first result stands.

Found on LibreOffice's "Freshes" template: white text running from the title photo's dark
blue onto its white cloud (1.47:1) was cut to the part of the box where its backdrop gives
2:1; the narrower box no longer held the text, which then ran 15 px off the slide. One
critical issue traded for another is not a correction: the first result stands.
"""

from __future__ import annotations

from pptxagent.ir.qa import QaIssue
from pptxagent.pipeline.visualqa import _worse


def _critical(kind: str, eid: str = "sp462") -> QaIssue:
    return QaIssue(slide=1, eid=eid, kind=kind, severity="critical", message=kind)  # type: ignore[arg-type]


def test_a_critical_issue_traded_for_another_is_worse() -> None:
    assert _worse([_critical("contrast")], [_critical("cutoff")], 0, 0)


def test_fewer_critical_issues_is_better_and_the_same_one_left_is_not_worse() -> None:
    assert not _worse([_critical("contrast"), _critical("cutoff", "sp9")],
                      [_critical("contrast")], 0, 0)
    assert not _worse([_critical("cutoff")], [_critical("cutoff")], 1, 1)
    assert _worse([_critical("cutoff")], [_critical("cutoff"), _critical("overflow")], 0, 0)
