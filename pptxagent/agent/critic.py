"""The critic (agentic-upgrade §4.2, §8): score a pass against the quality gates — fit,
overlap, contrast, completeness — and say whether a correction pass may help and is allowed.

The gates are read from the fill/compose report (its slides' quality and visual QA issues,
judged against the template's own design) and from the content check (every content or
outline string on a slide, no unresolved token). Fit, overlap and contrast can be corrected
by another pass; missing strings cannot (the critic does not ask for a pass for them).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from pptxagent.ir.qa import LIVE_STATUSES

WEIGHTS = {"fit": 0.4, "overlap": 0.2, "contrast": 0.2, "completeness": 0.2}
CORRECTABLE = ("fit", "overlap", "contrast")
FIT_KINDS = frozenset({"overflow", "cutoff", "edge", "margin"})
OVERLAP_KINDS = frozenset({"text_overlap", "footer_collision"})
CONTRAST_KINDS = frozenset({"contrast"})
BLOCKING = frozenset({"critical", "major"})

MINOR_PENALTY = 0.01
MINOR_PENALTY_CAP = 0.1


class Verdict(BaseModel):
    score: float
    gates: dict[str, bool]
    failing: list[str] = Field(default_factory=list)
    issues: dict[str, int] = Field(default_factory=dict)
    """Live (open / unresolved) issues counted per gate, and ``minor``."""
    correct: bool = False
    """A correction pass is asked for (and allowed)."""
    why: str = ""


def _issues(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [i for s in report.get("slides") or [] for i in s.get("qa") or []
            if i.get("status") in LIVE_STATUSES]


def _count(issues: list[dict[str, Any]], kinds: frozenset[str]) -> int:
    return sum(1 for i in issues if i.get("kind") in kinds and i.get("severity") in BLOCKING)


def judge(report: dict[str, Any] | None, content: dict[str, Any] | None) -> dict[str, Any]:
    """Gates and counts of one pass (no decision about passes). Without a content check
    (``content`` None) completeness rests on the report's unresolved tokens alone."""
    report = report or {}
    issues = _issues(report)
    degraded = sum(1 for s in report.get("slides") or [] if s.get("quality") == "degraded")
    counts = {"degraded": degraded, "fit": _count(issues, FIT_KINDS),
              "overlap": _count(issues, OVERLAP_KINDS),
              "contrast": _count(issues, CONTRAST_KINDS),
              "minor": sum(1 for i in issues if i.get("severity") not in BLOCKING)}
    content_gates = (content or {}).get("gates") or {}
    complete = bool(content_gates.get("completeness", True)) and not (
        report.get("unresolved_tokens"))
    gates = {"fit": degraded == 0 and counts["fit"] == 0, "overlap": counts["overlap"] == 0,
             "contrast": counts["contrast"] == 0, "completeness": complete}
    score = sum(WEIGHTS[g] for g, ok in gates.items() if ok)
    score -= min(MINOR_PENALTY_CAP, MINOR_PENALTY * counts["minor"])
    return {"score": round(max(0.0, score), 3), "gates": gates, "issues": counts}


def qa_counts(report: dict[str, Any] | None) -> dict[str, int]:
    """What the render's visual QA found and what its QA correction pass made of it:
    ``found`` (issues, the template's own design aside), ``resolved`` / ``unresolved`` (by
    the QA correction pass), ``open`` (found and left as found), ``accepted`` (the
    template's own), ``live`` (open + unresolved: what the critic's gates count), and the
    slides the QA correction pass ran on (``corrected_slides``: its result kept;
    ``dropped_slides``: no better, the first result stands)."""
    slides = (report or {}).get("slides") or []
    issues = [i for s in slides for i in s.get("qa") or []]
    out = {k: sum(1 for i in issues if i.get("status") == k)
           for k in ("resolved", "unresolved", "open", "accepted")}
    out["found"] = len(issues) - out["accepted"]
    out["live"] = out["open"] + out["unresolved"]
    out["corrected_slides"] = sum(1 for s in slides if s.get("qa_correction") == "kept")
    out["dropped_slides"] = sum(1 for s in slides if s.get("qa_correction") == "dropped")
    return out


def rank(j: dict[str, Any]) -> tuple[float, int, int]:
    """Orders judged passes: higher score, then fewer degraded slides, then fewer blocking
    issues."""
    c = j["issues"]
    return (j["score"], -c["degraded"], -(c["fit"] + c["overlap"] + c["contrast"]))


def critique(report: dict[str, Any] | None, content: dict[str, Any] | None, *,
             passes_used: int, max_passes: int, steps_left: int, pass_steps: int,
             previous: dict[str, Any] | None = None) -> Verdict:
    """The verdict on a pass: its score and gates, and whether one more correction pass is
    asked for — only for a correctable failing gate, never beyond ``max_passes``, only
    while the plan's step budget holds a whole pass, and not after a correction pass that
    made nothing better than ``previous`` (the best pass before it, as ``judge`` gives)."""
    j = judge(report, content)
    failing = [g for g, ok in j["gates"].items() if not ok]
    fixable = [g for g in failing if g in CORRECTABLE]
    v = Verdict(score=j["score"], gates=j["gates"], failing=failing, issues=j["issues"])
    if not fixable:
        v.why = "all gates pass" if not failing else f"{', '.join(failing)}: not correctable"
    elif passes_used >= max_passes:
        v.why = f"{', '.join(fixable)} failing; critic correction budget spent ({max_passes})"
    elif previous is not None and rank(j) <= rank(previous):
        v.why = (f"{', '.join(fixable)} failing; critic correction pass {passes_used} made no "
                 "progress")
    elif steps_left < pass_steps:
        v.why = f"{', '.join(fixable)} failing; step budget left ({steps_left}) < a pass"
    else:
        v.correct = True
        v.why = f"{', '.join(fixable)} failing: critic correction pass {passes_used + 1}"
    return v


__all__ = ["CORRECTABLE", "WEIGHTS", "Verdict", "critique", "judge", "qa_counts", "rank"]
