"""The measure stage: render IR to HTML, load it in the warm browser, extract the DOM facts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pptxagent.engines.chromium import Chromium, get_chromium
from pptxagent.ir import DomSnapshot, SlideIR
from pptxagent.measure.extract import MEASURE_JS, snapshots
from pptxagent.render import render_deck, render_slide
from pptxagent.render.media import MediaStore
from pptxagent.settings import DEFAULT_SETTINGS, Settings


class Measurer:
    """Measures slides in one reused Chromium page (the process-wide one by default)."""

    def __init__(
        self, engine: Chromium | None = None, *, assets_dir: Path | None = None,
        media: MediaStore | None = None, art: bool = True,
    ) -> None:
        """``media`` resolves the IR's package pictures (``MediaStore.for_package``); ``art``
        False draws bare text boxes (the measurements are the same either way)."""
        self._engine = engine
        self.assets_dir = assets_dir
        self.media = media
        self.art = art

    def html(self, ir: SlideIR, text: bool = True, pictures: bool = True) -> str:
        """``pictures`` False leaves the package pictures out (drawn as a neutral fill): what
        the measurement documents do, since no picture changes a measurement and their bytes
        made each measuring call of a photo deck 5-18× slower."""
        return render_slide(ir, assets_dir=self.assets_dir, art=self.art, text=text,
                            media=self.media if pictures else None)

    def deck_html(self, irs: Sequence[SlideIR], text: bool = True, pictures: bool = True
                  ) -> str:
        return render_deck(irs, assets_dir=self.assets_dir, art=self.art, text=text,
                           media=self.media if pictures else None)

    @property
    def engine(self) -> Chromium:
        if self._engine is None:
            self._engine = get_chromium()
        return self._engine

    def measure(
        self, ir: SlideIR, settings: Settings = DEFAULT_SETTINGS
    ) -> tuple[DomSnapshot, str]:
        """``dom_k`` for one slide, and the ``out_k.html`` it was measured from."""
        html = self.html(ir, pictures=False)
        rows = self.engine.evaluate_document(html, MEASURE_JS)
        return snapshots([ir], rows, settings.SAFE_PADDING)[0], html

    def measure_many(
        self, irs: Sequence[SlideIR], settings: Settings = DEFAULT_SETTINGS
    ) -> list[DomSnapshot]:
        """All slides in one document, measured with one evaluate call."""
        if not irs:
            return []
        html = self.deck_html(irs, pictures=False)
        rows = self.engine.evaluate_document(html, MEASURE_JS)
        return snapshots(irs, rows, settings.SAFE_PADDING)

    def screenshot(self, ir: SlideIR, path: Path, text: bool = True) -> Path:
        """``render_k.png``: the slide container only, ``slide.w × slide.h`` px; ``text``
        False draws every glyph transparent (what lies behind the text)."""
        return self.engine.screenshot_element(
            self.html(ir, text), "#slide", path, page_size=(ir.slide.w, ir.slide.h)
        )

    def screenshot_many(
        self, irs: Sequence[SlideIR], paths: Sequence[Path], text: bool = True
    ) -> list[Path]:
        """One PNG per slide from one document (each picture embedded once)."""
        if not irs:
            return []
        width = max(ir.slide.w for ir in irs)
        height = max(ir.slide.h for ir in irs)
        selectors = [f'.slide[data-slide="{i}"]' for i in range(len(irs))]
        return self.engine.screenshot_elements(
            self.deck_html(irs, text), selectors, list(paths), page_size=(width, height)
        )
