"""Both renderers draw a template's fonts in the same installed font.

Without an entry in ``FONT_MAP`` the browser falls back to DejaVu Sans while LibreOffice asks
fontconfig, which sends Impact to a dingbats font, Comic Sans MS to a script and Palatino to
its URW twin: the cross-check then compares two different texts, and LibreOffice's picture
(the judge's) shows symbols where the template has a title."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from lxml import etree
from pptx import Presentation
from pptx.util import Emu, Pt

from pptxagent.engines.libreoffice import get_libreoffice
from pptxagent.inventory.deck import inventory_file
from pptxagent.measure import Measurer

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

FONTS = ["Impact", "Comic Sans MS", "Garamond", "Palatino Linotype", "Book Antiqua",
         "Century Gothic", "Bookman Old Style", "Century Schoolbook", "Constantia",
         "MS Serif", "ＭＳ 明朝", "ＭＳ ゴシック", "ＭＳ Ｐゴシック", "ＭＳ Ｐ明朝",
         "メイリオ", "游ゴシック",
         "宋体", "微软雅黑", "맑은 고딕", "新細明體", "等线", "游ゴシック Light", "Yu Gothic Light",
         "Yu Gothic UI", "Meiryo UI", "MS PGothic", "MS PMincho", "SimHei", "DengXian",
         "Malgun Gothic", "Microsoft JhengHei", "PMingLiU", "Gulim", "Batang", "ＭＳ明朝",
         "MS 明朝", "ＭＳゴシック", "新宋体", "黑体", "Calibri  Light"]
A = "http://schemas.openxmlformats.org/drawingml/2006/main"


def _deck(path: Path) -> dict[str, str]:
    """One slide per font, one line of text in it; shape id → font."""
    prs = Presentation()
    fonts: dict[str, str] = {}
    for font in FONTS:
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        box = slide.shapes.add_textbox(Emu(300000), Emu(300000), Emu(8500000), Emu(900000))
        run = box.text_frame.paragraphs[0].add_run()
        run.text = "Quarterly results: the quick brown fox"
        run.font.name = font
        run.font.size = Pt(28)
        etree.SubElement(run._r.get_or_add_rPr(), f"{{{A}}}ea").set("typeface", font)
        fonts[f"{len(fonts) + 1}/{box.shape_id}"] = font
    prs.save(str(path))
    return fonts


def test_each_font_is_measured_alike_by_both_renderers(tmp_path: Path) -> None:
    deck = tmp_path / "fonts.pptx"
    fonts = _deck(deck)
    drawn = get_libreoffice().text_bounds(deck)
    measurer = Measurer()
    widths: dict[str, tuple[float, float]] = {}
    inventory = inventory_file(deck)
    for n in range(1, len(inventory.slides) + 1):
        ir = inventory.slide_ir(n)
        dom, _ = measurer.measure(ir)
        for el in ir.elements:
            seen = dom.get(el.eid)
            if el.source is None or seen is None or seen.textBox is None:
                continue
            lo = drawn[n][str(el.source.shape_id)]
            widths[fonts[f"{n}/{el.source.shape_id}"]] = (seen.textBox.w, lo.w)
    assert set(widths) == set(FONTS)
    off = {f: f"{b:.0f} px vs {lo:.0f} px" for f, (b, lo) in widths.items()
           if abs(b - lo) > 0.03 * max(b, lo)}
    assert not off, f"the browser and LibreOffice measure these fonts differently: {off}"


def _ink_widths(pdf: Path) -> list[int]:
    doc = pdfium.PdfDocument(str(pdf))
    out = []
    for page in doc:
        gray = np.asarray(page.render(scale=1).to_pil().convert("L"))
        cols = np.flatnonzero((gray < 128).any(axis=0))
        out.append(int(cols[-1] - cols[0]) if len(cols) else 0)
    doc.close()
    return out


def test_a_reviewers_libreoffice_draws_the_same_twins(tmp_path: Path) -> None:
    """A stock LibreOffice (a fresh profile: no replacement table of ours) on a machine set
    up by ``bin/setup`` asks fontconfig, which now answers with our twins: Calibri Light was
    drawn in DejaVu Sans, 23 % wider than the Carlito we measure it in."""
    deck = tmp_path / "fonts.pptx"
    fonts = list(_deck(deck).values())
    stock = subprocess.run(
        ["soffice", f"-env:UserInstallation=file://{tmp_path}/profile", "--headless",
         "--convert-to", "pdf", "--outdir", str(tmp_path / "stock"), str(deck)],
        capture_output=True, text=True, timeout=240, check=False)
    assert stock.returncode == 0, stock.stderr
    get_libreoffice().to_pdf(deck, tmp_path / "ours.pdf")
    theirs, ours = _ink_widths(tmp_path / "stock" / "fonts.pdf"), _ink_widths(tmp_path / "ours.pdf")
    off = {f: f"{a} vs {b} px" for f, a, b in zip(fonts, theirs, ours, strict=True)
           if abs(a - b) > 0.03 * max(a, b)}
    assert not off, f"a stock LibreOffice draws these fonts wider or narrower: {off}"
