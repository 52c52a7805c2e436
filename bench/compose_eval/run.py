"""Imitate the held-out check of scratch mode (issue 7 "Must show").

    .venv/bin/python -m bench.compose_eval.run [--themes default,dark,corporate] [--work DIR]
        [--tree DIR] [--module pptxagent.cli] [-k NAME] [-j 2] [--extremes] [--no-repeat]
        [--no-audit] [--json FILE]

Writes the outlines (``outlines.py``), composes each in every theme twice (second run for
the determinism check) with the CLI of ``--tree`` (default: this checkout) as a subprocess,
draws every deck with LibreOffice (autofit stripped, batched soffice calls) and judges every
slide (``judge.py``); the bad outlines must exit 2 with a one-line error. Prints a table per
outline × theme and the share of slides passing every check; writes ``summary.json`` in the
work folder (or ``--json``). Exit 0 when every slide and every bad outline passes.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench.compose_eval import lo
from bench.compose_eval.judge import (
    CHECKS,
    Verdict,
    compose,
    judge_bad,
    judge_deck,
    run_failed,
)
from bench.compose_eval.outlines import load, write_bad, write_outlines

ROOT = Path(__file__).resolve().parents[2]


def _stem(name: str, theme: str) -> str:
    return f"{name}__{theme}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[1])
    ap.add_argument("--themes", default="default,dark,corporate")
    ap.add_argument("--work", type=Path, help="work folder (default: a new temp dir)")
    ap.add_argument("--tree", type=Path, default=ROOT, help="checkout whose CLI is judged")
    ap.add_argument("--module", default="pptxagent.cli",
                    help="python -m MODULE compose ... (a stand-in CLI while compose is built)")
    ap.add_argument("-k", dest="only", action="append", default=[],
                    help="only outlines whose name contains this (repeatable)")
    ap.add_argument("-j", dest="jobs", type=int, default=2, help="parallel CLI runs")
    ap.add_argument("--extremes", action="store_true",
                    help="add the outline beyond the must-show stress cases")
    ap.add_argument("--no-repeat", action="store_true", help="skip the second run")
    ap.add_argument("--no-audit", action="store_true", help="skip openxml-audit")
    ap.add_argument("--json", dest="json_out", type=Path)
    args = ap.parse_args(argv)
    t_start = time.perf_counter()
    work = (args.work or Path(tempfile.mkdtemp(prefix="compose-eval-"))).resolve()
    work.mkdir(parents=True, exist_ok=True)
    tree = args.tree.resolve()
    themes = [t for t in args.themes.split(",") if t]
    outlines = {n: p for n, p in write_outlines(work, args.extremes).items()
                if not args.only or any(k in n for k in args.only)}
    bads = [] if args.only else write_bad(work)
    runs = (1,) if args.no_repeat else (1, 2)
    tasks = [(name, theme, r) for name in outlines for theme in themes for r in runs]
    procs: dict[tuple[str, str, int], Any] = {}

    def one(task: tuple[str, str, int]) -> None:
        name, theme, r = task
        out = work / f"run{r}" / _stem(name, theme) / "out.pptx"
        out.unlink(missing_ok=True)
        procs[task] = compose(outlines[name], out, theme, tree,
                              out.parent / "report.json", args.module)

    def bad_one(k: int) -> list[str]:
        out = work / "bad-out" / f"{bads[k].name}.pptx"
        out.unlink(missing_ok=True)
        proc, _ = compose(bads[k].path, out, themes[0], tree, module=args.module)
        return judge_bad(bads[k], proc, out)

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(one, tasks))
        bad_why = list(pool.map(bad_one, range(len(bads))))
    t_compose = time.perf_counter() - t_start

    verdicts: list[Verdict] = []
    jobs: list[lo.Job] = []
    for name in outlines:
        for theme in themes:
            v = Verdict(name, theme)
            proc, secs = procs[(name, theme, 1)]
            v.seconds = round(secs, 1)
            out = work / "run1" / _stem(name, theme) / "out.pptx"
            if not run_failed(v, load(outlines[name]), proc, out):
                jobs.append(lo.Job(out, _stem(name, theme)))
            verdicts.append(v)
    rendered = lo.render_all(jobs, work / "lo") if jobs else {}
    t_lo = time.perf_counter() - t_start - t_compose
    for v in verdicts:
        stem = _stem(v.outline, v.theme)
        if stem not in rendered:
            continue
        second = None if args.no_repeat else work / "run2" / stem / "out.pptx"
        report_path = work / "run1" / stem / "report.json"
        report = json.loads(report_path.read_text()) if report_path.exists() else None
        judge_deck(v, load(outlines[v.outline]), work / "run1" / stem / "out.pptx",
                   rendered[stem], second, audit=not args.no_audit, report=report,
                   base_dir=outlines[v.outline].parent)
    summary = _print(verdicts, bads, bad_why, [c for c in CHECKS
                                                if c != "repeat" or not args.no_repeat])
    summary["seconds"] = {"compose": round(t_compose, 1), "libreoffice": round(t_lo, 1),
                          "total": round(time.perf_counter() - t_start, 1)}
    print(f"time: {summary['seconds']}; work folder {work}")
    (args.json_out or work / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    ok = summary["slides_passing"] == summary["slides"] and not any(bad_why)
    return 0 if ok else 1


def _print(verdicts: list[Verdict], bads: list[Any], bad_why: list[list[str]],
           checks: list[str]) -> dict[str, Any]:
    width = max([len(f"{v.outline}/{v.theme}") for v in verdicts] + [20])
    print(f"{'outline/theme':<{width}} slides pass  " + " ".join(f"{c[:8]:>8}" for c in checks))
    for v in verdicts:
        counts = [len(v.failures.get(c, {})) for c in checks]
        print(f"{v.outline + '/' + v.theme:<{width}} {v.slides:>6} {v.passing():>4}  "
              + " ".join(f"{n or '.':>8}" for n in counts))
    total = sum(v.slides for v in verdicts)
    passing = sum(v.passing() for v in verdicts)
    per_check = {c: sum(len(v.failures.get(c, {})) for v in verdicts) for c in checks}
    themes = sorted({v.theme for v in verdicts})
    per_theme = {t: [sum(v.passing() for v in verdicts if v.theme == t),
                     sum(v.slides for v in verdicts if v.theme == t)] for t in themes}
    print(f"\nfailing slides by check (of {total}):")
    for c in checks:
        print(f"  {c:<9} {per_check[c]:>4} slides fail ({1 - per_check[c] / max(1, total):.0%}"
              " pass)")
    for t, (p, n) in per_theme.items():
        print(f"  theme {t:<10} {p}/{n} slides pass ({p / max(1, n):.0%})")
    print("\nfailures:")
    for v in verdicts:
        for c in checks:
            for n, why in sorted(v.failures.get(c, {}).items()):
                print(f"  {v.outline}/{v.theme} slide {n} [{c}]: {'; '.join(why)[:300]}")
    broken = sum(len(v.broken_words) for v in verdicts)
    print(f"\nwarnings (not checks): {broken} slides with a word or figure broken across "
          "lines")
    for v in verdicts:
        for n, why in sorted(v.broken_words.items()):
            print(f"  {v.outline}/{v.theme} slide {n}: {'; '.join(why)[:200]}")
    judged = sum(v.contrast_judged for v in verdicts)
    unjudged = sum(v.contrast_unjudged for v in verdicts)
    print(f"contrast: {judged} text rows measured, {unjudged} on a busy backdrop (not judged)")
    bad_rows = [{"outline": b.name, "pass": not w, "reasons": w}
                for b, w in zip(bads, bad_why, strict=True)]
    for row in bad_rows:
        print(f"bad outline {row['outline']:<18} {'PASS' if row['pass'] else 'FAIL'} "
              + "; ".join(row["reasons"]))
    share = passing / max(1, total)
    print(f"\n{passing}/{total} slides pass every check ({share:.1%}); "
          f"bad outlines {sum(r['pass'] for r in bad_rows)}/{len(bad_rows)}")
    return {"slides": total, "slides_passing": passing, "share": round(share, 4),
            "per_check_failing_slides": per_check, "per_theme": per_theme,
            "slides_with_broken_words": broken, "contrast_rows": [judged, unjudged],
            "decks": [v.as_json() for v in verdicts], "bad": bad_rows}


if __name__ == "__main__":
    sys.exit(main())
