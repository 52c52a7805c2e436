"""Text the master or the layout draws on every slide (a copyright line, a label) is read by
a person too: slide text drawn on it is found, though no shape of the slide holds it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.presentation import Presentation as Deck
from pptx.util import Inches, Pt

pytestmark = pytest.mark.browser


def _on_master(prs: Deck, name: str, x: float, y: float, w: float, text: str, size: int,
               sid: int) -> None:
    """python-pptx cannot add to a master: make the box on a scratch slide and move it."""
    scratch = prs.slides.add_slide(prs.slide_layouts[6])
    box = scratch.shapes.add_textbox(Inches(x), Inches(y), Inches(w), Inches(0.5))
    box.name = name
    box.text_frame.text = text
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(size)
    sp = box._element
    sp.getparent().remove(sp)
    sp.nvSpPr.cNvPr.set("id", str(sid))
    prs.slide_master.shapes._spTree.append(sp)
    slides = prs.slides._sldIdLst
    prs.part.drop_rel(slides[-1].rId)
    slides.remove(slides[-1])


def _deck(path: Path) -> Path:
    prs = Presentation()
    _on_master(prs, "Copyright", 0.5, 6.9, 4, "© Contoso 2025 · Confidential", 12, 901)
    _on_master(prs, "Label", 6.0, 3.4, 3.5, "INTERNAL DRAFT", 28, 902)
    s = prs.slides.add_slide(prs.slide_layouts[1])
    s.shapes.title.text = "Clean"
    s.placeholders[1].text = "A point that stays clear of the template's text"
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "On the copyright line"
    stamp = s.shapes.add_textbox(Inches(0.6), Inches(6.85), Inches(4), Inches(0.4))
    stamp.name = "Stamp"
    stamp.text_frame.text = "Draft, do not circulate"
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "On the label"
    note = s.shapes.add_textbox(Inches(6.2), Inches(3.45), Inches(3.5), Inches(0.6))
    note.name = "Note"
    note.text_frame.text = "Numbers to be confirmed"
    note.text_frame.paragraphs[0].runs[0].font.size = Pt(24)
    prs.save(str(path))
    return path


def test_slide_text_on_master_text(tmp_path: Path) -> None:
    deck = _deck(tmp_path / "art.pptx")
    done = subprocess.run([sys.executable, "-m", "pptxagent.cli", "qa", str(deck), "--json"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1, done.stderr
    found = [(i["slide"], i["kind"], i["shape"], i["other_shape"], i["severity"])
             for i in json.loads(done.stdout)["issues"]]
    assert found == [(2, "footer_collision", "Stamp", "Copyright", "major"),
                     (3, "text_overlap", "Note", "Label", "critical")]
