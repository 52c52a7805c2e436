"""A filled slide whose art is its template slide's reuses that picture without text: the
pixels the checks see are the ones its own screenshot would have given."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pptxagent.inventory.deck import inventory_file
from pptxagent.ir import SlideIR
from pptxagent.measure.measurer import Measurer
from pptxagent.measure.pixels import start_capture
from pptxagent.measure.twins import same_art

pytestmark = [pytest.mark.browser]

TEMPLATE = Path("../shared/corpus/pptx/onlyoffice__sample.pptx")


def test_a_twin_sees_the_pixels_its_own_screenshot_gives() -> None:
    if not TEMPLATE.is_file():
        pytest.skip(f"{TEMPLATE} not here")
    deck = inventory_file(TEMPLATE)
    s = deck.slides[2]  # a white title on a photo
    template = SlideIR(slide=deck.slide, elements=s.elements, backdrop=s.backdrop)
    filled = template.model_copy(deep=True)
    title = next(e for e in filled.elements if e.is_text)
    title.content = "Quarterly results 2025"
    assert same_art(template, filled)
    m = Measurer()
    own = start_capture([template, filled], m).finish()
    shared = start_capture([template, filled], m, twins={1: 0}).finish()
    assert np.array_equal(own[1].notext, shared[1].notext)
    assert np.array_equal(own[1].text, shared[1].text)
