"""Scores of an eval run (seed §11.2): each case's acceptance and metrics, their totals per
mode and per template, human acceptance from the marks a reviewer saved, and the release gate
(seed §11.3, §15).

A case is **accepted** when its deck was made, the judge found no defect, and its label says
so (``success_clean`` or ``success_with_warnings``). A label that calls a deck clean while
the judge sees text outside its box is a **lie**, counted on its own: the worst failure.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pptxagent.agent.record import deck_label as record_label
from pptxagent.eval.judge import WORD, Verdict
from pptxagent.ir.suite import Gate
from pptxagent.pipeline.report import FillReport

CLEAN = ("success_clean", "success_with_warnings")
MODES = {"fill": "template", "compose": "scratch"}


def deck_label(report: dict[str, Any]) -> str:
    """The deck's label from its report, as the batch gives it (its worst slide's)."""
    return record_label(FillReport.model_validate(report))


def _passes(report: dict[str, Any]) -> int:
    """Correction passes the deck took: the QA correction pass (1 when it resolved an issue)
    plus each LibreOffice re-refinement of a slide."""
    resolved = report.get("qa", {}).get("by_status", {}).get("resolved", 0)
    lo = sum(1 for s in report.get("slides", []) for c in s.get("changes", [])
             if str(c.get("stage", "")) == "libreoffice")
    return (1 if resolved else 0) + (1 if lo else 0)


def citation_coverage(outline: Any, report: dict[str, Any], texts: list[str]
                      ) -> tuple[int, int]:
    """(citations shown on their own slides, citations in the outline)."""
    slides = outline.get("slides", []) if isinstance(outline, dict) else []
    shown = total = 0
    for i, slide in enumerate(slides):
        cites = slide.get("citations") or [] if isinstance(slide, dict) else []
        mine = [s["index"] for s in report.get("slides", []) if s.get("outline_slide") == i + 1]
        words = {w.lower() for n in mine if n <= len(texts) for w in WORD.findall(texts[n - 1])}
        for cite in cites:
            total += 1
            need = {w.lower() for w in WORD.findall(str(cite))}
            shown += bool(need) and need <= words
    return shown, total


def case_row(name: str, case: str, mode: str, source: str, profile: str,
             verdict: Verdict | None, report: dict[str, Any] | None, error: str | None,
             job_result: dict[str, Any] | None, citations: tuple[int, int]) -> dict[str, Any]:
    result = job_result or {}
    row: dict[str, Any] = {"name": name, "case": case, "mode": mode, "source": source,
                           "profile": profile, "seconds": result.get("seconds"),
                           "cpu_seconds": result.get("cpu_seconds")}
    if verdict is None or report is None:
        return row | {"label": "failed", "accepted": False, "lie": False, "error": error,
                      "defects": [], "metrics": {}}
    label = deck_label(report)
    overflow = [d for d in verdict.defects if d["check"] == "overflow"]
    lie = label in CLEAN and bool(overflow)
    agrees = (label in CLEAN) == (not verdict.defects)
    slides = max(1, len(report.get("slides", [])))
    row |= {
        "label": label, "accepted": label in CLEAN and not verdict.defects, "lie": lie,
        "label_agrees": agrees, "defects": verdict.defects, "error": None,
        "metrics": {
            "fidelity": round(1 - min(1.0, len(verdict.defects) / max(1, verdict.shapes)), 4),
            "overflow_incidence": round(verdict.overflowing / max(1, verdict.shapes), 4),
            "defects_per_deck": len(verdict.defects),
            "defects_by_check": verdict.by_check(),
            "citations_shown": citations[0], "citations": citations[1],
            "correction_passes": _passes(report),
            "slides": slides,
        },
    }
    return row


def _rate(rows: list[dict[str, Any]], key: str) -> float | None:
    return round(sum(bool(r[key]) for r in rows) / len(rows), 4) if rows else None


def _median(values: Iterable[Any]) -> float | None:
    got = [float(v) for v in values if isinstance(v, int | float)]
    return round(statistics.median(got), 3) if got else None


def totals(rows: list[dict[str, Any]], marks: dict[str, Any]) -> dict[str, Any]:
    """Per mode (``template``, ``scratch``): acceptance, lies, metric means, seconds and
    CPU-seconds per deck by profile, human acceptance."""
    out: dict[str, Any] = {}
    for mode, label in MODES.items():
        mine = [r for r in rows if r["mode"] == mode]
        if not mine:
            continue
        made = [r for r in mine if r["metrics"]]
        marked = [marks[r["name"]] for r in mine if r["name"] in marks]
        cites = sum(r["metrics"].get("citations", 0) for r in made)
        out[label] = {
            "cases": len(mine), "accepted": sum(r["accepted"] for r in mine),
            "acceptance": _rate(mine, "accepted"), "lies": sum(r["lie"] for r in mine),
            "failed": sum(r["label"] == "failed" for r in mine),
            "fidelity": _mean(r["metrics"]["fidelity"] for r in made),
            "overflow_incidence": _mean(r["metrics"]["overflow_incidence"] for r in made),
            "defects_per_deck": _mean(r["metrics"]["defects_per_deck"] for r in made),
            "correction_passes": _mean(r["metrics"]["correction_passes"] for r in made),
            "citation_coverage": (round(sum(r["metrics"].get("citations_shown", 0)
                                            for r in made) / cites, 4) if cites else None),
            "seconds": _by_profile(mine, "seconds"),
            "cpu_seconds": _by_profile(mine, "cpu_seconds"),
            "human": {"marked": len(marked),
                      "accepted": sum(m.get("mark") == "accept" for m in marked),
                      "acceptance": (round(sum(m.get("mark") == "accept" for m in marked)
                                           / len(marked), 4) if marked else None)},
        }
    return out


def _mean(values: Iterable[float]) -> float | None:
    got = list(values)
    return round(sum(got) / len(got), 4) if got else None


def _by_profile(rows: list[dict[str, Any]], key: str) -> dict[str, float | None]:
    profiles = sorted({str(r["profile"]) for r in rows})
    return {p: _median(r[key] for r in rows if r["profile"] == p) for p in profiles}


def by_template(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for r in rows:
        key = Path(str(r["source"])).name
        slot = out.setdefault(key, {"cases": 0, "accepted": 0, "lies": 0})
        slot["cases"] += 1
        slot["accepted"] += int(r["accepted"])
        slot["lies"] += int(r["lie"])
    return out


def gate(summary: dict[str, Any], rows: list[dict[str, Any]], g: Gate,
         baseline: dict[str, Any] | None) -> dict[str, Any]:
    """Each check with its value and threshold; ``passed`` when all hold."""
    checks: list[dict[str, Any]] = []
    for label, need in (("template", g.template_acceptance), ("scratch", g.scratch_acceptance)):
        if label in summary:
            got = summary[label]["acceptance"] or 0.0
            checks.append({"name": f"{label} acceptance", "value": got, "threshold": need,
                           "passed": got >= need})
    lies = sum(r["lie"] for r in rows)
    checks.append({"name": "lies", "value": lies, "threshold": g.lies,
                   "passed": lies <= g.lies})
    if baseline is not None:
        base = baseline.get("summary", {})
        for key, budget in (("seconds", g.latency_regression),
                            ("cpu_seconds", g.cpu_regression)):
            for label, now in summary.items():
                for profile, value in now[key].items():
                    was = base.get(label, {}).get(key, {}).get(profile)
                    if not was or value is None:
                        continue
                    growth = round(value / was - 1, 4)
                    checks.append({"name": f"{label} {key} ({profile}) vs baseline",
                                   "value": growth, "threshold": budget,
                                   "passed": growth <= budget})
    return {"passed": all(c["passed"] for c in checks), "checks": checks}


__all__ = ["by_template", "case_row", "citation_coverage", "deck_label", "gate", "totals"]
