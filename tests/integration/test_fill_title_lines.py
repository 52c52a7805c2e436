"""A title made of lines, not paragraphs (ONLYOFFICE's sample deck: "How They" bold at 80 pt
over "Throw Out" / "a Challenge" at 66 pt, one paragraph split by line breaks) given a
string of lines. Before, each newline made a new paragraph in the first line's look (three
lines at 80 pt bold), and the browser pitched the 66 pt lines as 80 pt ones (the paragraph's
strut), so the fill shrank a title that fitted and LibreOffice disagreed by 33 px."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_json
from pptx import Presentation

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

DECK = Path("../shared/corpus/pptx/onlyoffice__sample.pptx")
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def _lines(shape) -> list[tuple[str, str | None, str | None]]:  # type: ignore[no-untyped-def]
    (p,) = shape._element.iter(f"{A}p")
    out = []
    for r in p.iter(f"{A}r"):
        rpr = r.find(f"{A}rPr")
        if r.findtext(f"{A}t"):
            out.append((r.findtext(f"{A}t"), rpr.get("sz"), rpr.get("b")))
    return out


def test_a_title_of_lines_keeps_each_lines_look(tmp_path: Path) -> None:
    proc, out, report = fill_json(DECK, tmp_path, {"slides": [
        {"template_slide": 1, "fill": {"title": "How We\nWin Markets\nEvery Year"}},
        {"template_slide": 3, "fill": {"title": "Medieval Castles\n(X-XV centuries)"}}]})
    assert proc.returncode == 0, proc.stderr
    slides = json.loads(report.read_text())["slides"]
    first = slides[0]
    assert first["quality"] == "success_clean", first
    assert first["changes"] == []  # it fits as the template's title did: nothing shrunk
    (checked,) = first["crosscheck"]["elements"]
    assert not checked["disagrees"] and checked["max_edge_diff_px"] < 6
    prs = Presentation(str(out))
    title = prs.slides[0].shapes.title
    assert _lines(title) == [("How We", "8000", "1"), ("Win Markets", "6600", None),
                             ("Every Year", "6600", None)]
    assert len(list(title._element.iter(f"{A}br"))) == 2
    knights = prs.slides[1].shapes.title
    assert [(t, b) for t, _, b in _lines(knights)] == [("Medieval Castles", "1"),
                                                      ("(X-XV centuries)", None)]
    assert slides[1]["quality"] == "success_clean"


def test_agenda_groups_keep_their_lines_and_the_blank_line_between(tmp_path: Path) -> None:
    """An agenda card whose groups are paragraphs of a bold heading line over plain lines,
    each but the last ending in a blank line (a line break), as a Google Slides-made proposal
    writes it. Given a list of groups with newlines: before, each newline went into ``a:t``
    as is (LibreOffice drew it as a new paragraph, the browser as a line break: the two
    pictures disagreed), every line was bold and the blank lines were gone."""
    from pptx.util import Emu, Pt

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Emu(4572000), Emu(914400), Emu(3200400), Emu(4572000))
    tf = box.text_frame
    tf.word_wrap = True
    for i, (head, rest) in enumerate((("About us", "Market\vValues\v"),
                                      ("Plans", "Positioning\v"), ("Close", "Questions"))):
        p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        p.text = head + "\v" + rest  # python-pptx: a vertical tab is a line break
        for run in p.runs:
            run.font.size = Pt(18)
        p.runs[0].font.bold = True
    template = tmp_path / "agenda.pptx"
    prs.save(str(template))
    groups = ["Who we are\nOur market\nOur values", "Strategy\nBrand positioning",
              "Final thoughts\nQ&A session"]
    proc, out, report = fill_json(template, tmp_path, {"slides": [
        {"template_slide": 1, "fill": {f"sp{box.shape_id}": groups}}]})
    assert proc.returncode == 0, proc.stderr
    (result,) = json.loads(report.read_text())["slides"]
    assert result["quality"] == "success_clean", result
    (checked,) = result["crosscheck"]["elements"]
    assert not checked["disagrees"], checked
    shape = next(s for s in Presentation(str(out)).slides[0].shapes
                 if s.shape_id == box.shape_id)
    assert shape.text_frame.text == ("Who we are\vOur market\vOur values\v\n"
                                     "Strategy\vBrand positioning\v\nFinal thoughts\vQ&A session")
    bold = [r.text for p in shape.text_frame.paragraphs for r in p.runs if r.font.bold]
    assert bold == ["Who we are", "Strategy", "Final thoughts"]
