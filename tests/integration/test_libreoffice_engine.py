"""The real LibreOffice (warm unoserver): PDF/PNG export and where it draws each shape's text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.util import Emu, Pt

from pptxagent.engines.libreoffice import LibreOffice, TextBox, get_libreoffice
from pptxagent.errors import InputError
from pptxagent.ir import Box
from pptxagent.measure.crosscheck import overflow

pytestmark = pytest.mark.libreoffice

CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
PX = 9525  # EMU per px
LINE_24PT = 38.4  # LibreOffice's line pitch for 24 pt text at 100 % spacing (field notes)
INSET_L, INSET_T = 9.6, 4.8  # default a:bodyPr insets in px


@pytest.fixture(scope="session")
def lo() -> Iterator[LibreOffice]:
    engine = get_libreoffice()
    yield engine


def _box(slide, x: int, y: int, w: int, h: int, text: str, autofit: str | None = None,
         font: str = "Liberation Sans", scale: int | None = None, group=None):  # type: ignore[no-untyped-def]
    shapes = group.shapes if group is not None else slide.shapes
    tb = shapes.add_textbox(Emu(x * PX), Emu(y * PX), Emu(w * PX), Emu(h * PX))
    tf = tb.text_frame
    tf.word_wrap = True
    tf.text = text
    for para in tf.paragraphs:
        for run in para.runs:
            run.font.size = Pt(24)
            run.font.name = font
    body_pr = tf._txBody.bodyPr
    for child in list(body_pr):
        body_pr.remove(child)
    fit = etree.SubElement(body_pr, f"{A}{autofit or 'noAutofit'}")
    if scale is not None:
        fit.set("fontScale", str(scale))
    return tb


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    """Slide 1: a known one-line box, an overflowing box, a box LibreOffice would shrink live,
    a box with a stored 50 % font scale, a text box in a group, a Segoe UI box.
    Slide 2 (hidden): one text box."""
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    s1 = prs.slides.add_slide(prs.slide_layouts[6])
    ids = {
        "known": _box(s1, 100, 100, 600, 100, "Hello layout").shape_id,
        "over": _box(s1, 800, 60, 400, 80, "overflowing words " * 12).shape_id,
        "shrink": _box(s1, 800, 300, 400, 80, "overflowing words " * 12, "normAutofit").shape_id,
        "scaled": _box(s1, 100, 300, 600, 200, "scaled " * 20, "normAutofit", scale=50000).shape_id,
    }
    group = s1.shapes.add_group_shape()
    ids["grouped"] = _box(s1, 100, 560, 500, 60, "In a group", group=group).shape_id
    ids["segoe"] = _box(s1, 800, 560, 400, 60, "Segoe text", font="Segoe UI").shape_id
    s2 = prs.slides.add_slide(prs.slide_layouts[6])
    ids["hidden"] = _box(s2, 200, 200, 600, 100, "Hidden slide text").shape_id
    s2._element.set("show", "0")
    path = tmp_path_factory.mktemp("lo") / "known.pptx"
    prs.save(str(path))
    return path, ids


@pytest.fixture(scope="module")
def bounds(lo: LibreOffice, deck: tuple[Path, dict[str, int]]) -> dict[int, dict[str, TextBox]]:
    return lo.text_bounds(deck[0])


Bounds = dict[int, dict[str, TextBox]]


def _at(bounds: Bounds, slide: int, ids: dict[str, int], key: str) -> TextBox:
    found = bounds[slide].get(str(ids[key]))
    assert found is not None, f"no LibreOffice text bounds for {key} (shape {ids[key]})"
    return found


def test_hidden_slides_are_exported_and_pngs_have_the_slide_size(
    lo: LibreOffice, tmp_path: Path
) -> None:
    deck = CORPUS / "tika__testPPT_various2.pptx"  # 10 slides, slide 9 hidden, 16:9
    pngs = lo.to_pngs(deck, tmp_path / "png")
    assert [p.name for p in pngs] == [f"slide-{n}.png" for n in range(1, 11)]
    for p in pngs:
        with Image.open(p) as im:
            assert im.size == (1280, 720)
    with Image.open(pngs[8]) as hidden:  # the hidden slide is drawn, not blank
        assert len(hidden.convert("L").getcolors(1 << 16) or []) > 2


def test_png_width_can_be_chosen(lo: LibreOffice, tmp_path: Path) -> None:
    deck = CORPUS / "officegen__test-ppt2.pptx"  # 4:3, one hidden slide
    pngs = lo.to_pngs(deck, tmp_path, dpi_px_width=480)
    assert len(pngs) == 1
    with Image.open(pngs[0]) as im:
        assert im.size == (480, 360)


def test_as_stored_pngs_of_chosen_slides_at_a_chosen_width(lo: LibreOffice,
                                                          tmp_path: Path) -> None:
    deck = CORPUS / "tika__testPPT_various2.pptx"  # 10 slides, 16:9
    pngs = lo.to_pngs_as_stored(deck, tmp_path, px_width=2560, pages={2, 9})
    assert [p.name for p in pngs] == ["slide-2.png", "slide-9.png"]
    with Image.open(pngs[0]) as im:
        assert im.size == (2560, 1440)


def test_known_text_box_is_drawn_where_its_text_must_be(bounds, deck) -> None:  # type: ignore[no-untyped-def]
    _, ids = deck
    box = _at(bounds, 1, ids, "known")
    print(f"known text bounds: {box}")
    # pen starts at the left inset; one line's text (ascent..descent ≈ 1.12 em) sits in the
    # first 38.4 px line below the top inset
    assert abs(box.x - (100 + INSET_L)) <= 2
    assert 100 + INSET_T <= box.y <= 100 + INSET_T + 6
    assert box.bottom <= 100 + INSET_T + LINE_24PT + 2
    assert 30 <= box.h <= LINE_24PT + 2
    assert overflow(box, Box(x=100, y=100, w=600, h=100)).px == 0


def test_overflowing_box_reports_libreoffice_overflow(bounds, deck) -> None:  # type: ignore[no-untyped-def]
    _, ids = deck
    box = _at(bounds, 1, ids, "over")
    over = overflow(box, Box(x=800, y=60, w=400, h=80))
    assert over.y_px > LINE_24PT  # many lines of 24 pt text in an 80 px box
    assert over.x_px == 0  # wrapped, not run off to the right


def test_live_shrink_is_off_stored_scale_is_applied(bounds, deck) -> None:  # type: ignore[no-untyped-def]
    _, ids = deck
    shrink = _at(bounds, 1, ids, "shrink")
    over = _at(bounds, 1, ids, "over")
    # normAutofit without a stored scale: PowerPoint shows full-size text; so must we.
    assert shrink.h == pytest.approx(over.h, abs=1)  # same text, same width: same lines
    assert overflow(shrink, Box(x=800, y=300, w=400, h=80)).y_px > LINE_24PT
    scaled = _at(bounds, 1, ids, "scaled")
    print(f"scaled text bounds: {scaled}")
    # 140 characters at the stored 50 % (12 pt) make 2 lines: one 19.2 px pitch plus one
    # line of text (~18 px); at 24 pt they would make 4 lines (~150 px).
    assert scaled.h == pytest.approx(LINE_24PT / 2 + 18, abs=4)


def test_group_children_and_hidden_slides_have_bounds(bounds, deck) -> None:  # type: ignore[no-untyped-def]
    _, ids = deck
    grouped = _at(bounds, 1, ids, "grouped")
    assert abs(grouped.x - (100 + INSET_L)) <= 3
    hidden = _at(bounds, 2, ids, "hidden")
    assert abs(hidden.x - (200 + INSET_L)) <= 3


def test_font_replacement_table_matches_the_browser(lo: LibreOffice, deck, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pdf = tmp_path / "deck.pdf"
    lo.to_pdf(deck[0], pdf)
    doc = pdfium.PdfDocument(str(pdf))
    fonts = set()
    for obj in doc[0].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT]):
        font = pdfium_c.FPDFTextObj_GetFont(obj.raw)
        buf = (pdfium_c.c_char * 256)()  # type: ignore[attr-defined]
        n = pdfium_c.FPDFFont_GetBaseFontName(font, buf, 256)
        fonts.add(bytes(buf[: max(n - 1, 0)]).decode("latin-1"))
    doc.close()
    assert any("DejaVuSans" in f for f in fonts), fonts  # Segoe UI → DejaVu Sans (FONT_MAP)
    assert not any("Segoe" in f for f in fonts)


def test_missing_deck_is_an_input_error(lo: LibreOffice, tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"nope\.pptx"):
        lo.to_pdf(tmp_path / "nope.pptx", tmp_path / "x.pdf")


def test_cold_soffice_fallback_also_exports_hidden_slides(tmp_path: Path) -> None:
    cold = LibreOffice(warm=False)
    try:
        pdf = tmp_path / "cold.pdf"
        cold.to_pdf(CORPUS / "officegen__test-ppt2.pptx", pdf)  # its only slide is hidden
        assert not cold.warm
        doc = pdfium.PdfDocument(str(pdf))
        assert len(doc) == 1
        doc.close()
    finally:
        cold.close()


def test_a_bridge_that_died_is_started_again(tmp_path: Path) -> None:
    """soffice killed between two drawings (OOM, a crash): the next drawing starts the
    bridge again instead of falling back to the cold path for the rest of the process."""
    import os
    import signal
    import time

    from pptxagent.engines.procs import children

    deck = CORPUS / "officer__example.pptx"
    engine = LibreOffice()
    try:
        first = engine.text_bounds(deck)
        assert engine.warm and engine._soffice is not None
        todo, office = [engine._soffice.proc.pid], []  # this engine's soffice.bin only
        while todo:
            pid = todo.pop()
            todo += children(pid)
            if Path(f"/proc/{pid}/comm").read_text().strip() == "soffice.bin":
                office.append(pid)
        assert office
        for pid in office:
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 20
        while engine.warm and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not engine.warm  # the bridge is down now
        assert engine.text_bounds(deck) == first  # drawn through a new bridge, alike
        assert engine.warm
    finally:
        engine.close()


def test_drawings_read_from_several_threads_at_once_do_not_kill_the_process(
        tmp_path: Path) -> None:
    """The fill reads LibreOffice's early drawing in a background thread while other work
    reads PDFs too; pdfium is not thread-safe (unguarded, this segfaulted the process about
    every other run). Each thread gets the same boxes and pictures as a lone reader."""
    import threading

    from pptxagent.engines import lo_pdf

    deck = Path(__file__).resolve().parents[2] / "templates" / "pptx" / "quarterly-review.pptx"
    pdf = tmp_path / "deck.pdf"
    get_libreoffice().to_pdf(deck, pdf)
    alone = lo_pdf.colour_boxes(pdf, {1: {1}})
    seen: list[object] = []
    errors: list[BaseException] = []

    def read(k: int) -> None:
        try:
            for _ in range(15):
                pngs = lo_pdf.pdf_to_pngs(pdf, tmp_path / f"t{k}", 640)
                seen.append((len(pngs), lo_pdf.colour_boxes(pdf, {1: {1}})))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=read, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(seen) == 45 and all(s == seen[0] for s in seen) and seen[0][1] == alone
