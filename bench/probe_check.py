"""Imitate the held-out check of ``pptxagent probe`` (issue 35 "Must show").

    .venv/bin/python bench/probe_check.py TEMPLATE.pptx [...] [--work DIR]

Probes each template, then fills every probed slot alone (one slide per slot, the other
slots as the template has them) with text of exactly its ``own`` limit (the probe's sample
words) and, in a second fill, one word more, through ``pptxagent fill``
(the balanced profile, LibreOffice's cross-check included). A slot agrees when at the limit
its text is not shrunk and LibreOffice draws it inside its box, and one word more shrinks it
(or degrades the slide). Prints the agreement per template and overall.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CLI = [str(ROOT / ".venv" / "bin" / "pptxagent")]
sys.path.insert(0, str(ROOT))

from pptxagent.pipeline.probe import find_slots, open_targets  # noqa: E402
from pptxagent.pipeline.probetext import Sampler  # noqa: E402


def _tables(template: Path) -> dict[tuple[str, str], list[list[str]]]:
    """(where, table key) → the template table's text, as the probe fills it around a cell."""
    targets, _ = open_targets(template)
    out = {}
    for s in find_slots(targets):
        if s.rows is not None:
            out[(s.target.label, s.key)] = s.rows
    return out


def _value(r: dict[str, Any], sampler: Sampler, n: int,
           tables: dict[tuple[str, str], list[list[str]]]) -> Any:
    if r["kind"] != "cell":
        return sampler.text(n)
    rows = [list(x) for x in tables[(r["where"], r["key"])]]
    rows[r["cell"][0]][r["cell"][1]] = sampler.text(n)
    return rows


def _fill(template: Path, rows: list[dict[str, Any]], sampler: Sampler, extra: int,
          work: Path, tag: str) -> dict[str, Any]:
    tables = _tables(template)
    entries: dict[str, dict[str, Any]] = {}  # one slide per slot: each slot alone
    for r in rows:
        head = {k: r[k] for k in ("template_slide", "layout") if k in r}
        entries[f"{r['where']}|{r['name']}"] = {
            **head, "fill": {r["key"]: _value(r, sampler, r["own"]["words"] + extra, tables)}}
    content = work / f"{tag}.json"
    content.write_text(json.dumps({"slides": list(entries.values())}, ensure_ascii=False))
    out, report = work / f"{tag}.pptx", work / f"{tag}-report.json"
    proc = subprocess.run([*CLI, "fill", str(template), str(content), "-o", str(out),
                           "--report", str(report)], capture_output=True, text=True)
    if not report.exists():
        raise SystemExit(f"{template.name}: fill failed: {proc.stderr[-400:]}")
    data = json.loads(report.read_text())
    data["order"] = list(entries)
    return data


def _shrunk(report: dict[str, Any], where: str, shape: str, box: bool = False
            ) -> tuple[bool, bool, bool]:
    """(font changed — or with ``box``, the box grown or moved too —, LibreOffice-only
    overflow, slide degraded) of ``shape`` on the slide."""
    slide = report["slides"][report["order"].index(where)]  # where: "slide|key"
    by_shape = [c for c in slide["changes"] if c.get("shape") == shape]
    kinds = {"font", "autofit", "spacing", "line_height", "shrink_on_overflow"}
    kinds |= {"resize", "move"} if box else set()
    font = any(c.get("what") in kinds for c in by_shape)
    cc = slide.get("crosscheck") or {}
    eids = {c.get("eid") for c in by_shape} | {e["eid"] for e in cc.get("elements", [])
                                               if e.get("eid")}
    lo = bool(set(cc.get("libreoffice_only_overflow") or []) & eids)
    return font, lo, slide["quality"] in ("degraded", "failed")


def check(template: Path, work: Path) -> tuple[int, int, list[str]]:
    probe = work / f"{template.stem}-probe.json"
    t0 = time.perf_counter()
    subprocess.run([*CLI, "probe", str(template), "-o", str(probe)], check=True,
                   capture_output=True)
    secs = time.perf_counter() - t0
    data = json.loads(probe.read_text())
    rows = [r for r in data["slots"] if "skipped" not in r and r["kind"] != "token"
            and r["own"]["words"] > 0]
    sampler = Sampler(data["script"])
    at = _fill(template, rows, sampler, 0, work, f"{template.stem}-at")
    over = _fill(template, rows, sampler, 1, work, f"{template.stem}-over")
    good, bad = 0, []
    for r in rows:
        key = f"{r['where']}|{r['name']}"
        f0, lo0, _ = _shrunk(at, key, r["shape"])
        grows = "grow" in r["beyond"]["own"]  # the probe predicts the box grows or moves
        f1, _, d1 = _shrunk(over, key, r["shape"], box=grows)
        if not f0 and not lo0 and (f1 or d1):
            good += 1
        else:
            bad.append(f"{r['where']} {r['key']} ({r['own']['words']} w): at limit "
                       f"{'shrunk' if f0 else 'kept'}{', LibreOffice overflow' if lo0 else ''}"
                       f"; +1 word {'shrunk' if f1 else 'kept'}{', degraded' if d1 else ''}")
    print(f"{template.name}: probe {secs:.1f} s, {good}/{len(rows)} slots agree")
    return good, len(rows), bad


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("templates", nargs="+", type=Path)
    ap.add_argument("--work", type=Path)
    args = ap.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="probe-check-"))
    work.mkdir(parents=True, exist_ok=True)
    total = agree = 0
    for t in args.templates:
        g, n, bad = check(t, work)
        agree, total = agree + g, total + n
        for b in bad:
            print("   ", b)
    print(f"overall: {agree}/{total} slots agree ({agree / max(1, total):.1%}); work {work}")
    return 0 if agree >= 0.95 * total else 1


if __name__ == "__main__":
    sys.exit(main())
