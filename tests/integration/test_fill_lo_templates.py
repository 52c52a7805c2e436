"""LibreOffice's own Impress templates, exported to .pptx (fresh "LibreOffice export"
material: ``bench/heldout --lo-templates``), filled through the real CLI.

* Vivid: its bottom-anchored 45 pt title hung 1.2 px below its box in LibreOffice's drawing
  whatever its size; each shrink moved it further down and "Quarterly results" degraded the
  slide. It now moves up by a bottom inset, font kept.
* Progress: its body ends 11.6 px above the date placeholder (the template's spacing); three
  short bullets shrank the body 20 → 15.5 pt and moved it to the slide's left edge.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]
SOURCE = Path("/usr/lib/libreoffice/share/template/common/presnt")
NAMES = ("Vivid", "Progress")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not all((SOURCE / f"{n}.otp").is_file() for n in NAMES):
        pytest.skip(f"LibreOffice's templates are not in {SOURCE}")
    out = tmp_path_factory.mktemp("lo-templates")
    subprocess.run(["soffice", f"-env:UserInstallation=file://{out}/profile", "--headless",
                    "--convert-to", "pptx", "--outdir", str(out),
                    *(str(SOURCE / f"{n}.otp") for n in NAMES)],
                   check=True, capture_output=True, timeout=300)
    return out


def _fill(tmp: Path, tpl: Path, fill: dict[str, Any]) -> dict[str, Any]:
    content, out, report = tmp / "c.json", tmp / "out.pptx", tmp / "r.json"
    content.write_text(json.dumps({"slides": [{"template_slide": 2, "fill": fill}]}))
    proc = subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", "fill", str(tpl), str(content), "-o", str(out),
         "--report", str(report)], capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    slide: dict[str, Any] = json.loads(report.read_text())["slides"][0]
    return slide


BULLETS = ["Revenue grew twelve percent", {"text": "Driven by new accounts", "level": 1},
           "Costs held flat"]


def test_a_bottom_anchored_title_moves_up_instead_of_shrinking(exported: Path,
                                                               tmp_path: Path) -> None:
    got = _fill(tmp_path, exported / "Vivid.pptx", {"title": "Quarterly results",
                                                    "body": BULLETS})
    assert got["quality"] == "success_clean", got
    title = [c for c in got["changes"] if c["shape"] == "PlaceHolder 1"]
    assert all(c["what"] == "inset" for c in title), title  # never a smaller font


def test_a_body_the_template_put_close_to_its_date_box_is_left_alone(exported: Path,
                                                                     tmp_path: Path) -> None:
    got = _fill(tmp_path, exported / "Progress.pptx", {"title": "Quarterly results",
                                                       "body": BULLETS})
    assert got["quality"] == "success_clean", got
    assert got["changes"] == []  # no shrink, no move to the slide's edge
