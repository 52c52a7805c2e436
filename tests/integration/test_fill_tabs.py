"""Tabs in a template's text run on to the next tab stop, in the browser as in LibreOffice
(and PowerPoint): under ``white-space: pre-line`` a tab was one space, so an agenda line
"Outlook<tab><tab><tab>page 20" was measured 234 px narrower than LibreOffice draws it."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from cli_support import fill_cli
from pptx import Presentation

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


def test_an_agenda_line_with_tabs_is_as_wide_as_libreoffice_draws_it(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Agenda"
    slide.placeholders[1].text = "Outlook\t\t\t{{page}}"
    plain, template, content = tmp_path / "p.pptx", tmp_path / "t.pptx", tmp_path / "c.json"
    prs.save(str(plain))
    _one_inch_stops(plain, template)
    content.write_text(json.dumps({"tokens": {"page": "page 20"}}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = fill_cli(template, content, out, report)
    assert proc.returncode == 0, proc.stderr
    slide_report = json.loads(report.read_text())["slides"][0]
    checked = {e["eid"]: e for e in slide_report["crosscheck"]["elements"]}
    d_left, _, d_right, _ = checked["sp3"]["edges_px"]
    assert abs(d_left) < 2 and abs(d_right) < 3  # 234 px apart on the right before
    assert Presentation(str(out)).slides[0].placeholders[1].text_frame.text == \
        "Outlook\t\t\tpage 20"
