"""Processes behind the LibreOffice engine: a headless soffice with a UNO pipe, the UNO
worker that drives it, and the one-shot cold ``soffice --convert-to pdf`` fallback.

Everything here starts processes in their own session so ``stop_group`` can end exactly the
process group it started (soffice → soffice.bin) and nothing else.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import time
import uuid
from pathlib import Path
from typing import IO, Any

from pptxagent.engines import procs
from pptxagent.errors import DrawingError, EngineError

REPO_ROOT = Path(__file__).resolve().parents[2]
WORKER_SCRIPT = Path(__file__).with_name("lo_worker.py")
START_TIMEOUT_S = 180.0
"""How long the UNO worker waits for soffice to listen. Generous: a start that gives up
falls back to a cold conversion that draws differently (no stored autofit scales), so a
busy machine must not make it give up (the same fill must give the same output)."""
CONVERT_TIMEOUT_S = 300.0


def find_soffice() -> str:
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    raise EngineError(
        "LibreOffice is not installed (no soffice on PATH); run bin/setup "
        "(Debian package libreoffice-impress)"
    )


OFFICE_MALLOC = ("glibc.malloc.mmap_threshold=134217728", "glibc.malloc.trim_threshold=268435456")
"""glibc malloc settings for soffice. Drawing a deck, soffice allocates and frees 64 MiB
buffers again and again (two at a time, and ~20 MiB ones per slide); glibc maps each
afresh and the kernel zeroes every page on first touch: ~315 000 page faults, half of a
30-slide conversion's CPU. Kept in the heap below 128 MiB and not trimmed below 256 MiB,
they are reused: 1.15 → 0.71 s for a cold ``--convert-to pdf``, ~40 MiB more resident
(docs/benchmarks.md)."""


def office_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with ``OFFICE_MALLOC`` added to ``GLIBC_TUNABLES``;
    tunables the caller set themselves win (glibc takes the last of a name)."""
    out = dict(os.environ if env is None else env)
    own = out.get("GLIBC_TUNABLES", "")
    out["GLIBC_TUNABLES"] = ":".join([*OFFICE_MALLOC, *([own] if own else [])])
    return out


def unoserver_candidate() -> Path:
    """Where bin/setup puts unoserver (``PPTXAGENT_UNOSERVER`` overrides); only its venv's
    Python is used (it imports ``uno``)."""
    env = os.environ.get("PPTXAGENT_UNOSERVER")
    return Path(env) if env else REPO_ROOT / ".venv-uno" / "bin" / "unoserver"


def uno_python() -> str:
    """A Python that imports ``uno``: ``.venv-uno``'s, else Debian's (python3-uno)."""
    python = unoserver_candidate().parent / "python"
    return str(python) if python.exists() else "/usr/bin/python3"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pipe_name() -> str:
    """A UNO pipe name no other soffice uses. A pipe, not a loopback port: a port found free
    may be taken by a parallel run's soffice before ours binds it (our worker would then
    talk to theirs, or to nobody and fall back to the cold path)."""
    return f"pptxagent-{os.getpid()}-{uuid.uuid4().hex}"


PIPE_DIR = Path("/tmp")
"""Where LibreOffice puts its pipes' sockets: fixed in sal (osl/unx/pipe.cxx), not TMPDIR."""


def office_pipes(profile_url: str, uno_pipe: str | None = None) -> list[Path]:
    """The sockets a soffice with this profile creates: its single-instance pipe (named after
    the MD5 of the profile URL in UTF-16, bytes in hex without zero padding, as
    desktop/source/app/officeipcthread.cxx writes it) and the UNO pipe it accepts on."""
    digest = hashlib.md5(profile_url.encode("utf-16-le"), usedforsecurity=False).digest()
    names = ["SingleOfficeIPC_" + "".join(format(b, "x") for b in digest)]
    if uno_pipe is not None:
        names.append(uno_pipe)
    return [PIPE_DIR / f"OSL_PIPE_{os.getuid()}_{name}" for name in names]


def remove_stale_pipes(paths: list[Path], wait_s: float = 0.0) -> None:
    """Unlink those of ``paths`` that are sockets nobody listens on. A soffice ended by a
    signal (a timeout, a crash, ``kill_engines``) leaves both its sockets behind; thousands of
    runs a day would fill /tmp with them. One still answered belongs to a live soffice: after
    a kill it may answer for a few ms more (soffice.bin dies after its launcher), so ``wait_s``
    gives it that long."""
    deadline = time.monotonic() + wait_s
    while True:
        left = [path for path in paths if path.is_socket() and not _unlink_if_stale(path)]
        if not left or time.monotonic() >= deadline:
            return
        time.sleep(0.02)


def _unlink_if_stale(path: Path) -> bool:
    with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX) as probe:
        probe.settimeout(0.5)  # a wedged listener with a full backlog counts as alive
        try:
            probe.connect(str(path))
        except ConnectionRefusedError:
            path.unlink()
            return True
    return not path.is_socket()


def stop_group(proc: subprocess.Popen[Any] | None, grace_s: float = 3.0) -> None:
    """End a process we started with ``start_new_session=True`` and all its children."""
    if proc is None or proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(grace_s)
    # Stragglers (soffice.bin outliving unoserver) are still in the group, which keeps its id
    # reserved while it has members: this reaches only processes we started.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(5)


class Soffice:
    """A headless ``soffice`` listening on a private UNO pipe, with a private profile.

    This is what unoserver runs under the hood, without unoserver's own start-up (a Python
    process that sleeps ~5 s before its XML-RPC port opens): the UNO worker connects to the
    pipe as soon as soffice listens (~1–2 s cold)."""

    def __init__(self, profile_url: str, log_path: Path,
                 env: dict[str, str] | None = None) -> None:
        self.uno_pipe = pipe_name()
        self.profile_url = profile_url
        self._log = log_path.open("ab")
        accept = f"pipe,name={self.uno_pipe};urp;StarOffice.ComponentContext"
        self.proc = subprocess.Popen(
            [
                find_soffice(), "--headless", "--invisible", "--nologo", "--norestore",
                "--nodefault", "--nolockcheck", f"-env:UserInstallation={profile_url}",
                f"--accept={accept}",
            ],
            stdin=subprocess.DEVNULL, stdout=self._log, stderr=self._log,
            start_new_session=True, env=office_env(env),
        )  # fmt: skip

    def alive(self) -> bool:
        """The office process itself runs: ``soffice`` is a launcher (oosplash) that stays
        while ``soffice.bin`` does the work, so a killed or crashed soffice.bin is seen here."""
        if self.proc.poll() is not None:
            return False
        todo, seen = [self.proc.pid], 0
        while todo and seen < 64:
            pid = todo.pop()
            seen += 1
            if procs.comm(pid) == "soffice.bin" and procs.alive(pid):
                return True
            todo += procs.children(pid)
        return False

    def close(self, asked_to_quit: bool = False) -> bool:
        """End soffice; one its worker asked to quit is given a moment to end by itself
        (ending cleanly, it removes its sockets), any other is signalled at once. Returns
        whether it ended by itself, cleanly (its profile is then whole)."""
        if asked_to_quit:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(QUIT_GRACE_S)
        clean = self.proc.returncode == 0
        stop_group(self.proc)
        self._log.close()
        remove_stale_pipes(office_pipes(self.profile_url, self.uno_pipe), wait_s=KILL_GRACE_S)
        return clean

    def abandon(self) -> None:
        """This process is exiting and the profile is thrown away: SIGKILL soffice at once,
        unlink its two sockets (only it could answer on them), wait for nothing."""
        abandon_group(self.proc)
        self._log.close()
        for path in office_pipes(self.profile_url, self.uno_pipe):
            with contextlib.suppress(OSError):
                path.unlink()


def abandon_group(proc: subprocess.Popen[Any]) -> None:
    """SIGKILL a group we started (``start_new_session=True``) without waiting for the kernel
    to end it: for a process about to exit (init reaps what is left)."""
    # killpg, not proc.kill: the group id stays reserved while any member lives, so this
    # reaches soffice.bin even when its launcher has already ended
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


KILL_GRACE_S = 3.0
"""How long a killed soffice's sockets may go on answering (soffice.bin outlives its launcher
by a few ms) before they are left alone."""
QUIT_GRACE_S = 5.0
"""How long a soffice asked to quit may take before it is signalled (it takes ~50 ms)."""
HELLO_POLL_S = 0.25
"""While the worker waits for soffice's pipe, whether soffice still runs is looked at this
often."""


class UnoWorker:
    """``lo_worker.py`` under LibreOffice's Python, talking JSON lines over pipes."""

    def __init__(self, uno_pipe: str, log_path: Path, timeout_s: float = START_TIMEOUT_S,
                 office: subprocess.Popen[Any] | None = None) -> None:
        """``office``: the soffice the worker connects to; when it ends before the worker is
        connected (a broken or crashing LibreOffice), waiting for its pipe stops at once."""
        self._log = log_path.open("ab")
        self.proc = subprocess.Popen(
            [uno_python(), str(WORKER_SCRIPT), "--pipe", uno_pipe,
             "--timeout", str(timeout_s)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log,
            text=True, encoding="utf-8", start_new_session=True,
        )  # fmt: skip
        try:
            self._wait_for_hello(office)
            hello = self._read()
            if not hello.get("ready"):
                raise EngineError(f"the LibreOffice UNO worker did not start: {hello}")
        except BaseException:
            stop_group(self.proc)
            self._log.close()
            raise

    def _wait_for_hello(self, office: subprocess.Popen[Any] | None) -> None:
        out = self.proc.stdout
        if office is None or out is None:
            return
        while not select.select([out], [], [], HELLO_POLL_S)[0]:
            if office.poll() is not None:
                raise EngineError(f"soffice ended (exit {office.returncode}) before its UNO "
                                  f"pipe opened; see {self._log.name}")
            if self.proc.poll() is not None:
                return  # the worker ended: _read reports it

    def _read(self) -> dict[str, Any]:
        out: IO[str] | None = self.proc.stdout
        line = out.readline() if out is not None else ""
        if not line:
            raise EngineError(
                f"the LibreOffice UNO worker died (exit {self.proc.poll()}); see {self._log.name}"
            )
        answer: dict[str, Any] = json.loads(line)
        return answer

    def call(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.proc.stdin is None or self.proc.poll() is not None:
            raise EngineError("the LibreOffice UNO worker is not running")
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        out = self.proc.stdout
        # one answer line per request, so nothing is left buffered from the last one
        if out is not None and not select.select([out], [], [], CONVERT_TIMEOUT_S)[0]:
            stop_group(self.proc)  # a wedged soffice: the next drawing starts a new bridge
            raise DrawingError(f"LibreOffice did not answer within {CONVERT_TIMEOUT_S:g} s "
                               f"drawing {request.get('in')}")
        answer = self._read()
        if not answer.get("ok"):
            error = str(answer.get("error"))
            kind = EngineError if error.startswith("unknown op") else DrawingError
            raise kind(f"LibreOffice failed on {request.get('in')}: {error}")
        return answer

    def close(self) -> bool:
        """End the worker, asking soffice to end itself first. True when it was asked and the
        worker ended normally (soffice is then on its way out)."""
        asked = False
        if self.proc.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                if self.proc.poll() is None:
                    self.proc.stdin.write(json.dumps({"op": "quit"}) + "\n")
                    self.proc.stdin.flush()
                    asked = True
            with contextlib.suppress(OSError):
                self.proc.stdin.close()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            stop_group(self.proc)
        self._log.close()
        return asked and self.proc.returncode == 0

    def abandon(self) -> None:
        """SIGKILL the worker at once (``Soffice.abandon``)."""
        abandon_group(self.proc)
        with contextlib.suppress(OSError):
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        self._log.close()


def close_bridge(soffice: Soffice, worker: UnoWorker) -> None:
    """End a worker and its soffice, cleanly when they answer."""
    soffice.close(asked_to_quit=worker.close())


def cold_convert_pdf(pptx: Path, pdf: Path, profile_url: str, work_dir: Path,
                     env: dict[str, str] | None = None) -> None:
    """One-shot ``soffice --convert-to pdf`` with the same profile and hidden slides."""
    out_dir = work_dir / "cold-out"
    out_dir.mkdir(parents=True, exist_ok=True)
    opts = json.dumps({"ExportHiddenSlides": {"type": "boolean", "value": "true"}})
    cmd = [
        find_soffice(), "--headless", "--invisible", "--nologo", "--norestore",
        f"-env:UserInstallation={profile_url}",
        "--convert-to", f"pdf:impress_pdf_Export:{opts}",
        "--outdir", str(out_dir), str(pptx.resolve()),
    ]  # fmt: skip
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
        env=office_env(env),
    )
    try:
        output, _ = proc.communicate(timeout=CONVERT_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        stop_group(proc, grace_s=2)
        raise DrawingError(f"soffice timed out converting {pptx}") from exc
    except BaseException:  # Ctrl-C: no soffice left converting behind us
        stop_group(proc, grace_s=2)
        raise
    finally:
        remove_stale_pipes(office_pipes(profile_url), wait_s=KILL_GRACE_S)
    produced = out_dir / f"{pptx.stem}.pdf"
    if proc.returncode != 0 or not produced.exists():
        raise DrawingError(f"soffice could not convert {pptx}: {output.strip()[-300:]}")
    pdf.parent.mkdir(parents=True, exist_ok=True)
    move_file(produced, pdf)


def move_file(src: Path, dst: Path) -> None:
    """``src`` to ``dst`` whole or not at all, also from another file system (the engines'
    folders may be in /dev/shm): copied next to ``dst``, then renamed over it."""
    try:
        os.replace(src, dst)
        return
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
    tmp = dst.with_name(f".{dst.name}.{os.getpid()}.tmp")
    try:
        shutil.copyfile(src, tmp)
        os.replace(tmp, dst)
    finally:
        tmp.unlink(missing_ok=True)
    src.unlink(missing_ok=True)
