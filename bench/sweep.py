"""Fill every text of real decks with longer text and tokens, and tally what the CLI says.

    .venv/bin/python -m bench.sweep DECK_OR_DIR ... [--work DIR] [-j 2] [--mode doubled|tokens]
                                    [--slides 8] [--json FILE] [--compare FILE]

For each deck: ``pptxagent inventory``, then a content.json that keeps the first ``--slides``
template slides and gives every text shape of them (date, footer and slide-number
placeholders aside) its own paragraphs twice over (``doubled``), or names every ``{{token}}``,
``{tag}`` and ``[Tag]`` the slides hold with a long value (``tokens``), or makes a new slide
from each of the first layouts with a title, subtitle and bulleted body (``layouts``); then
``pptxagent fill``
with a report. Each deck's exit code, each slide's label and the QA issues left open are
tallied, and a run's results can be compared with an earlier one's (``--compare``: the slides
whose label got better or worse). A traceback or an exit code other than 0, 1 or 2 is a bug
and is printed in full.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SKIP_PH = {"dt", "ftr", "sldNum"}
RANK = {"success_clean": 0, "success_with_warnings": 1, "degraded": 2}
TOKEN = re.compile(r"\{\{\s*([A-Za-z_][\w.\[\]-]*)\s*\}\}|\{([A-Za-z_][\w.-]*)\}"
                   r"|\[([A-Z][\w ]{1,30})\]")
LONG = "a value far longer than the template's own placeholder text ever was"
Json = dict[str, Any]


def _cli(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", *args], capture_output=True,
                          text=True, timeout=timeout, check=False, cwd=ROOT)


def _doubled(paras: list[Json]) -> str:
    return "\n".join(f"{p['text']} {p['text']}".strip() for p in paras)


def content_for(inv: Json, mode: str, max_slides: int) -> Json | None:
    """The content.json of one deck, or None when it gives nothing to fill."""
    slides: list[Json] = []
    tokens: dict[str, str] = {}
    for s in inv.get("slides", [])[:max_slides]:
        fill: Json = {}
        for el in s.get("elements", []):
            src = el.get("source") or {}
            text = el.get("content") or ""
            if mode == "tokens" and el.get("table"):
                text = "\n".join(p["text"] for row in el["table"]["rows"] for c in row["cells"]
                                  for p in c.get("paragraphs", []))
            if el.get("type") in ("picture", "chart", "image") or not text.strip():
                continue
            if src.get("ph_type") in SKIP_PH or text.strip().isdigit():  # a slide number
                continue
            if mode == "tokens":
                for m in TOKEN.finditer(text):
                    tokens[next(g for g in m.groups() if g)] = LONG
                continue
            if el.get("table"):
                fill[el["eid"]] = [[_doubled(c.get("paragraphs", [])) for c in row["cells"]]
                                   for row in el["table"]["rows"]]
                continue
            fill[el["eid"]] = [{"text": f"{p['text']} {p['text']}".strip(),
                                "level": p.get("level", 0)} for p in el.get("paragraphs", [])]
        slides.append({"template_slide": s["index"], "fill": fill} if fill
                      else {"template_slide": s["index"]})
    if mode == "tokens":
        return {"tokens": tokens, "slides": slides} if tokens else None
    return {"slides": slides} if any("fill" in s for s in slides) else None


BY_KIND = {"title": "Quarterly results and the plan for the year ahead",
           "subtitle": "Prepared for the board by the strategy office, second quarter",
           "body": ["Revenue grew in every region, ahead of plan",
                    {"text": "Renewals of the three largest contracts", "level": 1},
                    "Margins held while the team grew by a fifth",
                    "Churn fell to its lowest level since reporting began"]}
"""What a new slide from a layout gets, by the kind of each key ``inventory --layouts``
lists (``body2``… and ``name:`` keys take the body's)."""


def layout_content(layouts: list[Json], max_slides: int) -> Json | None:
    """A new slide from each of the first ``max_slides`` layouts that offer keys."""
    slides: list[Json] = []
    for lay in layouts:
        keys = [k for k in lay.get("keys", []) if k.get("placeholder") not in SKIP_PH]
        fill = {k["key"]: BY_KIND.get(k["key"], BY_KIND["body"]) for k in keys
                if k.get("placeholder") not in ("pic", "tbl", "chart", "media", "clipArt")}
        if fill:
            slides.append({"layout": lay["layout"], "fill": fill})
    return {"slides": slides[:max_slides]} if slides else None


def run_deck(deck: Path, work: Path, mode: str, max_slides: int, n: int = 0) -> Json:
    folder = work / f"{n:03d}-{deck.name}"  # two decks may share a name
    folder.mkdir(parents=True, exist_ok=True)
    row: Json = {"deck": deck.name}
    inv = _cli("inventory", *(("--layouts",) if mode == "layouts" else ()), str(deck))
    if inv.returncode != 0:
        row.update(exit=inv.returncode, stage="inventory", error=inv.stderr.strip()[-400:])
        return row
    content = (layout_content(json.loads(inv.stdout), max_slides) if mode == "layouts"
               else content_for(json.loads(inv.stdout), mode, max_slides))
    if content is None:
        row.update(exit=None, stage="nothing to fill")
        return row
    (folder / "content.json").write_text(json.dumps(content, ensure_ascii=False, indent=1))
    out, report = folder / f"out{deck.suffix}", folder / "report.json"
    try:
        proc = _cli("fill", str(deck), str(folder / "content.json"), "-o", str(out),
                    "--report", str(report))
    except subprocess.TimeoutExpired:
        row.update(exit="timeout", stage="fill")
        return row
    (folder / "stderr.txt").write_text(proc.stderr)
    row.update(exit=proc.returncode, stage="fill")
    if proc.returncode not in (0, 1, 2) or "Traceback" in proc.stderr:
        row["error"] = proc.stderr[-3000:]
    elif proc.returncode == 2:
        row["error"] = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else ""
    if report.exists():
        rep = json.loads(report.read_text())
        row["slides"] = {str(s["index"]): s["quality"] for s in rep.get("slides", [])}
        row["qa_open"] = Counter(q["kind"] for s in rep.get("slides", [])
                                 for q in s.get("qa", []) if q.get("status") != "resolved")
        row["disagree"] = sum(1 for s in rep.get("slides", []) for w in s.get("warnings", [])
                              if "crosscheck" in json.dumps(w))
    return row


def _decks(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out += sorted(q for q in p.iterdir()
                          if q.suffix.lower() in (".pptx", ".potx", ".pptm", ".ppsx"))
        else:
            out.append(p)
    return out


def compare(rows: list[Json], before: list[Json]) -> list[str]:
    old = {r["deck"]: r for r in before}
    lines: list[str] = []
    for r in rows:
        o = old.get(r["deck"])
        if o is None:
            continue
        if o.get("exit") != r.get("exit"):
            lines.append(f"{r['deck']}: exit {o.get('exit')} -> {r.get('exit')}")
        for k, q in (r.get("slides") or {}).items():
            p = (o.get("slides") or {}).get(k)
            if p and p != q:
                word = "better" if RANK[q] < RANK[p] else "WORSE"
                lines.append(f"{r['deck']} slide {k}: {p} -> {q} ({word})")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--work", type=Path)
    ap.add_argument("-j", dest="jobs", type=int, default=2)
    ap.add_argument("--mode", choices=("doubled", "tokens", "layouts"), default="doubled")
    ap.add_argument("--slides", type=int, default=8)
    ap.add_argument("--json", dest="json_out", type=Path)
    ap.add_argument("--compare", type=Path)
    args = ap.parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="sweep-"))
    decks = _decks(args.paths)
    with ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(lambda nd: run_deck(nd[1], work, args.mode, args.slides, nd[0]),
                             enumerate(decks)))
    labels: Counter[str] = Counter()
    qa: Counter[str] = Counter()
    bugs = 0
    for r in rows:
        labels.update((r.get("slides") or {}).values())
        qa.update(r.get("qa_open") or {})
        bad = r.get("exit") not in (0, 1, 2, None) or "Traceback" in str(r.get("error", ""))
        bugs += bad
        if bad or r.get("exit") == 2:
            print(f"{r['deck']}: exit {r.get('exit')} ({r.get('stage')}): {r.get('error', '')}")
    exits = Counter(str(r.get("exit")) for r in rows)
    print(f"{len(rows)} decks, exits {dict(exits)}, slides {dict(labels)}, "
          f"open QA {dict(qa)}, crosscheck warnings {sum(r.get('disagree', 0) for r in rows)}, "
          f"bugs {bugs}; work in {work}")
    if args.compare:
        for line in compare(rows, json.loads(args.compare.read_text())):
            print(line)
    if args.json_out:
        args.json_out.write_text(json.dumps(rows, indent=1, default=dict))
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(main())
