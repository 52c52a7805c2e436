"""The fill's visual QA stage and its correction pass, on the graduation-ribbon template with
the real Chromium: a first pass that pushed the white name off its blue ribbon (what the old
repair did) is a critical contrast issue; the correction pass brings the name back onto the
ribbon at the template's geometry, fits it by font size, and the issue is ``resolved``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_fill_keeps_design import RIBBON, _template

from pptxagent.pipeline.fill import STAGES, FillJob, FillOptions, visual_qa
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


def test_text_pushed_off_its_art_is_critical_and_corrected(tmp_path: Path) -> None:
    job = _job(tmp_path, "Alexandra Konstantinopoulou")
    w = job.slides[0]
    assert w.final_ir is not None
    name = next(e for e in w.final_ir.elements if e.source and e.source.name == "Name")
    name.layout.y += 300  # a bad first pass: the white name now sits on the white page
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
