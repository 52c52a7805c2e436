"""``pptxagent probe`` on real templates, from the CLI: every slot of every template slide and
layout gets its limits, LibreOffice agrees at them, the content schema's ``maxLength`` admits
content at the limit and refuses one character more, a fill at a body's limit keeps its size
while one word more shrinks it, a CJK template is probed in its own script (a Chinese one
with English prompts tagged zh-CN too), and bad input exits 2 with one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from cli_support import fill_json

from pptxagent.pipeline.probetext import Sampler

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "templates" / "pptx" / "quarterly-review.pptx"
CORPUS = ROOT.parent / "shared" / "corpus" / "pptx"

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def probe(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", "probe", *map(str, args)],
                          capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    d = tmp_path_factory.mktemp("probe")
    proc = probe(TEMPLATE, "-o", d / "probe.json", "--out", d / "out")
    assert proc.returncode == 0, proc.stderr
    assert "probed" in proc.stdout and "Traceback" not in proc.stderr
    return d, json.loads((d / "probe.json").read_text())


def _row(data: dict[str, Any], where: str, key: str) -> dict[str, Any]:
    return next(r for r in data["slots"] if r["where"] == where and r["key"] == key)


def test_every_slide_and_layout_slot_has_limits_libreoffice_agrees_with(
        probed: tuple[Path, dict[str, Any]]) -> None:
    d, data = probed
    wheres = {r["where"] for r in data["slots"]}
    assert {"slide 1", "slide 2", "layout 2: Title and Content"} <= wheres
    body = _row(data, "slide 2", "body")
    assert 0 < body["own"]["words"] < body["min"]["words"]
    assert 0 < body["own"]["bullets"] <= body["min"]["bullets"]
    assert body["own"]["lines"] >= 2 and body["min"]["font_pt"] < body["own"]["font_pt"]
    probed_rows = [r for r in data["slots"] if "skipped" not in r]
    assert all(r["libreoffice"]["own"] == "fits" for r in probed_rows), [
        (r["where"], r["key"], r["libreoffice"]) for r in probed_rows
        if r["libreoffice"]["own"] != "fits"]
    assert data["script"] == "latin"
    assert (d / "out" / "contact-sheet.png").stat().st_size > 10_000


def test_the_schema_admits_the_limit_and_refuses_more(
        probed: tuple[Path, dict[str, Any]]) -> None:
    d, data = probed
    schema = json.loads((d / "out" / "content.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    limit = _row(data, "slide 2", "title")["min"]["chars"]
    ok = {"slides": [{"template_slide": 2, "fill": {"title": "x" * limit}}]}
    jsonschema.validate(ok, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"slides": [{"template_slide": 2,
                                         "fill": {"title": "x" * (limit + 1)}}]}, schema)


def test_a_fill_at_the_limit_keeps_its_size_and_one_word_more_shrinks(
        probed: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    _, data = probed
    sampler = Sampler(data["script"])
    body = _row(data, "slide 2", "body")
    n = body["own"]["words"]
    content = {"slides": [{"template_slide": 2, "fill": {"body": sampler.text(n)}},
                          {"template_slide": 2, "fill": {"body": sampler.text(n + 1)}}]}
    proc, _, report = fill_json(TEMPLATE, tmp_path, content)
    assert proc.returncode in (0, 1), proc.stderr
    slides = json.loads(report.read_text())["slides"]
    shrunk = [any(c["shape"] == body["shape"] and c["what"] == "font" for c in s["changes"])
              for s in slides]
    assert shrunk == [False, True]


def test_a_cjk_template_is_probed_in_its_script(tmp_path: Path) -> None:
    sample = Sampler("japanese")
    content = {"slides": [{"template_slide": 2, "fill": {"title": sample.text(8),
                                                         "body": sample.text(40)}}]}
    proc, deck, _ = fill_json(TEMPLATE, tmp_path, content)
    assert proc.returncode in (0, 1), proc.stderr
    out = tmp_path / "probe.json"
    proc = probe(deck, "-o", out, "--no-libreoffice")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text())
    assert data["script"] == "japanese"
    title = _row(data, "slide 1", "title")
    assert title["own"]["chars"] == title["own"]["words"] > 5  # a character is a word


def test_a_chinese_template_with_english_prompts_is_probed_in_chinese(tmp_path: Path) -> None:
    """ONLYOFFICE's Chinese new-deck template: no text of its own, English prompts tagged
    zh-CN; its slots are measured with Chinese text (a character is a word)."""
    out = tmp_path / "probe.json"
    proc = probe(CORPUS / "onlyoffice__zh-CN_new.pptx", "-o", out, "--no-libreoffice")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text())
    assert data["script"] == "chinese"
    title = _row(data, "layout 2: Title and Content", "title")
    assert title["own"]["chars"] == title["own"]["words"] > 5


@pytest.mark.parametrize("name", ["openxmlsdk__encrypted_pptx.pptx",
                                  "poi__clusterfuzz-POIXSLFFuzzer-5463285576892416.pptx"])
def test_broken_templates_are_refused_with_one_line(name: str, tmp_path: Path) -> None:
    src = CORPUS / name
    if not src.exists():
        pytest.skip("the corpus is not beside this checkout")
    proc = probe(src, "-o", tmp_path / "p.json")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert name in proc.stderr and not (tmp_path / "p.json").exists()


def test_bad_paths_exit_2(tmp_path: Path) -> None:
    missing = probe(tmp_path / "none.pptx")
    assert missing.returncode == 2 and "none.pptx" in missing.stderr
    nowhere = probe(TEMPLATE, "-o", tmp_path / "no" / "p.json")
    assert nowhere.returncode == 2 and "does not exist" in nowhere.stderr


def test_a_template_with_nothing_to_fill_and_bad_outputs_exit_2(tmp_path: Path) -> None:
    empty = CORPUS / "officer__test-no-layouts.pptx"
    if empty.exists():
        proc = probe(empty, "-o", tmp_path / "p.json")
        assert proc.returncode == 2 and "no fillable text slot" in proc.stderr
    a_file = tmp_path / "f"
    a_file.write_text("x")
    proc = probe(TEMPLATE, "--out", a_file)
    assert proc.returncode == 2 and "is a file" in proc.stderr
