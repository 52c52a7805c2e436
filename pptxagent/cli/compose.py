"""``pptxagent compose OUTLINE.json -o OUT.pptx [--theme NAME|PATH]``: a deck from an
outline and a theme pack, measured, repaired, checked, reported.

Exit 0 when every slide is success_*, 1 when the deck was written but some slide is
degraded, 2 on bad input (a message naming the file and JSON path; nothing written).
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from pptxagent.cli.common import handle_errors, policy_options
from pptxagent.cli.fill import check_report_path, progress, run_and_report
from pptxagent.pipeline.compose import ComposeOptions, compose_deck
from pptxagent.pipeline.policies import Policy, fit_policy
from pptxagent.pipeline.report import FillReport
from pptxagent.settings import Settings

_err = Console(stderr=True, highlight=False, soft_wrap=True)
_STYLE = {"success_clean": "green", "success_with_warnings": "yellow", "degraded": "red"}


def _print_summary(report: FillReport) -> None:
    for s in report.slides:
        part = f" part {s.part[0]}/{s.part[1]}" if s.part and s.part[1] > 1 else ""
        live = [i for i in s.qa if i.get("status") in ("open", "unresolved")]
        issues = f", {len(live)} QA issue(s)" if live else ""
        _err.print(f"slide {s.index} ({s.kind} → {s.component}{part}): "
                   f"[{_STYLE[s.quality]}]{s.quality}[/]{issues}", markup=True)
        for i in live:
            _err.print(f"  {i.get('shape') or i.get('eid')}: {i.get('kind')} "
                       f"({i.get('severity')}): {i.get('message')}", markup=False)
        for n in s.notes:
            _err.print(f"  {n}", markup=False)


@click.command("compose")
@click.argument("outline", metavar="OUTLINE.json", type=click.Path(path_type=Path))
@click.option("-o", "--out", required=True, type=click.Path(path_type=Path),
              help="Where to write the composed deck.")
@click.option("--theme", help="Theme pack: a bundled name (pptxagent themes list) or a .json "
                              "file. Default: the outline's theme, else 'default'.")
@click.option("--report", "report_path", type=click.Path(path_type=Path),
              help="Write REPORT.json here.")
@click.option("--rollout-dir", type=click.Path(path_type=Path),
              help="Keep every slide's refinement rollout under this directory.")
@click.option("--no-crosscheck", is_flag=True, help="Skip the LibreOffice cross-check.")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE",
              help="Override a spec constant (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the report to stdout.")
@handle_errors
@policy_options
def command(outline: Path, out: Path, theme: str | None, report_path: Path | None,
            rollout_dir: Path | None, no_crosscheck: bool, sets: tuple[str, ...],
            as_json: bool, policy: Policy) -> None:
    """Compose OUTLINE.json in a theme pack, repair what does not fit, write OUT.pptx."""
    overrides = Settings.parse_pairs(sets)
    Settings().with_overrides(overrides)
    if report_path is not None:
        check_report_path(report_path, out, outline, outline)
    run_and_report(lambda: compose_deck(ComposeOptions(
        outline=outline, out=out, theme=theme, report=report_path, rollout_dir=rollout_dir,
        policy=fit_policy(policy), crosscheck=not no_crosscheck,
        settings_overrides=dict(overrides), progress=progress)),
        out, report_path, as_json, _print_summary)
