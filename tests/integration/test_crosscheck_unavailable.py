"""LibreOffice is the second opinion: when it cannot draw a deck (it crashes on it, as
LibreOffice 7.4 does now and then on some Arabic tables, or is broken on the machine), a fill
still writes its deck, labels each filled slide ``success_with_warnings`` with the reason, and
does not wait minutes for a pipe a dead soffice will never open. ``render --engine
libreoffice``, whose whole job is LibreOffice's picture, fails with a one-line error.

A LibreOffice that fails every drawing is stood in by an ``soffice`` first on ``PATH`` that
exits as LibreOffice does when it crashes on a deck ("Unspecified Application Error")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pptx import Presentation

pytestmark = [pytest.mark.browser]

CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"
TEMPLATE = CORPUS / "officer__example.pptx"
BOUND_S = 120
"""A run that waits for soffice's pipe (6 min before) fails here instead of hanging."""


def _env(tmp_path: Path) -> dict[str, str]:
    fake = tmp_path / "bin"
    fake.mkdir()
    soffice = fake / "soffice"
    soffice.write_text("#!/bin/sh\necho 'Unspecified Application Error'\nexit 1\n")
    soffice.chmod(0o755)
    return {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}", "PPTXAGENT_NO_HOST": "1",
            "PPTXAGENT_LO_SEED": "off"}


def _cli(env: dict[str, str], *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", *map(str, args)], env=env,
                          capture_output=True, text=True, timeout=BOUND_S, check=False)


def test_a_fill_goes_on_without_libreoffice_and_says_so(tmp_path: Path) -> None:
    if not TEMPLATE.exists():
        pytest.skip("corpus not available")
    content = tmp_path / "content.json"
    content.write_text(json.dumps({"slides": [{"template_slide": 1, "fill": {
        "title": "Quarterly results", "body": ["Revenue up", "Costs flat", "Churn down"]}}]}))
    out, report = tmp_path / "out.pptx", tmp_path / "report.json"
    proc = _cli(_env(tmp_path), "fill", TEMPLATE, content, "-o", out, "--report", report)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "LibreOffice could not draw the output" in proc.stderr
    assert "not cross-checked" in proc.stderr
    slide = json.loads(report.read_text())["slides"][0]
    assert slide["quality"] == "success_with_warnings"  # not clean: no second opinion
    assert [w["type"] for w in slide["warnings"]] == ["crosscheck_unavailable"]
    assert "Unspecified Application Error" in slide["warnings"][0]["details"]["reason"]
    assert slide["crosscheck"]["compared"] == 0
    assert "Unspecified Application Error" in slide["crosscheck"]["unavailable"]
    assert ("slide 1 (template 1): success_with_warnings 2 shape(s) filled, nothing repaired, "
            "not cross-checked") in proc.stderr
    shapes = Presentation(str(out)).slides[0].shapes
    assert any(s.has_text_frame and s.text_frame.text == "Quarterly results" for s in shapes)


def test_render_with_libreoffice_fails_plainly(tmp_path: Path) -> None:
    if not TEMPLATE.exists():
        pytest.skip("corpus not available")
    proc = _cli(_env(tmp_path), "render", TEMPLATE, "--out", tmp_path / "r",
                "--engine", "libreoffice")
    assert proc.returncode == 3, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Unspecified Application Error" in lines[0]
