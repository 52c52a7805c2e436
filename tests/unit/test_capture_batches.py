"""Visual QA captures a batch of slides in one screenshot per pass: batches stay within the
screenshot size and the memory cap, in order, covering every slide once."""

from __future__ import annotations

from pptxagent.ir import SlideIR
from pptxagent.ir.slide import SlideSize
from pptxagent.measure.pixels import GAP_ALLOWANCE_PX, MAX_BATCH, MAX_SHOT_PX, capture_batches


def _irs(n: int, h: float) -> list[SlideIR]:
    return [SlideIR(slide=SlideSize(w=960, h=h), elements=[]) for _ in range(n)]


def test_batches_cover_every_slide_in_order_within_the_caps() -> None:
    for n, h in ((1, 540), (30, 540), (35, 720), (7, 4000), (3, 20000)):
        irs = _irs(n, h)
        got = capture_batches(irs)
        assert [i for r in got for i in r] == list(range(n))
        for r in got:
            assert len(r) <= MAX_BATCH
            assert len(r) == 1 or len(r) * (h + GAP_ALLOWANCE_PX) <= MAX_SHOT_PX


def test_thirty_widescreen_slides_take_two_rounds_not_three() -> None:
    assert len(capture_batches(_irs(30, 540))) == 2
