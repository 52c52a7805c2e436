"""The default CLI end to end: ``pptxagent fill`` (cross-check on) against a naive python-pptx
fill of the same deck, both as fresh processes, in the same run.

    .venv/bin/python bench/cli_fill_bench.py [--slides 30] [--repeat 5] [--baseline TREE]

Each repeat runs, interleaved so load bursts hit both alike:

(a) plain: ``python bench/cli_fill_bench.py --plain CONTENT OUT`` — interpreter start-up,
    python-pptx import, open → copy the template slides → set text and cells → save
    (``bench/fill_content.plain_fill``);
(b) ours: ``python -m pptxagent.cli fill TEMPLATE CONTENT -o OUT --report REPORT``: the
    default command, Chromium and LibreOffice started cold by the process itself;
(c) with ``--baseline TREE``: (b) with another checkout's ``pptxagent`` (say the main branch
    before a change) on ``PYTHONPATH``;
(d) with ``--host``: (b) handed to a warm engine host (``pptxagent host start`` on a private
    socket, stopped at the end). Its CPU column counts the client process only.

Prints the medians, the ratio ours / plain and the stage timings of the last report.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fill_content import TEMPLATE, build_content, plain_fill

ROOT = Path(__file__).resolve().parents[1]


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


PR_SET_CHILD_SUBREAPER = 36


def _become_subreaper() -> None:
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _reap_orphans(wait_s: float = 1.0) -> None:
    """Reap the orphans that came here (they end within moments of their parent)."""
    end = time.monotonic() + wait_s
    while time.monotonic() < end:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return  # none left
        if pid == 0:
            time.sleep(0.01)


def run(cmd: list[str], env: dict[str, str] | None = None, cwd: Path | None = None
        ) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of ``cmd`` and every process under it. CPU time
    says what the command costs even when other jobs load the machine; it does not see work
    that overlaps (the point of starting LibreOffice early). This process is a child
    subreaper: a process its child ends with a signal (Chromium's helpers) comes here when
    orphaned, is reaped, and its CPU counts."""
    cpu, t = _children_cpu(), time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, check=False)
    took = time.perf_counter() - t
    _reap_orphans()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr[-500:]}")
    return took, _children_cpu() - cpu


def env_for(tree: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(tree)}


def main() -> None:
    _become_subreaper()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--slides", type=int, default=30)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--baseline", type=Path, help="another checkout to time the same way")
    ap.add_argument("--host", action="store_true", help="also time the fill through a warm "
                    "engine host (pptxagent host start)")
    ap.add_argument("--plain", nargs=2, metavar=("CONTENT", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.plain:
        plain_fill(json.loads(Path(args.plain[0]).read_text()), Path(args.plain[1]))
        return
    tmp = Path(tempfile.mkdtemp(prefix="bench-cli-"))
    content = tmp / "content.json"
    content.write_text(json.dumps(build_content(args.slides)))
    report = tmp / "report.json"
    py = sys.executable
    cold_env = {**env_for(ROOT), "PPTXAGENT_NO_HOST": "1"}
    host_env = {**env_for(ROOT), "PPTXAGENT_HOST_SOCKET": str(tmp / "host.sock")}
    host_env.pop("PPTXAGENT_NO_HOST", None)
    cmds: dict[str, tuple[list[str], dict[str, str] | None]] = {
        "plain python-pptx": ([py, __file__, "--plain", str(content), str(tmp / "plain.pptx")],
                              None),
        "pptxagent fill": ([py, "-m", "pptxagent.cli", "fill", str(TEMPLATE), str(content),
                            "-o", str(tmp / "ours.pptx"), "--report", str(report)],
                           cold_env),
    }
    if args.host:
        cmds["pptxagent fill, engine host"] = (
            [py, "-m", "pptxagent.cli", "fill", str(TEMPLATE), str(content), "-o",
             str(tmp / "hosted.pptx"), "--report", str(tmp / "hosted.json")], host_env)
        subprocess.run([py, "-m", "pptxagent.cli", "host", "start"], env=host_env, check=True,
                       cwd=tmp, capture_output=True)
    if args.baseline is not None:
        cmds["baseline fill"] = ([py, "-m", "pptxagent.cli", "fill", str(TEMPLATE),
                                  str(content), "-o", str(tmp / "base.pptx")],
                                 env_for(args.baseline.resolve()))
    times: dict[str, list[float]] = {name: [] for name in cmds}
    cpus: dict[str, list[float]] = {name: [] for name in cmds}
    # cwd: a neutral folder (``python -m`` puts the cwd first on sys.path, before PYTHONPATH)
    for cmd, env in cmds.values():
        run(cmd, env, tmp)  # warm-up: page cache, font cache, bytecode
    for _ in range(args.repeat):
        for name, (cmd, env) in cmds.items():
            wall, cpu = run(cmd, env, tmp)
            times[name].append(wall)
            cpus[name].append(cpu)
    med = {name: statistics.median(t) for name, t in times.items()}
    cpu_med = {name: statistics.median(t) for name, t in cpus.items()}
    plain, plain_cpu = med["plain python-pptx"], cpu_med["plain python-pptx"]
    print(f"{args.slides} slides, medians of {args.repeat} runs (fresh processes):")
    print("| command | wall | ratio to plain | CPU | CPU ratio | wall runs |")
    print("|---|---:|---:|---:|---:|---|")
    for name, m in med.items():
        runs = ", ".join(f"{t:.2f}" for t in times[name])
        c = cpu_med[name]
        print(f"| {name} | {m:.2f} s | {m / plain:.1f}× | {c:.2f} s | {c / plain_cpu:.1f}× "
              f"| {runs} |")
    timings = json.loads(report.read_text())["timings"]
    print("stages of the last pptxagent run (s):",
          ", ".join(f"{k} {v:.2f}" for k, v in timings.items() if v >= 0.01))
    with contextlib.suppress(OSError):
        print(f"load average: {os.getloadavg()[0]:.1f}")
    if args.host:
        subprocess.run([py, "-m", "pptxagent.cli", "host", "stop"], env=host_env, check=False,
                       cwd=tmp, capture_output=True)


if __name__ == "__main__":
    main()
