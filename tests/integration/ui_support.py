"""Helpers of the browser tests of the service's UI: a real ``pptxagent serve`` (one warm
worker, a fresh data directory, a known token), our own Playwright Chromium, logging in,
screenshots kept as test artifacts (``out/test-artifacts/ui/``, or
``$PPTXAGENT_UI_SCREENSHOTS``), and axe-core run in the page (no serious or critical
violation allowed)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, sync_playwright

from pptxagent.engines.chromium import LAUNCH_ARGS, find_executable
from tests.integration.service_support import free_port

ROOT = Path(__file__).resolve().parents[2]
BANNER = ROOT / "templates" / "pptx" / "banner.pptx"
BANNER_CONTENT = ROOT / "fixtures" / "banner_content.json"
QUARTERLY = ROOT / "templates" / "pptx" / "quarterly-review.pptx"
PICTURE = ROOT / "fixtures" / "team.png"
TOKEN = "ui-test-token-0123456789"
JOB_TIMEOUT_MS = 120_000
WIDTHS = (390, 1440, 1920)
ARTIFACTS = ROOT / "out" / "test-artifacts" / "ui"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, installed by ``bin/setup`` (npm, into the gitignored ``node_modules``)."""


@contextlib.contextmanager
def serve(data: Path) -> Iterator[str]:
    """``pptxagent serve`` on a free port with its own data dir; yields the base URL."""
    port = free_port()
    env = {**os.environ, "PPTXAGENT_TOKEN": TOKEN, "PYTHONPATH": str(ROOT)}
    env.pop("PPTXAGENT_DATABASE_URL", None)
    log = (data / "serve.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pptxagent.cli", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--data-dir", str(data), "--workers", "1"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, (data / "serve.log").read_text()
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/openapi.json", timeout=2).status_code == 200:
                    break
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


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """Our own Playwright browser on the project's Chromium (not the engine's shared page)."""
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=find_executable(), args=list(LAUNCH_ARGS))
        try:
            yield b
        finally:
            b.close()


@contextlib.contextmanager
def open_page(browser: Browser, base: str, width: int = 1440,
              height: int = 900) -> Iterator[Page]:
    """A fresh context (no token) at ``width`` × ``height``; fails on any page error."""
    ctx = browser.new_context(viewport={"width": width, "height": height},
                              accept_downloads=True)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(base + "/")
    try:
        yield pg
    finally:
        ctx.close()
    assert not errors, errors


def login(pg: Page) -> None:
    pg.fill("#token", TOKEN)
    pg.click("#login-form button[type=submit]")
    pg.wait_for_selector("#view-jobs:not([hidden])")


def shot(pg: Page, name: str) -> Path:
    """A full-page screenshot kept as a test artifact."""
    where = Path(os.environ.get("PPTXAGENT_UI_SCREENSHOTS") or ARTIFACTS)
    where.mkdir(parents=True, exist_ok=True)
    path = where / f"{name}.png"
    pg.screenshot(path=str(path), full_page=True)
    return path


def axe(pg: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A and
    AA rules and best practices)."""
    assert AXE.is_file(), f"{AXE} missing: run ./bin/setup (npm installs axe-core)"
    if not pg.evaluate("typeof window.axe === 'object'"):
        pg.add_script_tag(path=str(AXE))
    res: dict[str, Any] = pg.evaluate(
        "async () => await axe.run(document, {resultTypes: ['violations'], runOnly: "
        "{type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', "
        "'best-practice']}})")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in res["violations"] if v["impact"] in ("serious", "critical")]


def no_horizontal_scroll(pg: Page) -> None:
    """Nothing wider than the window: the page never scrolls sideways (tables scroll in
    their own box)."""
    over = pg.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert over <= 0, f"the page is {over} px wider than the window"


def wait_succeeded(pg: Page) -> None:
    pg.wait_for_function(
        "() => /succeeded|failed/.test(document.querySelector('#job-summary').innerText)",
        timeout=JOB_TIMEOUT_MS)
    assert "succeeded" in pg.inner_text("#job-summary"), pg.inner_text("#view-job")


def open_deck(pg: Page) -> None:
    pg.click("#open-deck")
    pg.wait_for_selector("#view-deck:not([hidden])")
    thumbs_loaded(pg)


def thumbs_loaded(pg: Page) -> None:
    pg.wait_for_function(
        "() => { const i = [...document.querySelectorAll('#slides img.thumb')];"
        " return i.length > 0 && i.every(x => x.complete && x.naturalWidth > 0); }")


def submit_banner_fill(pg: Page) -> None:
    pg.click("#nav >> text=New job")
    pg.check("input[name=kind][value=fill]")
    pg.set_input_files("#template", str(BANNER))
    pg.set_input_files("#content-file", str(BANNER_CONTENT))
    pg.select_option("#quality_profile", "balanced")
    pg.click("#submit-btn")
    pg.wait_for_selector("#view-job:not([hidden])")
    wait_succeeded(pg)
