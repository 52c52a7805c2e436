"""The engine host's files and its small requests: a private folder, the log, ``status`` and
``stop`` requests, and starting a host in the background (see ``hostserver``)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import stat
import struct
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

AUTO_IDLE_TIMEOUT_S = 1800.0
"""The idle timeout of a host ``PPTXAGENT_HOST=auto`` starts (``host start``'s default)."""

AUTO_MAX_COMMANDS = 1000


def send(sock: socket.socket, msg: Mapping[str, Any]) -> None:
    sock.sendall(json.dumps(msg).encode() + b"\n")


def ours(sock: socket.socket) -> bool:
    """The process at the other end of ``sock`` runs as this user."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return bool(struct.unpack("3i", creds)[1] == os.getuid())


class HostError(Exception):
    """The host cannot use its folder (another user's, a symlink, open to others)."""


def private_folder(folder: Path) -> Path:
    """``folder``, created 0700 when missing; refused when it is a symlink, belongs to
    another user or others may enter it (a predictable /tmp path another user prepared)."""
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=0o700, parents=True)
    st = os.lstat(folder)
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        raise HostError(f"{folder} is not a folder of its own (a symlink or a file)")
    if st.st_uid != os.getuid():
        raise HostError(f"{folder} belongs to another user")
    if st.st_mode & 0o077:
        raise HostError(f"{folder} may be entered by other users (mode "
                        f"{stat.S_IMODE(st.st_mode):o}); make it 0700 or choose --socket")
    return folder


def log_path(sock: Path) -> Path:
    return sock.with_name(sock.stem + ".log")


def open_log(sock: Path) -> int:
    """The host's log, appended to, never through a symlink; a file descriptor."""
    private_folder(sock.parent)
    return os.open(log_path(sock), os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW
                   | os.O_CLOEXEC, 0o600)


def ask(path: Path, msg: dict[str, Any], timeout_s: float = 2.0) -> dict[str, Any] | None:
    """One request, one answer; ``None`` when no host of this user answers on ``path``."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(timeout_s)
            sock.connect(str(path))
            if not ours(sock):
                return None
            send(sock, msg)
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


def host_argv(path: Path, idle_timeout_s: float, max_jobs: int, restarts: int = 0
              ) -> list[str]:
    """The command line of a host in the foreground (``host run``)."""
    return [sys.executable, "-m", "pptxagent.cli", "host", "run", "--socket", str(path),
            "--idle-timeout", f"{idle_timeout_s:g}", "--max-commands", str(max_jobs),
            *(["--restarts", str(restarts)] if restarts else [])]


def spawn(path: Path, idle_timeout_s: float, max_jobs: int) -> subprocess.Popen[bytes]:
    """Start a host in its own session, detached from this terminal, logging beside its
    socket."""
    log = open_log(path)
    try:
        return subprocess.Popen(host_argv(path, idle_timeout_s, max_jobs),
                                stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                start_new_session=True, cwd="/", close_fds=True)
    finally:
        os.close(log)

