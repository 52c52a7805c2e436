"""Text partly hidden under a shape drawn after it is judged for contrast only where it is
seen: white text on a blue box whose right half a later white card covers is not "white on
white" (a person sees white on blue, and the card); the same white text with nothing over it
on the white page still is. That the card hides part of the text is its own issue."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE
from pptx.util import Inches, Pt

pytestmark = pytest.mark.browser


def _white_label(slide: object, left: float, top: float, text: str) -> object:
    box = slide.shapes.add_textbox(Inches(left), Inches(top), Inches(4), Inches(0.8))  # type: ignore[attr-defined]
    run = box.text_frame.paragraphs[0].add_run()
    run.text = text
    run.font.size = Pt(20)
    run.font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
    return box


P = "http://schemas.openxmlformats.org/presentationml/2006/main"
TIMING = (f'<p:timing xmlns:p="{P}"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" '
          'nodeType="tmRoot"><p:childTnLst><p:par><p:cTn id="2" presetClass="entr" '
          'nodeType="clickEffect"><p:childTnLst><p:set><p:cBhvr><p:cTn id="3" dur="1"/>'
          '<p:tgtEl><p:spTgt spid="{spid}"/></p:tgtEl><p:attrNameLst><p:attrName>'
          'style.visibility</p:attrName></p:attrNameLst></p:cBhvr><p:to><p:strVal '
          'val="visible"/></p:to></p:set></p:childTnLst></p:cTn></p:par></p:childTnLst>'
          '</p:cTn></p:par></p:tnLst></p:timing>')


def _deck(path: Path, card_appears_on_click: bool = False) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    under = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(1), Inches(1), Inches(4),
                                   Inches(0.8))
    under.fill.solid()
    under.fill.fore_color.rgb = RGBColor(0x1F, 0x3A, 0x93)
    under.line.fill.background()
    _white_label(slide, 1, 1, "Quarterly revenue grew strongly")
    card = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(3), Inches(0.9), Inches(3),
                                  Inches(1.2))  # drawn after the label, over its right half
    card.fill.solid()
    card.fill.fore_color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
    card.line.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
    card.shadow.inherit = False
    _white_label(slide, 1, 4, "White words on the white page")
    if card_appears_on_click:  # an entrance animation: the card covers the label only later
        slide._element.append(etree.fromstring(TIMING.format(spid=card.shape_id)))
    prs.save(str(path))
    return path


def test_contrast_is_judged_only_where_the_text_is_seen(tmp_path: Path) -> None:
    deck = _deck(tmp_path / "hidden.pptx")
    done = subprocess.run([sys.executable, "-m", "pptxagent.cli", "qa", str(deck), "--json",
                           "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1, done.stderr
    # the slide's own PNG outlines its issues (red critical), not only the contact sheet
    png = np.asarray(Image.open(tmp_path / "out" / "slides" / "slide-1.png").convert("RGB"))
    red = (png[..., 0] > 200) & (png[..., 1] < 40) & (png[..., 2] < 40)
    assert red.sum() > 500
    issues = [i for i in json.loads(done.stdout)["issues"] if i["kind"] == "contrast"]
    assert [i["message"].split("'")[1] for i in issues] == ["White words on the white page"]
    assert issues[0]["severity"] == "critical"
    hidden = [i for i in json.loads(done.stdout)["issues"] if i["kind"] == "text_overlap"]
    assert [(i["shape"], i["severity"]) for i in hidden] == [("TextBox 2", "major")]
    share = int(hidden[0]["message"].split(": ")[1].split("%")[0])
    assert 25 <= share <= 55  # the card covers the label from about its middle on


def test_text_under_a_shape_an_animation_brings_in_is_not_hidden(tmp_path: Path) -> None:
    deck = _deck(tmp_path / "build.pptx", card_appears_on_click=True)
    done = subprocess.run([sys.executable, "-m", "pptxagent.cli", "qa", str(deck), "--json"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1, done.stderr
    kinds = [(i["shape"], i["kind"]) for i in json.loads(done.stdout)["issues"]]
    assert kinds == [("TextBox 4", "contrast")]  # only the planted white-on-white
