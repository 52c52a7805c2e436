"""The measure stage: render IR to HTML, load it in the warm browser, extract the DOM facts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pptxagent.engines.chromium import Chromium, get_chromium
from pptxagent.ir import DomSnapshot, SlideIR
from pptxagent.measure.extract import MEASURE_JS, snapshots
from pptxagent.render import render_deck, render_slide
from pptxagent.settings import DEFAULT_SETTINGS, Settings


class Measurer:
    """Measures slides in one reused Chromium page (the process-wide one by default)."""

    def __init__(self, engine: Chromium | None = None, *, assets_dir: Path | None = None) -> None:
        self._engine = engine
        self.assets_dir = assets_dir

    @property
    def engine(self) -> Chromium:
        if self._engine is None:
            self._engine = get_chromium()
        return self._engine

    def measure(
        self, ir: SlideIR, settings: Settings = DEFAULT_SETTINGS
    ) -> tuple[DomSnapshot, str]:
        """``dom_k`` for one slide, and the ``out_k.html`` it was measured from."""
        html = render_slide(ir, assets_dir=self.assets_dir)
        rows = self.engine.evaluate_document(html, MEASURE_JS)
        return snapshots([ir], rows, settings.SAFE_PADDING)[0], html

    def measure_many(
        self, irs: Sequence[SlideIR], settings: Settings = DEFAULT_SETTINGS
    ) -> list[DomSnapshot]:
        """All slides in one document, measured with one evaluate call."""
        if not irs:
            return []
        html = render_deck(irs, assets_dir=self.assets_dir)
        rows = self.engine.evaluate_document(html, MEASURE_JS)
        return snapshots(irs, rows, settings.SAFE_PADDING)

    def screenshot(self, ir: SlideIR, path: Path) -> Path:
        """``render_k.png``: the slide container only, ``slide.w × slide.h`` px."""
        html = render_slide(ir, assets_dir=self.assets_dir)
        return self.engine.screenshot_element(
            html, "#slide", path, page_size=(ir.slide.w, ir.slide.h)
        )
