"""The faithful render in the real Chromium: art is drawn, measurements do not change."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageStat

from pptxagent.engines.chromium import Chromium
from pptxagent.inventory import inventory_deck
from pptxagent.ir import DeckIR, SlideIR
from pptxagent.measure import Measurer
from pptxagent.measure.extract import MEASURE_JS, snapshots
from pptxagent.ooxml.package import Package
from pptxagent.render.media import MediaStore
from pptxagent.settings import DEFAULT_SETTINGS

pytestmark = pytest.mark.browser
CORPUS = Path("../shared/corpus/pptx")
DECKS = ("poi__aascu.org_hbcu_leadershipsummit_cooper", "onlyoffice__sample", "poi__themes",
         "officeparser__test", "pptxgenjs__Nodejs-Demo-Presentation")


def _deck(stem: str) -> tuple[DeckIR, MediaStore]:
    pkg = Package.open(CORPUS / f"{stem}.pptx")
    return inventory_deck(pkg), MediaStore.for_package(pkg)


@pytest.mark.parametrize("stem", DECKS)
def test_drawing_art_does_not_change_any_measurement(browser: Chromium, stem: str) -> None:
    deck, media = _deck(stem)
    irs = [deck.slide_ir(s.index) for s in deck.slides]
    assert any(ir.backdrop is not None or any(e.visual for e in ir.elements) for ir in irs)
    faithful = Measurer(browser, media=media)
    with_art = faithful.measure_many(irs)  # art without picture bytes, as the loop measures
    rows = browser.evaluate_document(faithful.deck_html(irs), MEASURE_JS)  # with pictures
    with_pictures = snapshots(irs, rows, DEFAULT_SETTINGS.SAFE_PADDING)
    without = Measurer(browser, art=False).measure_many(irs)
    assert len(with_art) == len(with_pictures) == len(without) == len(irs)
    for n, (a, p, b) in enumerate(zip(with_art, with_pictures, without, strict=True), start=1):
        rows_a = [(e.eid, e.bbox, e.contentBox, e.textBox) for e in a.elements]
        rows_p = [(e.eid, e.bbox, e.contentBox, e.textBox) for e in p.elements]
        rows_b = [(e.eid, e.bbox, e.contentBox, e.textBox) for e in b.elements]
        assert rows_a == rows_p == rows_b, f"{stem} slide {n}"


def _luminance(png: Path, box: tuple[float, float, float, float]) -> float:
    x, y, w, h = box
    with Image.open(png) as im:
        crop = im.convert("L").crop((round(x), round(y), round(x + w), round(y + h)))
        return float(ImageStat.Stat(crop).mean[0])


def test_title_on_a_picture_background_is_drawn_on_the_dark_picture(
    browser: Chromium, tmp_path: Path
) -> None:
    deck, media = _deck("poi__aascu.org_hbcu_leadershipsummit_cooper")
    ir: SlideIR = deck.slide_ir(1)  # white title on a crimson picture background
    title = next(e for e in ir.elements if e.type == "title")
    box = (title.layout.x, title.layout.y, title.layout.w, title.layout.h)
    faithful = Measurer(browser, media=media)
    behind = faithful.screenshot(ir, tmp_path / "notext.png", text=False)
    assert _luminance(behind, box) < 110  # dark: the text's real background
    with_text = faithful.screenshot(ir, tmp_path / "text.png")
    assert _luminance(with_text, box) > _luminance(behind, box)  # white glyphs on it
    bare = Measurer(browser, art=False).screenshot(ir, tmp_path / "bare.png", text=False)
    assert _luminance(bare, box) > 250  # the old render: white page


def test_screenshot_many_draws_each_slide_of_one_document(browser: Chromium, tmp_path: Path
                                                         ) -> None:
    deck, media = _deck("onlyoffice__sample")
    irs = [deck.slide_ir(s.index) for s in deck.slides][:3]
    paths = [tmp_path / f"s{i}.png" for i in range(len(irs))]
    Measurer(browser, media=media).screenshot_many(irs, paths, text=False)
    for p, ir in zip(paths, irs, strict=True):
        with Image.open(p) as im:
            assert im.size == (round(ir.slide.w), round(ir.slide.h))


def test_a_legacy_ole_objects_wmf_preview_is_drawn_with_its_white_page(
    browser: Chromium, tmp_path: Path
) -> None:
    """poi__45545_Comment slide 8: an embedded slide (PowerPoint 2003 OLE object) whose preview
    is a WMF named only in the slide's VML drawing, painted on a white page (META_PATBLT)
    over the master's blue. Chromium draws no WMF: it is converted to SVG."""
    deck, media = _deck("poi__45545_Comment")
    ir: SlideIR = deck.slide_ir(8)
    ole = next(e for e in ir.elements if e.visual is not None and e.visual.fill is not None
               and e.visual.fill.kind == "picture")
    assert ole.layout.w == ir.slide.w  # the full-slide preview
    shot = Measurer(browser, media=media).screenshot(ir, tmp_path / "s8.png", text=False)
    w, h = ir.slide.w, ir.slide.h
    assert _luminance(shot, (w * 0.05, h * 0.3, w * 0.1, h * 0.1)) > 240  # white, not blue
    assert _luminance(shot, (w * 0.74, h * 0.5, w * 0.2, h * 0.1)) < 200  # grey table cells


def test_turned_text_is_drawn_turned_and_measured_upright(browser: Chromium,
                                                          tmp_path: Path) -> None:
    # officegen's test deck turns a red text box 45°, its white "Red box 1" along the bar.
    deck, media = _deck("officegen__test-ppt2")
    ir = deck.slide_ir(1)
    bar = next(e for e in ir.elements if e.content == "Red box 1")
    assert bar.text_turn() == 45
    faithful = Measurer(browser, media=media)
    dom = faithful.measure(ir)[0].get(bar.eid)
    lay = bar.layout
    assert dom is not None  # measured in the shape's own frame, as if upright
    assert (dom.bbox.x, dom.bbox.y, dom.bbox.w, dom.bbox.h) == pytest.approx(
        (lay.x, lay.y, lay.w, lay.h), abs=0.5)
    with Image.open(faithful.screenshot(ir, tmp_path / "text.png")) as im:
        shown = np.asarray(im.convert("RGB"), dtype=int)
    with Image.open(faithful.screenshot(ir, tmp_path / "notext.png", text=False)) as im:
        behind = np.asarray(im.convert("RGB"), dtype=int)
    # white letters drawn on the red bar: glyph pixels change red into white; drawn upright
    # they would fall mostly on the white page, where nothing changes
    red = (behind[..., 0] > 200) & (behind[..., 1] < 60) & (behind[..., 2] < 60)
    lit = red & (shown.min(axis=2) > 200)
    half = (lay.w + lay.h) / 2 ** 0.5 / 2  # the turned bar's axis-aligned bounds
    cx, cy = round(lay.x + lay.w / 2), round(lay.y + lay.h / 2)
    r = round(half)
    on_bar = lit[max(0, cy - r):cy + r, max(0, cx - r):cx + r]
    assert on_bar.sum() > 150  # drawn upright: 0 (the letters cross the bar nowhere)


def test_vertical_text_is_laid_out_down_its_box(browser: Chromium, tmp_path: Path) -> None:
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    tb = slide.shapes.add_textbox(Inches(0.5), Inches(1), Inches(0.6), Inches(4))
    tb.text_frame.text = "Read upwards along the side"
    tb.text_frame._bodyPr.set("vert", "vert270")  # a side label, as PowerPoint writes it
    path = tmp_path / "side.pptx"
    prs.save(str(path))
    pkg = Package.open(path)
    ir = inventory_deck(pkg).slide_ir(1)
    label = next(e for e in ir.elements if e.content.startswith("Read upwards"))
    dom = Measurer(browser).measure(ir)[0].get(label.eid)
    assert dom is not None and dom.contentBox is not None
    text, box = dom.contentBox, dom.bbox
    assert text.h > 3 * text.w  # one line running down the box, not words piled across it
    assert text.y >= box.y - 0.5 and text.bottom <= box.bottom + 0.5
    assert text.x >= box.x - 0.5 and text.right <= box.right + 0.5
