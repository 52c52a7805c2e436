"""Running ``pptxagent fill`` the way a user does: a subprocess, its stderr and exit code."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from pptx.presentation import Presentation as PresentationType

TIMEOUT_S = 300


def fill_cli(template: Path, content: Path, out: Path, report: Path,
             *extra: str) -> subprocess.CompletedProcess[str]:
    """``pptxagent fill TEMPLATE CONTENT -o OUT --report REPORT [EXTRA…]``."""
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", "fill", str(template),
                           str(content), "-o", str(out), "--report", str(report), *extra],
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)


def fill_json(template: Path, folder: Path, content: dict[str, Any],
              *extra: str) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    """Fill ``template`` with ``content`` (written to ``folder/c.json``) through the CLI:
    (the process, the output deck ``folder/out.pptx``, the report ``folder/r.json``)."""
    path = folder / "c.json"
    path.write_text(json.dumps(content))
    out, report = folder / "out.pptx", folder / "r.json"
    return fill_cli(template, path, out, report, *extra), out, report


def fill_tokens(prs: PresentationType, folder: Path, tokens: dict[str, Any],
                *extra: str) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    """Save ``prs`` as ``folder/t.pptx`` and fill it with ``{"tokens": tokens}`` (``fill_json``)."""
    template = folder / "t.pptx"
    prs.save(str(template))
    return fill_json(template, folder, {"tokens": tokens}, *extra)


def qa_cli(deck: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """``pptxagent qa DECK --json [EXTRA…]``, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", "qa", str(deck), "--json",
                           *extra], capture_output=True, text=True, timeout=TIMEOUT_S,
                          check=False)
