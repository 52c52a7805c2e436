"""The service's UI at 390, 1440 and 1920 px in the real Chromium: every view (login, jobs,
new job, a job, a deck with a QA issue resolved before → after, two versions compared, a job
that does not exist) passes axe-core with no serious or critical violation, never scrolls
sideways, and is screenshotted (``out/test-artifacts/ui/<view>-<width>.png``); the keyboard
reaches the content, the navigation and each QA issue (which lights its box up)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.integration.service_support import wait_job
from tests.integration.ui_support import (
    BANNER,
    BANNER_CONTENT,
    TOKEN,
    WIDTHS,
    axe,
    chromium,
    login,
    no_horizontal_scroll,
    open_page,
    serve,
    shot,
    thumbs_loaded,
)

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

OUTLINE = {"title": "Accessibility review", "slides": [
    {"kind": "title", "title": "Accessibility review", "subtitle": "Three widths"},
    {"title": "What we check", "bullets": ["axe-core in the page", "No sideways scroll",
                                           "Keyboard reaches every issue"]}]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("a11y-data")) as base:
        yield base


@pytest.fixture(scope="module")
def seeded(server: str) -> dict[str, str]:
    """A banner fill and its revision (v2), and a compose, made through the API."""
    with httpx.Client(base_url=server, headers={"Authorization": f"Bearer {TOKEN}"},
                      timeout=60) as c:
        fill = c.post("/api/decks/generate", files={
            "template": ("banner.pptx", BANNER.read_bytes()),
            "content": ("banner_content.json", BANNER_CONTENT.read_bytes())}).json()
        assert wait_job(c, fill["job_id"])["status"] == "succeeded"
        rev = c.post(f"/api/decks/{fill['deck_id']}/revise", files={"content": (
            "short.json", json.dumps({"tokens": {"title": "Globex review",
                                                 "presenter": "Strategy Office"}}))}).json()
        assert wait_job(c, rev["job_id"])["status"] == "succeeded"
        comp = c.post("/api/decks/generate", files={
            "outline": ("a11y-outline.json", json.dumps(OUTLINE))}).json()
        assert wait_job(c, comp["job_id"])["status"] == "succeeded"
    return {"job": fill["job_id"], "deck": fill["deck_id"]}


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[Browser]:
    with chromium() as b:
        yield b


def _go(pg: Page, hash_: str, ready: str) -> None:
    pg.evaluate(f"location.hash = {json.dumps(hash_)}")
    pg.wait_for_selector(ready)


def _views(ids: dict[str, str]) -> list[tuple[str, str, str]]:
    """(name, hash, what to wait for) of every view after the login."""
    deck = ids["deck"]
    return [
        ("jobs", "#/jobs", "#jobs-table tbody tr >> text=Accessibility review"),
        ("submit", "#/submit", "#view-submit:not([hidden]) #submit-btn"),
        ("job", f"#/jobs/{ids['job']}", "#job-story .story"),
        ("deck", f"#/decks/{deck}?v=1", "#slides .frame.before .qa-box.found"),
        ("compare", f"#/decks/{deck}?compare=1-2", "#compare .compare-row"),
        ("missing", f"#/jobs/{'0' * 32}", "#job-error:not(:empty)"),
    ]


@pytest.mark.parametrize("width", WIDTHS)
def test_every_view_passes_axe_and_fits_the_width(browser: Browser, server: str,
                                                  seeded: dict[str, str], width: int) -> None:
    found: dict[str, list[dict[str, Any]]] = {}
    with open_page(browser, server, width=width, height=900 if width > 400 else 844) as pg:
        pg.wait_for_selector("#view-login:not([hidden])")
        found["login"] = axe(pg)
        shot(pg, f"login-{width}")
        login(pg)
        for name, hash_, ready in _views(seeded):
            _go(pg, hash_, ready)
            if name in ("deck", "compare"):
                thumbs_loaded(pg) if name == "deck" else pg.wait_for_function(
                    "() => [...document.querySelectorAll('#compare img.thumb')]"
                    ".every(x => x.complete && x.naturalWidth > 0)")
            no_horizontal_scroll(pg)
            found[name] = axe(pg)
            shot(pg, f"{name}-{width}")
            if name == "deck":  # one story: no resolved issue drawn as an alarm
                assert pg.locator(".qa-box.alarm").count() == 0
    bad = {k: v for k, v in found.items() if v}
    assert not bad, json.dumps(bad, indent=1)


def test_the_keyboard_reaches_the_content_and_every_issue(browser: Browser, server: str,
                                                          seeded: dict[str, str]) -> None:
    with open_page(browser, server) as pg:
        login(pg)
        # Each view puts the focus on the content; back from there: the navigation, then the
        # skip link, which leads to the content again.
        assert pg.evaluate("document.activeElement.id") == "main"
        pg.keyboard.press("Shift+Tab")
        assert pg.evaluate("document.activeElement.id") == "logout"
        seen = []
        while pg.evaluate("document.activeElement.className") != "skip" and len(seen) < 6:
            pg.keyboard.press("Shift+Tab")
            seen.append(pg.evaluate("document.activeElement.textContent.trim()"))
        assert seen[:3] == ["New job", "Jobs", "pptxagent"], seen
        pg.keyboard.press("Enter")
        assert pg.evaluate("document.activeElement.id") == "main"
        _go(pg, f"#/decks/{seeded['deck']}?v=1", "#slides .issues li")
        thumbs_loaded(pg)
        # Tab until the first QA issue has the focus: its boxes light up (before and after).
        for _ in range(40):
            pg.keyboard.press("Tab")
            if pg.evaluate("document.activeElement.matches('#slides .issues li')"):
                break
        else:
            raise AssertionError("the keyboard never reached the QA issue")
        assert pg.locator("#slides .qa-box.hl").count() == 2
        pg.keyboard.press("Tab")
        assert pg.locator("#slides .qa-box.hl").count() == 0
        # The navigation is reachable and says where you are.
        _go(pg, "#/jobs", "#jobs-table tbody tr")
        assert pg.get_attribute("#nav a[href='#/jobs']", "aria-current") == "page"
