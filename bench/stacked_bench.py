"""What a slide of stacked boxes costs ``pptxagent fill``.

    .venv/bin/python bench/stacked_bench.py [--sizes 200 400 1000] [--tree DIR]

For each N: python-pptx's default template, its title-only slide with N more copies of the
title shape stacked on it, every copy holding ``{{name}}``, filled with one long name through
the CLI (a fresh process, cross-check on, as a user runs it). Such slides come from a
generator's loop gone wrong; every pair of boxes overlaps, so the diagnosis' work grows with
the pairs (it was cubic before ``MAX_OVERLAP_PAIRS`` and the vectorised overlap tests).
``--tree`` times another checkout of pptxagent (e.g. an older commit in a git worktree).
Prints a markdown table of wall times.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pptx import Presentation

ROOT = Path(__file__).resolve().parent.parent


def build(n: int, path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    title = slide.shapes.title
    assert title is not None
    title.text = "{{name}}"
    for i in range(n):
        twin = copy.deepcopy(title._element)
        twin.xpath("./p:nvSpPr/p:cNvPr")[0].set("id", str(100 + i))
        slide.shapes._spTree.append(twin)
    prs.save(str(path))


def run(tree: Path, n: int, tmp: Path) -> tuple[float, int]:
    deck, content = tmp / f"stack-{n}.pptx", tmp / "content.json"
    build(n, deck)
    content.write_text(json.dumps({"tokens": {"name": "A rather long name for the ribbon here"},
                                   "slides": [{"template_slide": 1}]}))
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pptxagent.cli", "fill", str(deck),
                           str(content), "-o", str(tmp / f"out-{n}.pptx")],
                          capture_output=True, text=True, env=env, check=False)
    return time.perf_counter() - start, proc.returncode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[200, 400, 1000])
    ap.add_argument("--tree", type=Path, default=ROOT)
    args = ap.parse_args()
    print("| N stacked titles | wall | exit |\n|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            wall, rc = run(args.tree, n, Path(tmp))
            print(f"| {n} | {wall:.1f} s | {rc} |", flush=True)


if __name__ == "__main__":
    main()
