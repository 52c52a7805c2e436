"""``pptxagent host``: a warm engine host runs the commands other processes hand it, and what
a user sees (deck, report, messages, exit codes) is what the command gives without it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pptxagent.cli import hostio

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
    """The host's status, asked directly (the CLI's ``host status --json`` is tested once)."""
    return hostio.status(Path(env["PPTXAGENT_HOST_SOCKET"])) or {}


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    sock = tmp_path_factory.mktemp("host") / "host.sock"
    env = _env(sock)
    assert cli(env, "host", "status").returncode == 1  # none yet
    assert json.loads(cli(env, "host", "status", "--json").stdout) == {
        "running": False, "socket": str(sock)}
    started = cli(env, "host", "start", "--idle-timeout", "300")
    assert started.returncode == 0, started.stderr
    assert "engine host ready" in started.stderr
    shown = cli(env, "host", "status", "--json")
    assert shown.returncode == 0 and json.loads(shown.stdout)["ready"]
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


def _fill_args(tmp_path: Path, out: str) -> list[str | Path]:
    for f in (CONTENT, CONTENT.with_name("team.png")):
        if not (tmp_path / f.name).exists():
            (tmp_path / f.name).write_bytes(f.read_bytes())
    return ["fill", TEMPLATE, CONTENT.name, "-o", out]


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait(cond: Any, what: str, timeout_s: float = 120.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not cond():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.1)


def test_ctrl_c_interrupts_the_command_and_the_host_recovers(host: dict[str, str],
                                                             tmp_path: Path) -> None:
    """Ctrl-C on a hosted fill: exit 130, no half-written deck; the host kills its engines
    (one may be mid-call), starts afresh and runs the next command."""
    pid = status(host)["pid"]
    args = _fill_args(tmp_path, "cut.pptx")
    long = json.loads(CONTENT.read_text())  # long enough to be caught mid-way on a warm host
    long["slides"] = long["slides"] * 20
    (tmp_path / "long.json").write_text(json.dumps(long))
    args[2] = "long.json"
    # Ctrl-C as a terminal delivers it, even when this suite runs as a background job
    # (which starts with SIGINT ignored, and Python then keeps it ignored).
    proc = subprocess.Popen([sys.executable, "-m", "pptxagent.cli", *map(str, args)],
                            env=host, cwd=tmp_path, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint)
    _wait(lambda: status(host).get("busy"), "the host runs the fill")
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    log = Path(status(host)["log"])
    assert proc.returncode == 130 and "interrupted" in err, (
        err[-2000:], log.read_text()[-3000:] if log.exists() else "no log")
    assert not (tmp_path / "cut.pptx").exists()
    _wait(lambda: status(host).get("ready"), "the host is ready again")
    assert status(host)["pid"] == pid  # started afresh in place
    done = cli(host, *_fill_args(tmp_path, "after.pptx"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert status(host)["commands"] == 1  # the fresh host ran it


def test_a_client_that_leaves_before_its_answer_does_not_jam_the_host(
        host: dict[str, str], tmp_path: Path) -> None:
    sock_path = Path(host["PPTXAGENT_HOST_SOCKET"])
    before = status(host)["commands"]
    req = {"op": "run", "argv": ["qa", str(TEMPLATE)], "cwd": str(tmp_path), "umask": 0o022,
           "env": None, "fingerprint": None}
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:  # a refused request
        s.connect(str(sock_path))
        s.sendall(json.dumps(req).encode() + b"\n")
    proc = cli(host, "qa", TEMPLATE, "--json", cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    assert status(host)["commands"] == before + 1 and not status(host)["busy"]


def test_an_engine_killed_between_commands(host: dict[str, str], tmp_path: Path) -> None:
    """The command that finds an engine dead runs in its own process (and succeeds); the
    host starts afresh and takes the next one."""
    pid = status(host)["pid"]
    browsers = [int(p) for p in subprocess.run(
        ["pgrep", "-f", "chrom"], capture_output=True, text=True, check=False).stdout.split()
        if _descends(int(p), pid)]
    assert browsers
    for p in browsers:
        os.kill(p, signal.SIGKILL)
    time.sleep(0.5)
    first = cli(host, "qa", TEMPLATE, "--json", cwd=tmp_path)
    assert first.returncode in (0, 1), first.stderr
    _wait(lambda: status(host).get("ready"), "the host is ready again")
    before = status(host)["commands"]
    second = cli(host, "qa", TEMPLATE, "--json", cwd=tmp_path)
    assert second.returncode in (0, 1), second.stderr
    issues = [{k: v for k, v in json.loads(p.stdout).items() if k != "timings"}
              for p in (first, second)]
    assert issues[0] == issues[1]
    assert status(host)["commands"] == before + 1


def _descends(pid: int, ancestor: int) -> bool:
    while pid > 1:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return False
        pid = int(stat[stat.rfind(")") + 2:].split()[1])
        if pid == ancestor:
            return True
    return False


def test_auto_starts_a_host_for_the_next_commands(tmp_path: Path) -> None:
    """``PPTXAGENT_HOST=auto``: the first command runs itself and leaves a host behind;
    the next one is run by it."""
    env = _env(tmp_path / "auto.sock", PPTXAGENT_HOST="auto")
    try:
        first = cli(env, "qa", TEMPLATE, "--json", cwd=tmp_path)
        assert first.returncode in (0, 1), first.stderr
        _wait(lambda: status(env).get("ready"), "the host it started is ready")
        second = cli(env, "qa", TEMPLATE, "--json", cwd=tmp_path)
        assert second.returncode == first.returncode
        assert status(env)["commands"] == 1
        plain = {k: v for k, v in json.loads(first.stdout).items() if k != "timings"}
        assert {k: v for k, v in json.loads(second.stdout).items() if k != "timings"} == plain
    finally:
        cli(env, "host", "stop")
