"""``pptxagent render``: PNGs from both engines and a contact sheet, on a real corpus deck."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from pptxagent.cli.main import cli
from pptxagent.cli.render import THUMB_W

CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"


@pytest.mark.libreoffice
@pytest.mark.browser
def test_render_both_engines_writes_pngs_and_contact_sheet(tmp_path: Path) -> None:
    deck = CORPUS / "officegen__test-ppt2.pptx"  # 4:3, its only slide is hidden
    result = CliRunner().invoke(cli, ["render", str(deck), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for engine in ("libreoffice", "browser"):
        png = tmp_path / engine / "slide-1.png"
        assert png.exists(), f"{engine} did not draw the hidden slide"
        with Image.open(png) as im:
            assert im.size == (960, 720)
    with Image.open(tmp_path / "contact-sheet.png") as sheet:
        # one cell: the two engines side by side, 4:3 thumbnails under a label strip
        assert sheet.width > 2 * THUMB_W
        assert sheet.height > THUMB_W * 3 // 4
    assert "libreoffice: 1 slides" in result.output


@pytest.mark.libreoffice
def test_render_libreoffice_only(tmp_path: Path) -> None:
    deck = CORPUS / "tika__testPPT_various2.pptx"  # 10 slides, slide 9 hidden
    result = CliRunner().invoke(
        cli, ["render", str(deck), "--out", str(tmp_path), "--engine", "libreoffice"]
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "libreoffice").iterdir()) == sorted(
        f"slide-{n}.png" for n in range(1, 11)
    )
    assert not (tmp_path / "browser").exists()
    assert (tmp_path / "contact-sheet.png").exists()


def test_render_missing_deck_names_it(tmp_path: Path) -> None:
    missing = tmp_path / "absent.pptx"
    result = CliRunner().invoke(cli, ["render", str(missing), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "absent.pptx" in result.output


def test_render_a_deck_without_slides_says_so_and_draws_nothing(tmp_path: Path) -> None:
    # LibreOffice exports a deck of masters only as one blank page: no "1 slides" label, no
    # contact sheet with a grey placeholder.
    deck = CORPUS / "pythonpptx__prs-slide-masters.pptx"
    out = tmp_path / "o"
    result = CliRunner().invoke(cli, ["render", str(deck), "--out", str(out)])
    assert result.exit_code == 2
    assert "prs-slide-masters.pptx: the deck has no slides to draw" in result.output
    assert not out.exists()


@pytest.mark.libreoffice
@pytest.mark.browser
def test_an_office_2016_chart_is_drawn_as_its_fallback_picture(tmp_path: Path) -> None:
    # A waterfall chart (cx:chart, Office 2016) that neither renderer draws natively: its
    # mc:Fallback picture shows what PowerPoint draws, and LibreOffice draws it; the browser
    # drew a flat grey box (8.3 % apart)
    deck = CORPUS / "openxmlsdk__Of16-01.pptx"
    result = CliRunner().invoke(cli, ["render", str(deck), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "browser" / "slide-1.png") as b, \
            Image.open(tmp_path / "libreoffice" / "slide-1.png") as lo:
        a = np.asarray(b.convert("L").resize((320, 180)), dtype=float)
        c = np.asarray(lo.convert("L").resize((320, 180)), dtype=float)
        colours = len(np.unique(np.asarray(b.convert("RGB")).reshape(-1, 3), axis=0))
    assert float(np.abs(a - c).mean()) / 255 < 0.06
    assert colours > 50  # bars, labels and gridlines, not one grey box on white
