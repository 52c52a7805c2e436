"""Composed decks that use their space, from the CLI on the real engines: the few-items
outline in every theme has no slide stuck to the top, no variant three slides in a row,
icons written as native custom geometry in a theme colour, every slide's design measures in
the report; ``pptxagent qa --scratch`` measures any deck and flags a run of one look."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from test_compose_cli import ROOT, THEMES, run_cli

from pptxagent.themes import load_pack

FEW = ROOT / "fixtures" / "outline_few.json"

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


@pytest.fixture(scope="module", params=THEMES)
def few(request: pytest.FixtureRequest,
        tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    d = tmp_path_factory.mktemp(f"few-{request.param}")
    out, report = d / "deck.pptx", d / "report.json"
    proc = run_cli("compose", FEW, "-o", out, "--theme", str(request.param),
                   "--report", report)
    assert proc.returncode == 0, proc.stderr
    return out, json.loads(report.read_text())


def test_few_items_use_their_space(few: tuple[Path, dict[str, Any]]) -> None:
    _, report = few
    slides = report["slides"]
    for s in slides:
        assert s["quality"] in ("success_clean", "success_with_warnings"), s
        open_kinds = {i["kind"] for i in s.get("qa", []) if i["status"] == "open"}
        assert not open_kinds & {"balance", "fill", "grid", "type_scale", "widow"}, (
            s["index"], open_kinds)
        if s["component"] in ("hero", "section", "quote"):
            continue
        design = s["design"]
        assert design["empty"] <= 0.4 or abs(design["offset"]) <= 0.15, (s["index"], design)
        assert design["off_grid"] == 0 and design["off_scale"] == 0
    variants = [s.get("variant") or "" for s in slides]
    for a, b, c in zip(variants, variants[1:], variants[2:], strict=False):
        assert not (a and a == b == c), variants
    assert {"cards", "grid"} <= set(variants)


def test_icons_are_native_and_recolourable(few: tuple[Path, dict[str, Any]]) -> None:
    deck, _ = few
    with zipfile.ZipFile(deck) as z:
        xml = z.read("ppt/slides/slide2.xml").decode()
    icons = re.findall(r'<p:sp><p:nvSpPr><p:cNvPr id="\d+" name="card-\d-icon" '
                       r'descr="icon: ([a-z0-9-]+)"/>.*?</p:sp>', xml)
    assert len(icons) == 3 and len(set(icons)) == 3
    one = re.search(r'name="card-1-icon".*?</p:sp>', xml)
    assert one is not None
    body = one.group(0)
    assert "<a:custGeom>" in body and 'fill="none"' in body and "srgbClr" not in body
    assert re.search(r'<a:ln w="\d+" cap="rnd"><a:solidFill><a:schemeClr val="accent\d"',
                     body)
    assert 'name="bullets/cards"' in xml  # p:cSld names what drew the slide


def test_qa_scratch_measures_any_deck_and_flags_a_run(tmp_path: Path) -> None:
    outline = {"title": "Same", "slides": [
        {"title": f"Point set {k}", "variant": "cards",
         "bullets": ["Revenue growth", "Hiring pace", "New regions"]} for k in range(3)]}
    src = tmp_path / "same.json"
    src.write_text(json.dumps(outline))
    deck = tmp_path / "same.pptx"
    proc = run_cli("compose", src, "-o", deck, "--no-crosscheck")
    assert proc.returncode in (0, 1), proc.stderr
    qa = run_cli("qa", deck, "--scratch", "--json")
    assert qa.returncode == 1, qa.stderr  # the run of three is an open issue
    report = json.loads(qa.stdout)
    assert sorted(report["design"]) == ["1", "2", "3"]
    assert all("fill" in m and "off_grid" in m for m in report["design"].values())
    runs = [i for i in report["issues"] if i["kind"] == "rhythm"]
    assert [i["slide"] for i in runs] == [3] and "bullets/cards" in runs[0]["message"]
    bad = run_cli("qa", deck, "--scratch", "--theme", str(tmp_path / "missing.json"))
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_the_correction_pass_fixes_widows_and_off_scale_sizes(tmp_path: Path) -> None:
    """A long hero title the browser draws with its year alone on the last line, a quote the
    fit shrinks between two steps of the scale, a section title alone in its band: after the
    pass the title wraps with two words on its last line, the quote sits on a step, and the
    section title keeps the theme's size."""
    deck, report_path = tmp_path / "deck.pptx", tmp_path / "report.json"
    proc = run_cli("compose", ROOT / "fixtures" / "outline_design_fix.json", "-o", deck,
                   "--report", report_path, "--no-crosscheck")
    assert proc.returncode == 0, proc.stderr
    slides = json.loads(report_path.read_text())["slides"]
    live = [(s["index"], i["kind"]) for s in slides for i in s["qa"]
            if i["status"] != "resolved" and i["kind"] in ("widow", "type_scale")]
    assert live == []
    fixed = {(s["index"], i["kind"]) for s in slides for i in s["qa"]
             if i["status"] == "resolved"}
    assert {(1, "widow"), (2, "type_scale")} <= fixed
    assert any("narrowed" in n for n in slides[0]["notes"])
    with zipfile.ZipFile(deck) as z:
        quote = z.read("ppt/slides/slide2.xml").decode()
        section = z.read("ppt/slides/slide3.xml").decode()
    sizes = {int(s) / 100 for s in re.findall(r'<a:rPr[^>]* sz="(\d+)"', quote)}
    assert sizes <= set(load_pack("default").type.steps()), sizes
    assert 24.0 in sizes
    assert set(re.findall(r'<a:rPr[^>]* sz="(\d+)"', section)) == {"3600"}
