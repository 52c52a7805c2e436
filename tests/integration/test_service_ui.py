"""The service's web UI in the real Chromium, against a real ``pptxagent serve`` (one warm
worker, a fresh data directory, a known token): a wrong token is refused; a compose job
submitted from the form (with the picture its outline names) streams its events into the
timeline while it runs (in order, no gaps), ends succeeded with its tool runs listed, and its
deck shows one thumbnail per slide and downloads as a .pptx; a fill of the banner template
whose title loses its contrast shows that QA issue outlined on the slide thumbnail, over the
title's box, and a revision of that deck becomes its version 2."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.integration.ui_support import (
    JOB_TIMEOUT_MS,
    PICTURE,
    chromium,
    login,
    no_horizontal_scroll,
    open_deck,
    open_page,
    serve,
    shot,
    submit_banner_fill,
    wait_succeeded,
)

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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("service-data")) as base:
        yield base


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[Browser]:
    """Closed before the server stops."""
    with chromium() as b:
        yield b


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    with open_page(browser, server) as pg:
        yield pg


def test_logout_shows_after_login_only_and_a_missing_job_is_one_error(
        browser: Browser, server: str) -> None:
    with open_page(browser, server, width=390, height=844) as pg:
        pg.wait_for_selector("#view-login:not([hidden])")
        assert pg.is_hidden("#logout") and pg.is_hidden("#nav")
        no_horizontal_scroll(pg)
        login(pg)
        assert pg.is_visible("#logout")
        pg.evaluate(f"location.hash = '#/jobs/{'0' * 32}'")
        pg.wait_for_selector("#job-error:not(:empty)")
        assert "No job" in pg.inner_text("#job-error")
        assert pg.locator(".error:visible").count() == 1
        assert pg.is_hidden("#job-body") and pg.locator("table:visible").count() == 0
        pg.evaluate(f"location.hash = '#/decks/{'0' * 32}'")
        pg.wait_for_selector("#deck-error:not(:empty)")
        assert pg.locator(".error:visible").count() == 1 and pg.is_hidden("#revise")
        no_horizontal_scroll(pg)
        pg.click("#logout")
        pg.wait_for_selector("#view-login:not([hidden])")
        assert pg.is_hidden("#logout")


def test_wrong_token_is_refused(page: Page) -> None:
    page.fill("#token", "not-the-token")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#login-error:not(:empty)")
    assert "refused" in page.inner_text("#login-error")
    assert page.is_hidden("#view-jobs")


def test_compose_job_streams_events_and_shows_the_deck(page: Page, tmp_path: Path) -> None:
    outline = tmp_path / "outline.json"
    outline.write_text(json.dumps(OUTLINE))
    login(page)
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
    wait_succeeded(page)
    page.wait_for_selector("#timeline li[data-type='job.succeeded']")
    states: list[str] = page.evaluate("window.__states")
    assert "live" in states, states
    seqs = [int(s) for s in
            page.eval_on_selector_all("#timeline li", "l => l.map(x => x.dataset.seq)")]
    assert seqs == list(range(1, len(seqs) + 1)), seqs
    page.wait_for_selector("#toolruns tbody tr")
    runs = page.inner_text("#toolruns tbody")
    assert "ok" in runs
    shot(page, "ui-job")
    open_deck(page)
    assert page.locator("#slides img.thumb").count() == len(OUTLINE["slides"])
    shot(page, "ui-compose-deck")
    with page.expect_download() as dl:
        page.click("#download")
    path = dl.value.path()
    assert path is not None and Path(path).read_bytes()[:2] == b"PK"


def test_fill_report_outlines_the_contrast_issue(page: Page) -> None:
    login(page)
    submit_banner_fill(page)
    open_deck(page)
    # One story: the contrast issue the fill's QA correction pass resolved is drawn on the
    # picture from before that pass (over the title, in the upper half), muted green on the
    # picture after, and never as an alarm; the summary, the badge and the counts agree.
    assert page.locator(".qa-box.alarm").count() == 0
    box = page.locator(".frame.before .qa-box.found[data-kind='contrast']").first
    box.wait_for()
    assert "contrast" in box.inner_text() and "critical" in box.inner_text()
    b: Any = box.bounding_box()
    img: Any = page.locator(".frame.before img.thumb").first.bounding_box()
    assert img["x"] <= b["x"] and b["x"] + b["width"] <= img["x"] + img["width"] + 1
    assert img["y"] <= b["y"] and b["y"] + b["height"] <= img["y"] + img["height"] + 1
    assert b["width"] > img["width"] / 3
    assert b["y"] < img["y"] + img["height"] / 2
    after = page.locator(".frame.after .qa-box.ok[data-kind='contrast']").first
    assert "resolved" in after.inner_text()
    summary = page.inner_text("#qa-summary")
    assert "found 1 issue" in summary and "1 resolved" in summary and "0 open" in summary, summary
    assert "critic: all gates pass" in summary and "0 critic correction passes" in summary
    assert page.inner_text("#slides figcaption .badge") == "clean"
    assert "QA correction pass: slide 1" in page.inner_text("#version-head")
    assert "resolved by the QA correction pass" in page.inner_text("#slides .issues")
    shot(page, "ui-report")
    page.click("#version-head >> text=job")
    page.wait_for_selector("#job-story .story")
    story = page.inner_text("#job-story")
    for words in ("Found 1 issue", "1 resolved", "0 open", "✓ contrast"):
        assert words in story, story
    # A revision with a short title is version 2 of the same deck, listed next to version 1.
    page.click("#open-deck")
    page.wait_for_selector("#view-deck:not([hidden]) #revise:not([hidden])")
    page.click("#revise summary")
    page.fill("#revise-json", json.dumps({"tokens": {"title": "Globex review",
                                                     "presenter": "Strategy Office"}}))
    page.click("#revise-btn")
    page.wait_for_selector("#view-job:not([hidden])")
    wait_succeeded(page)
    open_deck(page)
    assert page.inner_text("#versions a[aria-current=page]") == "v2"
    assert page.locator("#versions a").all_inner_texts() == ["v1", "v2"]
    # Human names: the deck's title is its first slide's, its source the template's file name,
    # and version 2 says what changed.
    assert page.inner_text("#deck-h") == "Globex review"
    assert "from banner.pptx" in page.inner_text("#deck-sub")
    assert "new content" in page.inner_text("#version-changes")
    # v1 and v2 side by side: the banner's one slide has a new title, marked changed.
    page.click("#compare-link")
    page.wait_for_selector("#compare .compare-row")
    assert page.inner_text("#compare-summary").startswith("1 of 1 slide changed: 1."), \
        page.inner_text("#compare-summary")
    assert page.locator("#compare .compare-row.changed").count() == 1
    assert page.locator("#compare .slide.changed").count() == 1
    page.wait_for_function("() => [...document.querySelectorAll('#compare img.thumb')]"
                           ".every(x => x.complete && x.naturalWidth > 0)")
    shot(page, "ui-compare")
    page.click("#compare >> text=Back to the version")
    page.wait_for_selector("#version-body:not([hidden]) #slides .slide")
    page.click("#nav >> text=Jobs")
    row = page.locator("#jobs-table tbody tr").first
    page.wait_for_selector("#jobs-table tbody tr >> text=Globex review")
    text = row.inner_text()
    assert "Globex review" in text and "revision of v1" in text and "banner.pptx" in text, text
    assert "1 clean" in text or "1 warnings" in text, text
    page.select_option("#jobs-status", "failed")
    page.wait_for_selector("#jobs-none:not([hidden])")
    assert page.is_hidden("#jobs-wrap")
    page.click("#jobs-all")
    page.wait_for_selector("#jobs-wrap:not([hidden])")
