"""``pptxagent batch`` at scale: N records of a 10-slide template on this machine, against a
naive python-pptx loop over the same records in the same run.

    .venv/bin/python bench/batch_bench.py [--records 1000] [--jobs 2] [--speedup 200]
                                          [--profile balanced] [--json FILE]

Builds a 10-slide template with tokens (python-pptx: a title slide, eight "Title and Content"
slides, a closing slide) and a CSV of N records (client, period, author, a topic and a list
of 2-5 bullets per slide, lengths varied), then:

(a) the naive loop: open the template, replace every token, set the bullets, save: one deck
    per record, in this process (CPU-seconds of the process);
(b) ``pptxagent batch … -j JOBS``: wall time, decks per second, CPU-seconds of the batch and
    every process it started and reaped (``RUSAGE_CHILDREN``) and of the whole machine while
    it ran (``/proc/stat``: run it on an idle machine; the figure compared with (a)), and the
    peak RSS of each worker and each engine (Chromium, LibreOffice) sampled from /proc,
    first 100 records against the last 100;
(c) with ``--speedup N``: the first N records with ``-j 1`` and with ``-j JOBS``, each into a
    fresh folder: the speed-up;
(d) with ``--celery N``: the first N records through Celery on this machine: a
    ``redis-server`` on loopback, JOBS ``pptxagent worker -c 1`` processes (each its own
    folder), the journal in SQLite and the files in a shared folder of the work folder;
    against the local pool on the same N records.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import re
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from pptx import Presentation
from pptx.util import Emu

ROOT = Path(__file__).resolve().parents[1]
WORDS = ["revenue", "growth", "margin", "churn", "pipeline", "renewal", "partner", "region",
         "launch", "pricing", "support", "onboarding", "forecast", "hiring", "cloud", "cost",
         "quality", "customers", "market", "share", "retention", "expansion", "product",
         "roadmap"]
SLIDES = 10


def build_template(path: Path) -> None:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    first = prs.slides.add_slide(prs.slide_layouts[0])
    first.shapes.title.text = "{{client}}: {{period}} review"
    first.placeholders[1].text = "Prepared by {{author}}"
    for k in range(1, SLIDES - 1):
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = f"{{{{topic{k}}}}}"
        s.placeholders[1].text = f"{{{{items{k}}}}}"
    last = prs.slides.add_slide(prs.slide_layouts[1])
    last.shapes.title.text = "Thank you, {{client}}"
    last.placeholders[1].text = "Questions: {{author}}"
    prs.save(str(path))


def _phrase(rng: random.Random, lo: int, hi: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi))).capitalize()


def build_records(path: Path, n: int, seed: int = 3) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    heads = ["client", "period", "author"]
    for k in range(1, SLIDES - 1):
        heads += [f"topic{k}", f"items{k}[]"]
    rows: list[dict[str, Any]] = []
    for i in range(n):
        row: dict[str, Any] = {"client": f"Client {i:04d} {rng.choice(WORDS).title()}",
                               "period": f"Q{1 + i % 4} 2025", "author": "Ops"}
        for k in range(1, SLIDES - 1):
            row[f"topic{k}"] = _phrase(rng, 2, 7)
            row[f"items{k}[]"] = "\n".join(_phrase(rng, 4, 14) for _ in range(rng.randint(2, 5)))
        rows.append(row)
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, heads)
        w.writeheader()
        w.writerows(rows)
    return rows


def write_base(path: Path) -> None:
    slides: list[dict[str, Any]] = [{"template_slide": 1}]
    for k in range(1, SLIDES - 1):
        slides.append({"template_slide": k + 1, "fill": {"body": f"{{{{items{k}}}}}"}})
    slides.append({"template_slide": SLIDES})
    path.write_text(json.dumps({"slides": slides}))


_TOKEN = re.compile(r"\{\{\s*([\w\[\]]+)\s*\}\}")


def naive(template: Path, rows: list[dict[str, Any]], out: Path) -> float:
    """The naive loop: CPU-seconds of this process for every record."""
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.process_time()
    for i, row in enumerate(rows):
        prs = Presentation(str(template))
        for slide in prs.slides:
            for shape in slide.shapes:
                if not shape.has_text_frame:
                    continue
                tf = shape.text_frame
                whole = _TOKEN.fullmatch(tf.text.strip())
                if whole and f"{whole.group(1)}[]" in row:
                    items = row[f"{whole.group(1)}[]"].split("\n")
                    tf.text = items[0]
                    for item in items[1:]:
                        tf.add_paragraph().text = item
                    continue
                for p in tf.paragraphs:
                    for r in p.runs:
                        r.text = _TOKEN.sub(lambda m, row=row: str(row.get(m.group(1), "")),
                                            r.text)
        prs.save(str(out / f"{i:05d}.pptx"))
    return time.process_time() - t0


def _children(root: int) -> list[int]:
    kids: dict[int, list[int]] = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            ppid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        kids.setdefault(ppid, []).append(int(pid))
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        for c in kids.get(p, []):
            out.append(c)
            todo.append(c)
    return out


def _kind(pid: int) -> str | None:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
        cmd = raw.replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None
    if "chromium" in cmd and "--type=" not in cmd:
        return "chromium"
    if "soffice" in cmd:
        return "libreoffice"
    if "multiprocessing" in cmd:
        return "worker"
    return None


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Sampler(threading.Thread):
    """Every second: (decks done, peak RSS per kind of process)."""

    def __init__(self, root: int, outdir: Path) -> None:
        super().__init__(daemon=True)
        self.root, self.outdir = root, outdir
        self.samples: list[tuple[int, dict[str, float]]] = []
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.wait(1.0):
            peak: dict[str, float] = {}
            for pid in _children(self.root):
                kind = _kind(pid)
                if kind:
                    peak[kind] = max(peak.get(kind, 0.0), _rss_mb(pid))
            done = sum(1 for _ in self.outdir.glob("*.pptx"))
            self.samples.append((done, peak))

    def window(self, lo: int, hi: int) -> dict[str, float]:
        out: dict[str, float] = {}
        for done, peak in self.samples:
            if lo <= done <= hi:
                for k, v in peak.items():
                    out[k] = max(out.get(k, 0.0), v)
        return out


def _busy_s() -> float:
    """CPU-seconds the whole machine has spent busy (user, nice, system, irq, softirq)."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq = (int(v) for v in fields[:7])
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def run_batch(template: Path, data: Path, base: Path, outdir: Path, jobs: int, profile: str,
              sample: bool, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    argv = [sys.executable, "-m", "pptxagent.cli", "batch", str(template), str(data),
            "--content", str(base), "-o", str(outdir), "-j", str(jobs), "--profile", profile,
            "--json", *extra]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy = _busy_s()
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sampler = Sampler(proc.pid, outdir) if sample else None
    if sampler:
        sampler.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - t0
    if sampler:
        sampler.halt.set()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    machine = _busy_s() - busy
    rows = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
    labels: dict[str, int] = {}
    for r in rows:
        labels[r["label"]] = labels.get(r["label"], 0) + 1
    res: dict[str, Any] = {
        "jobs": jobs, "records": len(rows), "rc": proc.returncode, "wall_s": round(wall, 1),
        "decks_per_s": round(len(rows) / wall, 2) if wall else 0.0,
        "cpu_s": round((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
                       1), "labels": labels, "stderr_tail": err.strip().splitlines()[-2:]}
    res["cpu_s_per_deck"] = round(res["cpu_s"] / max(1, len(rows)), 3)
    res["machine_cpu_s"] = round(machine, 1)
    """Every process of the machine (an idle machine: the batch and what it started, reaped
    or not): the figure to compare."""
    res["machine_cpu_s_per_deck"] = round(machine / max(1, len(rows)), 3)
    if sampler:
        n = len(rows)
        res["rss_mb_first_100"] = sampler.window(1, 100)
        res["rss_mb_last_100"] = sampler.window(max(1, n - 100), n)
    return res


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def celery_vs_local(work: Path, template: Path, base: Path, n: int, jobs: int, profile: str
                    ) -> dict[str, Any]:
    data = work / "celery.csv"
    build_records(data, n, seed=11)
    local = run_batch(template, data, base, work / "cl-local", jobs, profile, sample=False)
    port = _port()
    redis = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                              "--save", "", "--appendonly", "no", "--dir", str(work)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    broker = f"redis://127.0.0.1:{port}/0"
    db = f"sqlite:///{work / 'shared.db'}"
    store = f"file://{work / 'shared-files'}"
    workers = [subprocess.Popen(
        [sys.executable, "-m", "pptxagent.cli", "worker", "--broker", broker,
         "--database-url", db, "--store", store, "--data-dir", str(work / f"machine-{k}"),
         "-c", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for k in range(jobs)]
    try:
        time.sleep(3)  # the workers connect to the broker
        remote = run_batch(template, data, base, work / "cl-celery", jobs, profile,
                           sample=False, extra=("--broker", broker, "--database-url", db,
                                                "--store", store))
    finally:
        for proc in [*workers, redis]:
            proc.terminate()
        for proc in [*workers, redis]:
            proc.wait(30)
    return {"records": n, "local_wall_s": local["wall_s"], "celery_wall_s": remote["wall_s"],
            "celery_labels": remote["labels"],
            "share_of_local_throughput": round(local["wall_s"] / max(1e-9, remote["wall_s"]),
                                               2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--speedup", type=int, default=0, help="also -j 1 vs -j JOBS on N records")
    ap.add_argument("--celery", type=int, default=0,
                    help="also N records through Celery against the local pool")
    ap.add_argument("--profile", default="balanced")
    ap.add_argument("--json", dest="json_out", type=Path)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pxa-batch-bench-"))
    template, data, base = work / "ten.pptx", work / "records.csv", work / "base.json"
    build_template(template)
    rows = build_records(data, args.records)
    write_base(base)
    naive_cpu = naive(template, rows, work / "naive")
    result: dict[str, Any] = {"records": args.records, "template_slides": SLIDES,
                              "naive_cpu_s_per_deck": round(naive_cpu / len(rows), 4)}
    print(f"naive python-pptx loop: {naive_cpu:.1f} CPU-s, "
          f"{naive_cpu / len(rows) * 1000:.1f} ms per deck", flush=True)
    main_run = run_batch(template, data, base, work / f"out-j{args.jobs}", args.jobs,
                         args.profile, sample=True)
    result["batch"] = main_run
    result["cpu_ratio_vs_naive"] = round(main_run["machine_cpu_s_per_deck"]
                                         / max(1e-9, result["naive_cpu_s_per_deck"]), 1)
    print(json.dumps(main_run, indent=1), flush=True)
    if args.speedup:
        small = work / "small.csv"
        build_records(small, args.speedup)
        one = run_batch(template, small, base, work / "sp-j1", 1, args.profile, sample=False)
        many = run_batch(template, small, base, work / "sp-jn", args.jobs, args.profile,
                         sample=False)
        result["speedup"] = {"records": args.speedup, "j1_wall_s": one["wall_s"],
                             f"j{args.jobs}_wall_s": many["wall_s"],
                             "ratio": round(one["wall_s"] / max(1e-9, many["wall_s"]), 2)}
        print(json.dumps(result["speedup"]), flush=True)
    if args.celery:
        result["celery"] = celery_vs_local(work, template, base, args.celery, args.jobs,
                                           args.profile)
        print(json.dumps(result["celery"]), flush=True)
    print(json.dumps({k: v for k, v in result.items() if k != "batch"}, indent=1))
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=1))
    print(f"work folder: {work}")


if __name__ == "__main__":
    main()
