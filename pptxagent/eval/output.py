"""What ``pptxagent eval`` writes in OUT: ``results.json``, ``summary.md``, ``junit.xml`` (a
test case per suite case and one per gate check, for CI) and ``review.html`` (each deck as
LibreOffice draws it, its defects, and accept / reject buttons that ``pptxagent eval-review``
saves to ``marks.json``)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from pptxagent.ooxml.zipsafe import write_atomic

MARKS = "marks.json"


def read_marks(out: Path) -> dict[str, Any]:
    """Case name → ``{"mark": "accept" | "reject", "deck": sha256}``; a mark made on
    another deck than the case's current one is dropped by the caller."""
    path = out / MARKS
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _pct(v: Any) -> str:
    return "–" if v is None else f"{100 * float(v):.1f} %"


def summary_md(results: dict[str, Any]) -> str:
    g = results["gate"]
    lines = [f"# Eval: {results['suite']} ({results['profile']})", "",
             f"**Gate: {'PASS' if g['passed'] else 'FAIL'}**", "",
             "| check | value | threshold | |", "|---|---|---|---|"]
    for c in g["checks"]:
        lines.append(f"| {c['name']} | {c['value']} | {c['threshold']} | "
                     f"{'pass' if c['passed'] else '**fail**'} |")
    lines += ["", "| mode | cases | accepted | acceptance | lies | fidelity | overflow | "
              "defects/deck | passes | citations | s/deck | CPU s/deck | human |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for mode, t in results["summary"].items():
        human = t["human"]
        lines.append(
            f"| {mode} | {t['cases']} | {t['accepted']} | {_pct(t['acceptance'])} | "
            f"{t['lies']} | {t['fidelity']} | {t['overflow_incidence']} | "
            f"{t['defects_per_deck']} | {t['correction_passes']} | "
            f"{_pct(t['citation_coverage'])} | {json.dumps(t['seconds'])} | "
            f"{json.dumps(t['cpu_seconds'])} | "
            f"{_pct(human['acceptance'])} of {human['marked']} |")
    lines += ["", "| case | mode | label | verdict | defects |", "|---|---|---|---|---|"]
    for r in results["cases"]:
        verdict = "LIE" if r["lie"] else "accepted" if r["accepted"] else "rejected"
        why = "; ".join(f"{d['check']}: slide {d['slide']} {d['shape'] or ''} {d['message']}"
                        for d in r["defects"][:3]) or (r.get("error") or "")
        lines.append(f"| {r['name']} | {r['mode']} | {r['label']} | {verdict} | "
                     f"{why.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def junit_xml(results: dict[str, Any]) -> str:
    cases = results["cases"]
    checks = results["gate"]["checks"]
    failures = sum(not r["accepted"] for r in cases) + sum(not c["passed"] for c in checks)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<testsuites name="pptxagent eval" tests="{len(cases) + len(checks)}" '
           f'failures="{failures}">',
           f'  <testsuite name={quoteattr(results["suite"])} tests="{len(cases)}" '
           f'failures="{sum(not r["accepted"] for r in cases)}">']
    for r in cases:
        out.append(f'    <testcase classname={quoteattr(r["mode"])} name={quoteattr(r["name"])}'
                   f' time="{r.get("seconds") or 0}">')
        if not r["accepted"]:
            kind = "lie" if r["lie"] else "rejected"
            text = "\n".join(f"{d['check']}: slide {d['slide']} {d['shape'] or ''}: "
                             f"{d['message']}" for d in r["defects"]) or r.get("error") or \
                f"label {r['label']}"
            out.append(f'      <failure type={quoteattr(kind)} message='
                       f'{quoteattr(text.splitlines()[0] if text else kind)}>'
                       f'{html.escape(text)}</failure>')
        out.append("    </testcase>")
    out.append("  </testsuite>")
    out.append(f'  <testsuite name="gate" tests="{len(checks)}" '
               f'failures="{sum(not c["passed"] for c in checks)}">')
    for c in checks:
        out.append(f'    <testcase classname="gate" name={quoteattr(c["name"])}>')
        if not c["passed"]:
            said = f"{c['value']} past {c['threshold']}"
            out.append(f"      <failure message={quoteattr(said)}/>")
        out.append("    </testcase>")
    out.append("  </testsuite>\n</testsuites>\n")
    return "\n".join(out)


_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Review: {title}</title><style>
body{{font:15px/1.4 system-ui,sans-serif;margin:0;padding:16px 24px;color:#1b1b1b}}
h1{{font-size:20px}} .case{{border-top:1px solid #ccc;padding:12px 0}}
.slides{{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:8px}}
.slides img{{width:100%;border:1px solid #ddd}} .lie{{color:#a30000;font-weight:bold}}
button{{font:inherit;padding:6px 14px;margin-right:8px;cursor:pointer}}
button[aria-pressed=true]{{background:#14365a;color:#fff}} #note{{color:#555}}
</style></head><body><h1>Review: {title}</h1>
<p id="note">Mark each deck. Served by <code>pptxagent eval-review OUT</code>, a click is
saved to <code>marks.json</code> beside the results and counted in the next report.</p>
<p>Human acceptance: <span id="rate">{rate}</span></p>
{cases}
<script>
async function mark(name, deck, value) {{
  const r = await fetch("marks", {{method: "POST", headers: {{"Content-Type":
    "application/json"}}, body: JSON.stringify({{name, deck, mark: value}})}});
  if (!r.ok) {{ document.getElementById("note").textContent = "not saved: " + r.status; return; }}
  const body = await r.json();
  document.getElementById("rate").textContent = body.rate;
  for (const b of document.querySelectorAll(`[data-case="${{name}}"] button`))
    b.setAttribute("aria-pressed", String(b.dataset.mark === value));
}}
for (const b of document.querySelectorAll("button[data-mark]"))
  b.addEventListener("click", () => mark(b.closest("[data-case]").dataset.case,
                                         b.closest("[data-case]").dataset.deck, b.dataset.mark));
</script></body></html>
"""


def rate_text(marks: dict[str, Any], decks: dict[str, str]) -> str:
    live = [m for n, m in marks.items() if decks.get(n) == m.get("deck")]
    if not live:
        return "no deck marked yet"
    ok = sum(m.get("mark") == "accept" for m in live)
    return f"{ok} of {len(live)} marked decks accepted ({100 * ok / len(live):.0f} %)"


def review_html(results: dict[str, Any], out: Path, marks: dict[str, Any]) -> str:
    decks = {r["name"]: r.get("deck_sha", "") for r in results["cases"]}
    parts: list[str] = []
    for r in results["cases"]:
        mark = (marks.get(r["name"]) or {})
        mine = mark.get("mark") if mark.get("deck") == decks[r["name"]] else None
        verdict = ('<span class="lie">LIE: labelled clean, text outside its box</span>'
                   if r["lie"] else "accepted by the judge" if r["accepted"]
                   else "rejected by the judge")
        defects = "".join(f"<li>{html.escape(d['check'])}: slide {d['slide']} "
                          f"{html.escape(str(d['shape'] or ''))} {html.escape(d['message'])}"
                          "</li>" for d in r["defects"])
        pics = "".join(f'<img src="{html.escape(p)}" alt="{html.escape(r["name"])} slide '
                       f'{i}" loading="lazy">' for i, p in enumerate(r.get("pictures", []), 1))
        buttons = "".join(
            f'<button type="button" data-mark="{m}" aria-pressed="{str(mine == m).lower()}">'
            f'{m.title()}</button>' for m in ("accept", "reject"))
        parts.append(
            f'<section class="case" data-case="{html.escape(r["name"])}" '
            f'data-deck="{html.escape(decks[r["name"]])}"><h2>{html.escape(r["name"])} '
            f'<small>({r["mode"]}, {r["label"]})</small></h2><p>{verdict}</p>'
            f'<ul>{defects}</ul><div class="slides">{pics}</div>'
            f'<p role="group" aria-label="Mark {html.escape(r["name"])}">{buttons}</p>'
            '</section>')
    return _PAGE.format(title=html.escape(results["suite"]),
                        rate=html.escape(rate_text(marks, decks)), cases="\n".join(parts))


def write_outputs(out: Path, results: dict[str, Any], marks: dict[str, Any]) -> None:
    write_atomic(out / "results.json",
                 (json.dumps(results, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    write_atomic(out / "summary.md", summary_md(results).encode("utf-8"))
    write_atomic(out / "junit.xml", junit_xml(results).encode("utf-8"))
    write_atomic(out / "review.html", review_html(results, out, marks).encode("utf-8"))


__all__ = ["MARKS", "rate_text", "read_marks", "review_html", "summary_md", "write_outputs"]
