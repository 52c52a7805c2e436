"""Tokens in a layout's or master's own art: drawn on every slide that uses them."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from pptx import Presentation
from pptx.util import Emu

from pptxagent.fill.apply import apply_content
from pptxagent.fill.content import parse_content
from pptxagent.ooxml.package import Package


def _texts(shapes: Any) -> list[str]:
    return [s.text_frame.text for s in shapes if s.has_text_frame]


def _template(path: Path) -> None:
    prs = Presentation()
    layout = prs.slide_layouts[6]
    for n in range(2):
        slide = prs.slides.add_slide(layout)
        slide.shapes.add_textbox(Emu(500000), Emu(500000), Emu(4000000), Emu(500000)
                                 ).text_frame.text = f"Slide {n + 1}"
    donor = prs.slides[0].shapes.add_textbox(Emu(500000), Emu(6000000), Emu(6000000),
                                             Emu(400000))
    donor.text_frame.text = "Confidential: {{client}}"
    layout.shapes._spTree.append(copy.deepcopy(donor._element))
    donor.text_frame.text = "{{ client | upper }} {{year}}"
    prs.slide_master.shapes._spTree.append(copy.deepcopy(donor._element))
    donor._element.getparent().remove(donor._element)
    title: Any = prs.slide_layouts[0].placeholders[0]
    title.text_frame.text = "{{title}}"  # a prompt the slide's placeholder replaces: left alone
    prs.save(str(path))


def test_layout_and_master_art_tokens_are_filled_once(tmp_path: Path) -> None:
    src, out = tmp_path / "t.pptx", tmp_path / "out.pptx"
    _template(src)
    pkg = Package.open(src)
    plan = apply_content(pkg, parse_content({"tokens": {"client": "Globex", "year": 2025}}),
                         tmp_path, strict=False)
    pkg.save(out)
    prs = Presentation(str(out))
    layout_text = _texts(prs.slide_layouts[6].shapes)
    master_text = _texts(prs.slide_master.shapes)
    assert "Confidential: Globex" in layout_text
    assert "{{ client | upper }} 2025" in master_text
    assert _texts(prs.slide_layouts[0].placeholders)[0] == "{{title}}"
    assert [(u.where, u.slide, u.token) for u in plan.unresolved] == [
        ("master", 1, "{{ client | upper }}")]
