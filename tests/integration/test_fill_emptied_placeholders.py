"""A placeholder the fill leaves empty is taken off the slide, through the real CLI: empty, it
would show its prompt ("Click to add text") to whoever opens the deck in PowerPoint. Kept: a
title (the QA flags an empty one), a placeholder that draws a fill (its own or its layout's),
one an animation names, and one the template itself left empty. The removal is listed with
the slide's changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_cli
from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor

pytestmark = [pytest.mark.browser]

P = "http://schemas.openxmlformats.org/presentationml/2006/main"


def _animate(slide: object, shape_id: int) -> None:
    """An entrance effect on ``shape_id`` (a ``p:timing`` naming it)."""
    sld = slide._element  # type: ignore[attr-defined]
    timing = etree.SubElement(sld, f"{{{P}}}timing")
    tn = etree.SubElement(etree.SubElement(etree.SubElement(timing, f"{{{P}}}tnLst"),
                                           f"{{{P}}}par"), f"{{{P}}}cTn", id="1", dur="indefinite",
                          restart="never", nodeType="tmRoot")
    bld = etree.SubElement(etree.SubElement(timing, f"{{{P}}}bldLst"), f"{{{P}}}bldP",
                           spid=str(shape_id), grpId="0")
    assert tn is not None and bld is not None
    tgt = etree.SubElement(etree.SubElement(etree.SubElement(
        tn, f"{{{P}}}childTnLst"), f"{{{P}}}set"), f"{{{P}}}cBhvr")
    etree.SubElement(etree.SubElement(tgt, f"{{{P}}}tgtEl"), f"{{{P}}}spTgt", spid=str(shape_id))


def test_placeholders_the_fill_empties_are_removed_unless_they_draw_or_are_named(
        tmp_path: Path) -> None:
    prs = Presentation()
    s1 = prs.slides.add_slide(prs.slide_layouts[0])  # Title Slide: title + subtitle
    s1.shapes.title.text = "{{title}}"
    s1.placeholders[1].text = "{{subtitle}}"
    s2 = prs.slides.add_slide(prs.slide_layouts[3])  # Two Content
    s2.shapes.title.text = "{{heading}}"
    s2.placeholders[1].text = "{{left}}"
    s2.placeholders[2].text = "{{right}}"
    s2.placeholders[2].fill.solid()  # a coloured panel: design, stays
    s2.placeholders[2].fill.fore_color.rgb = RGBColor(0x1F, 0x4E, 0x79)
    s3 = prs.slides.add_slide(prs.slide_layouts[1])  # Title and Content, body animated
    s3.shapes.title.text = "Agenda"
    s3.placeholders[1].text = "{{agenda}}"
    _animate(s3, s3.placeholders[1].shape_id)
    s4 = prs.slides.add_slide(prs.slide_layouts[1])  # the template's own empty body
    s4.shapes.title.text = "{{heading}}"
    section = prs.slide_layouts[2]  # Section Header: its layout paints the text box
    section.placeholders[1].fill.solid()
    section.placeholders[1].fill.fore_color.rgb = RGBColor(0xCC, 0xEE, 0xFF)
    s5 = prs.slides.add_slide(section)
    s5.shapes.title.text = "Part two"
    s5.placeholders[1].text = "{{left}}"
    template, content = tmp_path / "t.pptx", tmp_path / "c.json"
    prs.save(str(template))
    content.write_text(json.dumps({"tokens": {"title": "Q3 review", "subtitle": "",
                                              "heading": "", "left": "", "right": "",
                                              "agenda": ""}}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = fill_cli(template, content, out, report)
    assert proc.returncode == 0, proc.stderr
    names = [[sh.name for sh in s.shapes] for s in Presentation(str(out)).slides]
    assert names == [["Title 1"],  # the subtitle went
                     ["Title 1", "Content Placeholder 3"],  # the empty title and panel stay
                     ["Title 1", "Content Placeholder 2"],  # named by the animation
                     ["Title 1", "Content Placeholder 2"],  # the template's own empty body
                     ["Title 1", "Text Placeholder 2"]]  # painted by its layout
    assert "Subtitle 2: removed: the fill left this placeholder empty" in proc.stderr
    slides = json.loads(report.read_text())["slides"]
    removed = [[c["shape"] for c in s["changes"] if c.get("what") == "removed_empty_placeholder"]
               for s in slides]
    assert removed == [["Subtitle 2"], ["Content Placeholder 2"], [], [], []]


def test_a_removal_is_a_change_of_the_slide_and_no_repair_keeps_the_placeholder(
        tmp_path: Path) -> None:
    """The slide a removal changed is judged like any changed slide (its expression left as
    written is a warning); the removed shape is not counted as filled; ``--no-repair`` ships
    what the fill wrote."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Agenda"
    slide.placeholders[1].text = "{{gone}}"
    box = slide.shapes.add_textbox(slide.shapes.title.left, 6000000, 4000000, 400000)
    box.text_frame.text = "{{ missing | upper }}"
    template, content = tmp_path / "t.pptx", tmp_path / "c.json"
    prs.save(str(template))
    content.write_text(json.dumps({"tokens": {"gone": ""}}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = fill_cli(template, content, out, report, "--no-crosscheck")
    assert proc.returncode == 0, proc.stderr
    s = json.loads(report.read_text())["slides"][0]
    assert s["quality"] == "success_with_warnings"
    assert [w["type"] for w in s["warnings"]] == ["unresolved_tokens"]
    assert s["filled"] == [] and [c["what"] for c in s["changes"]] == ["removed_empty_placeholder"]
    assert "0 shape(s) filled, 1 change(s)" in proc.stderr
    kept = tmp_path / "kept.pptx"
    proc = fill_cli(template, content, kept, tmp_path / "r2.json", "--no-crosscheck",
                    "--no-repair")
    assert proc.returncode == 0, proc.stderr
    assert [sh.name for sh in Presentation(str(kept)).slides[0].shapes] == [
        "Title 1", "Content Placeholder 2", "TextBox 3"]
