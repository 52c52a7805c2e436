"""Judge composed decks the way the held-out check of issue 7 does.

``compose(...)`` runs ``pptxagent compose`` as a subprocess; ``judge_deck(...)`` gives a
``Verdict``: for every slide of the deck, the checks it fails —

* ``run``: the CLI exited 0/1 and wrote the deck (else every outline slide fails);
* ``fit`` / ``overlap`` / ``contrast``: as LibreOffice draws the deck with autofit
  stripped (``lo.py``);
* ``strings`` / ``chart`` / ``colour`` / ``title``: on the package (``xmlchecks.py``);
* ``picture``: each outline image a picture of the same pixel size on its slides, no picture
  stretched (``pictures.py``; issue 7 §5, beyond the must-show list);
* ``audit``: openxml-audit findings, on the slide owning the part (deck parts: all slides);
* ``repeat``: the slide's XML (or its charts' XML) differs byte for byte from a second
  run's.

``judge_bad(...)``: a bad outline exits 2 with one line on stderr naming the JSON path, no
traceback, no output file.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.compose_eval import drawn, lo, pictures, xmlchecks
from bench.compose_eval.deck import Deck
from bench.compose_eval.outlines import BadOutline
from bench.heldout.judge import refused_plainly

CHECKS = ("run", "fit", "overlap", "contrast", "strings", "chart", "picture", "colour",
          "title", "audit", "repeat")
Failures = dict[int, list[str]]


@dataclass
class Verdict:
    outline: str
    theme: str
    slides: int = 0
    failures: dict[str, Failures] = field(default_factory=dict)
    exit: int | None = None
    seconds: float = 0.0
    contrast_judged: int = 0
    contrast_unjudged: int = 0
    broken_words: Failures = field(default_factory=dict)
    """Not a check (no must-show rule): words and figures LibreOffice broke across lines."""

    def add(self, check: str, found: Failures) -> None:
        for n, why in found.items():
            self.failures.setdefault(check, {}).setdefault(n, []).extend(why)

    def failing(self) -> set[int]:
        return {n for by_slide in self.failures.values() for n in by_slide}

    def passing(self) -> int:
        return self.slides - len(self.failing() & set(range(1, self.slides + 1)))

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["passing"] = self.passing()
        return data


def compose(outline: Path, out: Path, theme: str, tree: Path, report: Path | None = None,
            module: str = "pptxagent.cli") -> tuple[subprocess.CompletedProcess[str], float]:
    """Run the CLI of the tree under test (``PYTHONPATH=tree``) as a user would."""
    out.parent.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", module, "compose", str(outline), "-o", str(out),
           "--theme", theme]
    if report is not None:
        cmd += ["--report", str(report)]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False,
                          cwd=tree, env=env)
    (out.parent / "stderr.txt").write_text(proc.stderr)
    return proc, time.perf_counter() - t0


def judge_bad(bad: BadOutline, proc: subprocess.CompletedProcess[str], out: Path) -> list[str]:
    why = refused_plainly(proc, out)
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    if len(lines) != 1:
        why.append(f"{len(lines)} lines on stderr, want 1")
    need = bad.json_path or bad.path.name
    if need not in proc.stderr:
        why.append(f"message does not name {need!r}: {proc.stderr.strip()[:160]!r}")
    return why


def check_audit(deck: Deck) -> Failures:
    from pptxagent.ooxml.audit import schema_findings

    out: Failures = {}
    everywhere = [s.number for s in deck.slides]
    for f in schema_findings(deck.path):
        part = f.part.lstrip("/")
        for n in deck.slides_of_part(part) or everywhere:
            out.setdefault(n, []).append(str(f)[:240])
    return out


def check_repeat(first: Deck, second: Path | None) -> Failures:
    if second is None or not second.exists():
        return {s.number: ["no second run to compare"] for s in first.slides}
    with Deck(second) as other:
        if len(other.slides) != len(first.slides):
            return {s.number: [f"second run made {len(other.slides)} slides"]
                    for s in first.slides}
        out: Failures = {}
        for a, b in zip(first.slides, other.slides, strict=True):
            mine, theirs = [a.part, *a.charts], [b.part, *b.charts]
            differ = [p for p, o in zip(mine, theirs, strict=False)
                      if p != o or first.read(p) != other.read(o)]
            if differ or len(mine) != len(theirs):
                out[a.number] = [f"{', '.join(differ) or 'charts'} differ from the second run"]
        return out


def judge_deck(verdict: Verdict, outline: dict[str, Any], deck_path: Path,
               rendered: lo.Rendered | None, second: Path | None, audit: bool = True,
               report: dict[str, Any] | None = None, base_dir: Path | None = None) -> None:
    """Fill ``verdict`` for a deck the CLI wrote (``report``: its report, which says which
    outline slide each deck slide came from)."""
    with Deck(deck_path) as deck:
        verdict.slides = len(deck.slides)
        owners = xmlchecks.report_owners(report)
        verdict.add("strings", xmlchecks.check_strings(deck, outline, owners))
        verdict.add("chart", xmlchecks.check_charts(deck, outline))
        if base_dir is not None:
            verdict.add("picture", pictures.check_pictures(deck, outline, base_dir, owners))
        verdict.add("colour", xmlchecks.check_colours(deck))
        verdict.add("title", xmlchecks.check_titles(deck))
        if audit:
            verdict.add("audit", check_audit(deck))
        if second is not None:  # None: --no-repeat (a missing second deck is a failure)
            verdict.add("repeat", check_repeat(deck, second))
        if rendered is None:
            return
        if rendered.error or rendered.plain_pdf is None:
            verdict.add("fit", {s.number: [rendered.error or "not drawn"] for s in deck.slides})
            return
        fit, overlap = drawn.check_fit(deck, rendered.lines)
        verdict.add("fit", fit)
        verdict.add("overlap", overlap)
        contrast, judged, unjudged = drawn.check_contrast(rendered.plain_pdf, rendered.lines)
        verdict.add("contrast", contrast)
        verdict.contrast_judged, verdict.contrast_unjudged = judged, unjudged
        texts = [t for spec in outline["slides"] for _, t in xmlchecks.slide_strings(spec)]
        verdict.broken_words = drawn.broken_words(rendered.lines, texts)


def run_failed(verdict: Verdict, outline: dict[str, Any],
               proc: subprocess.CompletedProcess[str], out: Path) -> bool:
    """Record a CLI failure (every outline slide fails ``run``); True if it failed."""
    verdict.exit = proc.returncode
    if proc.returncode in (0, 1) and out.exists():
        return False
    tail = (proc.stderr.strip().splitlines() or [""])[-1][:200]
    verdict.slides = len(outline["slides"])
    verdict.add("run", {n: [f"exit {proc.returncode}: {tail}"]
                        for n in range(1, verdict.slides + 1)})
    return True
