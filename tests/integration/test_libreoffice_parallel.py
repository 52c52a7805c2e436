"""Two LibreOffice engines started at once (parallel fills on one machine) each get their own
soffice and draw the same deck the same way: nothing one run does can change the other's
measurements (no shared UNO port to race for, no fall-back to the cold path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pptxagent.engines.libreoffice import LibreOffice

pytestmark = pytest.mark.libreoffice

DECK = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx" / "poi__layouts.pptx"


@pytest.mark.skipif(not DECK.exists(), reason="shared corpus not present")
def test_engines_started_together_each_have_a_bridge_and_agree() -> None:
    a, b = LibreOffice(), LibreOffice()
    try:
        a.start_background(warm_with=DECK)
        b.start_background(warm_with=DECK)
        assert a.warm and b.warm, (a.start_error, b.start_error)
        assert a._soffice is not None and b._soffice is not None
        assert a._soffice.uno_pipe != b._soffice.uno_pipe
        first, second = a.text_bounds(DECK), b.text_bounds(DECK)
        assert first == second
        assert first[2]["3"].h > 100  # the body text of slide 2, drawn (not an empty answer)
    finally:
        a.close()
        b.close()
