"""The engine host: one process that keeps the imports, Chromium and LibreOffice warm and
runs the slide-drawing commands other ``pptxagent`` processes hand it (``hostclient``).

It listens on a Unix socket in a folder only its user may enter, and answers only that user
(``SO_PEERCRED``). One command runs at a time, on the main thread, exactly as the command
line would run it: in the client's working directory and umask, with its arguments, printing
to the client; a second client meanwhile is told "busy" and runs the command itself. A
client with other code (fingerprint) or another ``PPTXAGENT_*`` environment is refused and
runs the command itself; other code on disk also ends the host. The host ends after
``idle_timeout_s`` without a command, on ``pptxagent host stop`` or SIGTERM; after
``max_jobs`` commands it starts a fresh successor and ends (memory stays bounded).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from pptxagent.cli import hostclient

REQUEST_TIMEOUT_S = 5.0
"""How long a connected client may take to send its request."""


class Relay:
    """A text stream that sends what a command writes to its client, line by line."""

    def __init__(self, conn: socket.socket, name: str, lock: threading.Lock) -> None:
        self._conn, self._name, self._lock = conn, name, lock
        self.broken = False

    encoding = "utf-8"
    errors = "replace"

    def write(self, data: str | bytes) -> int:
        if isinstance(data, bytes | bytearray):
            data = bytes(data).decode("utf-8", "replace")
        if data and not self.broken:
            try:
                with self._lock:
                    hostclient.send(self._conn, {"stream": self._name, "data": data})
            except OSError:
                self.broken = True  # the client went away: the command still ends cleanly
        return len(data)

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False

    def writable(self) -> bool:
        return True


class Host:
    """Accepts on one thread, runs commands on the main thread (see the module doc)."""

    def __init__(self, path: Path, idle_timeout_s: float, max_jobs: int,
                 log: TextIO) -> None:
        self.path, self.idle_timeout_s, self.max_jobs, self.log = (
            path, idle_timeout_s, max_jobs, log)
        self.fingerprint = hostclient.fingerprint()
        self.env = hostclient.relevant_env(os.environ)
        self.started = time.time()
        self.jobs = 0
        self.last_job: float | None = None
        self.end_reason = ""
        self._busy = threading.Lock()
        self._in_job = False
        self._work: queue.Queue[tuple[socket.socket, dict[str, Any]] | None] = queue.Queue()
        self._listener: socket.socket | None = None
        self.ready = False

    def say(self, msg: str) -> None:
        self.log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} pid {os.getpid()}: {msg}\n")
        self.log.flush()

    # --- lifecycle --------------------------------------------------------------------------
    def bind(self) -> None:
        folder = self.path.parent
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if folder.stat().st_uid != os.getuid():
            raise SystemExit(f"pptxagent host: {folder} belongs to another user")
        if self.path.exists():
            if status(self.path) is not None:
                raise SystemExit(f"pptxagent host: a host already listens on {self.path}")
            self.path.unlink()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            sock.bind(str(self.path))
        finally:
            os.umask(old)
        sock.listen(16)
        self._listener = sock

    def serve(self, warm: Callable[[], None], run: Callable[[list[str]], int]) -> str:
        """Warm the engines, then run commands until told to end; returns why it ended."""
        signal.signal(signal.SIGINT, self._on_sigint)
        signal.signal(signal.SIGTERM, lambda *_: self._work.put(None))
        threading.Thread(target=self._accept, name="pptxagent-host-accept", daemon=True).start()
        warm()
        self.ready = True
        self.say(f"ready on {self.path}")
        try:
            while not self.end_reason:
                idle_left = self.idle_timeout_s - (time.time() - (self.last_job or self.started))
                try:
                    item = self._work.get(timeout=max(0.05, min(idle_left, 1.0)))
                except queue.Empty:
                    if idle_left <= 0:
                        self.end_reason = f"idle for {self.idle_timeout_s:g} s"
                    continue
                if item is None:
                    self.end_reason = self.end_reason or "stopped"
                    continue
                self._run_one(*item, run=run)
                if self.jobs >= self.max_jobs:
                    self.end_reason = f"recycled after {self.jobs} commands"
        finally:
            self.close()
            self.say(f"ended: {self.end_reason}")
        return self.end_reason

    def close(self) -> None:
        if self._listener is not None:
            with contextlib.suppress(OSError):
                self._listener.close()
            self._listener = None
            with contextlib.suppress(OSError):
                self.path.unlink()

    def _on_sigint(self, signum: int, frame: FrameType | None) -> None:
        if self._in_job:  # the client's Ctrl-C: interrupt its command, as it would be there
            raise KeyboardInterrupt

    # --- the accepting thread ---------------------------------------------------------------
    def _accept(self) -> None:
        while self._listener is not None:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            try:
                self._answer(conn)
            except (OSError, ValueError) as exc:
                if not isinstance(exc, BrokenPipeError):  # a client that gave up waiting
                    self.say(f"a client's request failed: {exc}")
                conn.close()

    def _answer(self, conn: socket.socket) -> None:
        if not hostclient.ours(conn):
            conn.close()
            return
        conn.settimeout(REQUEST_TIMEOUT_S)
        line = conn.makefile("rb").readline()
        req = json.loads(line) if line else {}
        op = req.get("op")
        if op == "status":
            hostclient.send(conn, self.status())
        elif op == "stop":
            self.end_reason = "stopped by `pptxagent host stop`"
            hostclient.send(conn, {"stopping": True, "pid": os.getpid()})
            self._work.put(None)
        elif op == "run":
            refusal = self._refusal(req)
            if refusal is None and not self._busy.acquire(blocking=False):
                refusal = "busy with another command"
            if refusal is not None:
                hostclient.send(conn, {"accept": False, "reason": refusal})
            else:
                conn.settimeout(None)
                hostclient.send(conn, {"accept": True, "pid": os.getpid()})
                self._work.put((conn, req))
                return  # the main thread owns conn now
        conn.close()

    def _refusal(self, req: dict[str, Any]) -> str | None:
        if self.end_reason:
            return "ending"
        if not self.ready:
            return "still warming up"
        if req.get("fingerprint") != self.fingerprint:
            if hostclient.fingerprint() != self.fingerprint:  # the code changed under us
                self.end_reason = "the code on disk changed"
                self._work.put(None)
            return "another version of pptxagent"
        if req.get("env") != self.env:
            return "another PPTXAGENT_* environment"
        if not isinstance(req.get("argv"), list) or not isinstance(req.get("cwd"), str):
            return "a malformed request"
        return None

    def status(self) -> dict[str, Any]:
        now = time.time()
        return {"pid": os.getpid(), "ready": self.ready, "socket": str(self.path),
                "uptime_s": round(now - self.started, 1), "commands": self.jobs,
                "busy": self._busy.locked(), "idle_timeout_s": self.idle_timeout_s,
                "max_jobs": self.max_jobs, "log": str(log_path(self.path)),
                "last_command_age_s": None if self.last_job is None
                else round(now - self.last_job, 1)}

    # --- the main thread --------------------------------------------------------------------
    def _run_one(self, conn: socket.socket, req: dict[str, Any],
                 run: Callable[[list[str]], int]) -> None:
        lock = threading.Lock()
        out, err = Relay(conn, "out", lock), Relay(conn, "err", lock)
        saved = (os.getcwd(), sys.stdout, sys.stderr, sys.stdin)
        umask = req.get("umask")
        old_umask = os.umask(umask) if isinstance(umask, int) else None
        started = time.perf_counter()
        code = 70
        try:
            os.chdir(req["cwd"])
            sys.stdout, sys.stderr = out, err
            sys.stdin = open(os.devnull)  # noqa: SIM115 - closed below
            self._in_job = True
            code = run([str(a) for a in req["argv"]])
        except KeyboardInterrupt:
            code = 130
        except OSError as exc:  # the client's folder vanished, say
            err.write(f"pptxagent: error: {exc}\n")
            code = 2
        except Exception as exc:  # a bug in the command: it ends, the host stays up
            self.say(f"command failed: {exc!r}")
            err.write(f"pptxagent: internal error: {type(exc).__name__}: {exc} (this is a "
                      "bug; rerun with PPTXAGENT_NO_HOST=1 PPTXAGENT_DEBUG=1 for the "
                      "traceback)\n")
            code = 70
        finally:
            self._in_job = False
            sys.stdin.close()
            os.chdir(saved[0])
            sys.stdout, sys.stderr, sys.stdin = saved[1], saved[2], saved[3]
            if old_umask is not None:
                os.umask(old_umask)
            self.jobs += 1
            self.last_job = time.time()
            self._busy.release()
            with contextlib.suppress(OSError), lock:
                hostclient.send(conn, {"exit": code})
            conn.close()
            self.say(f"ran {' '.join(str(a) for a in req['argv'][:1])} → exit {code} in "
                     f"{time.perf_counter() - started:.2f} s")


def log_path(sock: Path) -> Path:
    return sock.with_name(sock.stem + ".log")


def ask(path: Path, msg: dict[str, Any], timeout_s: float = 2.0) -> dict[str, Any] | None:
    """One request, one answer; ``None`` when no host answers on ``path``."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(timeout_s)
            sock.connect(str(path))
            if not hostclient.ours(sock):
                return None
            hostclient.send(sock, msg)
            line = sock.makefile("rb").readline()
    except OSError:
        return None
    try:
        answer = json.loads(line) if line else None
    except ValueError:
        return None
    return answer if isinstance(answer, dict) else None


def status(path: Path) -> dict[str, Any] | None:
    return ask(path, {"op": "status"})


def spawn(path: Path, idle_timeout_s: float, max_jobs: int) -> subprocess.Popen[bytes]:
    """Start a host in its own session, detached from this terminal, logging beside its
    socket."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    log = open(log_path(path), "ab")  # noqa: SIM115 - handed to the child
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "pptxagent.cli", "host", "run", "--socket", str(path),
             "--idle-timeout", f"{idle_timeout_s:g}", "--max-commands", str(max_jobs)],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True,
            cwd="/", close_fds=True)
    finally:
        log.close()
