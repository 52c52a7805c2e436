"""A warm service worker against the naive CLI fill, in the same run, and the API's overhead.

    .venv/bin/python bench/service_warm.py [--slides 30] [--repeat 3] [--profile fast]
                                           [--cli]

(a) naive: ``python bench/cli_fill_bench.py --plain CONTENT OUT`` — a fresh process that
    fills the same N-slide content with python-pptx (``bench/fill_content.plain_fill``): no
    measuring, no repair, no QA;
(b) warm worker: ``pptxagent serve --workers 1``; one warm-up job starts Chromium and
    LibreOffice in the worker, then the N-slide job is submitted ``--repeat`` times; timed from
    the POST to the terminal event seen by the client (SSE), and inside the worker
    (``run_job``'s own duration);
(c) with ``--cli``: the default ``pptxagent fill`` as a fresh process (engines started cold).

The API's own overhead per job = end-to-end − the worker's ``run_job`` time: the upload and its
safety check, validation, the database (queue, claim, events, version), the hand-over to the
worker and the event stream. Prints a table and JSON.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fill_content import TEMPLATE, build_content  # noqa: E402

from tests.integration.service_support import (  # noqa: E402
    Api,
    free_port,
    read_sse,
    serve_process,
    stop_process,
    submit_fill,
)

TOKEN = "pxa_service-warm-bench-0123456789"


def timed(cmd: list[str], cwd: Path) -> float:
    t = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, check=False,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr[-800:]}")
    return time.perf_counter() - t


STAGES: dict[str, float] = {}


def api_job(api: Api, content: dict[str, Any], profile: str, mode: str) -> dict[str, float]:
    template = TEMPLATE.read_bytes()
    with api.client(timeout=600) as c:
        t = time.perf_counter()
        r = submit_fill(c, content=content, template=template, quality_profile=profile,
                        agent_mode=mode)
        posted = time.perf_counter() - t
        r.raise_for_status()
        job_id = r.json()["job_id"]
        events, _ = read_sse(c, job_id, timeout=600)
        e2e = time.perf_counter() - t
        job = c.get(f"/api/jobs/{job_id}").json()
    if job["status"] != "succeeded":
        raise SystemExit(f"job {job_id} {job['status']}: {job['error']}")
    inside = float(job["result"]["seconds"])
    with api.client() as c:
        quality = c.get(f"/api/decks/{job['deck_id']}/quality/1").json()
    STAGES.clear()
    STAGES.update(quality["report"].get("timings") or {})
    return {"end_to_end": e2e, "post": posted, "run_job": inside,
            "overhead": e2e - inside, "events": len(events)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--slides", type=int, default=30)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", default="fast", choices=["fast", "balanced", "high_fidelity"])
    ap.add_argument("--agent-mode", default="bounded", choices=["off", "bounded"])
    ap.add_argument("--cli", action="store_true", help="also time the cold `pptxagent fill`")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-service-warm-"))
    content = build_content(args.slides)
    content_file = tmp / "content.json"
    content_file.write_text(json.dumps(content))
    py = sys.executable
    naive_cmd = [py, str(ROOT / "bench" / "cli_fill_bench.py"), "--plain", str(content_file),
                 str(tmp / "plain.pptx")]
    cli_cmd = [py, "-m", "pptxagent.cli", "fill", str(TEMPLATE), str(content_file), "-o",
               str(tmp / "cli.pptx")]
    port = free_port()
    (tmp / "data").mkdir()
    proc = serve_process(tmp / "data", port, TOKEN, workers=1)
    api = Api(f"http://127.0.0.1:{port}", tmp / "data", TOKEN, proc=proc)
    naive: list[float] = []
    cli: list[float] = []
    warm: list[dict[str, float]] = []
    try:
        timed(naive_cmd, tmp)  # warm-up: page cache, bytecode
        # warm-up: the worker's engines start
        api_job(api, build_content(5), args.profile, args.agent_mode)
        for _ in range(args.repeat):  # interleaved: load bursts hit both alike
            naive.append(timed(naive_cmd, tmp))
            warm.append(api_job(api, content, args.profile, args.agent_mode))
            if args.cli:
                cli.append(timed(cli_cmd, tmp))
    finally:
        stop_process(proc)
        shutil.rmtree(tmp, ignore_errors=True)
    med = {k: statistics.median(w[k] for w in warm) for k in warm[0]}
    naive_med = statistics.median(naive)
    rows = [("naive python-pptx fill (fresh process)", naive_med, naive),
            (f"warm worker, end to end ({args.profile}, agent {args.agent_mode})",
             med["end_to_end"],
             [w["end_to_end"] for w in warm]),
            ("warm worker, run_job inside the worker", med["run_job"],
             [w["run_job"] for w in warm])]
    if cli:
        rows.append(("pptxagent fill CLI (cold engines)", statistics.median(cli), cli))
    print(f"{args.slides} slides, medians of {args.repeat} runs:")
    print("| what | wall | ratio to naive | runs |")
    print("|---|---:|---:|---|")
    for name, m, runs in rows:
        print(f"| {name} | {m:.2f} s | {m / naive_med:.2f}× | "
              f"{', '.join(f'{r:.2f}' for r in runs)} |")
    print("stages of the last warm job's fill (s): " + ", ".join(
        f"{k} {v:.2f}" for k, v in STAGES.items() if v >= 0.01))
    print(f"API overhead per job (end to end − run_job): median {med['overhead']:.3f} s "
          f"(POST with upload + checks: {med['post']:.3f} s; {med['events']:.0f} events)")
    print(json.dumps({"slides": args.slides, "profile": args.profile, "mode": args.agent_mode,
                      "naive_s": naive, "warm": warm, "cli_s": cli,
                      "ratio_warm_to_naive": round(med["end_to_end"] / naive_med, 2)}))


if __name__ == "__main__":
    main()
