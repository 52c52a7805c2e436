"""Imitate the held-out test of ``pptxagent fill`` on real corpus templates.

    .venv/bin/python -m bench.heldout.run [-k SUBSTRING] [-j 2] [--keep DIR] [--json FILE]
                                          [--lo-templates]

Generates the cases (``bench/heldout/cases.py``), runs the CLI exactly per its contract as a
subprocess, judges each output with LibreOffice's layout (``bench/heldout/judge.py``) and
prints case → pass/fail + reason, and the overall pass rate. Exit 0 when every case passes.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench.heldout.cases import Case, all_cases, write_content
from bench.heldout.judge import judge_bad, judge_fill
from bench.heldout.lotemplates import lo_cases

ROOT = Path(__file__).resolve().parents[2]


def _folder(work: Path, case: Case) -> Path:
    return work / case.name.replace("/", "__")


def run_case(case: Case, work: Path, extra: tuple[str, ...] = ()
             ) -> tuple[subprocess.CompletedProcess[str], float]:
    folder = _folder(work, case)
    content = write_content(case, folder)
    out, report = folder / "out.pptx", folder / "report.json"
    cmd = [sys.executable, "-m", "pptxagent.cli", "fill", str(case.template), str(content),
           "-o", str(out), "--report", str(report), *case.args, *extra]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False,
                          cwd=ROOT)
    (folder / "stderr.txt").write_text(proc.stderr)
    return proc, time.perf_counter() - t0


def judge(case: Case, proc: subprocess.CompletedProcess[str], work: Path) -> list[str]:
    folder = _folder(work, case)
    out, report_path = folder / "out.pptx", folder / "report.json"
    if case.kind == "bad":
        return judge_bad(case, proc, out)
    report: dict[str, Any] | None = None
    if report_path.exists():
        report = json.loads(report_path.read_text())
    return judge_fill(case, proc, out, report)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("-k", dest="only", action="append", default=[],
                    help="run cases whose name contains this (repeatable)")
    ap.add_argument("-j", dest="jobs", type=int, default=2, help="parallel fills")
    ap.add_argument("--keep", type=Path, help="work folder to keep (default: a temp dir)")
    ap.add_argument("--set", dest="sets", action="append", default=[],
                    help="NAME=VALUE passed to every fill as --set (repeatable; experiments)")
    ap.add_argument("--json", dest="json_out", type=Path, help="write the results here")
    ap.add_argument("--lo-templates", action="store_true",
                    help="LibreOffice's own Impress templates exported to .pptx instead")
    args = ap.parse_args(argv)
    work = args.keep or Path(tempfile.mkdtemp(prefix="heldout-"))
    work.mkdir(parents=True, exist_ok=True)
    cases = [c for c in (lo_cases(work) if args.lo_templates else all_cases(work))
             if not args.only or any(k in c.name for k in args.only)]
    width = max(len(c.name) for c in cases)
    extra = tuple(a for kv in args.sets for a in ("--set", kv))

    def one(case: Case) -> dict[str, Any]:
        proc, secs = run_case(case, work, extra)
        why = judge(case, proc, work)
        mark = "PASS" if not why else "FAIL"
        print(f"{case.name:<{width}}  {mark}  exit={proc.returncode} {secs:5.1f}s  "
              + "; ".join(why), flush=True)
        return {"case": case.name, "pass": not why, "reasons": why,
                "exit": proc.returncode, "seconds": round(secs, 1)}

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(one, cases))
    passed = sum(r["pass"] for r in rows)
    print(f"\n{passed}/{len(rows)} cases pass ({passed / len(rows):.0%}); work folder {work}")
    if args.json_out:
        args.json_out.write_text(json.dumps(rows, indent=1) + "\n")
    return 0 if passed == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
