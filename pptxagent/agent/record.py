"""One batch record, run by a warm worker: the whole fill of one deck (render, measure,
repair, visual QA, LibreOffice cross-check), written atomically where the batch names it, and
the row the operator's report shows for it.

The request (a job of kind ``record``) carries the template's path, the record's content
document, the output path and the options. A record the fill refuses (a missing value under
``--strict``, an image that does not exist, a value of the wrong kind) is that record's error,
naming the record and, where the message has one, the column; the worker goes on. Profiles:
``fast`` skips the LibreOffice cross-check; ``balanced`` is ``pptxagent fill``;
``high_fidelity`` fills a degraded record once more with a correction pass's settings
(``agent.plan.stricter``) and keeps the better deck.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from pptxagent.agent.plan import stricter
from pptxagent.errors import PptxAgentError
from pptxagent.ir.qa import LIVE_STATUSES
from pptxagent.pipeline import FillOptions, FillReport, fill_deck
from pptxagent.pipeline.output import to_json, write_text
from pptxagent.pipeline.tools import shrink_png, thumbnails

Label = Literal["success_clean", "success_with_warnings", "degraded", "failed"]
_RANK: dict[Label, int] = {"success_clean": 0, "success_with_warnings": 1, "degraded": 2}


class RecordRequest(BaseModel):
    kind: Literal["record"] = "record"
    mode: Literal["fill", "compose"] = "fill"
    """``compose``: ``content`` is an outline and ``theme`` its pack (``pptxagent eval``'s
    scratch cases); ``template`` is then unused."""
    number: int = Field(ge=1)
    where: str = ""
    template: str = ""
    content: dict[str, Any]
    theme: str | None = None
    base_dir: str | None = None
    """Where the content's relative picture paths resolve (its own folder)."""
    report: str | None = None
    """Where the whole report (JSON) is written, besides the row."""
    out: str
    key: str
    profile: Literal["fast", "balanced", "high_fidelity"] = "balanced"
    strict: bool = False
    settings: dict[str, Any] = Field(default_factory=dict)
    review_dir: str | None = None
    """Where thumbnails of a deck that needs a person go (its slides as drawn, no marks: the
    review page draws the row's ``qa`` on them), with each corrected slide's picture from
    before its QA correction pass; the row names them relative to it (``review_files``)."""
    columns: dict[str, str] = Field(default_factory=dict)
    """JSON path of a fill value → the column that gave it."""


def deck_label(report: FillReport) -> Label:
    """The deck's label: its worst slide's."""
    worst = max((_RANK[s.quality] for s in report.slides), default=0)
    return next(k for k, v in _RANK.items() if v == worst)


def open_issues(report: FillReport) -> list[dict[str, Any]]:
    return [i for s in report.slides for i in s.qa if i.get("status") in LIVE_STATUSES]


THUMB_W = 360
"""The review page's pictures: this many px wide."""


def review_files(row: dict[str, Any]) -> list[str]:
    """The files a row names in its review folder: its thumbnails, and its corrected slides'
    pictures from before the QA correction pass (``before``: slide → file)."""
    return [*(row.get("thumbnails") or []), *(row.get("before") or {}).values()]


def _pictures(req: RecordRequest, workdir: Path, pass_no: int) -> Path | None:
    return workdir / f"before-{pass_no}" if req.review_dir else None


def _fill(req: RecordRequest, workdir: Path, pass_no: int) -> FillReport:
    folder = Path(req.base_dir) if req.base_dir else workdir
    content = folder / f".pptxagent-content-{os.getpid()}-{pass_no}.json"
    content.write_text(json.dumps(req.content, ensure_ascii=False), "utf-8")
    out = Path(req.out) if pass_no == 0 else workdir / "retry.pptx"
    settings = {**(stricter(pass_no) if pass_no else {}), **req.settings}
    try:
        if req.mode == "compose":
            from pptxagent.pipeline.compose import ComposeOptions, compose_deck

            return compose_deck(ComposeOptions(
                outline=content, out=out, theme=req.theme, crosscheck=req.profile != "fast",
                settings_overrides=settings, pictures_dir=_pictures(req, workdir, pass_no)))
        return fill_deck(FillOptions(
            template=Path(req.template), content=content, out=out,
            crosscheck=req.profile != "fast", strict=req.strict, settings_overrides=settings,
            pictures_dir=_pictures(req, workdir, pass_no)))
    finally:
        content.unlink(missing_ok=True)


def _message(req: RecordRequest, message: str, workdir: Path) -> str:
    """The fill's message about a record, naming the record (not the worker's scratch file)
    and the column behind the JSON path it names."""
    folder = Path(req.base_dir) if req.base_dir else workdir
    for n in (0, 1):
        message = message.replace(f"{folder / f'.pptxagent-content-{os.getpid()}-{n}.json'}: ",
                                  "")
    for path, column in sorted(req.columns.items(), key=lambda kv: -len(kv[0])):
        if path in message:
            message = message.replace(path, f"{path} (column {column!r})", 1)
            break
    return f"record {req.number} ({req.where}): {message}"


def run_record(request: dict[str, Any], workdir: Path) -> tuple[dict[str, Any], bool]:
    """Fill one record; (its report row, ok). Not ok: the fill refused the record (its
    ``error`` says why); nothing was written for it."""
    req = RecordRequest.model_validate(request)
    try:
        return _run(req, workdir)
    finally:
        for pass_no in (0, 1):
            shutil.rmtree(workdir / f"before-{pass_no}", ignore_errors=True)


def _run(req: RecordRequest, workdir: Path) -> tuple[dict[str, Any], bool]:
    started, cpu = time.perf_counter(), time.process_time()
    row: dict[str, Any] = {"number": req.number, "where": req.where,
                           "file": Path(req.out).name}
    try:
        report = _fill(req, workdir, 0)
        if req.profile == "high_fidelity" and deck_label(report) == "degraded":
            again = _fill(req, workdir, 1)
            if deck_label(again) != "degraded":
                os.replace(workdir / "retry.pptx", req.out)
                report = again
    except PptxAgentError as exc:
        Path(req.out).unlink(missing_ok=True)  # an earlier run's deck is not this record's
        row |= {"label": "failed", "seconds": round(time.perf_counter() - started, 3),
                "issues": 0, "error": _message(req, exc.message, workdir)}
        return row, False
    if req.report:
        write_text(Path(req.report), to_json(report) + "\n")
    issues = open_issues(report)
    label = deck_label(report)
    row |= {"label": label, "seconds": round(time.perf_counter() - started, 3),
            "cpu_seconds": round(time.process_time() - cpu, 3),
            "issues": len(issues),
            "slides": [{"index": s.index, "quality": s.quality} for s in report.slides],
            "open_issues": [{k: i.get(k) for k in ("slide", "shape", "kind", "severity",
                                                   "message")} for i in issues],
            "unfit": [{"slide": s.index, "shape": c.get("shape") or c.get("eid")}
                      for s in report.slides for c in s.changes
                      if c.get("what") == "overflow_left"],
            "unresolved_tokens": len(report.unresolved_tokens)}
    if req.review_dir and (label == "degraded" or issues):
        folder = Path(req.review_dir)
        folder.mkdir(parents=True, exist_ok=True)
        row["thumbnails"] = [p.name for p in thumbnails(Path(req.out), folder, THUMB_W)]
        row["before"] = {str(s.index): shrink_png(Path(s.before), folder / f"before-{s.index}.png",
                                                  THUMB_W).name
                         for s in report.slides if s.before and Path(s.before).is_file()}
        # every issue, whatever its status: the review page's slide component draws the
        # live ones as alarms, a resolved one muted, an accepted one listed only
        row["qa"] = [i for s in report.slides for i in s.qa]
        row["slide_px"] = dict(report.slide_px)
    return row, True


__all__ = ["Label", "RecordRequest", "deck_label", "open_issues", "review_files", "run_record"]
