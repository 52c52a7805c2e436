"""``run_job`` for real (Chromium; no LibreOffice in the fast profile): a template fill and a
compose through the ToolRunner, with their audit and events; a hung engine call killed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from pptxagent.agent.core import AuditRecord, ToolContext, ToolKind, ToolResult
from pptxagent.agent.job import JobOutcome, JobRequest, run_job
from pptxagent.agent.runner import ToolRunner
from pptxagent.agent.tools_qa import REGISTRY
from pptxagent.engines.chromium import get_chromium
from pptxagent.engines.reset import engine_pids

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "templates/pptx/quarterly-review.pptx"
CONTENT = ROOT / "fixtures/demo_content.json"
OUTLINE = ROOT / "fixtures/outline.json"

Events = list[tuple[str, dict[str, Any]]]


def run(req: JobRequest, workdir: Path) -> tuple[JobOutcome, list[AuditRecord], Events]:
    audit: list[AuditRecord] = []
    events: Events = []
    runner = ToolRunner(REGISTRY, audit.append)
    ctx = ToolContext(workdir, emit=lambda e, d: events.append((e, d)))
    return run_job(req, runner, ctx), audit, events


def check_trace(out: JobOutcome, audit: list[AuditRecord], events: Events) -> None:
    assert out.ok and out.pptx is not None and out.pptx.is_file() and out.error is None
    assert out.report is not None
    assert not [s["index"] for s in out.report["slides"] if s["quality"] == "degraded"]
    # one audit record per tool run, each with its hashes
    assert len(audit) == len(out.steps) == sum(1 for e, _ in events if e == "tool.finished")
    for rec, step in zip(audit, out.steps, strict=True):
        assert rec.tool == step["tool"] and rec.status == "ok" and rec.started
        assert len(rec.input_hash) == 64 and rec.output_hash and len(rec.output_hash) == 64
    # events: each step's start, its tool's run, its end, in order; the critic after them
    kinds = [e for e, _ in events if e != "progress"]
    steps = [k for k in kinds if k != "plan"]
    assert steps[:4] == ["step.started", "tool.started", "tool.finished", "step.finished"]
    assert kinds.index("plan") <= 4 and kinds.index("plan") < kinds.index("critic")
    for i, kind in enumerate(kinds):
        if kind == "step.started":
            assert kinds[i + 1:i + 4] == ["tool.started", "tool.finished", "step.finished"]


def test_fill_fast_profile(tmp_path: Path) -> None:
    req = JobRequest(kind="fill", template=TEMPLATE, content=json.loads(CONTENT.read_text()),
                     content_file=CONTENT, quality_profile="fast")
    out, audit, events = run(req, tmp_path / "job")
    check_trace(out, audit, events)
    assert out.path == "A" and "renderer path" in out.reason
    assert out.gates == {"fit": True, "overlap": True, "contrast": True, "completeness": True}
    assert out.score >= 0.9 and out.passes_used == 0 and out.thumbnails == []
    assert out.report is not None
    assert all(s.get("crosscheck") is None for s in out.report["slides"])  # no LibreOffice
    assert [a.tool for a in audit] == ["pptx.inspect_inventory", "render.template_render",
                                       "pptx.validate_layout", "qa.content_check"]
    assert out.pptx == tmp_path / "job" / "deck.pptx"


@pytest.mark.libreoffice
def test_compose_balanced_with_thumbnails(tmp_path: Path) -> None:
    req = JobRequest(kind="compose", outline=json.loads(OUTLINE.read_text()),
                     outline_file=OUTLINE, quality_profile="balanced")
    out, audit, events = run(req, tmp_path / "job")
    check_trace(out, audit, events)
    assert out.path == "scratch" and out.report is not None
    assert len(out.thumbnails) == len(out.report["slides"]) >= 10
    assert all(p.is_file() and p.stat().st_size > 1000 for p in out.thumbnails)
    assert audit[-1].tool == "render.thumbnail_grid"


class Spin:
    """An engine call that never returns: a script spinning in the tools' Chromium."""

    name = "test.spin"
    kind: ToolKind = "engine"
    timeout_s = 3.0
    Input: type[BaseModel] = REGISTRY["research.search"].Input

    def run(self, inp: BaseModel, ctx: ToolContext) -> ToolResult:
        get_chromium().evaluate_document("<p>x</p>", "() => { for (;;) {} }")
        return ToolResult(ok=True)


def test_hung_engine_call_is_killed_and_the_next_call_works(tmp_path: Path) -> None:
    audit: list[AuditRecord] = []
    runner = ToolRunner({**REGISTRY, "test.spin": Spin()}, audit.append,
                        retries={"engine": 0})
    ctx = ToolContext(tmp_path)
    res = runner.run("test.spin", {"query": "x"}, ctx)
    assert not res.ok and "timed out" in res.summary
    assert audit[-1].status == "timeout" and audit[-1].duration_ms < 60_000
    assert engine_pids()["chromium"] == []  # the browser is gone
    grid = runner.run("render.thumbnail_grid", {"deck": str(TEMPLATE)}, ctx)
    assert grid.ok, grid.error  # a fresh browser in the tools' thread
    assert len([k for k in grid.artifacts if k.startswith("thumb-")]) == 5


def test_ooxml_path_for_real(tmp_path: Path) -> None:
    """Path B (earlier runs of this template degraded): replace with the template's geometry
    held, validate, unpack, pack; the packed deck opens and holds every string."""
    req = JobRequest(kind="fill", template=TEMPLATE, content_file=CONTENT,
                     quality_profile="fast", prior_degraded=1)
    out, audit, events = run(req, tmp_path / "job")
    check_trace(out, audit, events)
    assert out.path == "B" and "earlier runs" in out.reason
    assert [a.tool for a in audit] == [
        "pptx.inspect_inventory", "pptx.replace_text_preserve_format", "pptx.ooxml_validate",
        "pptx.ooxml_unpack", "pptx.ooxml_pack", "qa.content_check"]
    assert out.gates["completeness"] and out.pptx == tmp_path / "job" / "deck.pptx"


def test_warm_then_reset_engines(tmp_path: Path) -> None:
    from pptxagent.agent import reset_engines, warm

    warm(libreoffice=False)
    assert engine_pids()["chromium"]
    killed = reset_engines()
    assert killed and engine_pids()["chromium"] == []
    audit: list[AuditRecord] = []
    runner = ToolRunner(REGISTRY, audit.append)
    res = runner.run("render.thumbnail_grid", {"deck": str(TEMPLATE)}, ToolContext(tmp_path))
    assert res.ok and [a.attempt for a in audit] == [1]  # a fresh browser, no retry needed


def test_visual_check_tool(tmp_path: Path) -> None:
    runner = ToolRunner(REGISTRY, lambda a: None)
    res = runner.run("qa.visual_check", {"deck": str(TEMPLATE)}, ToolContext(tmp_path))
    assert res.ok and Path(res.artifacts["contact_sheet"]).is_file()
    assert res.metrics["issues"] == len(res.data["issues"])
    assert len(list((tmp_path / "visual-qa" / "slides").glob("slide-*.png"))) == 5
