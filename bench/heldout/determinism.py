"""Run the same held-out fills twice and say whether the outputs differ.

    .venv/bin/python -m bench.heldout.determinism -k layouts/split -k nested --load 3

Each named case is filled once as the machine is, then again while ``--load`` busy loops
(and one more fill of the first case) run beside it; the slide XML parts and the report's
slide qualities, notes and QA statuses of both runs are compared part by part.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from bench.heldout.cases import Case, all_cases
from bench.heldout.run import _folder, run_case

BUSY = "while True: pass"


def digest(folder: Path) -> dict[str, Any]:
    """What must not depend on load: every slide part's bytes and the report's verdicts."""
    out: dict[str, Any] = {}
    deck = folder / "out.pptx"
    if deck.exists():
        with zipfile.ZipFile(deck) as z:
            for name in sorted(z.namelist()):
                if name.startswith("ppt/slides/") and name.endswith(".xml"):
                    out[name] = hashlib.sha256(z.read(name)).hexdigest()[:16]
    report = folder / "report.json"
    if report.exists():
        data = json.loads(report.read_text())
        for s in data.get("slides", []):
            out[f"slide {s.get('index')} quality"] = s.get("quality")
            out[f"slide {s.get('index')} notes"] = s.get("notes")
            out[f"slide {s.get('index')} qa"] = sorted(
                f"{i.get('kind')}:{i.get('eid')}:{i.get('status')}" for i in s.get("qa") or [])
    return out


def fill_all(cases: list[Case], work: Path) -> dict[str, dict[str, Any]]:
    result: dict[str, dict[str, Any]] = {}
    for case in cases:
        run_case(case, work)
        result[case.name] = digest(_folder(work, case))
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("-k", dest="only", action="append", required=True)
    ap.add_argument("--load", type=int, default=3, help="busy loops during the second run")
    ap.add_argument("--keep", type=Path)
    args = ap.parse_args(argv)
    base = args.keep or Path(tempfile.mkdtemp(prefix="determinism-"))
    quiet_dir, busy_dir, side_dir = base / "quiet", base / "busy", base / "side"
    cases = [c for c in all_cases(quiet_dir) if any(k in c.name for k in args.only)]
    quiet = fill_all(cases, quiet_dir)
    busy_cases = [c for c in all_cases(busy_dir) if any(k in c.name for k in args.only)]
    loops = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(args.load)]
    side_cases = [c for c in all_cases(side_dir) if c.name == cases[0].name]
    side = subprocess.Popen([sys.executable, "-c", (
        "import sys; from pathlib import Path; from bench.heldout.cases import all_cases; "
        "from bench.heldout.run import run_case; w=Path(sys.argv[1]); "
        "[run_case(c, w) for c in all_cases(w) if c.name == sys.argv[2]]"),
        str(side_dir), side_cases[0].name])
    try:
        busy = fill_all(busy_cases, busy_dir)
    finally:
        for p in loops:
            p.terminate()
            p.wait()
        side.wait()
    differ = 0
    for name in quiet:
        a, b = quiet[name], busy[name]
        diffs = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
        differ += bool(diffs)
        print(f"{name}: {'SAME' if not diffs else 'DIFFERENT'}"
              + "".join(f"\n   {k}: {a.get(k)} vs {b.get(k)}" for k in diffs), flush=True)
    print(f"\n{len(quiet) - differ}/{len(quiet)} cases identical under load; work {base}")
    return 0 if not differ else 1


if __name__ == "__main__":
    sys.exit(main())
