"""The operator's report of a batch: ``summary.csv`` and ``summary.json`` (a row per record:
number, file, label, seconds, open QA issues, error) and ``review.html``, one self-contained
page of only the decks that need a person (degraded, failed, open QA issues) with their
slides' thumbnails and QA issues, drawn by the slide component the service UI and
``pptxagent qa``'s ``contact-sheet.html`` draw slides with (``qa.page``: its JavaScript inlined,
the pictures and each slide's issues as data). Every file is written atomically."""

from __future__ import annotations

import csv
import html
import io
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pptxagent.pipeline.output import write_text
from pptxagent.qa.page import issue_data, png_data_url, slides_page

COLUMNS = ("number", "where", "file", "label", "seconds", "issues", "error")
LABELS = ("success_clean", "success_with_warnings", "degraded", "failed")
PRIVATE = ("thumbnails", "qa", "slide_px")
"""What a row carries for the review page only (not in ``summary.json`` nor ``--json``)."""


def needs_review(row: dict[str, Any]) -> bool:
    return row.get("label") in ("degraded", "failed") or bool(row.get("issues"))


def public(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in PRIVATE}


def counts(rows: Sequence[dict[str, Any]]) -> dict[str, int]:
    c = Counter(str(r.get("label")) for r in rows)
    return {k: c.get(k, 0) for k in LABELS}


def write_summary(outdir: Path, rows: Sequence[dict[str, Any]], meta: dict[str, Any]) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for r in rows:
        w.writerow(["" if r.get(k) is None else r.get(k) for k in COLUMNS])
    write_text(outdir / "summary.csv", buf.getvalue())
    doc = {**meta, "counts": counts(rows), "records": [public(r) for r in rows]}
    write_text(outdir / "summary.json", json.dumps(doc, indent=1, ensure_ascii=False) + "\n")


_CSS = """
.label{padding:1px 7px;border-radius:9px;color:#fff}
.degraded,.failed{background:#c62828} .success_with_warnings{background:#ef8c00}
.success_clean{background:#2e7d32} .err{color:#b71c1c;white-space:pre-wrap}
.counts span{margin-right:14px}
"""


def _deck(r: dict[str, Any]) -> dict[str, Any]:
    """A deck for the slide component: its slides with their pictures (the worker's
    thumbnails, as ``data:`` URLs; a corrected slide's also from before its QA correction
    pass) and every QA issue (each slide's, whatever its status; a
    row from before ``qa`` was kept: its open issues)."""
    first = int((r.get("slide_range") or [1])[0])
    pictures = {first + k: png_data_url(t) for k, t in enumerate(r.get("thumbnails") or [])}
    slides = {int(s["index"]): {"index": int(s["index"]), "quality": s.get("quality")}
              for s in r.get("slides") or [] if s.get("index") is not None}
    for n in pictures:
        slides.setdefault(n, {"index": n, "quality": None})
    issues = (r["qa"] if r.get("qa") is not None
              else [{**i, "status": "open"} for i in r.get("open_issues") or []])
    before = {int(n): png_data_url(p) for n, p in (r.get("before") or {}).items()}
    return {"target": f"deck-{r.get('number')}", "slide_px": r.get("slide_px") or {},
            "slides": [{**slides[n], "picture": pictures.get(n), "before": before.get(n)}
                       for n in sorted(slides)],
            "issues": [issue_data(i) for i in issues]}


def review_html(rows: Sequence[dict[str, Any]], meta: dict[str, Any]) -> str:
    todo = [r for r in rows if needs_review(r)]
    e = html.escape
    c = counts(rows)
    template = e(str(meta.get("template", "")))
    parts = [f"<h1>{len(todo)} of {len(rows)} decks need a look</h1>",
             f"<p>Template <b>{template}</b>, data "
             f"<b>{e(str(meta.get('data', '')))}</b>.</p><p class=counts>"
             + "".join(f"<span>{e(k)}: <b>{v}</b></span>" for k, v in c.items()) + "</p>"]
    if not todo:
        parts.append("<p>Every deck is clean or has warnings only, with no open QA issue.</p>")
    decks: list[dict[str, Any]] = []
    for r in todo:
        label = str(r.get("label"))
        parts.append(f"<section class=deck><h2>Record {e(str(r.get('number')))} "
                     f"<small>({e(str(r.get('where', '')))})</small> — "
                     f"{e(str(r.get('file') or ''))} <span class='label {e(label)}'>"
                     f"{e(label)}</span></h2>")
        if r.get("error"):
            parts.append(f"<div class=err>{e(str(r['error']))}</div>")
        if r.get("issues"):
            parts.append(f"<p>{e(str(r['issues']))} open QA issue(s).</p>")
        bad = [s for s in r.get("slides") or [] if s.get("quality") == "degraded"]
        if bad:
            unfit = r.get("unfit") or []
            parts.append("<p>Degraded slides: " + ", ".join(str(s["index"]) for s in bad)
                         + ("; text that still does not fit: " + ", ".join(
                             f"{e(str(u.get('shape')))} (slide {e(str(u.get('slide')))})"
                             for u in unfit) if unfit else "") + "</p>")
        deck = _deck(r)
        if deck["slides"]:
            decks.append(deck)
            parts.append(f"<div class=slides id='{e(deck['target'])}'></div>")
        parts.append("</section>")
    return slides_page(f"Batch review: {meta.get('template', '')}", "".join(parts), decks, _CSS)


def write_review(outdir: Path, rows: Sequence[dict[str, Any]], meta: dict[str, Any]) -> None:
    write_text(outdir / "review.html", review_html(rows, meta))


__all__ = ["COLUMNS", "LABELS", "PRIVATE", "counts", "needs_review", "public", "review_html",
           "write_review", "write_summary"]
