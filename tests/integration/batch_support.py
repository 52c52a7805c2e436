"""Running ``pptxagent batch`` as an operator does, on the bundled template and spreadsheet."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "templates" / "pptx" / "quarterly-review.pptx"
CSV = ROOT / "fixtures" / "batch" / "clients.csv"
CONTENT = ROOT / "fixtures" / "batch" / "content.json"


def subset(folder: Path, numbers: list[int], extra: dict[str, str] | None = None,
           name: str = "data.csv") -> Path:
    """The bundled spreadsheet's records ``numbers`` (1-based), with ``extra`` columns."""
    with CSV.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh))
    head = rows[0] + list(extra or {})
    out = folder / name
    with out.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(head)
        for n in numbers:
            w.writerow(rows[n] + list((extra or {}).values()))
    return out


def batch_argv(data: Path, outdir: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "pptxagent.cli", "batch", str(TEMPLATE), str(data),
            "--content", str(CONTENT), "-o", str(outdir), "--name", "{client}.pptx", *extra]


def batch(data: Path, outdir: Path, *extra: str, env: dict[str, str] | None = None,
          timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(batch_argv(data, outdir, *extra), capture_output=True, text=True,
                          timeout=timeout, check=False, env=env)


def summary(outdir: Path) -> list[dict[str, Any]]:
    return list(json.loads((outdir / "summary.json").read_text())["records"])


def slide_xml(deck: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(deck) as z:
        return {n: z.read(n) for n in z.namelist()
                if n.startswith("ppt/slides/slide") and n.endswith(".xml")}


def decks(outdir: Path) -> list[Path]:
    return sorted(outdir.glob("*.pptx"))


def leftovers(outdir: Path) -> list[Path]:
    return [p for p in outdir.iterdir() if p.name.startswith(".") and p.suffix == ".tmp"]
