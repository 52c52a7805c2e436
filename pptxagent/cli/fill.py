"""``pptxagent fill TEMPLATE.pptx CONTENT.json -o OUT.pptx``: fill, measure, repair, report.

Exit 0 when every slide is success_*, 1 when the deck was written but some slide is
degraded, 2 on bad input (a message naming the file, slide, key or JSON path; nothing
written).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.markup import escape

from pptxagent.cli.common import handle_errors, policy_options
from pptxagent.errors import InputError
from pptxagent.pipeline import FillOptions, FillReport, fill_deck
from pptxagent.pipeline.fill import FROM_LAYOUT as _FROM_LAYOUT
from pptxagent.pipeline.output import to_json, write_text
from pptxagent.pipeline.policies import Policy, fit_policy
from pptxagent.settings import Settings

_err = Console(stderr=True, highlight=False, soft_wrap=True)
_MAX_LISTED = 20
_STYLE = {"success_clean": "green", "success_with_warnings": "yellow", "degraded": "red"}


def write_report(report: FillReport, path: Path) -> None:
    write_text(path, to_json(report) + "\n")


def check_report_path(report: Path, out: Path, template: Path, content: Path) -> None:
    """Refuse a --report that cannot be written or would overwrite an input or the deck."""
    if not report.parent.is_dir():
        raise InputError(f"--report {report}: the folder {report.parent} does not exist")
    if report.is_dir():
        raise InputError(f"--report {report}: is a directory; give the path of a .json file")
    for other, what in ((out, "the output deck (-o)"), (template, "the template"),
                        (content, "the content file")):
        if report.resolve() == other.resolve():
            raise InputError(f"--report {report}: is {what}; choose another path")


def _print_summary(report: FillReport) -> None:
    for s in report.slides:
        style = _STYLE[s.quality]
        what = (f"{len(s.filled)} shape(s) filled, "
                + (f"{len(s.changes)} change(s)" if s.changes else "nothing repaired"))
        cc = s.crosscheck or {}
        em = f" or {cc['threshold_em']:g} em" if cc.get("threshold_em") else ""
        agree = (f", LibreOffice agrees within {cc['threshold_px']:g} px{em} on "
                 f"{cc['within_threshold_share']:.0%}" if cc.get("compared") else "")
        if cc.get("unavailable"):
            agree = (", not cross-checked" + (" again after the LibreOffice pass"
                                              if cc.get("passes") == 2 else "")
                     + " (LibreOffice could not draw the deck)")
        source = next((f"layout {n[len(_FROM_LAYOUT):]}" for n in s.notes
                       if n.startswith(_FROM_LAYOUT)), f"template {s.template_slide}")
        _err.print(f"slide {s.index} ({escape(source)}): [{style}]{s.quality}[/] "
                   f"{what}{agree}", markup=True)
        for ch in s.changes[:_MAX_LISTED]:
            _err.print(f"  {ch.get('shape') or ch.get('eid')}: {ch.get('text')}", markup=False)
        if len(s.changes) > _MAX_LISTED:
            _err.print(f"  … and {len(s.changes) - _MAX_LISTED} more change(s) "
                       f"(--report FILE lists every one)", markup=False)
        for w in s.warnings:
            if w.get("type") == "missing_glyphs":
                d = w["details"]
                _err.print(f"  {d.get('shape') or w.get('eid')}: no font here draws "
                           f"{d['characters']!r}: measured as boxes", markup=False)
    if report.unresolved_tokens:
        _err.print(f"[yellow]{len(report.unresolved_tokens)} unresolved token(s), left as "
                   "written:[/]", markup=True)
        for u in report.unresolved_tokens[:_MAX_LISTED]:
            _err.print(f"  {_where(u)}: {u.get('token') or u['name']} ({u.get('reason')})",
                       markup=False)
        if len(report.unresolved_tokens) > _MAX_LISTED:
            _err.print(f"  … and {len(report.unresolved_tokens) - _MAX_LISTED} more "
                       "(unresolved_tokens in the report)", markup=False)


def _where(u: dict[str, Any]) -> str:
    where = u.get("where") or "slide"
    out = f"slide {u['slide']}" + (f" {where}" if where != "slide" else "")
    if u.get("shape") or u.get("eid"):
        out += f", {u.get('shape') or u.get('eid')!r}"
    if u.get("cell"):
        out += f" row {u['cell'][0]} column {u['cell'][1]}"
    return out


@click.command("fill")
@click.argument("template", metavar="TEMPLATE.pptx", type=click.Path(path_type=Path))
@click.argument("content", metavar="CONTENT.json", type=click.Path(path_type=Path))
@click.option("-o", "--out", required=True, type=click.Path(path_type=Path),
              help="Where to write the filled deck.")
@click.option("--report", "report_path", type=click.Path(path_type=Path),
              help="Write REPORT.json here.")
@click.option("--rollout-dir", type=click.Path(path_type=Path),
              help="Keep every slide's refinement rollout under this directory.")
@click.option("--no-crosscheck", is_flag=True, help="Skip the LibreOffice cross-check.")
@click.option("--strict", is_flag=True,
              help="Unresolved {{tokens}}, {% statements %} and {# comments #} are an error "
                   "(exit 2) naming slide, shape and token.")
@click.option("--no-repair", is_flag=True,
              help="Fill only (no refinement): what a fill-and-hope tool would produce.")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE",
              help="Override a spec constant (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the report to stdout.")
@handle_errors
@policy_options
def command(
    template: Path,
    content: Path,
    out: Path,
    report_path: Path | None,
    rollout_dir: Path | None,
    no_crosscheck: bool,
    strict: bool,
    no_repair: bool,
    sets: tuple[str, ...],
    as_json: bool,
    policy: Policy,
) -> None:
    """Fill TEMPLATE.pptx with CONTENT.json, repair what does not fit, write OUT.pptx."""
    overrides = Settings.parse_pairs(sets)
    Settings().with_overrides(overrides)  # unknown names fail here, before any work
    if report_path is not None:
        check_report_path(report_path, out, template, content)
    run_and_report(lambda: fill_deck(FillOptions(
        template=template, content=content, out=out, report=report_path,
        rollout_dir=rollout_dir, policy=fit_policy(policy), crosscheck=not no_crosscheck,
        strict=strict, repair=not no_repair, settings_overrides=dict(overrides),
        progress=progress,
    )), out, report_path, as_json, _print_summary)


def progress(msg: str) -> None:
    _err.print(msg, markup=False)


def run_and_report(run: Callable[[], FillReport], out: Path, report_path: Path | None,
                   as_json: bool, summary: Callable[[FillReport], None]) -> NoReturn:
    """Run a job that writes ``out``; on any failure remove an ``out`` it created (nothing
    half-written); write the report, print the summary, exit 0, or 1 when degraded."""
    existed = out.exists()
    try:
        report = run()
    except BaseException:
        if not existed:
            out.unlink(missing_ok=True)
        raise
    if report_path is not None:
        write_report(report, report_path)
    summary(report)
    _err.print(f"wrote {out}" + (f" and {report_path}" if report_path else ""))
    if as_json:
        click.echo(to_json(report))
    sys.exit(1 if report.degraded else 0)
