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


def fill_tokens(prs: PresentationType, folder: Path, tokens: dict[str, Any],
                *extra: str) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    """Save ``prs`` as ``folder/t.pptx``, fill it with ``{"tokens": tokens}`` through the CLI:
    (the process, the output deck, the report)."""
    template, content = folder / "t.pptx", folder / "c.json"
    prs.save(str(template))
    content.write_text(json.dumps({"tokens": tokens}))
    out, report = folder / "out.pptx", folder / "r.json"
    return fill_cli(template, content, out, report, *extra), out, report
