"""One story per deck version (issue 37 §1), over real HTTP with a real worker: on the bundled
banner fill, whose long title loses its contrast and is corrected by the fill's own QA
correction pass, the quality report, the slide's label, the version's story and counts, the
job's labels and its critic event all say the same thing: one issue found, resolved by the QA
correction pass on slide 1, none open, every gate passes, no critic correction pass. The slide's
picture from before that pass is kept and served."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.service_support import Api, all_events, served_api, wait_job

ROOT = Path(__file__).resolve().parents[2]
BANNER = ROOT / "templates" / "pptx" / "banner.pptx"
BANNER_CONTENT = ROOT / "fixtures" / "banner_content.json"

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    with served_api(tmp_path_factory.mktemp("story"), "story-token-0123456789abcdef") as api:
        yield api


def test_the_banner_fill_tells_one_story(live: Api) -> None:
    with live.client() as c:
        sub = c.post("/api/decks/generate", files={
            "template": ("banner.pptx", BANNER.read_bytes()),
            "content": ("banner_content.json", BANNER_CONTENT.read_bytes())}).json()
        job = wait_job(c, sub["job_id"])
        assert job["status"] == "succeeded", job
        q = c.get(f"/api/decks/{sub['deck_id']}/quality/1").json()
        story, slide = q["story"], q["report"]["slides"][0]
        # the report: one contrast issue, resolved by the QA correction pass it ran on slide 1
        assert [(i["kind"], i["status"]) for i in slide["qa"]] == [("contrast", "resolved")]
        assert slide["qa_correction"] == "kept" and slide["quality"] == "success_clean"
        # the story and its counts
        assert story["counts"] == {"found": 1, "resolved": 1, "unresolved": 0, "open": 0,
                                   "accepted": 0, "live": 0, "corrected_slides": 1,
                                   "dropped_slides": 0}
        assert story["qa_correction_slides"] == [1] and story["critic_passes"] == 0
        assert story["gates"] == {"fit": True, "overlap": True, "contrast": True,
                                  "completeness": True}
        assert story["labels"] == {"success_clean": 1} and story["score"] == q["score"] == 1.0
        assert story["summary"] == (
            "Visual QA found 1 issue on slide 1; its QA correction pass ran on slide 1: "
            "1 resolved, 0 unresolved; re-checked: 0 open; critic: all gates pass, "
            "0 critic correction passes (score 1.00).")
        # the job: its labels, its critic pass count, its title and source
        assert job["labels"] == {"success_clean": 1, "success_with_warnings": 0, "degraded": 0}
        assert job["result"]["passes_used"] == q["passes_used"] == story["critic_passes"]
        assert job["deck_title"] == json.loads(BANNER_CONTENT.read_text())["tokens"]["title"]
        assert job["source"] == "banner.pptx"
        # the events: the critic counts the same issues the same way, and agrees on the gates
        critics = [e["data"] for e in all_events(c, job["id"]) if e["type"] == "critic"]
        assert [d["pass"] for d in critics] == [0]
        assert critics[0]["qa"] == story["counts"] and critics[0]["gates"] == story["gates"]
        assert critics[0]["why"] == "all gates pass" and critics[0]["issues"]["contrast"] == 0
        # the picture from before the QA correction pass: the box is where it was
        assert slide["before"].startswith("/api/files/")  # the server's folder never shows
        before = c.get(slide["before"])
        assert before.status_code == 200 and before.content[:8] == b"\x89PNG\r\n\x1a\n"
        assert before.headers["content-type"] == "image/png"
