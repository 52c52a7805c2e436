"""Chart tokens from the CLI: ``fill`` resolves them, ``qa`` finds those left in any deck."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Emu

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def _cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", *map(str, args)],
                          capture_output=True, text=True, timeout=300, check=False)


def _deck(path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()  # type: ignore[no-untyped-call]
    data.categories = ["North", "South"]
    data.add_series("{{report.year}}", (1.0, 2.0))  # type: ignore[no-untyped-call]
    frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Emu(500000), Emu(500000),
                                   Emu(6000000), Emu(4000000), data)
    frame.name = "Revenue chart"
    frame.chart.has_title = True
    frame.chart.chart_title.text_frame.text = "{{report.year}} revenue by region"
    prs.save(str(path))
    return path


def test_fill_resolves_chart_tokens_and_qa_finds_the_ones_left(tmp_path: Path) -> None:
    deck = _deck(tmp_path / "template.pptx")
    found = _cli("qa", deck, "--json")
    assert found.returncode == 1, found.stderr
    issues = json.loads(found.stdout)["issues"]
    assert [(i["kind"], i["shape"]) for i in issues] == [("unresolved_token", "Revenue chart")]
    content = tmp_path / "content.json"
    content.write_text(json.dumps({"tokens": {"report": {"year": 2025}}}))
    out, report = tmp_path / "out.pptx", tmp_path / "report.json"
    done = _cli("fill", deck, content, "-o", out, "--report", report)
    assert done.returncode == 0, done.stderr
    chart = Presentation(str(out)).slides[0].shapes[0].chart
    assert chart.chart_title.text_frame.text == "2025 revenue by region"
    assert chart.series[0].name == "2025"
    assert json.loads(report.read_text())["unresolved_tokens"] == []
    after = _cli("qa", out, "--json")
    assert after.returncode == 0, after.stdout


DIAGRAMS = Path(__file__).parents[2].parent / "shared/corpus/pptx/automizer__SlideWithDiagrams.pptx"


@pytest.mark.skipif(not DIAGRAMS.exists(), reason="corpus not available")
def test_qa_finds_tokens_left_in_smartart(tmp_path: Path) -> None:
    deck = tmp_path / "smartart.pptx"
    with zipfile.ZipFile(DIAGRAMS) as src, zipfile.ZipFile(deck, "w") as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename in ("ppt/diagrams/data1.xml", "ppt/diagrams/drawing1.xml"):
                body = body.replace(b"<a:t>Right top</a:t>", b"<a:t>{{corner}}</a:t>")
            dst.writestr(info, body)
    found = _cli("qa", deck, "--json")
    assert found.returncode == 1, found.stderr
    issues = json.loads(found.stdout)["issues"]
    assert [(i["slide"], i["kind"], i["shape"]) for i in issues] == [
        (1, "unresolved_token", "MatrixDiagram")]
    content = tmp_path / "content.json"
    content.write_text(json.dumps({"tokens": {"corner": "North-east"}}))
    out = tmp_path / "out.pptx"
    assert _cli("fill", deck, content, "-o", out).returncode == 0
    assert _cli("qa", out, "--json").returncode == 0
