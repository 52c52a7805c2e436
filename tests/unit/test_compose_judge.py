"""The scratch-mode judge (bench/compose_eval) flags what a user would see wrong in a
composed deck, on small decks made with python-pptx, and passes a clean one."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.dml.color import RGBColor
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Emu, Inches, Pt

from bench.compose_eval import drawn as drawn_checks
from bench.compose_eval import lo, xmlchecks
from bench.compose_eval.deck import Deck
from bench.compose_eval.judge import Verdict, check_audit, check_repeat, judge_bad, judge_deck
from bench.compose_eval.outlines import BadOutline, write_bad, write_outlines

CHART = {"type": "column", "categories": ["North", "South"],
         "series": [{"name": "Sales", "values": [3, 4.5]}]}
OUTLINE: dict[str, Any] = {"title": "Clean deck", "slides": [
    {"kind": "bullets", "title": "Clean deck", "bullets": ["First point", "Second point"]},
    {"kind": "data", "title": "Sales by region", "chart": CHART}]}


def _new() -> Any:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    return prs


def _titled(prs: Any, title: str) -> Any:
    slide = prs.slides.add_slide(prs.slide_layouts[5])  # "Title Only"
    slide.shapes.title.text = title
    return slide


def _clean(path: Path, values: tuple[float, ...] = (3, 4.5)) -> Path:
    prs = _new()
    slide = _titled(prs, "Clean deck")
    box = slide.shapes.add_textbox(Inches(1), Inches(2), Inches(8), Inches(1.5))
    box.text_frame.text = "First point"
    box.text_frame.add_paragraph().text = "Second point"
    slide = _titled(prs, "Sales by region")
    data = CategoryChartData()
    data.categories = CHART["categories"]
    data.add_series("Sales", values)
    slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(2), Inches(8),
                           Inches(4), data)
    prs.save(str(path))
    return _rewrite(path, path, rb'val="-(\d+)"', rb'val="\1"')  # python-pptx: axId < 0


def _rewrite(src: Path, dst: Path, pattern: bytes, to: bytes) -> Path:
    """Apply a regex to the chart parts of a deck (the workbook is left alone)."""
    with zipfile.ZipFile(src) as zin:
        items = [(item, zin.read(item)) for item in zin.infolist()]
    with zipfile.ZipFile(dst, "w") as zout:
        for item, data in items:
            if item.filename.startswith("ppt/charts/chart"):
                data = re.sub(pattern, to, data)
            zout.writestr(item, data)
    return dst


def _literal_colour(path: Path) -> Path:
    prs = _new()
    slide = _titled(prs, "Clean deck")
    box = slide.shapes.add_textbox(Inches(1), Inches(2), Inches(8), Inches(1))
    box.text_frame.text = "First point"
    box.text_frame.paragraphs[0].runs[0].font.color.rgb = RGBColor(0x20, 0x40, 0x60)
    prs.save(str(path))
    return path


def _untitled(path: Path) -> Path:
    prs = _new()
    slide = prs.slides.add_slide(prs.slide_layouts[6])  # "Blank"
    slide.shapes.add_textbox(Inches(1), Inches(1), Inches(8), Inches(1)).text_frame.text = "x"
    prs.save(str(path))
    return path


def _overflow(path: Path) -> Path:
    prs = _new()
    slide = _titled(prs, "Overflow")
    box = slide.shapes.add_textbox(Inches(1), Inches(2), Inches(3), Inches(0.6))
    box.text_frame.word_wrap = True
    box.text_frame.text = "This sentence is far too long for the small box it was given. " * 3
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(20)
    prs.save(str(path))
    return path


def _white_on_white(path: Path) -> Path:
    prs = _new()
    slide = _titled(prs, "Invisible")
    box = slide.shapes.add_textbox(Inches(1), Inches(3), Inches(8), Inches(1))
    box.text_frame.text = "White words on a white slide"
    box.text_frame.paragraphs[0].runs[0].font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
    prs.save(str(path))
    return path


def _tall_table(path: Path) -> Path:
    """Eight rows of 24 pt text in a frame 1 inch high: the rows grow past the frame."""
    prs = _new()
    slide = _titled(prs, "Table")
    frame = slide.shapes.add_table(8, 2, Inches(1), Inches(2), Inches(8), Inches(1))
    for r in range(8):
        for c in range(2):
            cell = frame.table.cell(r, c)
            cell.text = f"row {r} column {c}"
            cell.text_frame.paragraphs[0].runs[0].font.size = Pt(24)
    prs.save(str(path))
    return path


def _patch_cache(src: Path, dst: Path) -> Path:
    """Change the chart's cached value 4.5 to 9 and leave the workbook alone."""
    return _rewrite(src, dst, rb"<c:v>4\.5</c:v>", b"<c:v>9</c:v>")


def test_clean_deck_passes_the_package_checks(tmp_path: Path) -> None:
    with Deck(_clean(tmp_path / "clean.pptx")) as deck:
        assert xmlchecks.check_colours(deck) == {}
        assert xmlchecks.check_titles(deck) == {}
        assert xmlchecks.check_strings(deck, OUTLINE) == {}
        assert xmlchecks.check_charts(deck, OUTLINE) == {}
        assert check_audit(deck) == {}


def test_literal_colour_in_a_text_box_fails_its_slide(tmp_path: Path) -> None:
    with Deck(_literal_colour(tmp_path / "srgb.pptx")) as deck:
        found = xmlchecks.check_colours(deck)
    assert list(found) == [1]
    assert "srgbClr" in found[1][0]


def test_slide_without_title_placeholder_fails(tmp_path: Path) -> None:
    with Deck(_untitled(tmp_path / "untitled.pptx")) as deck:
        assert list(xmlchecks.check_titles(deck)) == [1]


def test_chart_cache_that_differs_from_the_input_fails(tmp_path: Path) -> None:
    deck_path = _patch_cache(_clean(tmp_path / "clean.pptx"), tmp_path / "cache.pptx")
    with Deck(deck_path) as deck:
        found = xmlchecks.check_charts(deck, OUTLINE)
    assert list(found) == [2]
    assert any("cache" in why for why in found[2])
    assert not any("workbook" in why for why in found[2])  # the workbook still holds 4.5


def test_chart_values_other_than_the_outline_fail_cache_and_workbook(tmp_path: Path) -> None:
    with Deck(_clean(tmp_path / "other.pptx", values=(3, 4))) as deck:
        found = xmlchecks.check_charts(deck, OUTLINE)
    assert any("cache" in w for w in found[2]) and any("workbook" in w for w in found[2])


def test_missing_and_repeated_strings_fail(tmp_path: Path) -> None:
    outline = {"title": "Clean deck", "slides": [
        {"kind": "bullets", "title": "Clean deck",
         "bullets": ["First point", "Second point", "Third point"]},
        {"kind": "data", "title": "Sales by region", "chart": CHART,
         "notes": "Say hello"}]}
    with Deck(_clean(tmp_path / "clean.pptx")) as deck:
        found = xmlchecks.check_strings(deck, outline)
    text = " ".join(w for ws in found.values() for w in ws)
    assert "'Third point' missing" in text and "notes" in text
    assert "First point" not in text


def test_second_run_with_other_xml_fails_repeat(tmp_path: Path) -> None:
    a = _clean(tmp_path / "a.pptx")
    b = _clean(tmp_path / "b.pptx", values=(3, 4))
    c = tmp_path / "c.pptx"
    shutil.copy(a, c)
    with Deck(a) as deck:
        assert check_repeat(deck, c) == {}
        assert list(check_repeat(deck, b)) == [2]  # the slide's chart part differs
    with Deck(_literal_colour(tmp_path / "x.pptx")) as deck:
        assert list(check_repeat(deck, a)) == [1]


def test_bad_outline_judgement(tmp_path: Path) -> None:
    bad = BadOutline("unequal", tmp_path / "unequal.json", "$.slides[2].chart")
    out = tmp_path / "out.pptx"
    good = subprocess.CompletedProcess([], 2, "", "unequal.json: $.slides[2].chart: bad\n")
    assert judge_bad(bad, good, out) == []
    crash = subprocess.CompletedProcess([], 1, "", "Traceback (most recent call last):\n  x\n")
    why = judge_bad(bad, crash, out)
    assert any("exit 1" in w for w in why) and any("traceback" in w for w in why)


def test_outlines_are_valid_and_deterministic(tmp_path: Path) -> None:
    from pptxagent.ir.outline import load_outline

    first = {n: p.read_bytes() for n, p in write_outlines(tmp_path / "a").items()}
    second = {n: p.read_bytes() for n, p in write_outlines(tmp_path / "b").items()}
    assert first == second and len(first) >= 10
    for path in write_outlines(tmp_path / "a").values():
        load_outline(path)
    kinds = {s.get("kind") for p in write_outlines(tmp_path / "a").values()
             for s in __import__("json").loads(p.read_text())["slides"]}
    assert kinds >= {"title", "section", "bullets", "kpis", "comparison", "timeline", "quote",
                     "data", "table", "image", None}
    assert len(write_bad(tmp_path / "a")) >= 8


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, lo.Rendered]]:
    folder = tmp_path_factory.mktemp("lo")
    decks = {"clean": _clean(folder / "clean.pptx"), "over": _overflow(folder / "over.pptx"),
             "white": _white_on_white(folder / "white.pptx"),
             "table": _tall_table(folder / "table.pptx")}
    rendered = lo.render_all([lo.Job(p, k) for k, p in decks.items()], folder / "work")
    return {k: (decks[k], rendered[k]) for k in decks}


@pytest.mark.libreoffice
def test_clean_deck_passes_every_check(drawn: dict[str, tuple[Path, lo.Rendered]],
                                       tmp_path: Path) -> None:
    path, rendered = drawn["clean"]
    second = tmp_path / "again.pptx"
    shutil.copy(path, second)
    verdict = Verdict("clean", "none")
    judge_deck(verdict, OUTLINE, path, rendered, second)
    assert verdict.failures == {}
    assert verdict.passing() == verdict.slides == 2
    assert verdict.contrast_judged >= 2


@pytest.mark.libreoffice
def test_text_overflowing_its_box_fails_fit(drawn: dict[str, tuple[Path, lo.Rendered]]) -> None:
    path, rendered = drawn["over"]
    with Deck(path) as deck:
        fit, overlap = drawn_checks.check_fit(deck, rendered.lines)
    assert list(fit) == [1] and "outside its box" in fit[1][0]
    assert overlap == {}


@pytest.mark.libreoffice
def test_white_text_on_white_fails_contrast(drawn: dict[str, tuple[Path, lo.Rendered]]) -> None:
    _, rendered = drawn["white"]
    assert rendered.plain_pdf is not None
    found, _, _ = drawn_checks.check_contrast(rendered.plain_pdf, rendered.lines)
    assert list(found) == [1]
    assert len(found[1]) == 1  # the black title passes; only the white text fails


@pytest.mark.libreoffice
def test_table_growing_past_its_frame_fails_fit(
        drawn: dict[str, tuple[Path, lo.Rendered]]) -> None:
    path, rendered = drawn["table"]
    assert any(":" in key for key in rendered.lines[1])  # each cell judged on its own
    with Deck(path) as deck:
        fit, overlap = drawn_checks.check_fit(deck, rendered.lines)
    assert list(fit) == [1] and any("outside its box" in why for why in fit[1])
    assert overlap == {}


def _row(y: float, *texts: str, size: float = 20) -> list[lo.Line]:
    x, out = 10.0, []
    for t in texts:
        out.append(lo.Line((x, y, x + 10 * len(t), y + 30), size, False, t))
        x += 10 * len(t)
    return out


def test_words_and_figures_broken_across_lines_are_warned() -> None:
    texts = ["Rechtsschutzversicherungsgesellschaften", "−12.5 %", "€1,234,567.89", "日本語の文"]
    drawn = {1: {"5": _row(0, "Rechtsschutzversicherun") + _row(40, "gsgesellschaften"),
                 "6": _row(0, "−12.5") + _row(40, "%"),
                 "7": _row(0, "€", "1,234,") + _row(40, "567.89"),
                 "8": _row(0, "日本語") + _row(40, "の文")}}
    found = drawn_checks.broken_words(drawn, texts)[1]
    assert found == ["sp5: Rechtsschutzversicherun|gsgesellschaften",
                     "sp6: figure '−12.5 %' wrapped", "sp7: €1,234,|567.89"]
    whole = {1: {"5": _row(0, "Rechtsschutzversicherungsgesellschaften")}}
    assert drawn_checks.broken_words(whole, texts) == {}


def test_a_string_shown_on_another_outline_slides_slide_fails(tmp_path: Path) -> None:
    report = {"slides": [{"index": 1, "outline_slide": 1}, {"index": 2, "outline_slide": 2}]}
    swapped = {"slides": [{"index": 1, "outline_slide": 2}, {"index": 2, "outline_slide": 1}]}
    with Deck(_clean(tmp_path / "clean.pptx")) as deck:
        assert xmlchecks.check_strings(deck, OUTLINE, xmlchecks.report_owners(report)) == {}
        found = xmlchecks.check_strings(deck, OUTLINE, xmlchecks.report_owners(swapped))
    assert "'First point' missing" in " ".join(found[2])


def test_stretched_or_missing_picture_fails(tmp_path: Path) -> None:
    from PIL import Image

    from bench.compose_eval.pictures import check_pictures

    Image.new("RGB", (1200, 600), (30, 90, 160)).save(tmp_path / "pic.png")
    outline = {"title": "P", "slides": [{"kind": "image", "title": "P", "image": "pic.png"}]}
    decks = {}
    for name, size in {"fit": (Inches(6), Inches(3)), "stretched": (Inches(6), Inches(5))}.items():
        prs = _new()
        slide = _titled(prs, "P")
        slide.shapes.add_picture(str(tmp_path / "pic.png"), Inches(1), Inches(1.5), *size)
        prs.save(str(tmp_path / f"{name}.pptx"))
        decks[name] = tmp_path / f"{name}.pptx"
    with Deck(decks["fit"]) as deck:
        assert check_pictures(deck, outline, tmp_path) == {}
    with Deck(decks["stretched"]) as deck:
        assert "stretched" in check_pictures(deck, outline, tmp_path)[1][0]
    with Deck(_untitled(tmp_path / "none.pptx")) as deck:
        assert "no picture of pic.png" in check_pictures(deck, outline, tmp_path)[1][0]
