"""``pptxagent eval SUITE_DIR -o OUT``: the golden-set evaluator and release gate, and
``pptxagent eval-review OUT``: the page where a person marks each deck.

Exit 0: the gate passes; 1: it fails (a case below the acceptance threshold, a lie, a
regression past the budget); 2: the suite, a file it names or an option is bad (nothing run).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from pptxagent.cli.common import err_console, handle_errors
from pptxagent.eval.main import eval_suite
from pptxagent.eval.review import serve_review
from pptxagent.eval.run import EvalOptions


@click.command("eval")
@click.argument("suite_dir", type=click.Path(path_type=Path))
@click.option("-o", "--out", type=click.Path(path_type=Path), default=Path("eval-out"),
              show_default=True, help="Where the decks, results.json, summary.md, "
              "junit.xml and review.html go.")
@click.option("--profile", type=click.Choice(["fast", "balanced", "high_fidelity"]),
              default=None, help="Every case's profile (default: the suite's, balanced).")
@click.option("--baseline", type=click.Path(path_type=Path), default=None,
              help="An earlier results.json: latency and CPU regressions are gated.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Worker processes (warm Chromium and LibreOffice each).")
@click.option("--timeout", "timeout_s", type=click.FloatRange(1, 3600), default=300.0,
              show_default=True, help="Seconds a case may take.")
@click.option("--json", "as_json", is_flag=True, help="Print results.json's summary and gate.")
@handle_errors
def command(suite_dir: Path, out: Path, profile: str | None, baseline: Path | None,
            jobs: int, timeout_s: float, as_json: bool) -> None:
    """Run the golden suite in SUITE_DIR (suite.json: pptxagent schema suite), judge each deck
    as LibreOffice draws it, and gate the release."""
    results = eval_suite(EvalOptions(suite_dir=suite_dir, out=out, profile=profile,  # type: ignore[arg-type]
                                     baseline=baseline, jobs=jobs, timeout_s=timeout_s),
                         say=None if as_json else err_console.print)
    gate = results["gate"]
    if as_json:
        click.echo(json.dumps({"summary": results["summary"], "gate": gate}, indent=2))
    else:
        for c in gate["checks"]:
            click.echo(f"{'pass' if c['passed'] else 'FAIL'}  {c['name']}: {c['value']} "
                       f"(threshold {c['threshold']})")
        click.echo(f"gate {'passed' if gate['passed'] else 'FAILED'}; wrote {out}/results.json,"
                   f" summary.md, junit.xml, review.html")
    if not gate["passed"]:
        raise SystemExit(1)


@click.command("eval-review")
@click.argument("out", type=click.Path(path_type=Path))
@click.option("--port", type=click.IntRange(0, 65535), default=0,
              help="Port on 127.0.0.1 (default: a free one).")
@handle_errors
def review_command(out: Path, port: int) -> None:
    """Serve OUT/review.html: each accept / reject click is saved to OUT/marks.json and
    counted in results.json and summary.md. Ctrl-C stops."""
    serve_review(out, port, ready=lambda url: click.echo(f"review at {url}", err=False))
