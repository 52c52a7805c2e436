"""The engine host: one process that keeps the imports, Chromium and LibreOffice warm and
runs the slide-drawing commands other ``pptxagent`` processes hand it (``hostclient``).

It listens on a Unix socket in a folder only its user may enter and answers only that user
(``SO_PEERCRED``). One command runs at a time, on the main thread, as the command line would
run it: in the client's working directory and umask, with its arguments, printing to the
client; a second client meanwhile is told "busy" and runs the command itself, as does a
client with other code (fingerprint) or another environment. When the client goes away or
is interrupted (it closes its side), the command is interrupted as Ctrl-C would.

A command that did not end as commands end (0 done, 1 degraded, 2 bad input) — interrupted,
a crash, an engine failure — may leave an engine mid-call: the host then kills both engines
and starts afresh in place (``exec``), as it does when an engine died between commands and
after ``max_jobs`` commands (memory stays bounded). It ends after ``idle_timeout_s`` without a
command, on ``pptxagent host stop``, SIGTERM or SIGINT, or when the code on disk changes.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from pptxagent.cli import hostclient, hostio
from pptxagent.cli.hostio import (
    host_argv,
    log_path,
    private_folder,
    status,
)
from pptxagent.pipeline.tools import alive, kill_engines, reap_children, vital_pids

QUICK_RESTART_S = 60.0
"""A restart this soon after the host became ready counts as quick; ``MAX_QUICK_RESTARTS``
quick ones in a row end the host (an engine that dies at every start)."""

MAX_QUICK_RESTARTS = 3

REQUEST_TIMEOUT_S = 5.0
"""How long a connected client may take to send its request."""

NORMAL_EXITS = frozenset({0, 1, 2})
"""Exit codes after which the engines are known to be idle and well."""

Job = tuple[socket.socket, dict[str, Any]]


class Relay:
    """A text stream that sends what a command writes to its client."""

    encoding = "utf-8"
    errors = "replace"

    def __init__(self, conn: socket.socket, name: str, lock: threading.Lock) -> None:
        self._conn, self._name, self._lock = conn, name, lock
        self.broken = False

    def write(self, data: str | bytes) -> int:
        if isinstance(data, bytes | bytearray):
            data = bytes(data).decode("utf-8", "replace")
        if data and not self.broken:
            try:
                with self._lock:
                    hostio.send(self._conn, {"stream": self._name, "data": data})
            except OSError:
                self.broken = True  # the client went away: its command is being interrupted
        return len(data)

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False  # clients at a terminal run their commands themselves

    def writable(self) -> bool:
        return True


class Host:
    """Accepts on one thread, runs commands on the main thread (see the module doc)."""

    def __init__(self, path: Path, idle_timeout_s: float, max_jobs: int, log: TextIO,
                 restarts: int = 0) -> None:
        self.path, self.idle_timeout_s, self.max_jobs, self.log = (
            path, idle_timeout_s, max_jobs, log)
        self.restarts = restarts  # quick restarts in a row before this start
        self.fingerprint = hostclient.fingerprint()
        self.env = hostclient.relevant_env(os.environ)
        self.started = time.time()
        self.ready_at: float | None = None
        self.jobs = 0
        self.last_job: float | None = None
        self.end_reason = ""
        self.restart_reason = ""
        self._busy = threading.Lock()
        self._job_no = 0  # the running command's number, 0 between commands
        self._interruptible = False  # inside the command's own try: an interrupt is its
        self._client_interrupt = 0  # the command whose client went away (signal pending)
        self._stop = False
        self._work: queue.SimpleQueue[Job] = queue.SimpleQueue()
        self._listener: socket.socket | None = None
        self._vital: set[int] = set()

    @property
    def ready(self) -> bool:
        return self.ready_at is not None

    def say(self, msg: str) -> None:
        self.log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} pid {os.getpid()}: {msg}\n")
        self.log.flush()

    # --- lifecycle --------------------------------------------------------------------------
    def bind(self) -> None:
        private_folder(self.path.parent)
        if self.path.exists() or self.path.is_symlink():
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
        """Warm the engines, then run commands until told to end; returns why it ended.
        Starts afresh in place (never returns) when ``restart_reason`` gets set."""
        signal.signal(signal.SIGINT, self._on_signal)
        signal.signal(signal.SIGTERM, self._on_signal)
        threading.Thread(target=self._accept, name="pptxagent-host-accept", daemon=True).start()
        try:
            warm()
            self._vital = vital_pids()
            self.ready_at = time.time()
            self.say(f"ready on {self.path} (engine processes {sorted(self._vital)})")
            while True:
                try:
                    job = self._work.get(timeout=0.2)
                except queue.Empty:
                    if self._stop:
                        self._end("stopped")
                    if self.end_reason or self.restart_reason:
                        if self._busy.acquire(blocking=False):
                            break  # held from here on: every request is refused
                        continue  # a command was accepted this instant: run it first
                    self._maybe_idle_out()
                    continue
                self._run_one(*job, run=run)
        except KeyboardInterrupt:
            self._end("interrupted")
        finally:
            self.close()
        if self.restart_reason and not self._stop and not self.end_reason:
            self.restart()
        self._end(self.restart_reason or "stopped")
        self.say(f"ended: {self.end_reason}")
        return self.end_reason

    def _end(self, reason: str) -> None:
        self.end_reason = self.end_reason or reason

    def _maybe_idle_out(self) -> None:
        idle = time.time() - (self.last_job or self.ready_at or self.started)
        if idle < self.idle_timeout_s or not self._busy.acquire(blocking=False):
            return  # busy: a command was accepted this instant
        self._end(f"idle for {self.idle_timeout_s:g} s")  # refused from now on
        self._busy.release()

    def close(self) -> None:
        if self._listener is not None:
            with contextlib.suppress(OSError):
                self._listener.close()
            self._listener = None
            with contextlib.suppress(OSError):
                self.path.unlink()

    def restart(self) -> None:
        """Close both engines (their temporary profiles too), reap what is left and run
        this host again in this process (same pid: a service manager sees no change). After
        ``MAX_QUICK_RESTARTS`` quick restarts in a row the host ends instead."""
        quick = self.ready_at is not None and time.time() - self.ready_at < QUICK_RESTART_S
        restarts = self.restarts + 1 if quick else 0
        if restarts >= MAX_QUICK_RESTARTS:
            self._end(f"{self.restart_reason}; {restarts} quick restarts in a row, giving up")
            return
        self.say(f"starting afresh: {self.restart_reason}")
        atexit._run_exitfuncs()  # the engines' close: browser, soffice, profiles
        for t in threading.enumerate():
            if t.name.startswith("pptxagent-lo-close"):
                t.join(10)
        reap_children()
        sys.stdout.flush()
        sys.stderr.flush()
        if self._stop:  # SIGTERM while closing: end, do not start again
            self._end("stopped")
            return
        os.execv(sys.executable, host_argv(self.path, self.idle_timeout_s, self.max_jobs,
                                           restarts))

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self._client_interrupt:  # sent by the watcher: the client went away
            job, self._client_interrupt = self._client_interrupt, 0
            if self._interruptible and job == self._job_no:
                raise KeyboardInterrupt
            return  # its command already ended
        self._stop = True  # the host's own SIGTERM / Ctrl-C
        if signum == signal.SIGINT and (self._interruptible or not self._job_no):
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
        if not hostio.ours(conn):
            conn.close()
            return
        conn.settimeout(REQUEST_TIMEOUT_S)
        line = conn.makefile("rb").readline()
        req = json.loads(line) if line else {}
        op = req.get("op")
        if op == "status":
            hostio.send(conn, self.status())
        elif op == "stop":
            self._stop = True
            hostio.send(conn, {"stopping": True, "pid": os.getpid()})
        elif op == "run":
            refusal = self._refusal(req)
            if refusal is None and not self._busy.acquire(blocking=False):
                refusal = "busy with another command"
            if refusal is not None:
                hostio.send(conn, {"accept": False, "reason": refusal})
            else:
                try:
                    conn.settimeout(None)
                    hostio.send(conn, {"accept": True, "pid": os.getpid()})
                except BaseException:
                    self._busy.release()  # the client left before it was accepted
                    raise
                self._work.put((conn, req))
                return  # the main thread owns conn now
        conn.close()

    def _refusal(self, req: dict[str, Any]) -> str | None:
        if self.end_reason or self.restart_reason or self._stop:
            return "ending"
        if not self.ready:
            return "still warming up"
        if req.get("fingerprint") != self.fingerprint:
            if hostclient.fingerprint() != self.fingerprint:  # the code changed under us
                self._stop = True
                self._end("the code on disk changed")
            return "another version of pptxagent"
        if req.get("env") != self.env:
            return "another environment"
        if not isinstance(req.get("argv"), list) or not isinstance(req.get("cwd"), str):
            return "a malformed request"
        if self._vital and not self._job_no and not self._engines_alive():
            self.restart_reason = "an engine died between commands"
            return "restarting its engines"
        return None

    def _engines_alive(self) -> bool:
        """The engine processes that ran after the warm-up still run (a machine without
        LibreOffice's bridge never had them)."""
        return all(alive(p) for p in self._vital)

    def status(self) -> dict[str, Any]:
        now = time.time()
        state = ("restarting" if self.restart_reason else "ending"
                 if self.end_reason or self._stop else "ready" if self.ready else "warming up")
        return {"pid": os.getpid(), "ready": state == "ready", "state": state,
                "socket": str(self.path),
                "uptime_s": round(now - self.started, 1), "commands": self.jobs,
                "busy": self._job_no != 0, "idle_timeout_s": self.idle_timeout_s,
                "max_jobs": self.max_jobs, "log": str(log_path(self.path)),
                "last_command_age_s": None if self.last_job is None
                else round(now - self.last_job, 1)}

    # --- the main thread --------------------------------------------------------------------
    def _watch(self, conn: socket.socket, job_no: int) -> None:
        """Interrupt command ``job_no`` when its client closes its side (Ctrl-C, killed)."""
        with contextlib.suppress(OSError):
            while conn.recv(1024):
                pass
        if self._job_no == job_no:
            self._client_interrupt = job_no
            # a real signal (not interrupt_main): it also wakes a call blocked in the kernel
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)

    def _run_one(self, conn: socket.socket, req: dict[str, Any],
                 run: Callable[[list[str]], int]) -> None:
        lock = threading.Lock()
        out, err = Relay(conn, "out", lock), Relay(conn, "err", lock)
        home, saved = os.getcwd(), (sys.stdout, sys.stderr, sys.stdin)
        umask = req.get("umask")
        old_umask = os.umask(umask) if isinstance(umask, int) else None
        started = time.perf_counter()
        code = 70
        self._job_no = self.jobs + 1
        try:
            self._interruptible = True
            threading.Thread(target=self._watch, args=(conn, self._job_no), daemon=True,
                             name="pptxagent-host-watch").start()
            os.chdir(req["cwd"])
            sys.stdout, sys.stderr = out, err
            sys.stdin = open(os.devnull)  # noqa: SIM115 - closed below
            code = run([str(a) for a in req["argv"]])
        except KeyboardInterrupt:
            err.write("pptxagent: interrupted\n")
            code = 130
        except OSError as exc:  # the client's folder vanished, say
            err.write(f"pptxagent: error: {exc}\n")
            code = 2
        except Exception as exc:  # a bug in the command: it ends, the host starts afresh
            self.say(f"command failed: {exc!r}")
            err.write(f"pptxagent: internal error: {type(exc).__name__}: {exc} (this is a "
                      "bug; rerun with PPTXAGENT_DEBUG=1 for the traceback)\n")
            code = 70
        finally:
            self._interruptible = False
            self._job_no = 0
            if code not in NORMAL_EXITS:  # an engine may be mid-call: stop it here, in the
                self.restart_reason = f"a command ended with exit {code}"  # caller's folder
                with contextlib.suppress(Exception):
                    kill_engines()
            sys.stdin.close()
            os.chdir(home)
            sys.stdout, sys.stderr, sys.stdin = saved
            if old_umask is not None:
                os.umask(old_umask)
            self.jobs += 1
            self.last_job = time.time()
            if self.jobs >= self.max_jobs:
                self.restart_reason = self.restart_reason or f"{self.jobs} commands run"
            with contextlib.suppress(OSError), lock:
                hostio.send(conn, {"exit": code})
            conn.close()
            self.say(f"ran {req['argv'][0] if req['argv'] else '(nothing)'} → exit {code} in "
                     f"{time.perf_counter() - started:.2f} s")
            self._busy.release()
