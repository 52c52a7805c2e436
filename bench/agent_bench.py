"""The agent runtime's figures: the ToolRunner's own overhead per call (a no-op tool, through
validation, the tools' thread, hashing and audit vs a direct call), and a fill job of
``templates/pptx/quarterly-review.pptx`` in each quality profile (cold: the first job of the
process starts the engines; warm: the same job again).

    PYTHONPATH=. .venv/bin/python bench/agent_bench.py [--calls 2000] [--profiles fast,balanced]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from pydantic import BaseModel

from pptxagent.agent.core import AuditRecord, ToolContext, ToolInput, ToolKind, ToolResult
from pptxagent.agent.job import JobRequest, run_job
from pptxagent.agent.runner import ToolRunner
from pptxagent.agent.tools_qa import REGISTRY

ROOT = Path(__file__).resolve().parents[1]


class NoopIn(ToolInput):
    text: str = "x"


class Noop:
    name = "bench.noop"
    kind: ToolKind = "pure"
    timeout_s = 10.0
    Input: type[BaseModel] = NoopIn

    def run(self, inp: BaseModel, ctx: ToolContext) -> ToolResult:
        return ToolResult(ok=True, summary="ok")


def overhead(calls: int) -> dict[str, float]:
    audit: list[AuditRecord] = []
    runner = ToolRunner({"bench.noop": Noop()}, audit.append)
    ctx = ToolContext(Path(tempfile.gettempdir()))
    tool = Noop()
    t0 = time.perf_counter()
    for _ in range(calls):
        tool.run(NoopIn(text="x"), ctx)
    direct = (time.perf_counter() - t0) / calls
    runner.run("bench.noop", {"text": "x"}, ctx)  # the tools' thread started
    t0 = time.perf_counter()
    for _ in range(calls):
        runner.run("bench.noop", {"text": "x"}, ctx)
    via = (time.perf_counter() - t0) / calls
    return {"direct_us": round(direct * 1e6, 1), "runner_us": round(via * 1e6, 1),
            "overhead_us": round((via - direct) * 1e6, 1)}


def fill_job(profile: str, workdir: Path) -> dict[str, float | int | str]:
    audit: list[AuditRecord] = []
    runner = ToolRunner(REGISTRY, audit.append)
    req = JobRequest(kind="fill", template=ROOT / "templates/pptx/quarterly-review.pptx",
                     content_file=ROOT / "fixtures/demo_content.json",
                     quality_profile=profile)
    t0 = time.perf_counter()
    out = run_job(req, runner, ToolContext(workdir))
    return {"s": round(time.perf_counter() - t0, 2), "ok": int(out.ok), "steps": len(out.steps),
            "passes": out.passes_used, "score": out.score, "path": out.path}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--profiles", default="fast,balanced,high_fidelity")
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    result: dict[str, object] = {"runner": overhead(args.calls)}
    with tempfile.TemporaryDirectory() as tmp:
        for profile in args.profiles.split(","):
            runs = [fill_job(profile, Path(tmp) / f"{profile}-{i}") for i in range(args.runs)]
            result[profile] = {"runs": runs,
                               "median_s": statistics.median(float(r["s"]) for r in runs)}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
