"""LibreOffice's own Impress templates, exported to .pptx (fresh "LibreOffice export"
material: ``bench/heldout --lo-templates``), filled through the real CLI.

* Vivid: its bottom-anchored 45 pt title hung 1.2 px below its box in LibreOffice's drawing
  whatever its size; each shrink moved it further down and "Quarterly results" degraded the
  slide. It now moves up by a bottom inset, font kept.
* Progress: its body ends 11.6 px above the date placeholder (the template's spacing); three
  short bullets shrank the body 20 → 15.5 pt and moved it to the slide's left edge.
* Lights: its body text is black, over the dark navy corner of its glow (1.8:1). A fill of
  three short bullets put the text exactly where and as the template designs it, yet the
  slide was degraded: a box the template leaves empty had no contrast of its own to be
  judged against. Its own is now the text's colour on the template's backdrop inside the
  template's frame for the box.
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
NAMES = ("Vivid", "Progress", "Lights")


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


def _quarterly(exported: Path, tmp: Path, name: str) -> dict[str, Any]:
    """Template slide 2 of ``name`` with a short title and three short bullets."""
    return _fill(tmp, exported / f"{name}.pptx", {"title": "Quarterly results", "body": BULLETS})


def test_a_bottom_anchored_title_moves_up_instead_of_shrinking(exported: Path,
                                                               tmp_path: Path) -> None:
    got = _quarterly(exported, tmp_path, "Vivid")
    assert got["quality"] == "success_clean", got
    title = [c for c in got["changes"] if c["shape"] == "PlaceHolder 1"]
    assert all(c["what"] == "inset" for c in title), title  # never a smaller font


def test_a_body_the_template_put_close_to_its_date_box_is_left_alone(exported: Path,
                                                                     tmp_path: Path) -> None:
    got = _quarterly(exported, tmp_path, "Progress")
    assert got["quality"] == "success_clean", got
    assert got["changes"] == []  # no shrink, no move to the slide's edge


def test_text_where_the_template_designs_it_keeps_the_templates_contrast(exported: Path,
                                                                      tmp_path: Path) -> None:
    got = _quarterly(exported, tmp_path, "Lights")
    assert got["quality"] == "success_clean", got
    low = [q for q in got["qa"] if q["kind"] == "contrast"]
    assert low and all(q["status"] == "accepted" and q["baseline"] for q in low), low
    assert got["changes"] == []  # not moved off the template's design to read better
