"""How much does ``pptxagent fill`` cost over a plain python-pptx fill of the same deck?

    .venv/bin/python bench/fill_bench.py [--sizes 30 300] [--repeat 3] [--no-libreoffice]

For each size N it builds an N-slide content.json for the bundled template
(``bench/fill_content.py``: titles, long bodies the loop must repair, two-column slides,
tables, tokens) and times, in this one process:

(a) plain: python-pptx open → copy the template slides → set the same text and cells → save;
(b) ours: ``fill_deck`` (fill, inventory, template baseline, render + diagnose + repair in
    Chromium, write-back, validate, pack), cross-check off, no rollout dir, with the browser
    started before timing (its start-up is reported separately);
(c) per-slide cost of (b) at the largest size over the smallest;
(d) the LibreOffice cross-check: ``text_bounds`` of the filled deck with LibreOffice
    (started before timing), per slide, and the whole cross-check stage of a fill.

Every figure is the median of ``--repeat`` runs after one warm-up run. Prints a markdown table.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fill_content import TEMPLATE, build_content, plain_fill

from pptxagent.pipeline.fill import FillOptions, fill_deck
from pptxagent.pipeline.report import FillReport


def median_time(fn: Callable[[], object], repeat: int) -> float:
    return medians([fn], repeat)[0]


def medians(fns: list[Callable[[], object]], repeat: int) -> list[float]:
    """Median run time of each function after one warm-up run of each; the functions run
    interleaved, so a burst of load on the machine hits them alike."""
    for fn in fns:
        fn()  # warm-up: imports, caches, first layout
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, out in zip(fns, times, strict=True):
            out.append(timed(fn))
    return [statistics.median(t) for t in times]


def timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


@dataclass
class Row:
    n: int
    plain_s: float
    ours_s: float
    qualities: str
    stages: dict[str, float]
    lo_bounds_s: float | None = None
    lo_stage_s: float | None = None

    @property
    def ratio(self) -> float:
        return self.ours_s / self.plain_s

    @property
    def per_slide_ms(self) -> float:
        return self.ours_s / self.n * 1000


def fill(content: Path, out: Path, crosscheck: bool = False) -> FillReport:
    return fill_deck(FillOptions(TEMPLATE, content, out, crosscheck=crosscheck))


def bench_size(n: int, tmp: Path, repeat: int, lo: bool) -> Row:
    content = build_content(n)
    path = tmp / f"content-{n}.json"
    path.write_text(json.dumps(content))
    out = tmp / f"ours-{n}.pptx"
    plain_s, ours_s = medians(
        [lambda: plain_fill(content, tmp / f"plain-{n}.pptx"), lambda: fill(path, out)], repeat
    )
    report = fill(path, out)
    stages = {k: v for k, v in report.timings.items() if v >= 0.005 and k != "total"}
    quality = Counter(s.quality for s in report.slides)
    row = Row(n, plain_s, ours_s, ", ".join(f"{v} {k}" for k, v in sorted(quality.items())),
              stages)
    if lo:
        from pptxagent.engines.libreoffice import get_libreoffice

        engine = get_libreoffice()
        row.lo_bounds_s = median_time(lambda: engine.text_bounds(out), repeat)
        checked = fill(path, tmp / f"checked-{n}.pptx", crosscheck=True)
        row.lo_stage_s = checked.timings.get("crosscheck")
    return row


def table(rows: list[Row]) -> str:
    lines = [
        "| slides | plain python-pptx | pptxagent fill | ratio | per slide | slides' quality |",
        "|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        lines.append(f"| {r.n} | {r.plain_s:.3f} s | {r.ours_s:.3f} s | {r.ratio:.1f}× | "
                     f"{r.per_slide_ms:.1f} ms | {r.qualities} |")
    return "\n".join(lines)


def lo_table(rows: list[Row]) -> str:
    lines = ["| slides | text_bounds | per slide | cross-check stage | per slide |",
             "|---:|---:|---:|---:|---:|"]
    for r in rows:
        if r.lo_bounds_s is None or r.lo_stage_s is None:
            continue
        lines.append(f"| {r.n} | {r.lo_bounds_s:.2f} s | {r.lo_bounds_s / r.n * 1000:.0f} ms | "
                     f"{r.lo_stage_s:.2f} s | {r.lo_stage_s / r.n * 1000:.0f} ms |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", nargs="+", type=int, default=[30, 300])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-libreoffice", action="store_true")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-fill-"))

    from pptxagent.engines.chromium import get_chromium

    start_chromium = timed(get_chromium().start)
    print(f"Chromium start-up: {start_chromium:.2f} s (once per process, not in the fills)")
    lo = not args.no_libreoffice
    if lo:
        from pptxagent.engines.libreoffice import get_libreoffice

        engine = get_libreoffice()
        start_lo = timed(lambda: engine.warm)
        if not engine.warm:
            raise SystemExit(f"LibreOffice UNO bridge did not start: {engine.start_error}")
        print(f"LibreOffice (soffice + UNO worker) start-up: {start_lo:.2f} s (once per process)")

    rows = []
    for n in args.sizes:
        row = bench_size(n, tmp, args.repeat, lo)
        rows.append(row)
        stages = ", ".join(f"{k} {v:.3f}" for k, v in row.stages.items())
        print(f"{n} slides: plain {row.plain_s:.3f} s, ours {row.ours_s:.3f} s "
              f"({row.ratio:.1f}×); stages of the last run: {stages}", flush=True)
    print()
    print(table(rows))
    if len(rows) > 1:
        small, big = min(rows, key=lambda r: r.n), max(rows, key=lambda r: r.n)
        print(f"\nper-slide cost, {big.n} vs {small.n} slides: "
              f"{big.per_slide_ms / small.per_slide_ms:.2f}×")
    if lo:
        print()
        print(lo_table(rows))


if __name__ == "__main__":
    main()
