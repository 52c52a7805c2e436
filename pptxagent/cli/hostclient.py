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
import socket
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pptxagent.cli import hostio
from pptxagent.cli.hostio import ours, send

HOSTED_COMMANDS = frozenset({"fill", "compose", "qa", "render", "refine"})
"""The commands a host runs: those that draw slides."""

SOCKET_ENV = "PPTXAGENT_HOST_SOCKET"
"""Overrides where the host listens (default: a private folder of this user's)."""

OFF_ENV = "PPTXAGENT_NO_HOST"
"""Set (to anything but empty or 0) to run every command in its own process."""

AUTO_ENV = "PPTXAGENT_HOST"
"""``auto``: a command that finds no host starts one in the background (and runs itself
here), so the commands after it find the engines warm."""

CONNECT_TIMEOUT_S = 2.0
"""How long the host may take to accept or refuse a command before it runs here."""

_PACKAGE = Path(__file__).resolve().parents[1]
_ENV_PREFIXES = ("PPTXAGENT_", "OPENAI_")
_ENV_KEYS = ("PATH", "HOME", "TMPDIR", "TZ", "LANG", "LC_ALL", "LC_CTYPE", "TERM", "COLUMNS",
             "FORCE_COLOR", "NO_COLOR", "http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY",
             "HTTPS_PROXY", "NO_PROXY", "SSL_CERT_FILE", "SSL_CERT_DIR")
_DEVICE_ROOTS = ("/dev", "/proc")


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
    h = hashlib.sha256(f"{sys.prefix}\0{sys.version}\0{package}".encode())
    for root, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".html", ".j2", ".css", ".js", ".json", ".toml")):
                st = os.stat(os.path.join(root, name))
                h.update(f"{root}/{name}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def relevant_env(environ: Mapping[str, str]) -> dict[str, str]:
    """The environment a command's outcome depends on: ``PPTXAGENT_*`` (engines, LLM),
    ``OPENAI_*`` (the LLM's endpoint and key), where programs and temporary files are found,
    the locale and the time zone; where the host listens does not count."""
    return {k: v for k, v in sorted(environ.items())
            if (k.startswith(_ENV_PREFIXES) and k not in (SOCKET_ENV, OFF_ENV, AUTO_ENV))
            or k in _ENV_KEYS}


def _names_a_descriptor(arg: str) -> bool:
    """``arg`` may name a path under /dev or /proc (``/dev/fd/63`` of ``<(…)``,
    ``-o/dev/stdout``, ``--out=../../dev/fd/1``, a symlink to one): the caller's own
    descriptors, which the host would open as its own."""
    if any(f"{root}/" in arg or arg.endswith(root) for root in _DEVICE_ROOTS):
        return True
    value = arg.split("=", 1)[1] if arg.startswith("--") and "=" in arg else arg
    path = os.path.realpath(value) if value else ""
    return any(path == root or path.startswith(root + "/") for root in _DEVICE_ROOTS)


def wants_host(argv: Sequence[str]) -> bool:
    """``argv`` (without the program) runs a command a host may run for this process: not
    ``--help``, nothing read from stdin or a descriptor of this process, not at a terminal
    (colours and widths are the terminal's), not under ``PPTXAGENT_DEBUG`` (tracebacks)."""
    if os.environ.get(OFF_ENV, "") not in ("", "0") or os.environ.get("PPTXAGENT_DEBUG"):
        return False
    if not argv or argv[0] not in HOSTED_COMMANDS:
        return False
    if any(a in ("-", "-h", "--help") or _names_a_descriptor(a) for a in argv[1:]):
        return False
    return not _at_terminal()


def _at_terminal() -> bool:
    try:
        return sys.stdout.isatty() or sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def request(argv: Sequence[str]) -> dict[str, Any]:
    umask = os.umask(0o022)
    os.umask(umask)
    return {"op": "run", "argv": list(argv), "cwd": os.getcwd(), "umask": umask,
            "env": relevant_env(os.environ), "fingerprint": fingerprint()}


def invoked_as_command() -> bool:
    """This process is the ``pptxagent`` command: its console script, or ``python -m
    pptxagent.cli`` (not a test runner's or another program's ``__main__.py``)."""
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    return (Path(sys.argv[0]).name == "pptxagent"
            or getattr(spec, "name", None) == "pptxagent.cli.__main__")


def run_hosted(argv: Sequence[str]) -> int | None:
    """Run ``argv`` on the host and return its exit code, or ``None`` to run it here."""
    if not wants_host(argv):
        return None
    path = socket_path()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(CONNECT_TIMEOUT_S)
        try:
            sock.connect(str(path))
        except (FileNotFoundError, ConnectionRefusedError):
            if os.environ.get(AUTO_ENV) == "auto":
                _start_host(path)
            raise
        if not ours(sock):
            return None  # never hand a command (its environment, its files) to another user
        send(sock, request(argv))
        reader = sock.makefile("rb")
        first = reader.readline()
        answer = json.loads(first) if first else {}
        if not answer.get("accept"):
            return None
        sock.settimeout(None)
    except (OSError, ValueError):
        sock.close()
        return None  # no host after all, or one that broke before it started: run here
    try:  # accepted: the command runs there, whatever happens here (never twice)
        return _relay(sock, reader)
    finally:
        sock.close()


def _start_host(path: Path) -> None:
    """``PPTXAGENT_HOST=auto``: start a host in the background for the next commands."""
    try:
        hostio.spawn(path, hostio.AUTO_IDLE_TIMEOUT_S, hostio.AUTO_MAX_COMMANDS)
    except (hostio.HostError, OSError) as exc:
        sys.stderr.write(f"pptxagent: note: no engine host started ({exc})\n")


def _relay(sock: socket.socket, reader: Any) -> int:
    """Print what the command prints, as it prints it, and return its exit code. Ctrl-C
    closes this side of the connection: the host interrupts the command (which removes a
    half-written output, as here) and its end is still awaited; a second Ctrl-C leaves at
    once. A host that stops mid-command is exit 70."""
    streams = {"out": sys.stdout, "err": sys.stderr}
    broken: set[str] = set()
    interrupted = False
    while True:
        try:
            line = reader.readline()
            if not line:
                raise ConnectionResetError("the host closed the connection")
            msg = json.loads(line)
            if "exit" in msg:
                return int(msg["exit"])
            name = str(msg.get("stream"))
            if name in broken:
                continue
            stream = streams.get(name, sys.stderr)
            try:
                stream.write(str(msg.get("data", "")))
                stream.flush()
            except (BrokenPipeError, ValueError):
                broken.add(name)  # the reader went away (| head): the command runs on
        except KeyboardInterrupt:
            if interrupted:
                return 130
            interrupted = True
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_WR)
        except (OSError, ValueError):
            sys.stderr.write("pptxagent: error: the engine host stopped during the command "
                             "(`pptxagent host status` names its log); run it again\n")
            return 70
