"""Human names of decks, jobs and versions (``service.names``) and what the API derives from
them (``JobOut``, ``VersionOut``, ``DeckOut``): titles from the report or the outline, the
source file's plain name, what a revision changed, slide label counts, durations."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from pptxagent.pipeline.summary import slide_title
from pptxagent.service.names import changes, labels_of, plain_name, source_of, title_of
from pptxagent.service.schemas import DeckOut, JobOut
from pptxagent.store.records import DeckRow, JobRow, VersionRow

T0 = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
FILL = {"kind": "fill", "template_sha": "a" * 64, "template_name": "quarterly-review.pptx",
        "content": {"tokens": {"client": "Northwind"}}, "quality_profile": "balanced",
        "agent_mode": "bounded", "max_correction_passes": 1, "theme": None}


def _job(req: dict[str, Any], result: dict[str, Any] | None = None, n: int = 1,
         status: str = "succeeded") -> JobRow:
    return JobRow(id=f"{n:032x}", token_id=1, deck_id="d" * 32, kind=str(req["kind"]),
                  status=status, request=req, attempts=1, max_attempts=2, lease_owner=None,
                  lease_expires_at=None, created_at=T0, started_at=T0 + timedelta(seconds=1),
                  finished_at=T0 + timedelta(seconds=3.5) if status == "succeeded" else None,
                  result=result, error=None, last_seq=9)


def test_file_names_are_plain_and_short() -> None:
    assert plain_name("C:\\Users\\me\\decks\\quarterly-review.pptx") == "quarterly-review.pptx"
    assert plain_name("../../etc/x\x00y.pptx") == "xy.pptx"
    assert plain_name("") is None and plain_name(None) is None
    assert len(plain_name("a" * 300) or "") == 120


def test_a_title_comes_from_the_report_else_the_outline_else_the_content() -> None:
    assert title_of(FILL, {"title": "Northwind  Quarterly\nReview"}) == \
        "Northwind Quarterly Review"
    outline = {"kind": "compose", "outline": {"title": "Plan 2027", "slides": []}}
    assert title_of(outline, None) == "Plan 2027"
    content = {"kind": "fill", "content": {"tokens": {"title": "Cover"}, "slides": [
        {"template_slide": 1}, {"template_slide": 2, "fill": {"title": "{{x}} of {{ y }}"}}]}}
    content["content"]["tokens"]["y"] = "Globex"
    assert title_of(content, None) == "{{x}} of Globex"
    assert title_of({"kind": "fill", "content": {"tokens": {"title": "Cover"}}}, {}) == "Cover"
    assert source_of(FILL) == "quarterly-review.pptx"
    assert source_of(outline) == "outline: Plan 2027"
    assert source_of({**outline, "outline_name": "plan.json"}) == "plan.json"


def test_a_revision_names_what_changed() -> None:
    assert changes(None, FILL) == []
    assert changes(FILL, dict(FILL)) == []
    new = {**FILL, "content": {"tokens": {"client": "Globex"}}, "content_name": "globex.json",
           "quality_profile": "fast"}
    assert changes(FILL, new) == [
        {"what": "content", "detail": "new content (globex.json)"},
        {"what": "options", "detail": "quality_profile: balanced → fast"}]
    swapped = {**FILL, "template_sha": "b" * 64, "template_name": "banner.pptx"}
    assert changes(FILL, swapped) == [{"what": "template",
                                       "detail": "new template (banner.pptx)"}]


def test_slide_labels_and_titles_are_counted_from_the_report() -> None:
    report = {"slides": [{"quality": "success_clean", "title": "A"},
                         {"quality": "degraded"}, {"quality": "success_clean"}]}
    assert labels_of(report) == {"success_clean": 2, "degraded": 1}
    assert slide_title(None) is None


def test_jobs_and_decks_answer_with_their_names() -> None:
    result = {"deck_id": "d" * 32, "version": 1, "score": 1.0, "passes_used": 0,
              "title": "Northwind Quarterly Review",
              "labels": {"success_clean": 2, "success_with_warnings": 1}}
    first = _job(FILL, result, 1)
    out = JobOut.of(first, "ci-bot")
    assert (out.deck_title, out.source, out.submitted_by) == (
        "Northwind Quarterly Review", "quarterly-review.pptx", "ci-bot")
    assert out.duration_s == 2.5 and out.revises is None
    assert out.labels is not None and out.labels.success_with_warnings == 1
    assert JobOut.of(_job(FILL, None, 3, status="queued")).duration_s is None
    second = _job({**FILL, "quality_profile": "fast", "revises": 1}, result, 2)
    assert JobOut.of(second).revises == 1
    versions = [VersionRow("d" * 32, n, j.id, "c" * 64, [f"{n}" * 64], 1.0, 0, T0)
                for n, j in ((1, first), (2, second))]
    deck = DeckOut.of(DeckRow("d" * 32, 1, T0, 2), versions, [second, first])
    assert deck.title == "Northwind Quarterly Review"
    assert deck.source == "quarterly-review.pptx"
    assert [c.detail for c in deck.versions[1].changes] == ["quality_profile: balanced → fast"]
    assert deck.versions[0].changes == [] and deck.versions[1].thumbnail_shas == ["2" * 64]
