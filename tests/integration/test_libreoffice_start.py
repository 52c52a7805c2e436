"""LibreOffice started in the background while other work runs (what a fill does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pptxagent.engines.libreoffice import LibreOffice

pytestmark = pytest.mark.libreoffice

TEMPLATE = Path(__file__).parents[2] / "templates" / "pptx" / "quarterly-review.pptx"


def test_background_start_serves_text_bounds(tmp_path: Path) -> None:
    lo = LibreOffice()
    try:
        lo.start_background(warm_with=TEMPLATE)
        lo.start_background(warm_with=TEMPLATE)  # a second call does not start another
        bounds = lo.text_bounds(TEMPLATE)  # waits for the start-up, then uses the bridge
        assert lo.warm and lo.start_error is None
        assert any(bounds[n] for n in bounds)
    finally:
        lo.close()


def test_a_template_libreoffice_cannot_load_does_not_break_the_start(tmp_path: Path) -> None:
    junk = tmp_path / "junk.pptx"
    junk.write_bytes(b"not a zip at all")
    lo = LibreOffice()
    try:
        lo.start_background(warm_with=junk)
        assert lo.warm
        pdf = tmp_path / "t.pdf"
        lo.to_pdf(TEMPLATE, pdf)
        assert pdf.stat().st_size > 0
    finally:
        lo.close()


def test_a_start_is_no_upgrade_and_runs_no_graphics_self_tests() -> None:
    # A profile without the last version run makes every start an "upgrade": LibreOffice then
    # paints and reads back ~100 test bitmaps before it listens (0.15 s of CPU per start) and
    # writes their report into the profile.
    lo = LibreOffice()
    try:
        assert lo.text_bounds(TEMPLATE)
        profile = lo._profile_dir / "user"
        assert (profile / "registrymodifications.xcu").is_file()
        assert not (profile / "GraphicsRenderTests.log").exists()
    finally:
        lo.close()
