"""What the visual QA costs per slide.

    .venv/bin/python bench/qa_bench.py [--sizes 30] [--repeat 3]

For each size N (the fill benchmark's N-slide content for the bundled template,
``bench/fill_content.py``) it reports, median of ``--repeat`` runs after one warm-up:

(a) the ``visual_qa`` stage of ``pptxagent fill`` (cross-check off): capture every filled
    slide and its unfilled template slide with and without text, check, and the correction
    pass if any slide needs one; per filled slide;
(b) ``pptxagent qa`` on the filled deck (inventory, render, capture, check): per slide;
(c) the fill's total, for scale.
The browser is started before timing. Prints a markdown table.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fill_content import TEMPLATE, build_content

from pptxagent.pipeline.fill import FillOptions, fill_deck
from pptxagent.pipeline.qa import QaOptions, qa_deck


def bench(n: int, tmp: Path, repeat: int) -> str:
    content = tmp / f"content-{n}.json"
    content.write_text(json.dumps(build_content(n)))
    out = tmp / f"out-{n}.pptx"
    stage, total, lint = [], [], []
    for i in range(repeat + 1):
        report = fill_deck(FillOptions(TEMPLATE, content, out, crosscheck=False))
        qa = qa_deck(QaOptions(deck=out))
        if i == 0:
            continue  # warm-up
        stage.append(report.timings.get("visual_qa", 0.0))
        total.append(report.timings["total"])
        lint.append(qa.timings["total_s"])
    filled = sum(1 for s in report.slides if s.filled)
    med = statistics.median
    return (f"| {n} | {filled} | {med(stage):.2f} s | {med(stage) / filled * 1000:.0f} ms | "
            f"{med(total):.2f} s | {med(lint):.2f} s | {med(lint) / n * 1000:.0f} ms |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--sizes", nargs="+", type=int, default=[30])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print("| slides | filled | fill: visual_qa stage | per filled slide | fill total "
          "| `pptxagent qa` | per slide |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as d:
        for n in args.sizes:
            print(bench(n, Path(d), args.repeat), flush=True)


if __name__ == "__main__":
    main()
