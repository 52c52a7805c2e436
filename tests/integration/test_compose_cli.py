"""``pptxagent compose`` end to end on the bundled outline in every bundled theme, judged as
a designer opening the deck would: every outline string there, a title placeholder on every
slide, colours only as theme references, native charts whose values equal the input, native
tables, the same slide XML on a second run, no slide degraded, and the report naming each
slide's kind, component and reason."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from pptx import Presentation

ROOT = Path(__file__).resolve().parents[2]
OUTLINE = ROOT / "fixtures" / "outline.json"
THEMES = ("default", "dark", "corporate")

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "pptxagent.cli", *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)


@pytest.fixture(scope="module", params=THEMES)
def composed(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, dict[str, Any]]:
    theme = str(request.param)
    d = tmp_path_factory.mktemp(f"compose-{theme}")
    out, report = d / "deck.pptx", d / "report.json"
    proc = run_cli("compose", OUTLINE, "-o", out, "--theme", theme, "--report", report)
    assert proc.returncode == 0, proc.stderr
    return theme, out, json.loads(report.read_text())


def _strings(slide: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key in ("title", "subtitle", "quote", "author", "role", "takeaway", "caption"):
        if slide.get(key):
            out.append(slide[key])
    for b in slide.get("bullets") or []:
        out.append(b if isinstance(b, str) else b["text"])
    for k in slide.get("items") or []:
        out += [k["value"], k["label"], *([k["delta"]] if k.get("delta") else [])]
    for side in ("left", "right"):
        if slide.get(side):
            out.append(slide[side]["heading"])
            out += [b if isinstance(b, str) else b["text"] for b in slide[side]["bullets"]]
    for s in slide.get("steps") or []:
        out += [s["label"], s["text"]]
    for row in slide.get("rows") or []:
        out += [str(c) for c in row]
    out += slide.get("citations") or []
    return out


def _deck_text(path: Path) -> str:
    prs = Presentation(str(path))
    parts: list[str] = []
    for slide in prs.slides:
        for sh in slide.shapes:
            if sh.has_text_frame:
                parts.append(sh.text_frame.text)
            if getattr(sh, "has_table", False) and sh.has_table:
                parts += [c.text for row in sh.table.rows for c in row.cells]
            if getattr(sh, "has_chart", False) and sh.has_chart:
                plot = sh.chart.plots[0]
                parts += [str(c) for c in plot.categories]
                parts += [s.name for s in plot.series]
    return " ".join(" ".join(parts).split())


def test_every_outline_string_is_in_the_deck(composed: tuple[str, Path, dict[str, Any]]) -> None:
    _, out, _ = composed
    outline = json.loads(OUTLINE.read_text())
    shown = _deck_text(out)
    for i, slide in enumerate(outline["slides"]):
        for s in _strings(slide):
            assert " ".join(s.split()) in shown, f"outline slide {i + 1}: {s!r} missing"


def test_every_slide_has_a_title_placeholder_and_theme_colours_only(
        composed: tuple[str, Path, dict[str, Any]]) -> None:
    _, out, _ = composed
    with zipfile.ZipFile(out) as z:
        slides = sorted(n for n in z.namelist() if re.match(r"ppt/slides/slide\d+\.xml$", n))
        for name in slides:
            xml = z.read(name).decode()
            assert re.search(r'<p:ph [^>]*type="(title|ctrTitle)"', xml), name
        for name in z.namelist():
            if re.match(r"ppt/(slides|charts|slideLayouts|slideMasters)/[^/]+\.xml$", name):
                xml = z.read(name).decode()
                assert "srgbClr" not in xml and "sysClr" not in xml, f"literal colour in {name}"


def test_chart_values_equal_the_outline(composed: tuple[str, Path, dict[str, Any]]) -> None:
    _, out, _ = composed
    outline = json.loads(OUTLINE.read_text())
    want = next(s["chart"] for s in outline["slides"] if s.get("chart"))
    prs = Presentation(str(out))
    charts = [sh.chart for slide in prs.slides for sh in slide.shapes
              if getattr(sh, "has_chart", False) and sh.has_chart]
    assert len(charts) == 1
    plot = charts[0].plots[0]
    assert list(plot.categories) == want["categories"]
    assert [(s.name, list(s.values)) for s in plot.series] == [
        (s["name"], [float(v) for v in s["values"]]) for s in want["series"]]


def test_report_names_kind_component_and_reason(
        composed: tuple[str, Path, dict[str, Any]]) -> None:
    theme, _, report = composed
    assert report["mode"] == "compose" and report["template"].startswith(f"{theme}@")
    kinds = [s["kind"] for s in report["slides"]]
    assert kinds == ["title", "section", "kpis", "bullets", "data", "comparison", "timeline",
                     "table", "image", "quote"]
    for s in report["slides"]:
        assert s["component"] and s["reason"], s
        assert s["quality"] != "degraded", (s["index"], s["qa"], s["defects"])
    # the slide without a kind was classified from its fields, and the report says so
    assert "bullets" in report["slides"][3]["reason"]


def test_second_run_writes_identical_slide_xml(
        composed: tuple[str, Path, dict[str, Any]], tmp_path: Path) -> None:
    theme, out, _ = composed
    if theme != "default":
        pytest.skip("one theme is enough for determinism")
    again = tmp_path / "again.pptx"
    proc = run_cli("compose", OUTLINE, "-o", again, "--theme", theme, "--no-crosscheck")
    assert proc.returncode == 0, proc.stderr
    with zipfile.ZipFile(out) as a, zipfile.ZipFile(again) as b:
        names = sorted(n for n in a.namelist() if n.startswith("ppt/slides/slide"))
        assert names == sorted(n for n in b.namelist() if n.startswith("ppt/slides/slide"))
        for n in names:
            assert a.read(n) == b.read(n), n


def test_bad_outline_exits_2_naming_the_json_path(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"title": "T", "slides": [
        {"kind": "data", "title": "x", "chart": {"type": "bar", "categories": ["a", "b"],
                                                "series": [{"name": "s", "values": [1]}]}}]}))
    out = tmp_path / "out.pptx"
    proc = run_cli("compose", bad, "-o", out)
    assert proc.returncode == 2
    assert "$.slides[0].chart" in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_unknown_theme_exits_2(tmp_path: Path) -> None:
    proc = run_cli("compose", OUTLINE, "-o", tmp_path / "o.pptx", "--theme", "nosuchtheme")
    assert proc.returncode == 2 and "nosuchtheme" in proc.stderr
    assert not (tmp_path / "o.pptx").exists()
