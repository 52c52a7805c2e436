"""``pptxagent eval``: the suite run, judged, scored, gated and written (``eval.output``)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from pptxagent.errors import InputError
from pptxagent.eval.output import read_marks, write_outputs
from pptxagent.eval.run import EvalOptions, expand, judge_case, load_suite, run_cases
from pptxagent.eval.score import by_template, case_row, citation_coverage, gate, totals
from pptxagent.ir.suite import Gate
from pptxagent.ooxml.deckfacts import read_deck_facts


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else ""


def _baseline(path: Path | None) -> dict[str, Any] | None:
    if path is None:
        return None
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise InputError(f"--baseline {path}: no such file") from None
    except (OSError, ValueError) as exc:
        raise InputError(f"--baseline {path}: not a results.json ({exc})") from exc
    if not isinstance(data, dict) or "summary" not in data:
        raise InputError(f"--baseline {path}: not a results.json of pptxagent eval "
                         "(no summary)")
    return data


def live_marks(out: Path, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The saved marks that were made on the decks the cases have now."""
    marks = read_marks(out)
    decks = {r["name"]: r.get("deck_sha") for r in rows}
    return {n: m for n, m in marks.items()
            if isinstance(m, dict) and decks.get(n) and m.get("deck") == decks[n]}


def rescore(out: Path, results: dict[str, Any]) -> dict[str, Any]:
    """``results`` with its totals and gate computed again (after a mark was saved)."""
    rows = results["cases"]
    marks = live_marks(out, rows)
    results["summary"] = totals(rows, marks)
    results["gate"] = gate(results["summary"], rows, Gate.model_validate(results["gates"]),
                           results.get("baseline"))
    return results


def eval_suite(opts: EvalOptions, say: Any = None) -> dict[str, Any]:
    """Run, judge, score and write the suite; returns the results (``gate.passed``)."""
    suite_dir = opts.suite_dir.resolve()
    suite = load_suite(suite_dir)
    baseline = _baseline(opts.baseline)
    out = opts.out.resolve()
    if out.exists() and not out.is_dir():
        raise InputError(f"-o {opts.out}: is a file; give a folder")
    if out == suite_dir:
        raise InputError(f"-o {opts.out}: is the suite's own folder; give another folder")
    out.mkdir(parents=True, exist_ok=True)
    runs = expand(suite, suite_dir, out, opts.profile)
    if say:
        say(f"running {len(runs)} case(s) of suite {suite.name!r} on "
            f"{max(1, min(opts.jobs, len(runs)))} worker(s)")
    jobs = run_cases(runs, out, opts.jobs, opts.timeout_s)
    templates: dict[Path, Any] = {}
    rows: list[dict[str, Any]] = []
    for run in runs:
        job = jobs.get(run.name)
        verdict, report, error = judge_case(run, job, templates)
        deck = run.folder / "deck.pptx"
        cites = (0, 0)
        if verdict is not None and report is not None and run.mode == "compose":
            facts = read_deck_facts(deck)
            cites = citation_coverage(run.content, report,
                                      [facts.text(n) for n in range(1, len(facts.slides) + 1)])
        row = case_row(run.name, run.case, run.mode,
                       str(run.template or run.source), run.profile, verdict, report, error,
                       job.result if job is not None else None, cites)
        row["deck"] = os.path.relpath(deck, out) if deck.is_file() else None
        row["deck_sha"] = _sha(deck)
        pics = sorted((run.folder / "libreoffice").glob("slide-*.png"),
                      key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        row["pictures"] = [os.path.relpath(p, out) for p in pics]
        rows.append(row)
        if say:
            verdict_word = ("LIE" if row["lie"] else "accepted" if row["accepted"]
                            else "rejected")
            say(f"{run.name}: {row['label']} -> {verdict_word}"
                + (f" ({len(row['defects'])} defect(s))" if row["defects"] else "")
                + (f": {row['error']}" if row.get("error") else ""))
    marks = live_marks(out, rows)
    summary = totals(rows, marks)
    results: dict[str, Any] = {
        "suite": suite.name, "suite_dir": str(suite_dir),
        "profile": opts.profile or suite.profile, "cases": rows, "summary": summary,
        "by_template": by_template(rows), "gates": suite.gate.model_dump(),
        "baseline": {"summary": baseline["summary"]} if baseline is not None else None,
        "gate": gate(summary, rows, suite.gate, baseline),
    }
    write_outputs(out, results, marks)
    return results


__all__ = ["eval_suite", "live_marks", "rescore"]
