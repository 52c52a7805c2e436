"""Tabs in a template's text run on to the next tab stop, in the browser as in LibreOffice
(and PowerPoint): under ``white-space: pre-line`` a tab was one space, so an agenda line
"Outlook<tab><tab><tab>page 20" was measured 234 px narrower than LibreOffice draws it."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from cli_support import fill_json
from pptx import Presentation
from pptx.presentation import Presentation as PresentationType
from pptx.util import Inches, Pt

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def _one_inch_stops(src: Path, dst: Path) -> None:
    """python-pptx's default template says 0.5 in; Office's own templates say 1 in, the
    stops LibreOffice draws whatever the file says."""
    with zipfile.ZipFile(src) as z, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as out:
        for name in z.namelist():
            data = z.read(name)
            if name.endswith(".xml"):
                data = data.replace(b'defTabSz="457200"', b'defTabSz="914400"')
            out.writestr(name, data)


def _filled_edges(prs: PresentationType, tmp_path: Path, tokens: dict[str, str]
                  ) -> tuple[list[float], Path]:
    """Fill ``prs`` (its tab stops set to 1 in) through the CLI: the one filled text's
    cross-check edges (left, top, right, bottom: LibreOffice minus the browser) and the
    output deck."""
    plain, template = tmp_path / "p.pptx", tmp_path / "t.pptx"
    prs.save(str(plain))
    _one_inch_stops(plain, template)
    proc, out, report = fill_json(template, tmp_path, {"tokens": tokens})
    assert proc.returncode == 0, proc.stderr
    slide_report = json.loads(report.read_text())["slides"][0]
    assert slide_report["quality"] == "success_clean"
    (filled,) = slide_report["crosscheck"]["elements"]
    return list(filled["edges_px"]), out


def test_an_agenda_line_with_tabs_is_as_wide_as_libreoffice_draws_it(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Agenda"
    slide.placeholders[1].text = "Outlook\t\t\t{{page}}"
    (d_left, _, d_right, _), out = _filled_edges(prs, tmp_path, {"page": "page 20"})
    assert abs(d_left) < 2 and abs(d_right) < 3  # 234 px apart on the right before
    assert Presentation(str(out)).slides[0].placeholders[1].text_frame.text == \
        "Outlook\t\t\tpage 20"


def test_a_tab_where_a_line_wraps_hangs_as_a_space_does(tmp_path: Path) -> None:
    """Kept whole (``white-space: pre``), the tab before the wrapped word stayed on the line:
    the browser's line was 70 px wider than LibreOffice's."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(3), Inches(2.5))
    box.text_frame.word_wrap = True
    box.text_frame.text = "{{a}}\tRevenue\tOutlook\tSummary"
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(18)
    (d_left, _, d_right, _), _ = _filled_edges(prs, tmp_path, {"a": "Quarterly"})
    assert abs(d_left) < 2 and abs(d_right) < 2
