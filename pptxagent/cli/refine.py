"""``pptxagent refine IR.json --rollout-dir DIR``: run the refinement loop on one slide.

Everything is validated before the rollout directory is created: bad JSON, a schema fault
(reported with its JSON path), duplicate eids, an unknown ``--set`` constant or an LLM policy
without its endpoint all exit 2 and write nothing. The rollout directory may exist if it
holds only files of a previous rollout (they are removed first); anything else in it is
refused with exit 2. Exit 0 for ``success_clean`` / ``success_with_warnings``, 1 for
``degraded``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console

from pptxagent.cli.common import handle_errors, policy_options
from pptxagent.pipeline.output import to_json
from pptxagent.pipeline.policies import Policy
from pptxagent.pipeline.refine import (
    TraceLine,
    build_settings,
    load_slide,
    prepare_rollout_dir,
    refine_slide_file,
)

__all__ = ["build_settings", "command", "load_slide"]

_err = Console(stderr=True, highlight=False, soft_wrap=True)
_QUALITY_STYLE = {"success_clean": "green", "success_with_warnings": "yellow", "degraded": "red"}


def _print_line(line: TraceLine) -> None:
    types = ", ".join(line.defect_types) or "-"
    extra = ""
    if line.overrides:
        extra += f"  overrides {len(line.overrides)}"
    if line.taboo_refused:
        extra += f"  taboo refused {len(line.taboo_refused)}"
    if line.fallbacks:
        extra += "  fallbacks " + ", ".join(f"{f['fallback']} {f['eid']}" for f in line.fallbacks)
    _err.print(
        f"iter {line.iter}: defects {line.defect_count} ({types})  "
        f"severity {line.total_severity:g}  warnings {line.warning_count}{extra}  "
        f"→ [bold]{line.action}[/]",
        markup=True,
    )
    for note in line.notes:
        _err.print(f"  note: {note}", style="dim", markup=False)


@click.command("refine")
@click.argument("ir_path", metavar="IR.json", type=click.Path(path_type=Path, dir_okay=True))
@click.option(
    "--rollout-dir",
    required=True,
    type=click.Path(path_type=Path),
    help="Directory for ir_k/out_k/render_k/dom_k/diag_k/patch_k, trace.jsonl, result.json "
    "(new, empty, or holding only a previous rollout, which is removed).",
)
@click.option("--max-iter", type=click.IntRange(min=0), help="MAX_ITER (default 3).")
@click.option("--allow-hide", is_flag=True, help="Let the hard fallback hide an element.")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE",
              help="Override a spec constant, e.g. --set HIGH_PRIO_MOVE_PX=64 (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print result.json to stdout.")
@handle_errors
@policy_options
def command(
    ir_path: Path,
    rollout_dir: Path,
    max_iter: int | None,
    allow_hide: bool,
    sets: tuple[str, ...],
    as_json: bool,
    policy: Policy,
) -> None:
    """Measure, diagnose and patch one slide IR until it is clean (spec §7–8)."""
    ir, raw = load_slide(ir_path)
    settings = build_settings(ir, max_iter, allow_hide, sets)
    stale = prepare_rollout_dir(rollout_dir, keep=[ir_path])
    if stale:
        _err.print(f"removed {len(stale)} file(s) of a previous rollout from {rollout_dir}")
    _err.print(f"refine {ir_path} ({len(ir.elements)} elements, policy {policy.name})")
    r = refine_slide_file(ir_path, ir, raw, settings=settings, policy=policy,
                          rollout_dir=rollout_dir, progress=_print_line)
    colour = _QUALITY_STYLE[r.quality]
    _err.print(
        f"[{colour}]{r.quality}[/] after {r.iterations_to_converge} patch(es); "
        f"final ir_{r.final_iter}.json in {rollout_dir}",
        markup=True,
    )
    if as_json:
        click.echo(to_json(r))
    sys.exit(0 if r.quality != "degraded" else 1)
