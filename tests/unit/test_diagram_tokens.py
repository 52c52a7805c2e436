"""Tokens in SmartArt: its data model and the drawing PowerPoint shows are filled alike."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from pptxagent.fill.apply import apply_content
from pptxagent.fill.content import parse_content
from pptxagent.ooxml.package import Package

DECK = Path(__file__).parents[2].parent / "shared/corpus/pptx/automizer__SlideWithDiagrams.pptx"
PARTS = ("ppt/diagrams/data1.xml", "ppt/diagrams/drawing1.xml")

pytestmark = pytest.mark.skipif(not DECK.exists(), reason="corpus not available")


def _template(path: Path) -> None:
    """The corpus deck with "{{corner}}" and "{{ corner | upper }}" in its first diagram,
    the first split across runs as PowerPoint splits text ("Left" + " top")."""
    with zipfile.ZipFile(DECK) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename in PARTS:
                text = body.decode()
                text = text.replace("<a:t>Left</a:t>", "<a:t>{{cor</a:t>", 1)
                text = text.replace("<a:t> top</a:t>", "<a:t>ner}}</a:t>", 1)
                text = text.replace("<a:t>Right top</a:t>", "<a:t>{{ corner | upper }}</a:t>")
                body = text.encode()
            dst.writestr(info, body)


def test_diagram_data_and_drawing_are_filled(tmp_path: Path) -> None:
    src, out = tmp_path / "t.pptx", tmp_path / "out.pptx"
    _template(src)
    pkg = Package.open(src)
    doc = {"tokens": {"corner": "North-west"}, "slides": [{"template_slide": 1}]}
    plan = apply_content(pkg, parse_content(doc), tmp_path, strict=False)
    pkg.save(out)
    with zipfile.ZipFile(out) as z:
        data, drawing = (z.read(p).decode() for p in PARTS)
    for text in (data, drawing):
        assert "<a:t>North-west</a:t>" in text and "{{cor" not in text
        assert "{{ corner | upper }}" in text  # an expression stays exactly as written
    [left] = plan.unresolved  # reported once, though it is in the data and the drawing
    assert (left.where, left.token, left.slide) == ("diagram", "{{ corner | upper }}", 1)
    assert left.eid is not None and left.shape
