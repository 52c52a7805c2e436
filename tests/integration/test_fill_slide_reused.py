"""One template slide filled three times, from the CLI: each copy is judged as the first.

POI's 45545 deck has an embedded object (an OLE picture) that the template lays over its
body. A slide used twice gets its own copy of the embedding (``oleObject2.bin``), and the copy
looked like content the fill had changed: the object was unfrozen, its designed overlap with
the body became a defect, copies 2 and 3 were degraded and the loop tried to move the
object. The first copy was clean.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pptx import Presentation

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]
TEMPLATE = Path("../shared/corpus/pptx/poi__45545_Comment.pptx")


def test_every_copy_of_a_slide_with_an_embedding_is_judged_alike(tmp_path: Path) -> None:
    if not TEMPLATE.is_file():
        pytest.skip(f"{TEMPLATE} not here")
    slides = [{"template_slide": 1, "fill": {"title": f"Part {n} of the plan",
                                             "body": [f"Milestone {n} reached", "Next step"]}}
              for n in (1, 2, 3)]
    content, out, report = tmp_path / "c.json", tmp_path / "out.pptx", tmp_path / "r.json"
    content.write_text(json.dumps({"slides": slides}))
    done = subprocess.run([sys.executable, "-m", "pptxagent.cli", "fill", str(TEMPLATE),
                           str(content), "-o", str(out), "--report", str(report)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    got = json.loads(report.read_text())["slides"]
    assert [s["quality"] for s in got] == ["success_clean"] * 3, done.stderr
    assert got[1]["changes"] == got[0]["changes"] == got[2]["changes"]
    frames = [{sh.name: (sh.left, sh.top, sh.width, sh.height) for sh in slide.shapes
               if sh.shape_type is not None and "Object" in sh.name}
              for slide in Presentation(str(out)).slides]
    assert frames[0] and frames[0] == frames[1] == frames[2]  # the object never moved
