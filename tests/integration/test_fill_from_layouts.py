"""Slides made from a template's layouts (``{"layout": "Title and Content", ...}``): a template
of masters and layouts only (a .potx, python-pptx's default deck) could not be filled at all
("template slide 1 does not exist; valid range: none"). The new slides take the layouts'
placeholders, the fill goes through the whole pipeline, and what it leaves empty is removed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import fill_json
from PIL import Image
from pptx import Presentation

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def _empty_template(folder: Path) -> Path:
    path = folder / "layouts-only.pptx"
    Presentation().save(str(path))  # 11 layouts, no slide
    return path


def test_a_deck_of_layouts_only_is_filled_from_its_layouts(tmp_path: Path) -> None:
    Image.new("RGB", (800, 600), (30, 90, 160)).save(tmp_path / "office.png")
    proc, out, report = fill_json(_empty_template(tmp_path), tmp_path, {"slides": [
        {"layout": "Title Slide", "fill": {"title": "Quarterly review", "subtitle": "Q3 2026"}},
        {"layout": "title and content", "fill": {  # any case
            "title": "Where we stand", "body": ["Revenue grew", {"text": "EMEA", "level": 1}]}},
        {"layout": 4, "fill": {"title": "Two sides", "body": "Left only"}},  # Two Content
        {"layout": "Title and Content", "fill": {"title": "Again", "body": "A second copy"}},
        {"layout": "Picture with Caption", "fill": {
            "title": "Our office", "name:Picture Placeholder 2": {"image": "office.png"}}},
    ]})
    assert proc.returncode == 0, proc.stderr
    prs = Presentation(str(out))
    shown = [[(s.name, s.text_frame.text if s.has_text_frame else "picture")
              for s in slide.shapes] for slide in prs.slides]
    assert shown == [
        [("Title 1", "Quarterly review"), ("Subtitle 2", "Q3 2026")],
        [("Title 1", "Where we stand"), ("Content Placeholder 2", "Revenue grew\nEMEA")],
        [("Title 1", "Two sides"), ("Content Placeholder 2", "Left only")],  # right one gone
        [("Title 1", "Again"), ("Content Placeholder 2", "A second copy")],
        [("Title 1", "Our office"), ("Picture Placeholder 2", "picture")],  # caption gone
    ]
    assert [s.slide_layout.name for s in prs.slides] == [
        "Title Slide", "Title and Content", "Two Content", "Title and Content",
        "Picture with Caption"]
    slides = json.loads(report.read_text())["slides"]
    assert [s["quality"] for s in slides] == ["success_clean"] * 5
    assert "a new slide from the layout 'Two Content'" in slides[2]["notes"]
    assert "slide 3 (layout 'Two Content'): success_clean" in proc.stderr  # not "template 3"
    assert [c["shape"] for c in slides[2]["changes"]] == ["Content Placeholder 3"]
    # the placeholders inherit the layout's place and look: no geometry of their own
    body = prs.slides[1].shapes[1]
    assert body._element.spPr.find(
        "{http://schemas.openxmlformats.org/drawingml/2006/main}xfrm") is None


def test_an_unknown_layout_is_refused_with_the_layouts_listed(tmp_path: Path) -> None:
    template = _empty_template(tmp_path)
    for layout, said in (("Agenda", "no layout named 'Agenda'"),
                         (12, "layout 12 does not exist")):
        proc, out, _ = fill_json(template, tmp_path, {"slides": [
            {"layout": layout, "fill": {"title": "x"}}]})
        assert proc.returncode == 2
        assert f"$.slides[0].layout: {said}" in proc.stderr
        assert "1 'Title Slide', 2 'Title and Content'" in proc.stderr
        assert "Traceback" not in proc.stderr and not out.exists()


def test_a_slide_names_one_source(tmp_path: Path) -> None:
    template = _empty_template(tmp_path)
    for entry in ({"fill": {"title": "x"}}, {"template_slide": 1, "layout": 1},
                  {"layout": None}):
        proc, out, _ = fill_json(template, tmp_path, {"slides": [entry]})
        assert proc.returncode == 2
        assert "$.slides[0]: give either template_slide" in proc.stderr
        assert not out.exists()
    for odd in (True, 2.0, [1]):  # said "Input should be a valid string" for a number too
        proc, out, _ = fill_json(template, tmp_path, {"slides": [{"layout": odd}]})
        assert proc.returncode == 2 and not out.exists()
        assert "$.slides[0].layout: a layout's name (text) or number (1, 2, …)" in proc.stderr


def test_layout_slides_do_not_stretch_the_templates_slide_range(tmp_path: Path) -> None:
    # a layout slide was appended before the range check: template_slide 1 of a template
    # with no slides silently became a copy of the layout slide
    proc, out, _ = fill_json(_empty_template(tmp_path), tmp_path, {"slides": [
        {"layout": "Title Only", "fill": {"title": "A"}},
        {"template_slide": 1, "fill": {"title": "B"}}]})
    assert proc.returncode == 2 and not out.exists()
    assert "$.slides[1].template_slide: template slide 1 does not exist" in proc.stderr


def test_messages_name_the_layout_not_an_inner_slide_number(tmp_path: Path) -> None:
    proc, _, _ = fill_json(_empty_template(tmp_path), tmp_path, {"slides": [
        {"layout": "Title Only", "fill": {"body": "no body on this layout"}}]})
    assert proc.returncode == 2
    assert "the new slide from the layout 'Title Only'" in proc.stderr
    assert "template slide 1" not in proc.stderr


def test_a_name_two_masters_share_asks_for_the_number(tmp_path: Path) -> None:
    deck = Path("../shared/corpus/pptx/automizer__SlidesWithAdditionalMaster.pptx")
    for name, said in (("Titel und Inhalt", "layouts 3, 15 are all named 'Titel und Inhalt'"),
                       ("  ", "an empty layout name")):
        proc, out, _ = fill_json(deck, tmp_path, {"slides": [{"layout": name, "fill": {}}]})
        assert proc.returncode == 2 and not out.exists()
        assert said in proc.stderr, proc.stderr


def test_inventory_lists_the_layouts_and_the_keys_they_offer(tmp_path: Path) -> None:
    template = _empty_template(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "pptxagent.cli", "inventory", "--layouts",
                           str(template)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    listed = json.loads(proc.stdout)
    assert [x["name"] for x in listed][:4] == [
        "Title Slide", "Title and Content", "Section Header", "Two Content"]
    two = listed[3]
    assert [(k["key"], k["name"]) for k in two["keys"]] == [
        ("title", "name:Title 1"), ("body", "name:Content Placeholder 2"),
        ("body2", "name:Content Placeholder 3")]
    assert len(Presentation(str(template)).slides) == 0  # the template is left as it was
