"""Helpers of the service tests and benches: a server (in a thread or as ``pptxagent serve``),
an httpx client, job polling, SSE reading, and crafted bad decks."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from pptxagent.service.config import ServiceConfig
from pptxagent.service.server import ServiceServer, build_server

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "templates" / "pptx" / "quarterly-review.pptx"
FILL_CONTENT: dict[str, Any] = {
    "tokens": {"client": "Globex"},
    "slides": [
        {"template_slide": 1},
        {"template_slide": 2, "fill": {"title": "Highlights of {{client}}",
                                       "body": ["Revenue grew 18%", "Churn fell to 4.1%"]}},
    ],
}
OUTLINE: dict[str, Any] = {
    "title": "Service test",
    "slides": [
        {"kind": "title", "title": "Service test", "subtitle": "Composed through the API"},
        {"title": "Why", "bullets": ["One", "Two", "Three"]},
    ],
}
TERMINAL = ("succeeded", "failed")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Api:
    base: str
    data_dir: Path
    token: str
    proc: subprocess.Popen[bytes] | None = None
    server: ServiceServer | None = None
    log: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def client(self, token: str | None = None, timeout: float = 30.0) -> httpx.Client:
        tok = self.token if token is None else token
        headers = {"Authorization": f"Bearer {tok}"} if tok else {}
        return httpx.Client(base_url=self.base, headers=headers, timeout=timeout)


@contextlib.contextmanager
def thread_server(cfg: ServiceConfig) -> Iterator[ServiceServer]:
    """The app under uvicorn in a background thread (its lifespan runs: pool and all)."""
    server = build_server(cfg, log_level="warning")
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    try:
        yield server
    finally:
        server.stop()
        thread.join(30)


def serve_process(data_dir: Path, port: int, token: str | None, *, workers: int = 1,
                  env: dict[str, str] | None = None, log: Path | None = None,
                  extra_args: tuple[str, ...] = ()) -> subprocess.Popen[bytes]:
    """``pptxagent serve`` as a subprocess (its own session), ready when /openapi.json answers."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    full.pop("PPTXAGENT_TOKEN", None)
    if token is not None:
        full["PPTXAGENT_TOKEN"] = token
    out = (log or data_dir / "serve.log").open("ab")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pptxagent.cli", "serve", "--port", str(port), "--data-dir",
         str(data_dir), "--workers", str(workers), "--log-level", "info", *extra_args],
        env=full, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"pptxagent serve exited {proc.returncode}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=2).status_code == 200:
                return proc
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError("pptxagent serve did not start")


@contextlib.contextmanager
def served_api(data_dir: Path, token: str, *, workers: int = 1,
               env: dict[str, str] | None = None) -> Iterator[Api]:
    """``pptxagent serve`` with ``token`` on a free port, stopped cleanly after; its log
    (``api.log``) never shows the token."""
    port = free_port()
    proc = serve_process(data_dir, port, token, workers=workers, env=env)
    api = Api(f"http://127.0.0.1:{port}", data_dir, token, proc=proc, log=data_dir / "serve.log")
    try:
        yield api
    finally:
        assert stop_process(proc) in (0, -15, 143)
    assert token not in (data_dir / "serve.log").read_text()


def stop_process(proc: subprocess.Popen[bytes], timeout: float = 40) -> int:
    """SIGTERM (a clean shutdown), then SIGKILL of its group if it hangs."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    return int(proc.returncode)


def submit_fill(c: httpx.Client, content: dict[str, Any] | None = None,
                template: bytes | None = None, **form: Any) -> httpx.Response:
    data = {"content": json.dumps(content or FILL_CONTENT), **{k: str(v) for k, v in form.items()}}
    files = {"template": ("template.pptx", template if template is not None
                          else TEMPLATE.read_bytes(), "application/octet-stream")}
    return c.post("/api/decks/generate", data=data, files=files)


def submit_compose(c: httpx.Client, outline: dict[str, Any] | None = None,
                   **form: Any) -> httpx.Response:
    # multipart without a file: parts with no file name are plain form fields
    files: dict[str, tuple[None, str]] = {"outline": (None, json.dumps(outline or OUTLINE))}
    files.update({k: (None, str(v)) for k, v in form.items()})
    return c.post("/api/decks/generate", files=files)


def wait_job(c: httpx.Client, job_id: str, timeout: float = 180) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        job: dict[str, Any] = c.get(f"/api/jobs/{job_id}").json()
        if job["status"] in TERMINAL:
            return job
        if time.monotonic() > deadline:
            raise AssertionError(f"job {job_id} still {job['status']} after {timeout} s")
        time.sleep(0.3)


def all_events(c: httpx.Client, job_id: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while True:
        page = c.get(f"/api/jobs/{job_id}/events", params={"after": len(out)}).json()
        if not page:
            return out
        out += page


def read_sse(c: httpx.Client, job_id: str, last_event_id: int | None = None,
             timeout: float = 180) -> tuple[list[dict[str, Any]], list[str]]:
    """Every event frame of the stream (parsed) and its comment lines, until it closes."""
    headers = {"Accept": "text/event-stream"}
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    events: list[dict[str, Any]] = []
    comments: list[str] = []
    frame: dict[str, str] = {}
    with c.stream("GET", f"/api/jobs/{job_id}/events", headers=headers,
                  timeout=httpx.Timeout(timeout)) as r:
        assert r.status_code == 200, r.read()
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith(":"):
                comments.append(line)
            elif not line:
                if "data" in frame:
                    events.append({"sse_id": int(frame["id"]), "sse_event": frame["event"],
                                   **json.loads(frame["data"])})
                frame = {}
            else:
                key, _, value = line.partition(":")
                frame[key] = value.lstrip(" ")
    return events, comments


def check_tool_events(events: list[dict[str, Any]], runs: list[dict[str, Any]]) -> int:
    """Every tool event names its ``tool_runs`` row (same tool), every row has its event, and
    every ``tool.started`` is closed by a ``tool.finished``. Returns the number of tool runs."""
    by_id = {r["id"]: r for r in runs}
    done = [e for e in events if e["type"] in ("tool.finished", "tool.refused")]
    for e in done:
        row = by_id.get(e["data"].get("tool_run_id"))
        assert row is not None, e
        assert row["tool"] == e["data"]["tool"]
    named = sorted(e["data"]["tool_run_id"] for e in done)
    assert named == sorted(by_id), f"events name runs {named}, runs {sorted(by_id)}"
    started = [(e["data"]["tool"], e["data"]["attempt"]) for e in events
               if e["type"] == "tool.started"]
    finished = [(e["data"]["tool"], e["data"]["attempt"]) for e in events
                if e["type"] == "tool.finished"]
    assert started == finished, f"started {started} finished {finished}"
    return len(by_id)


# --- crafted decks -------------------------------------------------------------------------------

def _members(src: Path = TEMPLATE) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(src) as z:
        return [(i.filename, z.read(i)) for i in z.infolist()]


def _zip(members: list[tuple[str, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            z.writestr(name, data)
    return buf.getvalue()


def deck_with_traversal() -> bytes:
    return _zip([*_members(), ("../../evil.xml", b"<x/>")])


def deck_with_entities() -> bytes:
    """slide1.xml carrying a billion-laughs DOCTYPE (Package.open alone never parses it)."""
    bomb = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
            b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n')
    out = []
    for name, data in _members():
        if name == "ppt/slides/slide1.xml":
            data = bomb + data.split(b"?>", 1)[1]
        out.append((name, data))
    return _zip(out)


def zip_bomb() -> bytes:
    """A deck with a 64 MiB member of zeros (~64 KiB compressed: ratio ≈ 1000)."""
    return _zip([*_members(), ("ppt/media/bomb.bin", b"\0" * (64 << 20))])
