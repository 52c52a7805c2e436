"""LibreOffice timings: cold ``soffice --convert-to pdf`` vs the warm soffice + UNO worker, and the
per-slide cost of the text-bounds cross-check.

    .venv/bin/python bench/libreoffice_warm.py [DECK.pptx ...] [--repeat N]

Without decks it uses a small generated deck and three corpus decks. Prints one line per
measurement (medians over ``--repeat`` runs).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pptxagent.engines import lo_pdf
from pptxagent.engines.libreoffice import LibreOffice

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "pptx"
DEFAULT_DECKS = (
    "officegen__test-ppt2.pptx",
    "tika__testPPT_various2.pptx",
    "poi__60810.pptx",
)


def _median(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def _small_deck(path: Path) -> Path:
    from pptx import Presentation
    from pptx.util import Emu, Pt

    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    for n in range(3):
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        box = slide.shapes.add_textbox(Emu(952500), Emu(952500), Emu(5715000), Emu(952500))
        box.text_frame.text = f"Slide {n + 1}: some text to draw"
        box.text_frame.paragraphs[0].runs[0].font.size = Pt(24)
    prs.save(str(path))
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("decks", nargs="*", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-lo-"))
    decks = args.decks or [_small_deck(tmp / "small-3-slides.pptx")] + [
        CORPUS / d for d in DEFAULT_DECKS if (CORPUS / d).exists()
    ]
    pdf = tmp / "out.pdf"

    cold = LibreOffice(warm=False)
    warm = LibreOffice()
    t = time.perf_counter()
    if not warm.warm:
        raise SystemExit(f"warm LibreOffice did not start: {warm.start_error}")
    print(f"warm soffice + UNO worker start-up: {time.perf_counter() - t:.2f} s (once per process)")
    print(
        f"{'deck':42} {'slides':>6} {'cold pdf':>9} {'warm pdf':>9} "
        f"{'text_bounds':>11} {'per slide':>9}"
    )
    try:
        for deck in decks:
            warm.to_pdf(deck, pdf)  # first load of a deck warms caches (fonts, filters)
            slides = lo_pdf.page_count(pdf)
            t_cold = _median(lambda d=deck: cold.to_pdf(d, pdf), args.repeat)
            t_warm = _median(lambda d=deck: warm.to_pdf(d, pdf), args.repeat)
            t_bounds = _median(lambda d=deck: warm.text_bounds(d), args.repeat)
            print(
                f"{deck.name[:42]:42} {slides:>6} {t_cold:>8.2f}s {t_warm:>8.2f}s "
                f"{t_bounds:>10.2f}s {t_bounds / max(slides, 1) * 1000:>7.0f}ms"
            )
    finally:
        warm.close()
        cold.close()


if __name__ == "__main__":
    main()
