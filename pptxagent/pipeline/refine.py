"""``pptxagent refine``: one slide IR through the refinement loop, validated before anything
is written (bad JSON, a schema fault with its JSON path, duplicate eids, a bad ``--set``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pptxagent.errors import IRValidationError
from pptxagent.ir import RolloutResult, SlideIR, TraceLine, dump, read_json, validate
from pptxagent.ir.qa import LIVE_STATUSES
from pptxagent.loop.driver import refine
from pptxagent.loop.rollout import RolloutWriter
from pptxagent.loop.rolloutdir import prepare_rollout_dir
from pptxagent.measure import Measurer
from pptxagent.measure.pixels import capture_slides
from pptxagent.policy.base import Policy
from pptxagent.qa import check_slides
from pptxagent.settings import Settings

__all__ = ["RolloutResult", "SlideIR", "TraceLine", "build_settings", "load_slide",
           "prepare_rollout_dir", "refine_slide_file"]


def load_slide(path: Path) -> tuple[SlideIR, Any]:
    """The slide IR in ``path`` and its raw JSON; eids must be unique."""
    data = read_json(path)
    ir = validate(SlideIR, data, source=str(path))
    seen: set[str] = set()
    for i, el in enumerate(ir.elements):
        if el.eid in seen:
            json_path = f"$.elements[{i}].eid"
            raise IRValidationError(
                f"{path}: {json_path}: duplicate eid {el.eid!r} (eids must be unique)", json_path
            )
        seen.add(el.eid)
    return ir, data


def build_settings(
    ir: SlideIR, max_iter: int | None, allow_hide: bool, sets: tuple[str, ...]
) -> Settings:
    """Slide size from the IR, then the flags, then ``--set`` (which wins). Overflow is the
    spec's literal rule (§4) unless ``--set CONTENT_EDGE_OVERFLOW=true``."""
    pairs: dict[str, Any] = {"SLIDE_W": ir.slide.w, "SLIDE_H": ir.slide.h}
    if max_iter is not None:
        pairs["MAX_ITER"] = max_iter
    if allow_hide:
        pairs["ALLOW_HIDE"] = True
    pairs.update(Settings.parse_pairs(sets))
    return Settings().with_overrides(pairs)


def refine_slide_file(
    ir_path: Path,
    ir: SlideIR,
    raw: Any,
    *,
    settings: Settings,
    policy: Policy,
    rollout_dir: Path,
    progress: Callable[[TraceLine], None] | None = None,
) -> RolloutResult:
    """Run the loop on ``ir`` (read from ``ir_path``; images resolve next to it), writing the
    rollout into ``rollout_dir``; return ``result.json``'s content."""
    measurer = Measurer(assets_dir=ir_path.resolve().parent)
    out = refine(ir, settings=settings, policy=policy, measurer=measurer,
                 rollout_dir=rollout_dir, input_doc=raw, progress=progress)
    return judge_final(out.final_ir, out.result, measurer, settings, rollout_dir)


def judge_final(final: SlideIR, result: RolloutResult, measurer: Measurer, settings: Settings,
                rollout_dir: Path) -> RolloutResult:
    """The visual QA of the rollout's final state (absolute thresholds: a plain IR has no
    template): ``qa.json`` beside ``result.json``, its totals in ``result.json``; an open
    critical issue (text out of its box or off the slide, text on text, unreadable text)
    makes the slide degraded, whatever the loop's own label."""
    issues = check_slides([final], capture_slides([final], measurer, settings), settings.qa)
    open_ = [i for i in issues if i.status in LIVE_STATUSES]
    by_kind: dict[str, int] = {}
    by_severity: dict[str, int] = {}
    for i in open_:
        by_kind[i.kind] = by_kind.get(i.kind, 0) + 1
        by_severity[i.severity] = by_severity.get(i.severity, 0) + 1
    update: dict[str, Any] = {"qa": {"open_by_kind": by_kind, "open_by_severity": by_severity}}
    if by_severity.get("critical"):
        update["quality"] = "degraded"
    elif open_ and result.quality == "success_clean":
        update["quality"] = "success_with_warnings"
    judged = result.model_copy(update=update)
    writer = RolloutWriter(rollout_dir)
    writer.write_json("qa.json", {"issues": [dump(i) for i in issues]})
    writer.write_json("result.json", judged)
    return judged
