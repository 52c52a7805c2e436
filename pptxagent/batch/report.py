"""The operator's report of a batch: ``summary.csv`` and ``summary.json`` (a row per record:
number, file, label, seconds, open QA issues, error) and ``review.html``, one self-contained
page of only the decks that need a person (degraded, failed, open QA issues) with their
slides' thumbnails, each issue outlined. Every file is written atomically."""

from __future__ import annotations

import base64
import csv
import html
import io
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pptxagent.pipeline.output import write_text

COLUMNS = ("number", "where", "file", "label", "seconds", "issues", "error")
LABELS = ("success_clean", "success_with_warnings", "degraded", "failed")


def needs_review(row: dict[str, Any]) -> bool:
    return row.get("label") in ("degraded", "failed") or bool(row.get("issues"))


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
    public = [{k: v for k, v in r.items() if k != "thumbnails"} for r in rows]
    doc = {**meta, "counts": counts(rows), "records": public}
    write_text(outdir / "summary.json", json.dumps(doc, indent=1, ensure_ascii=False) + "\n")


_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1400px}
h1{font-size:20px} .deck{border:1px solid #ddd;border-radius:6px;padding:12px;margin:14px 0}
.deck h2{font-size:16px;margin:0 0 6px} .label{padding:1px 7px;border-radius:9px;color:#fff}
.degraded,.failed{background:#c62828} .success_with_warnings{background:#ef8c00}
.success_clean{background:#2e7d32} .err{color:#b71c1c;white-space:pre-wrap}
.thumbs{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px} .thumbs figure{margin:0}
.thumbs img{width:300px;border:1px solid #ccc} figcaption{font-size:12px;color:#666}
ul{margin:6px 0;padding-left:20px} .counts span{margin-right:14px}
"""


def _img(path: str) -> str:
    p = Path(path)
    if not p.is_file():
        return ""
    data = base64.b64encode(p.read_bytes()).decode()
    return f'<img alt="" src="data:image/png;base64,{data}">'


def review_html(rows: Sequence[dict[str, Any]], meta: dict[str, Any]) -> str:
    todo = [r for r in rows if needs_review(r)]
    e = html.escape
    c = counts(rows)
    parts = [f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>Batch review: "
             f"{e(str(meta.get('template', '')))}</title><style>{_CSS}</style></head><body>",
             f"<h1>{len(todo)} of {len(rows)} decks need a look</h1>",
             f"<p>Template <b>{e(str(meta.get('template', '')))}</b>, data "
             f"<b>{e(str(meta.get('data', '')))}</b>.</p><p class=counts>"
             + "".join(f"<span>{e(k)}: <b>{v}</b></span>" for k, v in c.items()) + "</p>"]
    if not todo:
        parts.append("<p>Every deck is clean or has warnings only, with no open QA issue.</p>")
    for r in todo:
        label = str(r.get("label"))
        parts.append(f"<section class=deck><h2>Record {e(str(r.get('number')))} "
                     f"<small>({e(str(r.get('where', '')))})</small> — "
                     f"{e(str(r.get('file') or ''))} <span class='label {e(label)}'>"
                     f"{e(label)}</span></h2>")
        if r.get("error"):
            parts.append(f"<div class=err>{e(str(r['error']))}</div>")
        issues = r.get("open_issues") or []
        if issues:
            parts.append("<ul>" + "".join(
                f"<li>slide {e(str(i.get('slide')))}: <b>{e(str(i.get('severity')))}</b> "
                f"{e(str(i.get('kind')))} — {e(str(i.get('shape') or ''))}: "
                f"{e(str(i.get('message')))}</li>" for i in issues) + "</ul>")
        bad = [s for s in r.get("slides") or [] if s.get("quality") == "degraded"]
        if bad:
            unfit = r.get("unfit") or []
            parts.append("<p>Degraded slides: " + ", ".join(str(s["index"]) for s in bad)
                         + ("; text that still does not fit: " + ", ".join(
                             f"{e(str(u.get('shape')))} (slide {e(str(u.get('slide')))})"
                             for u in unfit) if unfit else "") + "</p>")
        thumbs = r.get("thumbnails") or []
        if thumbs:
            parts.append("<div class=thumbs>" + "".join(
                f"<figure>{_img(t)}<figcaption>slide {n}</figcaption></figure>"
                for n, t in enumerate(thumbs, 1)) + "</div>")
        parts.append("</section>")
    parts.append("</body></html>\n")
    return "".join(parts)


def write_review(outdir: Path, rows: Sequence[dict[str, Any]], meta: dict[str, Any]) -> None:
    write_text(outdir / "review.html", review_html(rows, meta))


__all__ = ["COLUMNS", "LABELS", "counts", "needs_review", "review_html", "write_review",
           "write_summary"]
