"""A small synchronous client of the Chrome DevTools protocol over a pipe.

Chromium started with ``--remote-debugging-pipe`` reads commands on its fd 3 and writes
answers and events on its fd 4, one JSON message per NUL-terminated frame. ``Browser``
launches the binary with both pipes in place (``posix_spawn``: no Python code runs in the
child, so it is safe next to other threads), in a process group of its own and with a
private profile folder (``pptxagent-chromium-<pid>-…``, see ``engines.scratch``), and
``send`` writes one command and reads until its answer arrives. Events that come in
meanwhile are dropped, except those that mean the page is gone (a renderer crash, a
detached session). Not thread-safe: one caller at a time (``engines.thread``).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import select
import signal
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pptxagent.engines import scratch
from pptxagent.engines.procs import alive

PROFILE_PREFIX = "pptxagent-chromium-"
"""What ``engines.reset`` looks for in a killed browser's ``--user-data-dir``."""
DEFAULT_TIMEOUT_S = 300.0
"""How long one command may take before the browser is given up (a hung page)."""
PLAYWRIGHT_ARGS: tuple[str, ...] = (
    "--disable-field-trial-config", "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows", "--disable-back-forward-cache",
    "--disable-breakpad", "--disable-component-extensions-with-background-pages",
    "--no-default-browser-check", "--disable-default-apps", "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,"
    "HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,"
    "ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,"
    "NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch",
    "--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies",
    "--allow-pre-commit-input", "--disable-hang-monitor", "--disable-ipc-flooding-protection",
    "--disable-popup-blocking", "--disable-prompt-on-repost", "--disable-renderer-backgrounding",
    "--force-color-profile=srgb", "--metrics-recording-only", "--password-store=basic",
    "--use-mock-keychain", "--no-service-autorun", "--disable-search-engine-choice-screen",
    "--enable-unsafe-swiftshader", "--disable-infobars", "--hide-scrollbars", "--mute-audio",
    "--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,"
    "availablePointerTypes=4",
)
"""What Playwright adds to every headless launch: the same switches draw the same pixels."""
CLOSE_WAIT_S = 2.0
MAX_TMPDIR_LEN = 50
"""Chromium's own temporary files go inside the browser's folder (``TMPDIR``), so a killed
browser's leave with it, unless that folder's path is long: its singleton socket
(``<TMPDIR>/org.chromium.Chromium.XXXXXX/SingletonSocket``) must fit a unix socket's 107
bytes."""
READ_CHUNK = 1 << 20

_GONE_EVENTS = frozenset({"Inspector.targetCrashed", "Target.detachedFromTarget",
                          "Inspector.detached"})


class CdpError(Exception):
    """A command failed."""


class ProtocolError(CdpError):
    """The browser answered with an error (a bad parameter, an unknown node...)."""


class BrowserGone(CdpError):
    """The pipe closed or the page crashed: this browser cannot be used any more."""


class CdpTimeout(CdpError):
    """No answer in time: the browser was killed (a page stuck in a script)."""


class ScriptError(CdpError):
    """A script evaluated in the page threw (or its promise rejected)."""


class Browser:
    """One Chromium process driven through its DevTools pipe."""

    def __init__(self, executable: str, args: Sequence[str]) -> None:
        """Launch ``executable`` with ``args`` (no page: ``--no-startup-window``). Raises
        ``OSError`` when the binary cannot be run."""
        self._folder = scratch.make_dir("chromium")
        self._profile = self._folder / "profile"
        self._buf = bytearray()
        self._scanned = 0
        self._next_id = 0
        self._gone: str | None = None
        self.pid = 0
        self._to: int | None = None
        self._from: int | None = None
        try:
            self._spawn(executable, args)
        except BaseException:
            self._cleanup()
            raise

    @property
    def profile(self) -> Path:
        return self._profile

    def _spawn(self, executable: str, args: Sequence[str]) -> None:
        cmd_r, cmd_w = os.pipe()  # we write commands, Chromium reads fd 3
        ans_r, ans_w = os.pipe()  # Chromium writes answers on fd 4
        # Above 10 first, so the dup2 to 3 and 4 cannot clobber one another.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (cmd_r, ans_w)]
        for fd in (cmd_r, ans_w):
            os.close(fd)
        devnull = os.open(os.devnull, os.O_RDWR | os.O_CLOEXEC)
        log = os.open(self._folder / "stderr.log",
                      os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
        env = dict(os.environ)
        if len(str(self._folder)) <= MAX_TMPDIR_LEN:  # its sockets' paths stay short enough
            env = scratch.engine_env(self._folder)
        argv = [executable, *args, "--remote-debugging-pipe", f"--user-data-dir={self._profile}",
                "--no-startup-window"]
        try:
            self.pid = os.posix_spawn(executable, argv, env, file_actions=[
                (os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1),
                (os.POSIX_SPAWN_DUP2, log, 2),
                (os.POSIX_SPAWN_DUP2, high[0], 3), (os.POSIX_SPAWN_DUP2, high[1], 4),
            ], setpgroup=0)
        except BaseException:
            os.close(cmd_w)
            os.close(ans_r)
            raise
        finally:
            for fd in (*high, devnull, log):
                os.close(fd)
        self._to, self._from = cmd_w, ans_r

    def stderr_tail(self) -> str:
        """The last line the browser wrote on its stderr (why it did not start)."""
        try:
            lines = (self._folder / "stderr.log").read_text(errors="replace").splitlines()
        except OSError:
            return ""
        lines = [ln.strip() for ln in lines if ln.strip()]
        return lines[-1] if lines else ""

    @property
    def connected(self) -> bool:
        return self._gone is None and self._to is not None and alive(self.pid)

    def send(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None, timeout: float = DEFAULT_TIMEOUT_S) -> dict[str, Any]:
        """Run one command and return its result; ``CdpError`` subclasses on failure."""
        if self._gone is not None or self._to is None:
            raise BrowserGone(self._gone or "the browser is closed")
        self._next_id += 1
        msg: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session is not None:
            msg["sessionId"] = session
        self._write(json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self._read(deadline, method)
            if answer.get("id") == msg["id"]:
                if "error" in answer:
                    err = answer["error"]
                    raise ProtocolError(f"{method}: {err.get('message', err)}"
                                        + (f" ({err['data']})" if err.get("data") else ""))
                result: dict[str, Any] = answer.get("result", {})
                return result
            if answer.get("method") in _GONE_EVENTS and (
                    session is None or answer.get("sessionId") == session
                    or answer.get("params", {}).get("sessionId") == session):
                self._gone = f"the page is gone ({answer['method']})"
                raise BrowserGone(self._gone)

    def evaluate(self, expression: str, session: str,
                 timeout: float = DEFAULT_TIMEOUT_S) -> Any:
        """The value of ``expression`` in the page (a promise is awaited), returned by value
        (JSON data); ``ScriptError`` when it throws."""
        answer = self.send("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": True,
        }, session, timeout)
        details = answer.get("exceptionDetails")
        if details is not None:
            exc = details.get("exception") or {}
            text = exc.get("description") or exc.get("value") or details.get("text", "")
            raise ScriptError(str(text).strip().splitlines()[0] if str(text).strip()
                              else "the script failed")
        return answer.get("result", {}).get("value")

    def _write(self, data: bytes) -> None:
        assert self._to is not None
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self._to, view):]
        except OSError as exc:  # EPIPE: the browser died
            self._gone = f"the browser closed its pipe ({exc.strerror})"
            raise BrowserGone(self._gone) from exc

    def _read(self, deadline: float, method: str) -> dict[str, Any]:
        """The next whole message."""
        assert self._from is not None
        while True:
            end = self._buf.find(b"\0", self._scanned)
            if end >= 0:
                raw = bytes(self._buf[:end])
                del self._buf[:end + 1]
                self._scanned = 0
                message: dict[str, Any] = json.loads(raw)
                return message
            self._scanned = len(self._buf)
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from], [], [], left)[0]:
                self._gone = f"no answer to {method} in time"
                self.kill()
                raise CdpTimeout(self._gone)
            try:
                chunk = os.read(self._from, READ_CHUNK)
            except OSError as exc:
                chunk, why = b"", exc.strerror
            else:
                why = "end of pipe"
            if not chunk:
                self._gone = f"the browser closed its pipe ({why})"
                raise BrowserGone(self._gone)
            self._buf += chunk

    def kill(self, reap: bool = True) -> None:
        """SIGKILL the browser's process group at once; wait for it to end unless ``reap`` is
        false (this process is exiting: init reaps it)."""
        self._gone = self._gone or "the browser was killed"
        if self.pid:
            with contextlib.suppress(OSError):
                os.killpg(self.pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
            if reap:
                self._reap(CLOSE_WAIT_S)

    def _reap(self, wait_s: float) -> bool:
        """Wait up to ``wait_s`` for the browser process to end; whether it did."""
        deadline = time.monotonic() + wait_s
        while True:
            try:
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                return True  # reaped already (or not our child)
            if pid:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.005)

    def close(self, graceful: bool = False, reap: bool = True) -> None:
        """End the browser and remove its folder; safe to call twice, and on a dead browser.
        Its process group is SIGKILLed at once: the profile and temporary files go with the
        folder, so the browser's own shutdown (``Browser.close``, 0.15-0.3 s) would buy
        nothing. ``graceful`` asks for that shutdown first, waits at most ``CLOSE_WAIT_S``;
        ``reap`` false does not wait for the killed process to end (see ``kill``)."""
        if graceful and self.pid and self._gone is None and self._to is not None:
            with contextlib.suppress(CdpError, OSError, ValueError):
                self.send("Browser.close", timeout=CLOSE_WAIT_S)
        self._gone = self._gone or "the browser is closed"
        if self.pid:
            if not (graceful and self._reap(CLOSE_WAIT_S)):
                self.kill(reap)
            with contextlib.suppress(OSError):
                os.killpg(self.pid, signal.SIGKILL)  # helpers left behind
            self.pid = 0
        self._cleanup()

    def _cleanup(self) -> None:
        for fd in (self._to, self._from):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._to = self._from = None
        scratch.remove_dir(self._folder)


__all__ = ["PLAYWRIGHT_ARGS", "PROFILE_PREFIX", "Browser", "BrowserGone", "CdpError",
           "CdpTimeout", "ProtocolError", "ScriptError"]
