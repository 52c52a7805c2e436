"""``pptxagent compose`` of a 20-slide outline against python-pptx writing the same slides with
no checks, both as fresh processes, in the same run.

    .venv/bin/python bench/compose_bench.py [--slides 20] [--repeat 3] [--theme default]

(a) plain: ``python bench/compose_bench.py --plain OUTLINE OUT``: interpreter start-up,
    python-pptx import, one slide per outline slide on the default template (title, text
    boxes for bullets/cards/steps/quote, a native chart, a native table, a picture), save;
(b) ours: ``python -m pptxagent.cli compose OUTLINE -o OUT --theme T --report R``: the default
    command (Chromium and LibreOffice started cold by the process, cross-check on).

Prints medians, the ratio, the report's stage timings and the per-slide cost of render +
measure + QA (stages ``inventory_filled`` + ``refine_slides`` + ``visual_qa`` over slides).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cli_fill_bench import env_for, run

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "fixtures" / "outline.json"


def build_outline(n: int) -> dict[str, Any]:
    """``n`` slides cycling the bundled outline's ten kinds (images resolved absolutely)."""
    base = json.loads(FIXTURE.read_text())
    slides = []
    for i in range(n):
        s = dict(base["slides"][i % len(base["slides"])])
        if "image" in s:
            s["image"] = str((FIXTURE.parent / s["image"]).resolve())
        if s.get("title") and i >= len(base["slides"]):
            s["title"] = f"{s['title']} ({i + 1})"
        slides.append(s)
    return {"title": base["title"], "slides": slides}


def _text(s: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for b in s.get("bullets") or []:
        out.append(b if isinstance(b, str) else b["text"])
    for k in s.get("items") or []:
        out.append(f"{k['value']} {k['label']} {k.get('delta') or ''}")
    for side in ("left", "right"):
        if s.get(side):
            out += [s[side]["heading"], *[b if isinstance(b, str) else b["text"]
                                          for b in s[side]["bullets"]]]
    for st in s.get("steps") or []:
        out.append(f"{st['label']}: {st['text']}")
    for k in ("subtitle", "quote", "author", "takeaway", "caption"):
        if s.get(k):
            out.append(s[k])
    return out


def plain_compose(outline: dict[str, Any], out: Path) -> None:
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Emu, Pt

    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12_192_000), Emu(6_858_000)
    kinds = {"bar": XL_CHART_TYPE.BAR_CLUSTERED, "column": XL_CHART_TYPE.COLUMN_CLUSTERED,
             "line": XL_CHART_TYPE.LINE_MARKERS, "pie": XL_CHART_TYPE.PIE}
    box = (Emu(600_000), Emu(1_500_000), Emu(10_992_000), Emu(4_700_000))
    for s in outline["slides"]:
        slide = prs.slides.add_slide(prs.slide_layouts[5])
        slide.shapes.title.text = s.get("title") or s.get("author") or outline["title"]
        if s.get("chart"):
            c = s["chart"]
            data = CategoryChartData()
            data.categories = c["categories"]
            for ser in c["series"]:
                data.add_series(ser["name"], ser["values"])
            slide.shapes.add_chart(kinds[c["type"]], *box, data)
        elif s.get("rows"):
            rows = s["rows"]
            t = slide.shapes.add_table(len(rows), len(rows[0]), *box).table
            for r, row in enumerate(rows):
                for k, v in enumerate(row):
                    t.cell(r, k).text = str(v)
        elif s.get("image"):
            slide.shapes.add_picture(s["image"], box[0], box[1], height=box[3])
        lines = _text(s)
        if lines:
            tf = slide.shapes.add_textbox(*box).text_frame
            tf.text = lines[0]
            for line in lines[1:]:
                p = tf.add_paragraph()
                p.text = line
                p.font.size = Pt(20)
    prs.save(str(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--slides", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--theme", default="default")
    ap.add_argument("--plain", nargs=2, metavar=("OUTLINE", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.plain:
        plain_compose(json.loads(Path(args.plain[0]).read_text()), Path(args.plain[1]))
        return
    tmp = Path(tempfile.mkdtemp(prefix="bench-compose-"))
    outline = tmp / "outline.json"
    outline.write_text(json.dumps(build_outline(args.slides)))
    report = tmp / "report.json"
    py = sys.executable
    cmds = {
        "plain python-pptx": ([py, __file__, "--plain", str(outline), str(tmp / "plain.pptx")],
                              None),
        "pptxagent compose": ([py, "-m", "pptxagent.cli", "compose", str(outline), "-o",
                               str(tmp / "ours.pptx"), "--theme", args.theme, "--report",
                               str(report)], env_for(ROOT)),
    }
    times: dict[str, list[float]] = {name: [] for name in cmds}
    for cmd, env in cmds.values():
        run(cmd, env, tmp)  # warm-up: page cache, font cache, bytecode
    for _ in range(args.repeat):
        for name, (cmd, env) in cmds.items():
            times[name].append(run(cmd, env, tmp)[0])
    med = {name: statistics.median(t) for name, t in times.items()}
    plain = med["plain python-pptx"]
    rep = json.loads(report.read_text())
    n = len(rep["slides"])
    print(f"{args.slides} outline slides → {n} slides, theme {args.theme}, medians of "
          f"{args.repeat} runs (fresh processes):")
    print("| command | wall | ratio to plain | runs |")
    print("|---|---:|---:|---|")
    for name, m in med.items():
        print(f"| {name} | {m:.2f} s | {m / plain:.1f}× | "
              f"{', '.join(f'{t:.2f}' for t in times[name])} |")
    t = rep["timings"]
    per = sum(t.get(k, 0.0) for k in ("inventory_filled", "refine_slides", "visual_qa")) / n
    print(f"render + measure + QA per slide: {per * 1000:.0f} ms "
          f"(refine {t.get('refine_slides', 0) * 1000 / n:.0f} ms, visual QA "
          f"{t.get('visual_qa', 0) * 1000 / n:.0f} ms)")
    print("stages (s):", ", ".join(f"{k} {v:.2f}" for k, v in t.items() if v >= 0.01))
    print("qualities:", {q: sum(1 for s in rep["slides"] if s["quality"] == q)
                         for q in ("success_clean", "success_with_warnings", "degraded")})
    with contextlib.suppress(OSError):
        print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
