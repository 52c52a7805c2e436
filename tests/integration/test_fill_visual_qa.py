"""The fill's visual QA stage and its correction pass, on the graduation-ribbon template with
the real Chromium: a first pass that pushed the white name off its blue ribbon (what the old
repair did) is a critical contrast issue; the correction pass brings the name back onto the
ribbon at the template's geometry, fits it by font size, and the issue is ``resolved``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_fill_keeps_design import RIBBON, _template

from pptxagent.ir import Element
from pptxagent.pipeline.fill import STAGES, FillJob, FillOptions, visual_qa
from pptxagent.pipeline.job import SlideWork
from pptxagent.pipeline.summary import make_report
from pptxagent.units import emu_to_px

pytestmark = [pytest.mark.browser]


def _job(tmp: Path, name: str) -> FillJob:
    template = _template(tmp)
    content = tmp / "content.json"
    content.write_text(json.dumps({"tokens": {"name": name}}))
    job = FillJob(FillOptions(template=template, content=content, out=tmp / "out.pptx",
                              crosscheck=False))
    for stage in STAGES[: STAGES.index(visual_qa)]:
        stage(job)
    return job


def _push_off(w: SlideWork, dy: float) -> Element:
    """A bad first pass: the white name moved ``dy`` px down, off its ribbon. The element is
    replaced in the final state, not changed in place: states share unchanged elements."""
    assert w.final_ir is not None
    i, name = next((i, e) for i, e in enumerate(w.final_ir.elements)
                   if e.source and e.source.name == "Name")
    moved = name.model_copy(update={"layout": name.layout.model_copy(
        update={"y": name.layout.y + dy})})
    w.final_ir.elements[i] = moved
    return moved


def test_text_pushed_off_its_art_is_critical_and_corrected(tmp_path: Path) -> None:
    job = _job(tmp_path, "Alexandra Konstantinopoulou")
    w = job.slides[0]
    name = _push_off(w, 300)  # the white name now sits on the white page
    visual_qa(job)
    contrast = [i for i in w.qa if i.kind == "contrast" and i.eid == name.eid]
    assert contrast and contrast[0].severity == "critical"
    assert contrast[0].status == "resolved", w.qa
    assert w.final_ir is not None
    fixed = w.final_ir.element(name.eid).layout
    ribbon_y, ribbon_h = emu_to_px(RIBBON[1]), emu_to_px(RIBBON[3])
    assert ribbon_y - 1 <= fixed.y and fixed.y + fixed.h <= ribbon_y + ribbon_h + 1
    report = make_report(job)
    assert report.slides[0].quality.startswith("success")
    assert any(q["status"] == "resolved" for q in report.slides[0].qa)
    assert report.qa["by_status"].get("resolved", 0) >= 1


def test_a_clean_fill_has_no_open_qa_issue(tmp_path: Path) -> None:
    job = _job(tmp_path, "Ada Lovelace")
    visual_qa(job)
    assert [i for i in job.slides[0].qa if i.status in ("open", "unresolved")] == []


ROOT = Path(__file__).resolve().parents[2]


def test_a_title_wrapping_off_its_banner_is_found_and_kept_on_it(tmp_path: Path) -> None:
    """The bundled banner template: a long title wraps below the navy banner (white on the
    white page) with no layout defect. The QA finds the contrast, the correction pass fits the
    title on its banner, the issue is resolved (through the real CLI)."""
    import subprocess
    import sys

    from pptx import Presentation

    out, report = tmp_path / "out.pptx", tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", "fill", str(ROOT / "templates/pptx/banner.pptx"),
         str(ROOT / "fixtures/banner_content.json"), "-o", str(out), "--report", str(report),
         "--no-crosscheck"], capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    slide = json.loads(report.read_text())["slides"][0]
    contrast = [i for i in slide["qa"] if i["kind"] == "contrast"]
    assert contrast and contrast[0]["severity"] == "critical"
    assert contrast[0]["status"] == "resolved" and contrast[0]["baseline"] > 10
    shapes = {sh.name: sh for sh in Presentation(str(out)).slides[0].shapes}
    title, banner = shapes["Cover Title"], shapes["Banner"]
    assert banner.top <= title.top and title.top + title.height <= banner.top + banner.height
    assert title.text_frame.text.startswith("Quarterly business review")


def _finish(job: FillJob) -> None:
    for stage in STAGES[STAGES.index(visual_qa):]:
        stage(job)


@pytest.mark.libreoffice
def test_the_cross_check_describes_the_output_even_when_the_qa_changed_a_slide(
        tmp_path: Path) -> None:
    """LibreOffice starts drawing the loop's deck before the visual QA; when the QA's
    correction pass changes a slide, the output (not that early deck) is what is written and
    cross-checked, and the early copy is gone."""
    from pptx import Presentation

    job = _job_crosschecked(tmp_path, "Alexandra Konstantinopoulou")
    assert job.early is not None
    w = job.slides[0]
    _push_off(w, 300)  # the bad first pass again, after LibreOffice got the early deck
    _finish(job)
    assert any(i.status == "resolved" for i in w.qa)
    shape = next(s for s in Presentation(str(tmp_path / "out.pptx")).slides[0].shapes
                 if s.name == "Name")
    assert RIBBON[1] - 9525 <= shape.top and shape.top + shape.height <= (
        RIBBON[1] + RIBBON[3] + 9525)  # the corrected name, on its ribbon, in the file
    assert w.crosscheck is not None and w.crosscheck["compared"] >= 1
    assert not job.early.folder.exists()


@pytest.mark.libreoffice
def test_an_unchanged_deck_is_cross_checked_from_the_early_drawing(tmp_path: Path) -> None:
    from pptxagent.engines.libreoffice import get_libreoffice
    from pptxagent.pipeline.crosscheck import compare_slide, summary

    job = _job_crosschecked(tmp_path, "Ada Lovelace")
    _finish(job)
    assert job.early is not None and job.early.future.done()
    assert not job.early.folder.exists()
    w = job.slides[0]
    fresh = get_libreoffice().text_bounds(tmp_path / "out.pptx")
    assert w.crosscheck == summary(compare_slide(job, w, fresh.get(1, {})))


def _job_crosschecked(tmp: Path, name: str) -> FillJob:
    template = _template(tmp)
    content = tmp / "content.json"
    content.write_text(json.dumps({"tokens": {"name": name}}))
    job = FillJob(FillOptions(template=template, content=content, out=tmp / "out.pptx"))
    for stage in STAGES[: STAGES.index(visual_qa)]:
        stage(job)
    return job


def test_text_the_fallback_truncated_is_judged_whole_as_written(tmp_path: Path) -> None:
    """Sixty lines in a body: the loop's last resort clips the text in the browser, but the
    .pptx keeps it whole, running off the slide. The QA judged the clipped drawing and
    reported the cut-off ``resolved``; it is judged as written: still there. (With the shrink
    on overflow off: by default the box's autofit keeps such text in its box,
    ``test_fill_shrink_on_overflow.py``.)"""
    from pptx import Presentation
    from qa_decks import body_fill

    lines = [f"Point {k}: a long line of body text that keeps going on" for k in range(60)]
    tpl, content = body_fill(tmp_path, Presentation(), lines, title="Everything")
    job = FillJob(FillOptions(template=tpl, content=content, out=tmp_path / "out.pptx",
                              crosscheck=False, settings_overrides={"OVERFLOW_FIT_FLOOR": 0}))
    for stage in STAGES:
        stage(job)
    report = make_report(job).slides[0]
    assert report.quality == "degraded"
    assert any(c["what"] == "overflow_left" for c in report.changes)  # truncated, written whole
    cut = [i for i in report.qa if i["kind"] in ("cutoff", "overflow")]
    assert cut and all(i["status"] in ("open", "unresolved") for i in cut)
