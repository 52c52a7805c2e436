"""The ToolRunner: validation before running, audit, hashes, retries by kind, timeouts that
kill the engine processes (a real ``sleep`` child stands in for an engine)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, Field

from pptxagent.agent.core import AuditRecord, ToolContext, ToolInput, ToolKind, ToolResult
from pptxagent.agent.runner import ToolRunner
from pptxagent.agent.tools_qa import REGISTRY
from pptxagent.errors import EngineError, InputError


class EchoIn(ToolInput):
    text: str = Field(min_length=1)
    times: int = Field(1, ge=1, le=3)


class Echo:
    name = "test.echo"
    kind: ToolKind = "pure"
    timeout_s = 5.0
    Input: type[BaseModel] = EchoIn

    def __init__(self) -> None:
        self.calls = 0

    def run(self, inp: BaseModel, ctx: ToolContext) -> ToolResult:
        assert isinstance(inp, EchoIn)
        self.calls += 1
        return ToolResult(ok=True, summary=inp.text * inp.times, metrics={"n": inp.times})


class Flaky:
    """Fails ``fails`` times with ``exc`` then succeeds."""

    name = "test.flaky"
    timeout_s = 5.0
    Input: type[BaseModel] = ToolInput

    def __init__(self, kind: ToolKind, exc: Exception, fails: int = 1) -> None:
        self.kind: ToolKind = kind
        self.exc, self.fails, self.calls = exc, fails, 0

    def run(self, inp: BaseModel, ctx: ToolContext) -> ToolResult:
        self.calls += 1
        if self.calls <= self.fails:
            raise self.exc
        return ToolResult(ok=True, summary="done")


class Hang:
    """Waits on its 'engine' process (a sleep child) like a render waits on Chromium."""

    name = "test.hang"
    kind: ToolKind = "engine"
    timeout_s = 0.5
    Input: type[BaseModel] = ToolInput

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []

    def run(self, inp: BaseModel, ctx: ToolContext) -> ToolResult:
        proc = subprocess.Popen(["sleep", "60"])
        self.procs.append(proc)
        if proc.wait() != 0:
            raise EngineError("the engine process died")
        return ToolResult(ok=True)


def make(tools: list[Any], **kw: Any) -> tuple[ToolRunner, list[AuditRecord]]:
    audit: list[AuditRecord] = []
    return ToolRunner({t.name: t for t in tools}, audit.append, **kw), audit


def ctx(tmp_path: Path) -> ToolContext:
    return ToolContext(workdir=tmp_path)


def test_invalid_input_never_runs_and_is_audited(tmp_path: Path) -> None:
    echo = Echo()
    runner, audit = make([echo])
    res = runner.run("test.echo", {"text": "", "extra": 1}, ctx(tmp_path))
    assert not res.ok and res.error is not None and "text" in res.error
    assert echo.calls == 0
    assert [(a.status, a.started, a.attempt) for a in audit] == [("invalid", False, 0)]
    assert len(audit[0].input_hash) == 64


def test_unknown_tool_is_refused(tmp_path: Path) -> None:
    runner, audit = make([Echo()])
    res = runner.run("shell.exec", {"cmd": "rm -rf /"}, ctx(tmp_path))
    assert not res.ok and "unknown tool" in (res.error or "")
    assert audit[0].status == "invalid" and not audit[0].started


def test_hashes_are_stable_and_canonical(tmp_path: Path) -> None:
    runner, audit = make([Echo()])
    runner.run("test.echo", {"text": "a", "times": 2}, ctx(tmp_path))
    runner.run("test.echo", {"times": 2, "text": "a"}, ctx(tmp_path))
    runner.run("test.echo", {"text": "b", "times": 2}, ctx(tmp_path))
    assert audit[0].input_hash == audit[1].input_hash != audit[2].input_hash
    assert audit[0].output_hash == audit[1].output_hash != audit[2].output_hash
    assert all(a.status == "ok" and a.started and a.duration_ms >= 0 for a in audit)


def test_engine_errors_retried_once_for_engine_tools(tmp_path: Path) -> None:
    flaky = Flaky("engine", EngineError("Chromium crashed"))
    runner, audit = make([flaky])
    res = runner.run("test.flaky", {}, ctx(tmp_path))
    assert res.ok and flaky.calls == 2
    assert [(a.status, a.attempt) for a in audit] == [("error", 1), ("ok", 2)]


def test_pure_tools_and_input_errors_are_not_retried(tmp_path: Path) -> None:
    pure = Flaky("pure", EngineError("boom"))
    bad = Flaky("engine", InputError("content.json: $.slides[0]: bad"))
    bad.name = "test.bad"
    runner, audit = make([pure, bad])
    assert not runner.run("test.flaky", {}, ctx(tmp_path)).ok
    res = runner.run("test.bad", {}, ctx(tmp_path))
    assert not res.ok and "content.json" in (res.error or "")
    assert pure.calls == 1 and bad.calls == 1
    assert [a.status for a in audit] == ["error", "error"]


def test_a_crash_is_an_error_result_not_an_exception(tmp_path: Path) -> None:
    runner, audit = make([Flaky("engine", ValueError("bug"), fails=5)])
    res = runner.run("test.flaky", {}, ctx(tmp_path))
    assert not res.ok and "ValueError" in (res.error or "")
    assert len(audit) == 1


def test_timeout_kills_the_engine_process_and_retries(tmp_path: Path) -> None:
    hang = Hang()

    def kill() -> None:
        for p in hang.procs:
            p.kill()

    events: list[tuple[str, dict[str, Any]]] = []
    runner, audit = make([hang], kill=kill)
    sink = ToolContext(tmp_path, emit=lambda e, d: events.append((e, d)))
    res = runner.run("test.hang", {}, sink)
    assert not res.ok and "timed out" in res.summary
    assert [(a.status, a.attempt) for a in audit] == [("timeout", 1), ("timeout", 2)]
    assert len(hang.procs) == 2 and all(p.poll() is not None for p in hang.procs)
    assert all(a.duration_ms < 30_000 for a in audit)  # failed fast, not after sleep's 60 s
    kinds = [e for e, _ in events]
    assert kinds == ["tool.started", "tool.finished"] * 2
    # the lane still works after a timeout
    runner.registry["test.echo"] = Echo()
    assert runner.run("test.echo", {"text": "x"}, ctx(tmp_path)).ok


def test_stuck_pure_python_abandons_the_thread(tmp_path: Path) -> None:
    import threading

    release = threading.Event()

    class Stuck(Hang):
        name = "test.stuck"

        def run(self, inp: BaseModel, ctx: ToolContext) -> ToolResult:
            release.wait(30)
            return ToolResult(ok=True)

    runner, audit = make([Stuck(), Echo()], retries={"engine": 0}, kill=lambda: None,
                         kill_grace_s=0.1, timeouts={"test.stuck": 0.2})
    assert not runner.run("test.stuck", {}, ctx(tmp_path)).ok
    assert runner.run("test.echo", {"text": "after"}, ctx(tmp_path)).ok
    release.set()
    assert [a.status for a in audit] == ["timeout", "ok"]


def test_registry_schemas_cover_the_tool_set() -> None:
    runner, _ = make(list(REGISTRY.values()))
    schema = runner.schema()
    for name in ("pptx.inspect_inventory", "pptx.replace_text_preserve_format",
                 "pptx.validate_layout", "pptx.ooxml_unpack", "pptx.ooxml_patch",
                 "pptx.ooxml_validate", "pptx.ooxml_pack", "render.template_render",
                 "render.scratch_render", "render.thumbnail_grid", "qa.visual_check",
                 "qa.content_check", "scratch.layout_select", "scratch.component_compose",
                 "scratch.theme_apply", "research.search", "research.route_sources"):
        assert schema[name]["type"] == "object", name


def test_research_fake_and_routing(tmp_path: Path) -> None:
    runner, audit = make(list(REGISTRY.values()))
    found = runner.run("research.search", {"query": "support churn"}, ctx(tmp_path))
    assert found.ok and found.data["sources"][0]["id"] == "s2"
    routed = runner.run("research.route_sources", {
        "slides": ["Revenue by region", "Support response"],
        "sources": found.data["sources"] + [{"id": "s1", "title": "revenue region"}]},
        ctx(tmp_path))
    assert [r["sources"] for r in routed.data["routes"]] == [["s1"], ["s2"]]
    assert [a.status for a in audit] == ["ok", "ok"]


@pytest.mark.parametrize("raw", [{"query": ""}, {"query": "x", "k": 99}, {"q": "x"}])
def test_research_inputs_checked(tmp_path: Path, raw: dict[str, Any]) -> None:
    runner, audit = make(list(REGISTRY.values()))
    assert not runner.run("research.search", raw, ctx(tmp_path)).ok
    assert audit[-1].status == "invalid" and not audit[-1].started
