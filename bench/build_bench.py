"""How much does the scratch-mode writer (``pptxagent.ooxml.build.build_deck``) cost over
python-pptx writing the same slides with no theme work?

    .venv/bin/python bench/build_bench.py [--slides 20] [--repeat 5]

Builds an N-slide deck cycling through the nine slide kinds of ``tests/unit/build_specs.py``
(title band, section, bullets with a card, column/pie/line/bar charts, a table, a 1600×900
picture) and times, in one process:

(a) plain: python-pptx with the same text boxes (text and size only), the charts with their
    data, the tables with their cells and the picture, saved;
(b) ours: ``build_deck`` (theme part, layouts, explicit typography, theme colours, chart
    styling, crop, validation-clean deterministic zip).

Every figure is the median of ``--repeat`` runs after one warm-up. Prints a markdown table.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Emu, Pt

from pptxagent.ir.compose import ChartSpec, PictureSpec, SlideSpec, TableSpec, TextSpec
from pptxagent.ooxml.build import build_deck
from tests.unit.build_specs import pack, specs, write_image

_TYPES = {"bar": XL_CHART_TYPE.BAR_CLUSTERED, "column": XL_CHART_TYPE.COLUMN_CLUSTERED,
          "line": XL_CHART_TYPE.LINE_MARKERS, "pie": XL_CHART_TYPE.PIE}


def plain(slides: list[SlideSpec]) -> bytes:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12_192_000), Emu(6_858_000)
    blank = prs.slide_layouts[6]
    for spec in slides:
        slide = prs.slides.add_slide(blank)
        for item in spec.shapes:
            b = item.box
            at = (Emu(b.x), Emu(b.y), Emu(b.w), Emu(b.h))
            if isinstance(item, TextSpec):
                frame = slide.shapes.add_textbox(*at).text_frame
                frame.text = "\n".join(p.text for p in item.paragraphs)
                for para, src in zip(frame.paragraphs, item.paragraphs, strict=False):
                    for run in para.runs:
                        run.font.size = Pt(src.size_pt)
            elif isinstance(item, ChartSpec):
                data = CategoryChartData()
                data.categories = item.categories
                for series in item.series:
                    data.add_series(series.name, series.values)
                slide.shapes.add_chart(_TYPES[item.chart_type], *at, data)
            elif isinstance(item, TableSpec):
                cols = max(len(r) for r in item.rows)
                table = slide.shapes.add_table(len(item.rows), cols, *at).table
                for r, row in enumerate(item.rows):
                    for c, text in enumerate(row):
                        table.cell(r, c).text = text
            elif isinstance(item, PictureSpec):
                slide.shapes.add_picture(item.path, *at)
        if spec.notes:
            slide.notes_slide.notes_text_frame.text = spec.notes
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def _median(run: Callable[[], bytes], repeat: int) -> tuple[float, int]:
    size = len(run())
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slides", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        photo = write_image(folder / "photo.png", (1600, 900))
        write_image(folder / "logo.png", (300, 100))
        base = specs(photo)
        slides = [base[k % len(base)] for k in range(args.slides)]
        n = args.slides
        plain_s, plain_size = _median(lambda: plain(slides), args.repeat)
        rows = [("plain python-pptx", plain_s, plain_size)]
        for dark in (False, True):
            the_pack = pack(dark, logo="logo.png")
            ours_s, ours_size = _median(
                lambda p=the_pack: build_deck(slides, p, title="Bench", pack_dir=folder),
                args.repeat)
            rows.append((f"build_deck ({'dark' if dark else 'light'} pack)", ours_s, ours_size))
    print(f"| {n} slides | total ms | ms/slide | size KiB | × plain |")
    print("|---|---:|---:|---:|---:|")
    for name, seconds, size in rows:
        print(f"| {name} | {seconds * 1000:.0f} | {seconds * 1000 / n:.1f} | {size / 1024:.0f} "
              f"| {seconds / plain_s:.2f} |")


if __name__ == "__main__":
    main()
