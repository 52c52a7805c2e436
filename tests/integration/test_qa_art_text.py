"""Text the master or the layout draws on every slide (a copyright line, a label) is read by
a person too: slide text drawn on it is found, though no shape of the slide holds it; where
it is drawn (turned) and whether it is seen (a slide's shape may hide it) decide."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import qa_cli
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE
from pptx.presentation import Presentation as Deck
from pptx.util import Inches, Pt
from qa_decks import body_fill

pytestmark = pytest.mark.browser


def _on_master(prs: Deck, name: str, x: float, y: float, w: float, text: str, size: int,
               sid: int, rotation: float = 0) -> None:
    """python-pptx cannot add to a master: make the box on a scratch slide and move it."""
    scratch = prs.slides.add_slide(prs.slide_layouts[6])
    box = scratch.shapes.add_textbox(Inches(x), Inches(y), Inches(w), Inches(0.3 if rotation
                                                                               else 0.5))
    box.name = name
    box.rotation = rotation
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
    _on_master(prs, "Side label", 8.0, 6.0, 1.9, "SIDE LABEL", 12, 903, rotation=270)
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
    s = prs.slides.add_slide(prs.slide_layouts[6])  # beside the turned label, not on it
    short = s.shapes.add_textbox(Inches(7.5), Inches(6.0), Inches(1.0), Inches(0.4))
    short.name = "Short note"
    short.text_frame.text = "Short note"
    short.text_frame.paragraphs[0].runs[0].font.size = Pt(14)
    s = prs.slides.add_slide(prs.slide_layouts[6])  # the copyright line hidden by a band
    band = s.shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, Inches(6.5), Inches(5), Inches(1))
    band.fill.solid()
    band.fill.fore_color.rgb = RGBColor(0x20, 0x40, 0x70)
    over = s.shapes.add_textbox(Inches(0.6), Inches(6.75), Inches(4), Inches(0.4))
    over.name = "On the band"
    over.text_frame.text = "A caption on the band"
    over.text_frame.paragraphs[0].runs[0].font.color.rgb = RGBColor(255, 255, 255)
    prs.save(str(path))
    return path


def test_slide_text_on_master_text(tmp_path: Path) -> None:
    deck = _deck(tmp_path / "art.pptx")
    done = qa_cli(deck)
    assert done.returncode == 1, done.stderr
    found = [(i["slide"], i["kind"], i["shape"], i["other_shape"], i["severity"])
             for i in json.loads(done.stdout)["issues"]]
    assert found == [(2, "footer_collision", "Stamp", "Copyright", "major"),
                     (3, "text_overlap", "Note", "Label", "critical")]


def test_a_fill_onto_text_the_template_put_under_its_box_is_the_design(tmp_path: Path) -> None:
    """A template whose body box lies over the master's big "DRAFT" label: filled text that
    reaches the label meets it where the design put both, not a defect of the fill."""
    prs = Presentation()
    _on_master(prs, "Watermark", 2.0, 4.0, 6.0, "DRAFT COPY", 40, 904)
    body_fill(tmp_path, prs, [f"Point {k}: where the project stands" for k in range(7)])
    done = subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", "fill", str(tmp_path / "tpl.pptx"),
         str(tmp_path / "content.json"), "-o", str(tmp_path / "out.pptx"), "--report",
         str(tmp_path / "report.json"), "--no-crosscheck"],
        capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    slide_report = json.loads((tmp_path / "report.json").read_text())["slides"][0]
    overlaps = [i for i in slide_report["qa"] if i["kind"] == "text_overlap"]
    assert overlaps and all(i["status"] == "accepted" for i in overlaps)
    assert slide_report["quality"] in ("success_clean", "success_with_warnings")
