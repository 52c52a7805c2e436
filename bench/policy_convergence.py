"""How fast does a refinement policy make broken slides clean? Real Chromium, real diagnose.

Builds seeded variants of a clean 4-element slide (title, bullets, image, caption), breaks
each with 1–3 random perturbations that a feasible slide can recover from (title pushed down,
element pushed off the slide, box too short for its text, font below minimum, image moved
onto the bullets), runs the full loop and reports how many end clean within MAX_ITER and
the number of patches they needed.

    .venv/bin/python bench/policy_convergence.py [--n 40] [--seed 7] [--policy hints]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from typing import Any

from pptxagent.ir import SlideIR
from pptxagent.loop.driver import refine
from pptxagent.measure import Measurer
from pptxagent.policy.hints import HintsPolicy
from pptxagent.settings import Settings

BULLETS = "\n".join(f"• Point {c}: revenue grew in the {c} region" for c in "ABCDE")


def clean_slide() -> dict[str, Any]:
    return {"slide": {"w": 1280, "h": 720}, "elements": [
        {"eid": "e_bg", "type": "decoration", "priority": 20,
         "layout": {"x": 0, "y": 0, "w": 1280, "h": 720, "zIndex": 0}},
        {"eid": "e_title", "type": "title", "priority": 100, "content": "Quarterly Findings",
         "layout": {"x": 48, "y": 32, "w": 1184, "h": 80}, "style": {"fontSize": 44}},
        {"eid": "e_bullets", "type": "bullets", "priority": 80, "content": BULLETS,
         "layout": {"x": 64, "y": 150, "w": 700, "h": 320},
         "style": {"fontSize": 24, "lineHeight": 1.3}},
        {"eid": "e_img", "type": "image", "priority": 40, "content": "",
         "layout": {"x": 820, "y": 150, "w": 400, "h": 300},
         "style": {"backgroundColor": "#88a"}},
        {"eid": "e_caption", "type": "text", "priority": 60, "content": "Source: finance team",
         "layout": {"x": 64, "y": 600, "w": 600, "h": 40}, "style": {"fontSize": 18}},
    ]}


def _el(doc: dict[str, Any], eid: str) -> dict[str, Any]:
    return next(e for e in doc["elements"] if e["eid"] == eid)


def perturb(doc: dict[str, Any], rng: random.Random) -> list[str]:
    kinds = rng.sample(["title_down", "off_slide", "short_box", "tiny_font", "img_on_bullets"],
                       rng.randint(1, 3))
    for kind in kinds:
        if kind == "title_down":
            _el(doc, "e_title")["layout"]["y"] = rng.choice([100, 130, 160])
        elif kind == "off_slide":
            el = _el(doc, rng.choice(["e_img", "e_caption"]))
            el["layout"]["x"] += rng.randint(80, 200)
            el["layout"]["y"] += rng.randint(0, 60)
        elif kind == "short_box":
            _el(doc, "e_bullets")["layout"]["h"] = rng.randint(200, 260)
        elif kind == "tiny_font":  # 16 → 20 fits the ±15% budget of bullets in 2 patches
            eid = rng.choice(["e_bullets", "e_caption"])
            _el(doc, eid)["style"]["fontSize"] = 16 if eid == "e_bullets" else 12
        elif kind == "img_on_bullets":
            _el(doc, "e_img")["layout"]["x"] = rng.randint(600, 720)
    return kinds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    settings, measurer, policy = Settings(), Measurer(), HintsPolicy()
    patches: list[int] = []
    quality: Counter[str] = Counter()
    failed: list[tuple[int, list[str], list[int]]] = []
    by_kind: dict[str, list[int]] = {}
    for i in range(args.n):
        doc = clean_slide()
        kinds = perturb(doc, rng)
        out = refine(SlideIR.model_validate(doc), settings=settings, policy=policy,
                     measurer=measurer)
        r = out.result
        quality[r.quality] += 1
        if r.quality == "degraded":
            failed.append((i, kinds, r.defect_count_per_iter))
        else:
            patches.append(r.iterations_to_converge)
            for kind in kinds:
                by_kind.setdefault(kind, []).append(r.iterations_to_converge)
    print(f"{args.n} slides, seed {args.seed}: {dict(quality)}")
    if patches:
        print(f"patches to clean: mean {statistics.mean(patches):.2f}, "
              f"histogram {dict(sorted(Counter(patches).items()))}")
    for kind, ns in sorted(by_kind.items()):
        print(f"  {kind:15} clean in {statistics.mean(ns):.2f} patches on average ({len(ns)})")
    for i, kinds, counts in failed:
        print(f"  degraded #{i}: {kinds} defects per iter {counts}")


if __name__ == "__main__":
    main()
