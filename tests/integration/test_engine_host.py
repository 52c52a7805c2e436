"""``pptxagent host``: a warm engine host runs the commands other processes hand it, and what
a user sees (deck, report, messages, exit codes) is what the command gives without it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "templates" / "pptx" / "quarterly-review.pptx"
CONTENT = ROOT / "fixtures" / "demo_content.json"

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def _env(sock: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PPTXAGENT_NO_HOST"}
    return {**env, "PPTXAGENT_HOST_SOCKET": str(sock), **extra}


def cli(env: dict[str, str], *args: str | Path, cwd: Path | None = None
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", *map(str, args)], env=env,
                          cwd=cwd, capture_output=True, text=True, timeout=300, check=False)


def status(env: dict[str, str]) -> dict[str, Any]:
    proc = cli(env, "host", "status", "--json")
    return dict(json.loads(proc.stdout))


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    sock = tmp_path_factory.mktemp("host") / "host.sock"
    env = _env(sock)
    assert cli(env, "host", "status").returncode == 1  # none yet
    started = cli(env, "host", "start", "--idle-timeout", "300")
    assert started.returncode == 0, started.stderr
    assert "engine host ready" in started.stderr
    yield env
    cli(env, "host", "stop")


def _slides(deck: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(deck) as z:
        return {n: z.read(n) for n in z.namelist() if n.startswith("ppt/slides/slide")}


def test_a_hosted_fill_is_the_fill(host: dict[str, str], tmp_path: Path) -> None:
    before = status(host)["commands"]
    # relative paths: the host works in the caller's folder
    for f in (CONTENT, CONTENT.with_name("team.png")):
        (tmp_path / f.name).write_bytes(f.read_bytes())
    hosted = cli(host, "fill", TEMPLATE, CONTENT.name, "-o", "hosted.pptx",
                 "--report", "hosted.json", cwd=tmp_path)
    assert hosted.returncode == 0, hosted.stderr
    assert status(host)["commands"] == before + 1  # the host ran it
    assert "wrote hosted.pptx and hosted.json" in hosted.stderr
    cold = cli({**host, "PPTXAGENT_NO_HOST": "1"}, "fill", TEMPLATE, CONTENT.name, "-o",
               "cold.pptx", "--report", "cold.json", cwd=tmp_path)
    assert cold.returncode == 0, cold.stderr
    assert status(host)["commands"] == before + 1  # that one ran in its own process
    assert _slides(tmp_path / "hosted.pptx") == _slides(tmp_path / "cold.pptx")
    verdicts = [[(s["index"], s["quality"], s["changes"]) for s in json.loads(
        (tmp_path / f"{n}.json").read_text())["slides"]] for n in ("hosted", "cold")]
    assert verdicts[0] == verdicts[1]
    assert hosted.stderr.splitlines()[-12:-1] == cold.stderr.splitlines()[-12:-1]


def test_bad_input_through_the_host(host: dict[str, str], tmp_path: Path) -> None:
    proc = cli(host, "fill", TEMPLATE, "missing.json", "-o", "out.pptx", cwd=tmp_path)
    assert proc.returncode == 2
    assert "missing.json" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "out.pptx").exists()
    usage = cli(host, "fill", TEMPLATE, "missing.json", cwd=tmp_path)  # no -o
    assert usage.returncode == 2 and "Missing option '-o'" in usage.stderr
    assert status(host)["ready"]  # still serving


def test_another_environment_runs_in_its_own_process(host: dict[str, str],
                                                     tmp_path: Path) -> None:
    before = status(host)["commands"]
    proc = cli({**host, "PPTXAGENT_DEBUG": "1"}, "qa", TEMPLATE, "--json", cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    assert json.loads(proc.stdout)["slides"]
    assert status(host)["commands"] == before


def test_stop_ends_the_host_and_its_engines(tmp_path: Path) -> None:
    env = _env(tmp_path / "h.sock")
    assert cli(env, "host", "start", "--idle-timeout", "300").returncode == 0
    pid = status(env)["pid"]
    stopped = cli(env, "host", "stop")
    assert "engine host stopped" in stopped.stderr
    assert not (tmp_path / "h.sock").exists()
    for _ in range(100):
        if not Path(f"/proc/{pid}").exists():
            break
        time.sleep(0.1)
    assert not Path(f"/proc/{pid}").exists()
    kids = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True,
                          check=False).stdout
    assert kids == ""
