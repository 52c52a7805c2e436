"""Wake an idle worker the moment a job is queued (instead of at its next poll).

Each worker listens on a Linux abstract-namespace datagram socket named after the service's
run folder and its own name (no file, no path-length limit, gone with the process). Queuing a
job sends one byte to every worker whose pid file is in that folder; a worker not listening
yet (or any error) is skipped: the poll remains the fallback, so a lost wake-up costs at most
one poll interval, never a job. The event stream is woken the same way by the worker that
records an event, so a client sees it without waiting for the stream's own poll.
"""

from __future__ import annotations

import contextlib
import hashlib
import select
import socket
import time
from pathlib import Path


def address(run_dir: Path, name: str) -> bytes:
    """The abstract socket address of listener ``name`` of the service whose run folder is
    ``run_dir``."""
    tag = hashlib.sha1(str(run_dir.resolve()).encode()).hexdigest()[:16]
    return b"\0pptxagent-" + tag.encode() + b"-" + name.encode()


class Listener:
    """A worker's (or the API's) end: ``wait`` returns early when woken."""

    def __init__(self, run_dir: Path, name: str) -> None:
        self._sock: socket.socket | None = None
        try:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        except OSError:  # no sockets left (EMFILE), no AF_UNIX: poll only
            return
        try:
            sock.bind(address(run_dir, name))
            sock.setblocking(False)
        except OSError:  # another process holds the name, no abstract namespace: poll only
            sock.close()
            return
        self._sock = sock

    @property
    def listening(self) -> bool:
        return self._sock is not None

    def fileno(self) -> int:
        return self._sock.fileno() if self._sock is not None else -1

    def drain(self) -> bool:
        """Consume every pending wake-up; True when there was one."""
        woken = False
        while self._sock is not None:
            try:
                self._sock.recv(64)
                woken = True
            except (BlockingIOError, InterruptedError):
                break
        return woken

    def wait(self, timeout: float) -> bool:
        """Up to ``timeout`` s; True when woken (every pending wake-up is consumed). Not
        listening, it just sleeps ``timeout``."""
        if self._sock is None:
            time.sleep(timeout)
            return False
        ready, _, _ = select.select([self._sock], [], [], timeout)
        return bool(ready) and self.drain()

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def wake(run_dir: Path, names: list[str]) -> int:
    """Send a wake-up to each listener in ``names``; how many were reached."""
    reached = 0
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.setblocking(False)
        for name in names:
            with contextlib.suppress(OSError):  # not listening (yet), or its queue is full
                sock.sendto(b"1", address(run_dir, name))
                reached += 1
    return reached


def wake_workers(run_dir: Path) -> int:
    """Wake every worker of this service (those with a pid file in ``run_dir``)."""
    return wake(run_dir, sorted(p.stem for p in run_dir.glob("*.pid")))


API = "api"
"""The API process's listener: workers wake it when they record an event."""
