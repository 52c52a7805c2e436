"""``pptxagent fill`` with data shaped the way other templating tools take it, through the real
CLI: nested paths split across runs keep the format of the run they start in, list indexes in
table cells, expressions left exactly as written and reported (an error with --strict), and
body roles that find the shape that takes their value's kind."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Inches

pytestmark = [pytest.mark.browser]

RED = "C00000"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
DATA = {"report": {"title": "Q3 review", "year": 2025, "final": True},
        "steps": [{"name": "Plan"}, {"name": "Build"}, {"name": "Ship"}],
        "name": "ann"}


def _table_into_placeholder(slide: Any, idx: int) -> None:
    """What PowerPoint does when a table is inserted into a content placeholder: the
    placeholder becomes a graphic frame that keeps ``p:ph idx``."""
    ph = slide.placeholders[idx]
    frame = slide.shapes.add_table(2, 2, ph.left, ph.top, ph.width, Inches(1))
    nvpr = frame._element.find(f"{P}nvGraphicFramePr/{P}nvPr")
    etree.SubElement(nvpr, f"{P}ph", idx=str(idx))
    ph._element.getparent().remove(ph._element)


def _template(path: Path) -> None:
    prs = Presentation()
    s1 = prs.slides.add_slide(prs.slide_layouts[5])  # Title Only
    p = s1.shapes.title.text_frame.paragraphs[0]
    for i, text in enumerate(["{{", " repo", "rt.title }}", " ({{report.year}})"]):
        run = p.add_run()
        run.text = text
        if i == 0:  # where the token starts: its format is the value's
            run.font.bold = True
            run.font.name = "Georgia"
            run.font.color.rgb = RGBColor.from_string(RED)
    table = s1.shapes.add_table(3, 2, Inches(1), Inches(2), Inches(6), Inches(1.5)).table
    table.cell(0, 0).text = "Step"
    table.cell(1, 0).text = "{{steps[1].name}}"
    table.cell(2, 1).text = "{{steps.2.name}} final: {{ report.final }}"
    box = s1.shapes.add_textbox(Inches(1), Inches(4.5), Inches(6), Inches(1.5))
    box.name = "Expr"
    box.text_frame.text = "Shout {{ name | upper }} now"
    box.text_frame.add_paragraph().text = "{% if report.final %}Final{% endif %} {#note#}"

    s2 = prs.slides.add_slide(prs.slide_layouts[3])  # Two Content
    s2.shapes.title.text = "Detail"
    _table_into_placeholder(s2, 1)  # the first body placeholder now holds a table

    prs.slides.add_slide(prs.slide_layouts[8])  # Picture with Caption

    s4 = prs.slides.add_slide(prs.slide_layouts[6])  # tags of docxtemplater, XDocReport
    other = s4.shapes.add_textbox(Inches(1), Inches(1), Inches(8), Inches(1))
    other.name = "Other tools"
    p = other.text_frame.paragraphs[0]
    for i, text in enumerate(["Dear {na", "me}, see {report.title} at ${report.year} ",
                              "and %{PATH} {x}"]):
        run = p.add_run()
        run.text = text
        run.font.italic = i == 0
    other.text_frame.add_paragraph().text = "{#steps}one step{/steps}"
    prs.save(str(path))


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "pptxagent.cli", "fill", *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def case(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    d = tmp_path_factory.mktemp("data")
    _template(d / "tpl.pptx")
    Image.new("RGB", (400, 300), "teal").save(d / "photo.png")
    content = {"tokens": DATA, "slides": [
        {"template_slide": 1},
        {"template_slide": 2, "fill": {"body": ["First point", "Second point"],
                                       "body2": [["Region", "Revenue"], ["EMEA", 182]]}},
        {"template_slide": 3, "fill": {"title": "Team", "body": {"image": "photo.png"}}},
        {"template_slide": 4},
    ]}
    (d / "content.json").write_text(json.dumps(content))
    proc = _run(d / "tpl.pptx", d / "content.json", "-o", d / "out.pptx",
                "--report", d / "report.json", "--no-crosscheck")
    assert proc.returncode == 0, proc.stderr
    strict = _run(d / "tpl.pptx", d / "content.json", "-o", d / "strict.pptx", "--strict",
                  "--no-crosscheck")
    return {"dir": d, "prs": Presentation(str(d / "out.pptx")), "stderr": proc.stderr,
            "report": json.loads((d / "report.json").read_text()), "strict": strict}


def test_nested_path_split_across_runs_takes_the_format_where_it_starts(
        case: dict[str, Any]) -> None:
    title = case["prs"].slides[0].shapes.title.text_frame.paragraphs[0]
    assert title.text == "Q3 review (2025)"
    run = next(r for r in title.runs if "Q3 review" in r.text)
    assert run.text == "Q3 review"  # the value sits in one run: the run the token started in
    assert run.font.bold is True and run.font.name == "Georgia"
    assert str(run.font.color.rgb) == RED


def test_list_indexes_in_table_cells_and_booleans_as_text(case: dict[str, Any]) -> None:
    table = next(s for s in case["prs"].slides[0].shapes if s.has_table).table
    assert table.cell(1, 0).text == "Build"
    assert table.cell(2, 1).text == "Ship final: true"


def test_expressions_stay_as_written_and_are_reported(case: dict[str, Any]) -> None:
    box = next(s for s in case["prs"].slides[0].shapes if s.name == "Expr")
    assert [p.text for p in box.text_frame.paragraphs] == [
        "Shout {{ name | upper }} now", "{% if report.final %}Final{% endif %} {#note#}"]
    got = [(u["token"], u["slide"], u["shape"]) for u in case["report"]["unresolved_tokens"]
           if u["slide"] == 1]
    assert got == [("{{ name | upper }}", 1, "Expr"), ("{% if report.final %}", 1, "Expr"),
                   ("{% endif %}", 1, "Expr"), ("{#note#}", 1, "Expr")]
    assert all(u["reason"] and u["eid"] for u in case["report"]["unresolved_tokens"])
    assert "{{ name | upper }}" in case["stderr"]


def test_strict_names_slide_shape_and_token_and_writes_nothing(case: dict[str, Any]) -> None:
    proc = case["strict"]
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "slide 1, shape 'Expr'" in proc.stderr and "{{ name | upper }}" in proc.stderr
    assert not (case["dir"] / "strict.pptx").exists()


def test_body_roles_find_the_shape_that_takes_their_kind(case: dict[str, Any]) -> None:
    s2, s3 = case["prs"].slides[1], case["prs"].slides[2]
    table = next(s for s in s2.placeholders if s.placeholder_format.idx == 1).table
    assert [[c.text for c in r.cells] for r in table.rows] == [
        ["Region", "Revenue"], ["EMEA", "182"]]
    text = next(s for s in s2.placeholders if s.placeholder_format.idx == 2)
    assert [p.text for p in text.text_frame.paragraphs] == ["First point", "Second point"]
    pic = next(s for s in s3.placeholders if s.placeholder_format.idx == 1)
    assert pic.image.size == (400, 300)
    caption = next(s for s in s3.placeholders if s.placeholder_format.idx == 2)
    assert caption.text_frame.text == ""  # the picture did not land on the caption


def test_single_brace_tags_of_other_tools(case: dict[str, Any]) -> None:
    """``{name}`` and ``{a.b}`` are filled where data names them (in the format of the run
    they start in; a ``$`` before one is a price sign); braces no data names stay as
    written; section tags are reported."""
    box = next(s for s in case["prs"].slides[3].shapes if s.name == "Other tools")
    first, loop = box.text_frame.paragraphs
    assert first.text == "Dear ann, see Q3 review at $2025 and %{PATH} {x}"
    assert first.runs[0].text == "Dear ann" and first.runs[0].font.italic is True
    assert loop.text == "{#steps}one step{/steps}"  # a loop is not run: kept, and reported
    tags = [u["token"] for u in case["report"]["unresolved_tokens"] if u["slide"] == 4]
    assert tags == ["{#steps}", "{/steps}"]


def test_a_slide_showing_tokens_left_as_written_is_not_clean(case: dict[str, Any]) -> None:
    """The audience reads ``{{ name | upper }}`` on slide 1 and ``{#steps}`` on slide 4."""
    slides = case["report"]["slides"]
    for n in (1, 4):
        assert slides[n - 1]["quality"] == "success_with_warnings"
        assert any(w["type"] == "unresolved_tokens" for w in slides[n - 1]["warnings"])
    assert not any(w["type"] == "unresolved_tokens" for w in slides[1]["warnings"])
