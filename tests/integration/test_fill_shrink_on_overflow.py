"""Text far too long for its box even at the min font: the fill's last resort is the box's own
"shrink text on overflow" (``a:normAutofit/@fontScale``), as PowerPoint stores it. The text
stays whole and inside its box as PowerPoint and LibreOffice draw the file, the run sizes stay
at the min font, and the slide is honestly ``degraded`` (its text is below the min font)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from pptx import Presentation
from qa_decks import body_fill

from pptxagent.engines.libreoffice import get_libreoffice
from pptxagent.pipeline.fill import FillOptions, fill_deck
from pptxagent.pipeline.qa import QaOptions, qa_deck

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
EMU_PX = 9525
LINES = [f"Point {k}: a long line of body text that keeps going on and on" for k in range(40)]


def _body(out: Path) -> etree._Element:
    with zipfile.ZipFile(out) as z:
        root = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    return next(sp for sp in root.iter("{*}sp")
                if sp.find(".//{*}ph") is not None and sp.find(".//{*}ph").get("idx") == "1")


def test_far_too_long_body_is_shrunk_by_its_autofit_and_stays_in_its_box(
        tmp_path: Path) -> None:
    tpl, content = body_fill(tmp_path, Presentation(), LINES, title="Everything")
    out = tmp_path / "out.pptx"
    report = fill_deck(FillOptions(template=tpl, content=content, out=out))
    slide = report.slides[0]
    assert slide.quality == "degraded"
    assert [d["type"] for d in slide.defects] == ["font_too_small"]
    said = [c["text"] for c in slide.changes if c["what"] == "shrink_on_overflow"]
    assert said and "below the min font" in said[0]

    body = _body(out)
    fit = body.find(f".//{A}bodyPr/{A}normAutofit")
    assert fit is not None
    scale = int(fit.get("fontScale", "100000"))
    assert 25000 <= scale < 100000 and (100000 - scale) % 7500 == 0  # PowerPoint's steps
    sizes = {int(r.get("sz")) for r in body.iter(f"{A}rPr") if r.get("sz")}
    assert sizes and min(sizes) >= 1500  # the runs keep the min font (20 px = 15 pt)
    text = "\n".join("".join(t.text or "" for t in p.iter(f"{A}t")) for p in body.iter(f"{A}p"))
    assert all(line in text for line in LINES)  # whole, nothing cut

    xfrm = Presentation(str(out)).slides[0].placeholders[1]
    box_bottom = (xfrm.top + xfrm.height) / EMU_PX
    drawn = get_libreoffice().text_bounds(out)[1][str(xfrm.shape_id)]
    assert drawn.bottom <= box_bottom + 2, (drawn, box_bottom)


def test_with_the_floor_at_zero_the_text_is_kept_whole_past_its_box(tmp_path: Path) -> None:
    """``--set OVERFLOW_FIT_FLOOR=0``: the spec's truncate only, the text written whole."""
    tpl, content = body_fill(tmp_path, Presentation(), LINES, title="Everything")
    out = tmp_path / "out.pptx"
    report = fill_deck(FillOptions(template=tpl, content=content, out=out, crosscheck=False,
                                   settings_overrides={"OVERFLOW_FIT_FLOOR": 0}))
    slide = report.slides[0]
    assert slide.quality == "degraded"
    (left,) = [c for c in slide.changes if c["what"] == "overflow_left"]
    assert left["shape"]  # named like every other change, for the CLI's summary
    assert _body(out).find(f".//{A}normAutofit[@fontScale]") is None
    assert json.dumps(slide.defects).count("content_overflow") >= 1


def test_text_shrunk_below_six_points_is_reported_tiny_and_qa_says_so_too(
        tmp_path: Path) -> None:
    lines = [f"Point {k}: a long line of body text that keeps going on and on" for k in range(150)]
    tpl, content = body_fill(tmp_path, Presentation(), lines, title="Everything")
    out = tmp_path / "out.pptx"
    slide = fill_deck(FillOptions(template=tpl, content=content, out=out,
                                  crosscheck=False)).slides[0]
    scale = int(_body(out).find(f".//{A}bodyPr/{A}normAutofit").get("fontScale", "0"))
    assert scale == 25000  # PowerPoint's lowest: 15 pt drawn at 3.75 pt
    assert slide.quality == "degraded"
    tiny = [i for i in slide.qa if i["kind"] == "tiny_text"]
    assert [i["shape"] for i in tiny] == ["Content Placeholder 2"]
    assert tiny[0]["status"] in ("open", "unresolved")  # the fill's doing, never accepted
    linted = qa_deck(QaOptions(deck=out))
    assert [(i.slide, i.kind, i.measured) for i in linted.issues if i.kind == "tiny_text"] == [
        (1, "tiny_text", 3.75)]
