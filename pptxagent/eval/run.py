"""``pptxagent eval SUITE_DIR``: run a golden suite through the batch's warm worker pool,
judge every output with LibreOffice (``eval.judge``), and score it (``eval.score``).

Each case (and each revision) is a job of kind ``record`` (``agent.record``, ``mode`` fill
or compose) in a journal under OUT (``.pptxagent-eval``, SQLite), run by the same pool a batch
uses (``batch.run.drive``): warm Chromium and LibreOffice per worker, time limits, one retry
of a worker that died. The judge then draws each deck in this process's LibreOffice.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pptxagent.batch.run import drive, pool_config
from pptxagent.errors import InputError
from pptxagent.eval.judge import Drawn, Verdict, draw_template, judge
from pptxagent.ir.load import read_json, validate
from pptxagent.ir.suite import Profile, Suite
from pptxagent.store import JobRow, Store

JOURNAL = ".pptxagent-eval"
KIND = "record"
SUITE_FILE = "suite.json"


@dataclass
class EvalOptions:
    suite_dir: Path
    out: Path
    profile: Profile | None = None
    baseline: Path | None = None
    jobs: int = 2
    timeout_s: float = 300.0


@dataclass
class CaseRun:
    """One deck to make: a suite case or one of its revisions."""

    name: str
    case: str
    mode: str
    source: Path
    """The content (fill) or outline (compose) file."""
    template: Path | None
    theme: str | None
    profile: Profile
    content: Any = None
    folder: Path = field(default_factory=Path)


def load_suite(suite_dir: Path) -> Suite:
    """``SUITE_DIR/suite.json``, validated (exit 2 naming the file and JSON path), every file
    it names present."""
    if not suite_dir.is_dir():
        raise InputError(f"{suite_dir}: no such folder; give the suite's folder (it holds "
                         f"{SUITE_FILE})")
    path = suite_dir / SUITE_FILE
    if not path.is_file():
        raise InputError(f"{path}: no such file; a suite folder holds {SUITE_FILE} "
                         "(pptxagent schema suite prints its schema)")
    suite = validate(Suite, read_json(path), source=str(path))
    for i, case in enumerate(suite.cases):
        named = {"template": case.template, "content": case.content, "outline": case.outline}
        named |= {f"revisions[{k}]": r for k, r in enumerate(case.revisions)}
        for key, rel in named.items():
            if rel is not None and not (suite_dir / rel).is_file():
                raise InputError(f"{path}: $.cases[{i}].{key}: no such file {rel}")
        theme = case.theme
        if theme is not None and theme.endswith(".json") and not (suite_dir / theme).is_file():
            raise InputError(f"{path}: $.cases[{i}].theme: no such file {theme}")
    return suite


def expand(suite: Suite, suite_dir: Path, out: Path, profile: Profile | None) -> list[CaseRun]:
    runs: list[CaseRun] = []
    for case in suite.cases:
        first = case.content if case.mode == "fill" else case.outline
        assert first is not None
        for k, rel in enumerate([first, *case.revisions], 1):
            name = case.name if k == 1 else f"{case.name}@{k}"
            theme = case.theme
            if theme is not None and theme.endswith(".json"):
                theme = str((suite_dir / theme).resolve())
            runs.append(CaseRun(
                name=name, case=case.name, mode=case.mode, source=(suite_dir / rel).resolve(),
                template=(suite_dir / case.template).resolve() if case.template else None,
                theme=theme, profile=profile or case.profile or suite.profile,
                folder=out / "cases" / name))
    for run in runs:
        run.content = read_json(run.source)
    return runs


def _request(run: CaseRun, number: int) -> dict[str, Any]:
    run.folder.mkdir(parents=True, exist_ok=True)
    key = hashlib.sha256(f"{run.name}:{number}".encode()).hexdigest()[:16]
    return {"kind": KIND, "mode": run.mode, "number": number, "where": run.name,
            "template": str(run.template or ""), "content": run.content,
            "theme": run.theme, "base_dir": str(run.source.parent),
            "report": str(run.folder / "report.json"), "out": str(run.folder / "deck.pptx"),
            "key": key, "profile": run.profile}


def run_cases(runs: list[CaseRun], out: Path, jobs: int, timeout_s: float
              ) -> dict[str, JobRow]:
    """Every case made by the pool; the finished job per case name."""
    journal = out / JOURNAL
    shutil.rmtree(journal, ignore_errors=True)
    journal.mkdir(parents=True)
    store = Store(None, data_dir=journal)
    store.migrate()
    try:
        token = store.token_id(store.create_token("eval", max_queued=2**31 - 1,
                                                  plaintext="pptxagent-eval"))
        assert token is not None
        requests = [_request(r, n) for n, r in enumerate(runs, 1)]
        ids = store.submit_many(token, KIND, requests)
        cfg = pool_config(journal, jobs, len(ids), timeout_s, 25, None, None)
        finished, _ = drive(cfg, store, token, KIND, ids, lambda job: job)
    finally:
        store.close()
    by_number = {str(j.request.get("where")): j for j in finished.values()}
    return by_number


def _origin(report: dict[str, Any]) -> dict[int, int]:
    return {int(s["index"]): int(s.get("template_slide") or 0) for s in report["slides"]}


def judge_case(run: CaseRun, job: JobRow | None, templates: dict[Path, Drawn]
               ) -> tuple[Verdict | None, dict[str, Any] | None, str | None]:
    """The verdict, the deck's report, or why the case produced no deck."""
    deck, report_path = run.folder / "deck.pptx", run.folder / "report.json"
    if job is None or job.status != "succeeded" or not deck.is_file():
        err = (job.error or {}) if job is not None else {}
        return None, None, str(err.get("message") or err.get("reason") or "not run")
    report = json.loads(report_path.read_text("utf-8")) if report_path.is_file() else None
    if report is None:
        return None, None, "the job wrote no report"
    tpl_drawn = None
    if run.template is not None:
        if run.template not in templates:
            templates[run.template] = draw_template(run.template)
        tpl_drawn = templates[run.template]
    verdict = judge(run.mode, deck, run.content, run.folder / "libreoffice", run.template,
                    tpl_drawn, _origin(report) if run.mode == "fill" else None)
    return verdict, report, None


__all__ = ["CaseRun", "EvalOptions", "expand", "judge_case", "load_suite", "run_cases"]
