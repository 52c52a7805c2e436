"""``pptxagent render`` on decks other tools write with odd values: a table on a layout (drawn
on every slide that uses it, like any layout art), negative font sizes and line widths,
a zero autofit scale. They are drawn (the garbage as if absent), never a crash."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Emu, Pt

pytestmark = [pytest.mark.browser]


def _deck(path: Path) -> None:
    prs = Presentation()
    blank = prs.slide_layouts[6]
    s1 = prs.slides.add_slide(blank)
    frame = s1.shapes.add_table(2, 2, Emu(914400), Emu(914400), Emu(3657600), Emu(914400))
    for cell in (frame.table.cell(0, 0), frame.table.cell(0, 1)):
        cell.fill.solid()
        cell.fill.fore_color.rgb = RGBColor(0xCC, 0x22, 0x22)
    blank.shapes._spTree.append(copy.deepcopy(frame._element))  # the table on the layout too
    s1.shapes._spTree.remove(frame._element)
    box = s1.shapes.add_textbox(Emu(914400), Emu(3657600), Emu(3657600), Emu(914400))
    box.text_frame.text = "odd values"
    run = box.text_frame.paragraphs[0].runs[0]
    run.font.size = Pt(20)
    run.font._rPr.set("sz", "-500")
    box.line.width = Emu(12700)
    box.line._get_or_add_ln().set("w", "-12700")
    body_pr = box.text_frame._txBody.bodyPr
    body_pr.append(body_pr.makeelement(
        "{http://schemas.openxmlformats.org/drawingml/2006/main}normAutofit",
        {"fontScale": "0"}))
    prs.save(str(path))


def test_layout_tables_and_garbage_numbers_are_drawn(tmp_path: Path) -> None:
    deck, out = tmp_path / "odd.pptx", tmp_path / "out"
    _deck(deck)
    proc = subprocess.run([sys.executable, "-m", "pptxagent.cli", "render", str(deck), "--out",
                           str(out), "--engine", "browser"], capture_output=True, text=True,
                          timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    with Image.open(out / "browser" / "slide-1.png") as im:
        px = np.asarray(im.convert("RGB"), dtype=int)
    h, w, _ = px.shape
    header = px[int(h * 0.14):int(h * 0.19), int(w * 0.12):int(w * 0.45)]  # the layout's table
    assert (np.abs(header - [0xCC, 0x22, 0x22]).sum(axis=2) < 60).mean() > 0.5
