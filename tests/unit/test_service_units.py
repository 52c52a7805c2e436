"""The service's pure pieces: config from the environment, log redaction, picture references,
report scrubbing, the §6.1 prior-degraded signal, the reaper's tag lookup, test hooks."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pptxagent.agent.core import AuditRecord
from pptxagent.service import hooks, reaper
from pptxagent.service.app import RedactTokens
from pptxagent.service.config import ServiceConfig
from pptxagent.service.routes_decks import scrub
from pptxagent.service.routes_jobs import prior_degraded
from pptxagent.service.uploads import image_refs
from pptxagent.service.workers import Worker
from pptxagent.store import Store


def test_config_reads_the_environment_and_flags_win(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    monkeypatch.setenv("PPTXAGENT_LEASE_S", "7")
    monkeypatch.setenv("PPTXAGENT_QUEUE_CAP", "3")
    monkeypatch.setenv("PPTXAGENT_DATABASE_URL", "postgresql://u@h/db")
    cfg = ServiceConfig.from_env(data_dir=tmp_path, queue_cap=5, workers=None)
    assert (cfg.lease_s, cfg.queue_cap, cfg.workers) == (7.0, 5, 1)
    assert cfg.database_url == "postgresql://u@h/db"
    assert cfg.data_dir.is_absolute() and not cfg.test_hooks
    assert ServiceConfig(db_url="sqlite:///x.db").database_url == "sqlite:///x.db"
    with pytest.raises(ValueError):
        ServiceConfig(max_correction_passes=3)


def test_tokens_never_reach_a_log_line() -> None:
    record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0,
                               '%s - "%s %s HTTP/1.1" %d', ("1.2.3.4", "GET",
                               "/api/jobs?token=pxa_secret123&x=1", 401), None)
    RedactTokens().filter(record)
    text = record.getMessage()
    assert "secret123" not in text and "token=[redacted]" in text


def test_image_references_are_found_with_their_json_path() -> None:
    content = {"slides": [{"fill": {"name:Pic 1": {"image": "a.png"}, "body": "x"}},
                          {"fill": {"body2": ["image"]}}]}
    assert image_refs(content) == [('$.slides[0].fill["name:Pic 1"].image', "a.png")]
    outline = {"slides": [{"kind": "image", "image": "team.png"}]}
    assert image_refs(outline) == [("$.slides[0].image", "team.png")]


def test_reports_lose_the_servers_folders() -> None:
    report = {"template": "/srv/data/jobs/1/template.pptx", "slides": [
        {"rollout": "/srv/data/jobs/1/r", "note": "/elsewhere/x"}]}
    assert scrub(report, "/srv/data") == {"template": "template.pptx", "slides": [
        {"rollout": "r", "note": "/elsewhere/x"}]}


def test_prior_degraded_counts_slides_of_earlier_decks_from_the_same_template(
        tmp_path: Path) -> None:
    store = Store(None, data_dir=tmp_path)
    store.migrate()
    token = store.token_id(store.create_token("t"))
    assert token is not None
    deck = tmp_path / "d.pptx"
    deck.write_bytes(b"PK not really")
    for sha, degraded in (("a" * 64, 2), ("b" * 64, 5)):
        job = store.submit_job(token, "fill", {"template_sha": sha})
        store.claim_job("w", 30)
        report = {"slides": [{"quality": "degraded"}] * degraded + [{"quality": "success_clean"}]}
        version = store.add_version(job.deck_id, job.id, pptx=deck, report=report,
                                    thumbnails=[], score=0.5, passes_used=0)
        store.finish_job(job.id, "w", ok=True, result={"version": version})
    assert prior_degraded(store, token, "a" * 64) == 2
    assert prior_degraded(store, token, "c" * 64) == 0


def test_the_reaper_finds_processes_by_their_tag_only() -> None:
    env = {**os.environ, reaper.SERVICE_VAR: "unit-svc-1", reaper.WORKER_VAR: "w9"}
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], env=env)
    try:
        found = reaper.tagged_processes("unit-svc-1")
        assert found == {child.pid: ("unit-svc-1", "w9")}
        assert reaper.reap("unit-svc-1", keep_workers=["w9"]) == []
        assert reaper.reap("unit-svc-1") == [child.pid]
        child.wait(10)
        deadline = time.monotonic() + 10
        while reaper.tagged_processes("unit-svc-1") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert reaper.tagged_processes("unit-svc-1") == {}
    finally:
        child.kill()
        child.wait()


def test_hooks_are_read_from_the_content_tokens_only() -> None:
    assert hooks.hook_of({"content": {"tokens": {hooks.HOOK_TOKEN: "kill"}}}) == "kill"
    assert hooks.hook_of({"content": {"tokens": {hooks.HOOK_TOKEN: "rm -rf"}}}) is None
    assert hooks.hook_of({"outline": {"title": "kill"}}) is None
    hooks.arm({"content": {"tokens": {}}})
    hooks.on_event("step.started", {})  # no hook: nothing happens
    hooks.disarm()


def test_worker_audit_rows_are_named_by_their_events(tmp_path: Path) -> None:
    """A refused tool input: its tool_runs row says it never started and a ``tool.refused``
    event names it; a run: its output file is kept by sha256 and ``tool.finished`` names
    its row."""
    cfg = ServiceConfig(data_dir=tmp_path / "data", workers=0)
    worker = Worker(cfg, "w-test", threading.Event())
    worker.store.migrate()
    token = worker.store.token_id(worker.store.create_token("t"))
    assert token is not None
    job = worker.store.submit_job(token, "fill", {})
    workdir = tmp_path / "work"
    workdir.mkdir()
    (workdir / "deck.pptx").write_bytes(b"PK fake deck")
    now = datetime.now(UTC)
    worker._audit(job, workdir, AuditRecord(
        tool="pptx.validate_layout", status="invalid", attempt=0, started_at=now,
        duration_ms=0, input_hash="0" * 64, output_hash=None, started=False,
        error="deck: field required"))
    worker._audit(job, workdir, AuditRecord(
        tool="render.template_render", status="ok", attempt=1, started_at=now,
        duration_ms=5, input_hash="1" * 64, output_hash="2" * 64,
        artifacts={"pptx": str(workdir / "deck.pptx"), "elsewhere": "/etc/hostname"}))
    worker._emit(job.id, "tool.finished", {"tool": "render.template_render", "attempt": 1,
                                           "status": "ok"})
    runs = {r.id: r for r in worker.store.tool_runs(job.id)}
    events = {e.type: e.data for e in worker.store.events(job.id)}
    refused = runs[events["tool.refused"]["tool_run_id"]]
    assert not refused.started and refused.status == "invalid"
    ran = runs[events["tool.finished"]["tool_run_id"]]
    assert ran.tool == "render.template_render"
    assert list(ran.artifacts) == ["pptx"]  # only files of the job's own folder are kept
    assert worker.store.artifacts.path(ran.artifacts["pptx"]).read_bytes() == b"PK fake deck"


def test_job_errors_and_events_never_show_the_server_data_folder() -> None:
    from pptxagent.service.workers import redact

    err = {"message": "/srv/pxa/jobs/ab/attempt-1/outline.json: $.slides[0]: bad",
           "plan": [{"input": {"outline": "/srv/pxa/jobs/ab/attempt-1/outline.json"}}], "n": 3}
    out = redact(err, "/srv/pxa")
    assert "/srv/pxa" not in str(out)
    assert out["message"].startswith("<data>/jobs/ab") and out["n"] == 3
