"""Running ``pptxagent fill`` the way a user does: a subprocess, its stderr and exit code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TIMEOUT_S = 300


def fill_cli(template: Path, content: Path, out: Path, report: Path,
             *extra: str) -> subprocess.CompletedProcess[str]:
    """``pptxagent fill TEMPLATE CONTENT -o OUT --report REPORT [EXTRA…]``."""
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", "fill", str(template),
                           str(content), "-o", str(out), "--report", str(report), *extra],
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
