"""The slide component in the pages the CLI writes, opened in Chromium: ``pptxagent batch``'s
``review.html`` (the bundled banner template, a record whose presenter line is far too long:
its title's contrast and the line's cut-off resolved by the QA correction pass, shown before
and after, its tiny text still open) and ``pptxagent qa``'s ``contact-sheet.html`` (a deck
with planted defects). A live issue is an alarm box; a resolved one is a muted box, never an
alarm; an accepted one is listed, never drawn. Both pages pass axe-core and fit a phone's width."""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from qa_decks import planted_deck
from ui_support import axe, chromium, no_horizontal_scroll

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
BANNER = ROOT / "templates" / "pptx" / "banner.pptx"
BANNER_CONTENT = ROOT / "fixtures" / "banner_content.json"


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", *map(str, args)],
                          capture_output=True, text=True, timeout=600, check=False)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("pages")
    # a checkout's path as long as a CI runner's: a long file name never widens the page
    deep = tmp / "builds" / "a_continuous_integration_runner_workspace" / "pptxagent_checkout"
    deep.mkdir(parents=True)
    banner = deep / "banner_template_of_the_strategy_office.pptx"
    shutil.copyfile(BANNER, banner)
    tokens = json.loads(BANNER_CONTENT.read_text())["tokens"]
    data = tmp / "banner.csv"
    with data.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["title", "presenter"])
        w.writerow([tokens["title"], tokens["presenter"]])
        w.writerow([tokens["title"], "Presented by the Strategy Office " * 12])
    done = cli("batch", banner, data, "-o", tmp / "batch", "-j", "1", "--profile", "fast")
    assert done.returncode == 1, done.stderr  # the long presenter line: degraded
    qa = cli("qa", planted_deck(deep / "planted_defects_of_every_kind.pptx"), "--out", tmp / "qa")
    assert qa.returncode == 1, qa.stdout + qa.stderr
    return {"review": tmp / "batch" / "review.html", "sheet": tmp / "qa" / "contact-sheet.html"}


@pytest.fixture(scope="module")
def chrome() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def _open(browser: Browser, page: Path, width: int = 1440) -> tuple[Page, list[str]]:
    pg = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(page.as_uri())
    pg.wait_for_function("[...document.querySelectorAll('img.thumb')].length > 0 && "
                         "[...document.querySelectorAll('img.thumb')].every("
                         "(i) => i.complete && i.naturalWidth > 0)")
    pg.wait_for_selector(".qa-box")
    return pg, errors


def _issues(page: Path) -> list[dict[str, object]]:
    m = re.search(r"id=slide-data>(.*?)</script>", page.read_text("utf-8"), re.S)
    assert m is not None
    return [i for d in json.loads(m.group(1))["decks"] for i in d["issues"]]


def test_the_batch_review_page_draws_live_issues_as_alarms_only(
        pages: dict[str, Path], chrome: Browser) -> None:
    issues = _issues(pages["review"])
    assert {(i["kind"], i["status"]) for i in issues} >= {
        ("contrast", "resolved"), ("tiny_text", "open")}
    pg, errors = _open(chrome, pages["review"])
    assert pg.locator("section.deck").count() == 1  # the clean record needs no look
    alarms = pg.locator(".qa-box.alarm")
    assert alarms.count() == sum(1 for i in issues if i["status"] in ("open", "unresolved"))
    assert alarms.first.get_attribute("data-kind") == "tiny_text"
    assert "sev-major" in (alarms.first.get_attribute("class") or "")
    assert pg.locator(".qa-box.ok.status-resolved").count() == sum(
        1 for i in issues if i["status"] == "resolved")
    assert pg.locator(".qa-box.alarm.status-resolved").count() == 0
    # before -> after: the corrected slide's picture from before its pass, each resolved
    # issue boxed where it was found
    assert pg.locator("figure.slide.has-before").count() == 1
    assert pg.locator(".qa-box.found.status-resolved").count() == sum(
        1 for i in issues if i["status"] == "resolved")
    # drawn in the major colour, a solid border, inside the picture
    style = pg.evaluate("() => { const s = getComputedStyle(document.querySelector("
                        "'.qa-box.alarm')); return [s.borderTopColor, s.borderTopStyle]; }")
    assert style == ["rgb(240, 140, 0)", "solid"]
    assert "resolved by the QA correction pass" in pg.inner_text(".issues")
    assert errors == []
    pg.close()


def test_an_accepted_issue_is_listed_never_drawn(pages: dict[str, Path], chrome: Browser,
                                                 tmp_path: Path) -> None:
    """The same page with the resolved contrast issue turned into the template's own."""
    text = pages["review"].read_text("utf-8")
    assert '"status": "resolved"' in text
    page = tmp_path / "review.html"
    page.write_text(text.replace('"status": "resolved"', '"status": "accepted"', 1), "utf-8")
    pg, errors = _open(chrome, page)
    assert pg.locator(".qa-box.status-accepted").count() == 0
    assert "the template's own (accepted)" in pg.inner_text(".issues")
    assert pg.locator(".qa-box.alarm").count() == 1
    assert errors == []
    pg.close()


def test_the_qa_contact_sheet_page_draws_every_open_issue_as_an_alarm(
        pages: dict[str, Path], chrome: Browser) -> None:
    sheet = pages["sheet"]
    assert (sheet.parent / "contact-sheet.png").is_file()
    issues = _issues(sheet)
    pg, errors = _open(chrome, sheet)
    assert pg.locator("figure.slide").count() == 14
    boxed = [i for i in issues if i["box"] and i["status"] == "open"]
    assert len(boxed) >= 12 and pg.locator(".qa-box.alarm").count() == len(boxed)
    assert pg.locator(".qa-box:not(.alarm)").count() == 0
    ghost = pg.locator('[data-slide="2"] .qa-box.alarm')
    assert ghost.get_attribute("data-kind") == "contrast"
    assert "sev-critical" in (ghost.get_attribute("class") or "")
    assert pg.locator('[data-slide="1"] .qa-box').count() == 0  # a clean slide
    assert errors == []
    pg.close()


@pytest.mark.parametrize("width", [390, 1440])
def test_both_pages_pass_axe_and_fit_the_width(pages: dict[str, Path], chrome: Browser,
                                               width: int) -> None:
    for name in ("review", "sheet"):
        pg, errors = _open(chrome, pages[name], width)
        assert axe(pg) == [], name
        no_horizontal_scroll(pg)
        assert errors == []
        pg.close()
