"""Render + measure + diagnose throughput on decks of five-element slides.

Each slide: title, bullets, image (``fixtures/team.png``, embedded), text, decoration, with
seeded varied content (lengths, sizes, positions; some overflow and overlap). The browser is
started (and warmed with one tiny document) before timing; its start cost is reported on its
own. Per deck size, the median of ``REPEATS`` runs of:

- render: ``render_deck`` (IR → one HTML document)
- browser: ``set_content`` + one ``evaluate`` of the measurement script
- snapshots: script rows → ``DomSnapshot`` models
- diagnose: ``pptxagent.diagnose.diagnose`` per slide

Run: ``.venv/bin/python bench/throughput.py [N ...]`` (default 30 300).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pptxagent.diagnose import diagnose
from pptxagent.engines.chromium import Chromium
from pptxagent.ir import SlideIR
from pptxagent.measure import MEASURE_JS
from pptxagent.measure.extract import snapshots
from pptxagent.render import render_deck
from pptxagent.settings import DEFAULT_SETTINGS

IMAGE = Path(__file__).resolve().parents[1] / "fixtures" / "team.png"
REPEATS = 5
WORDS = ("revenue", "growth", "margin", "customer", "pipeline", "quarter", "roadmap", "hiring",
         "churn", "pricing", "platform", "partner", "region", "forecast", "launch", "retention",
         "supply", "analytics")
T = TypeVar("T")


def words(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize()


def make_slide(rng: random.Random) -> SlideIR:
    body_h = rng.choice((300, 380, 460))
    bullets = "\n".join(f"• {words(rng, rng.randint(3, 14))}" for _ in range(rng.randint(2, 7)))
    return SlideIR.model_validate({"elements": [
        {"eid": "e_bg", "type": "decoration", "priority": 20, "content": "",
         "layout": {"x": 0, "y": 0, "w": 400, "h": 720, "zIndex": 0},
         "style": {"backgroundColor": rng.choice(("#f0f0f0", "#e8eef8", "#fdf3e1"))}},
        {"eid": "e_title", "type": "title", "priority": 100,
         "content": words(rng, rng.randint(2, 9)),
         "layout": {"x": 48, "y": rng.choice((24, 32, 40)), "w": 1184, "h": 80},
         "style": {"fontSize": rng.choice((36, 40, 44)), "lineHeight": 1.2}},
        {"eid": "e_bullets", "type": "bullets", "priority": 80, "content": bullets,
         "layout": {"x": 64, "y": 140, "w": 620, "h": body_h},
         "style": {"fontSize": rng.choice((20, 22, 24)), "lineHeight": rng.choice((1.2, 1.5))}},
        {"eid": "e_img", "type": "image", "priority": 40, "content": str(IMAGE),
         "layout": {"x": rng.choice((700, 720, 660)), "y": 150, "w": 520, "h": 300}},
        {"eid": "e_text", "type": "text", "priority": 60,
         "content": words(rng, rng.randint(5, 40)),
         "layout": {"x": 700, "y": rng.choice((470, 500, 430)), "w": 520, "h": 120},
         "style": {"fontSize": rng.choice((14, 16, 18)), "verticalAlign": "middle"}},
    ]})


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def one_run(engine: Chromium, irs: list[SlideIR]) -> dict[str, float]:
    s = DEFAULT_SETTINGS
    t_render, html = timed(lambda: render_deck(irs))
    t_browser, rows = timed(lambda: engine.evaluate_document(html, MEASURE_JS))
    t_snap, doms = timed(lambda: snapshots(irs, rows, s.SAFE_PADDING))
    t_diag, diags = timed(lambda: [diagnose(ir, d, s) for ir, d in zip(irs, doms, strict=True)])
    assert len(diags) == len(irs)
    return {"render": t_render, "browser": t_browser, "snapshots": t_snap, "diagnose": t_diag,
            "html_mb": len(html) / 1e6}


def bench(engine: Chromium, n: int) -> dict[str, Any]:
    rng = random.Random(n)
    irs = [make_slide(rng) for _ in range(n)]
    runs = [one_run(engine, irs) for _ in range(REPEATS)]
    med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    med["measure_total"] = med["render"] + med["browser"] + med["snapshots"]
    med["total"] = med["measure_total"] + med["diagnose"]
    return {"n": n, **med}


def main(sizes: list[int]) -> None:
    engine = Chromium()
    t_start, _ = timed(engine.start)
    t_first, _ = timed(lambda: engine.evaluate_document("<p>warm</p>", "() => 1"))
    print(f"browser start: {t_start:.2f} s; first document: {t_first * 1000:.0f} ms")
    print("\n| slides | HTML | render | browser (load + 1 evaluate) | to DomSnapshot | diagnose "
          "| total | slides/s (measure only) | slides/s (with diagnose) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        r = bench(engine, n)
        ms = {k: f"{r[k] * 1000:.0f} ms" for k in
              ("render", "browser", "snapshots", "diagnose", "total")}
        print(f"| {n} | {r['html_mb']:.1f} MB | {ms['render']} | {ms['browser']} | "
              f"{ms['snapshots']} | {ms['diagnose']} | {ms['total']} | "
              f"{n / r['measure_total']:.0f} | {n / r['total']:.0f} |")
    engine.close()


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [30, 300])
