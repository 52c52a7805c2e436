"""The service's web UI in the real Chromium, against a real ``pptxagent serve`` (one warm
worker, a fresh data directory, a known token): a wrong token is refused; a compose job
submitted from the form (with the picture its outline names) streams its events into the
timeline while it runs (in order, no gaps), ends succeeded with its tool runs listed, and its
deck shows one thumbnail per slide and downloads as a .pptx; a fill of the banner template
whose title loses its contrast shows that QA issue outlined on the slide thumbnail, over the
title's box, and a revision of that deck becomes its version 2."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from pptxagent.engines.chromium import LAUNCH_ARGS, find_executable

ROOT = Path(__file__).resolve().parents[2]
BANNER = ROOT / "templates" / "pptx" / "banner.pptx"
BANNER_CONTENT = ROOT / "fixtures" / "banner_content.json"
PICTURE = ROOT / "fixtures" / "team.png"
TOKEN = "ui-test-token-0123456789"
JOB_TIMEOUT_MS = 120_000

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

OUTLINE = {
    "title": "UI test",
    "slides": [
        {"kind": "title", "title": "Service UI test", "subtitle": "Three slides"},
        {"title": "What we check", "bullets": ["Events arrive live", "Thumbnails show"]},
        {"kind": "image", "title": "The team", "image": "team.png", "caption": "An asset"},
    ],
}

# Counts, in the page, the separate moments timeline rows were added, and the stream's states.
WATCH = """(() => {
  const st = document.querySelector('#tl-state');
  window.__batches = 0; window.__states = [st.textContent];
  new MutationObserver((muts) => {
    const added = muts.some((m) => [...m.addedNodes].some((n) => n.nodeType === 1));
    if (added) window.__batches += 1;
  }).observe(document.querySelector('#timeline'), {childList: true});
  new MutationObserver(() => window.__states.push(st.textContent))
    .observe(st, {childList: true, characterData: true, subtree: true});
})()
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``pptxagent serve`` on a free port with its own data dir; yields the base URL."""
    data = tmp_path_factory.mktemp("service-data")
    port = _free_port()
    env = {**os.environ, "PPTXAGENT_TOKEN": TOKEN, "PYTHONPATH": str(ROOT)}
    env.pop("PPTXAGENT_DATABASE_URL", None)
    log = (data / "serve.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pptxagent.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data-dir", str(data), "--workers", "1"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, (data / "serve.log").read_text()
            try:
                if httpx.get(f"{base}/openapi.json", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "serve did not answer within 60 s"
            time.sleep(0.3)
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


@pytest.fixture(scope="module")
def chromium(server: str) -> Iterator[Browser]:
    """Our own Playwright browser on the project's Chromium (not the engine's shared page);
    closed before the server stops."""
    # a driver of this thread's own (the engine's browser runs on a thread of its own)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=find_executable(), args=list(LAUNCH_ARGS))
        yield b
        b.close()


@pytest.fixture
def page(chromium: Browser, server: str) -> Iterator[Page]:
    ctx = chromium.new_context(viewport={"width": 1440, "height": 900}, accept_downloads=True)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server + "/")
    yield pg
    ctx.close()
    assert not errors, errors


def _shot(pg: Page, name: str) -> None:
    """Screenshots go to $PPTXAGENT_UI_SCREENSHOTS when set (for the report)."""
    where = os.environ.get("PPTXAGENT_UI_SCREENSHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(Path(where) / f"{name}.png"), full_page=True)


def _login(pg: Page) -> None:
    pg.fill("#token", TOKEN)
    pg.click("#login-form button[type=submit]")
    pg.wait_for_selector("#view-jobs:not([hidden])")


def _wait_succeeded(pg: Page) -> None:
    pg.wait_for_function(
        "() => /succeeded|failed/.test(document.querySelector('#job-summary').innerText)",
        timeout=JOB_TIMEOUT_MS)
    assert "succeeded" in pg.inner_text("#job-summary"), pg.inner_text("#view-job")


def _open_deck(pg: Page) -> None:
    pg.click("#open-deck")
    pg.wait_for_selector("#view-deck:not([hidden])")
    pg.wait_for_function(
        "() => { const i = [...document.querySelectorAll('#slides img.thumb')];"
        " return i.length > 0 && i.every(x => x.complete && x.naturalWidth > 0); }")


def test_wrong_token_is_refused(page: Page) -> None:
    page.fill("#token", "not-the-token")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#login-error:not(:empty)")
    assert "refused" in page.inner_text("#login-error")
    assert page.is_hidden("#view-jobs")


def test_compose_job_streams_events_and_shows_the_deck(page: Page, tmp_path: Path) -> None:
    outline = tmp_path / "outline.json"
    outline.write_text(json.dumps(OUTLINE))
    _login(page)
    page.click("#nav >> text=New job")
    page.check("input[name=kind][value=compose]")
    page.set_input_files("#outline-file", str(outline))
    page.set_input_files("#assets", str(PICTURE))
    page.select_option("#quality_profile", "balanced")
    page.evaluate(WATCH)  # before submitting: a warm worker finishes this job in seconds
    page.click("#submit-btn")
    page.wait_for_selector("#view-job:not([hidden])")
    # At least three events appear one after another while the job runs, through the stream.
    page.wait_for_function("() => window.__batches >= 3", timeout=JOB_TIMEOUT_MS)
    _wait_succeeded(page)
    page.wait_for_selector("#timeline li[data-type='job.succeeded']")
    states: list[str] = page.evaluate("window.__states")
    assert "live" in states, states
    seqs = [int(s) for s in
            page.eval_on_selector_all("#timeline li", "l => l.map(x => x.dataset.seq)")]
    assert seqs == list(range(1, len(seqs) + 1)), seqs
    page.wait_for_selector("#toolruns tbody tr")
    runs = page.inner_text("#toolruns tbody")
    assert "ok" in runs
    _shot(page, "ui-job")
    _open_deck(page)
    assert page.locator("#slides img.thumb").count() == len(OUTLINE["slides"])
    _shot(page, "ui-compose-deck")
    with page.expect_download() as dl:
        page.click("#download")
    path = dl.value.path()
    assert path is not None and Path(path).read_bytes()[:2] == b"PK"


def test_fill_report_outlines_the_contrast_issue(page: Page) -> None:
    _login(page)
    page.click("#nav >> text=New job")
    page.check("input[name=kind][value=fill]")
    page.set_input_files("#template", str(BANNER))
    page.set_input_files("#content-file", str(BANNER_CONTENT))
    page.select_option("#quality_profile", "balanced")
    page.click("#submit-btn")
    page.wait_for_selector("#view-job:not([hidden])")
    _wait_succeeded(page)
    _open_deck(page)
    box = page.locator(".qa-box[data-kind='contrast']").first
    box.wait_for()
    label = box.inner_text()
    assert "contrast" in label and "critical" in label, label
    # The outline sits on the thumbnail, over the title on the banner (upper half of the slide).
    b: Any = box.bounding_box()
    img: Any = page.locator("#slides img.thumb").first.bounding_box()
    assert img["x"] <= b["x"] and b["x"] + b["width"] <= img["x"] + img["width"] + 1
    assert img["y"] <= b["y"] and b["y"] + b["height"] <= img["y"] + img["height"] + 1
    assert b["width"] > img["width"] / 3
    assert b["y"] < img["y"] + img["height"] / 2
    _shot(page, "ui-report")
    # A revision with a short title is version 2 of the same deck, listed next to version 1.
    page.click("#revise summary")
    page.fill("#revise-json", json.dumps({"tokens": {"title": "Globex review",
                                                     "presenter": "Strategy Office"}}))
    page.click("#revise-btn")
    page.wait_for_selector("#view-job:not([hidden])")
    _wait_succeeded(page)
    _open_deck(page)
    assert page.inner_text("#versions a[aria-current=page]") == "v2"
    assert page.locator("#versions a").all_inner_texts() == ["v1", "v2"]
