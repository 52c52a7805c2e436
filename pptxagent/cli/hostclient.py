"""Hand a command to a running engine host (``pptxagent host start``), standard library only.

A command that draws slides pays, in a fresh process, for importing its stages (~1 s) and
starting Chromium and LibreOffice (~1–2 s) before its own work. A host keeps both engines
and the imports warm; this module, imported before anything heavy, sends it the command
line, the working directory and the ``PPTXAGENT_*`` environment, relays what the command
prints and returns its exit code. Whenever the host cannot run the command exactly as this
process would — no host, another version of the code or of Python, another environment,
busy with another command, a file argument on stdin — ``run_hosted`` returns ``None`` and the
command runs here, cold, as before. Nothing the user sees differs but the time.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import socket
import struct
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

HOSTED_COMMANDS = frozenset({"fill", "compose", "qa", "render", "refine"})
"""The commands a host runs: those that draw slides."""

SOCKET_ENV = "PPTXAGENT_HOST_SOCKET"
"""Overrides where the host listens (default: a private folder of this user's)."""

OFF_ENV = "PPTXAGENT_NO_HOST"
"""Set (to anything but empty or 0) to run every command in its own process."""

CONNECT_TIMEOUT_S = 2.0
"""How long the host may take to accept or refuse a command before it runs here."""

_PACKAGE = Path(__file__).resolve().parents[1]
_ENV_KEYS = ("OPENAI_API_KEY",)


def socket_path() -> Path:
    """The host's socket: ``$PPTXAGENT_HOST_SOCKET``, else ``host.sock`` in a folder only this
    user may enter (``$XDG_RUNTIME_DIR/pptxagent``, or ``/tmp/pptxagent-UID``)."""
    if env := os.environ.get(SOCKET_ENV):
        return Path(env)
    base = os.environ.get("XDG_RUNTIME_DIR")
    folder = Path(base) / "pptxagent" if base else Path(f"/tmp/pptxagent-{os.getuid()}")
    return folder / "host.sock"


def fingerprint(package: Path = _PACKAGE) -> str:
    """The code a command would run: Python, and every source file and HTML template of the
    package (path, size, modification time). A host answers only clients with its own."""
    h = hashlib.sha256(f"{sys.executable}\0{sys.version}\0{package}".encode())
    for root, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".html", ".j2", ".css", ".js", ".json", ".toml")):
                st = os.stat(os.path.join(root, name))
                h.update(f"{root}/{name}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def relevant_env(environ: Mapping[str, str]) -> dict[str, str]:
    """The environment a command's outcome depends on: ``PPTXAGENT_*`` (engines, debug, LLM)
    and the LLM key; where the host listens does not count."""
    return {k: v for k, v in sorted(environ.items())
            if (k.startswith("PPTXAGENT_") and k not in (SOCKET_ENV, OFF_ENV))
            or k in _ENV_KEYS}


def wants_host(argv: Sequence[str]) -> bool:
    """``argv`` (without the program) runs a command a host may run for this process."""
    if os.environ.get(OFF_ENV, "") not in ("", "0"):
        return False
    if not argv or argv[0] not in HOSTED_COMMANDS:
        return False
    args = argv[1:]
    return not any(a in ("-", "-h", "--help") for a in args)  # stdin stays here; help is quick


def send(sock: socket.socket, msg: Mapping[str, Any]) -> None:
    sock.sendall(json.dumps(msg).encode() + b"\n")


def request(argv: Sequence[str]) -> dict[str, Any]:
    umask = os.umask(0o022)
    os.umask(umask)
    return {"op": "run", "argv": list(argv), "cwd": os.getcwd(), "umask": umask,
            "env": relevant_env(os.environ), "fingerprint": fingerprint()}


def ours(sock: socket.socket) -> bool:
    """The process at the other end of ``sock`` runs as this user."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return bool(struct.unpack("3i", creds)[1] == os.getuid())


def run_hosted(argv: Sequence[str]) -> int | None:
    """Run ``argv`` on the host and return its exit code, or ``None`` to run it here."""
    if not wants_host(argv):
        return None
    path = socket_path()
    if not path.exists():
        return None
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(CONNECT_TIMEOUT_S)
        sock.connect(str(path))
        if not ours(sock):
            return None  # never hand a command (its environment, its files) to another user
        send(sock, request(argv))
        reader = sock.makefile("rb")
        first = reader.readline()
        answer = json.loads(first) if first else {}
        if not answer.get("accept"):
            return None
        sock.settimeout(None)
        return _relay(reader, int(answer.get("pid", 0)))
    except (OSError, ValueError):
        return None  # no host after all, or one that broke before it started: run here
    finally:
        sock.close()


def _relay(reader: Any, host_pid: int) -> int:
    """Print what the command prints, as it prints it; Ctrl-C interrupts the command on the
    host (which removes a half-written output, as here) and still waits for its end."""
    streams = {"out": sys.stdout, "err": sys.stderr}
    while True:
        try:
            line = reader.readline()
        except KeyboardInterrupt:
            if host_pid:
                with contextlib.suppress(OSError):
                    os.kill(host_pid, signal.SIGINT)
            continue
        if not line:
            sys.stderr.write("pptxagent: error: the engine host stopped during the command "
                             "(its log: `pptxagent host status`); run it again\n")
            return 70
        msg = json.loads(line)
        if "exit" in msg:
            return int(msg["exit"])
        stream = streams.get(str(msg.get("stream")), sys.stderr)
        stream.write(str(msg.get("data", "")))
        stream.flush()
