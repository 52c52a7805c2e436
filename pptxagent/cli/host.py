"""``pptxagent host start|stop|status|run``: the engine host that keeps Chromium, LibreOffice
and the imports warm for the commands that draw slides (``fill``, ``compose``, ``qa``,
``render``, ``refine``). While it runs, those commands hand it their work and only print and
exit here; without it (or when it cannot run a command exactly as this process would) they
run cold in their own process, as before. See ``hostclient`` and ``hostserver``.
"""

from __future__ import annotations

import functools
import json
import sys
import tempfile
import time
from pathlib import Path

import click

from pptxagent.cli import hostclient, hostio, hostserver
from pptxagent.cli.common import err_console

START_WAIT_S = 120.0
"""How long ``host start`` waits for the engines to be warm."""

_socket_option = click.option(
    "--socket", "socket_path", type=click.Path(path_type=Path),
    help="Where the host listens (env PPTXAGENT_HOST_SOCKET; default: "
         "$XDG_RUNTIME_DIR/pptxagent/host.sock or /tmp/pptxagent-UID/host.sock).")
_idle_option = click.option(
    "--idle-timeout", type=click.FloatRange(min=1), default=1800, show_default=True,
    help="End after this many seconds without a command.")
_max_option = click.option(
    "--max-commands", type=click.IntRange(min=1), default=1000, show_default=True,
    help="After this many commands a fresh host takes over (memory stays bounded).")

_WARM_OUTLINE = {"title": "warm-up", "slides": [
    {"kind": "title", "title": "Warm-up", "subtitle": "engines and fonts"},
    {"kind": "bullets", "title": "Fonts and pictures", "bullets": ["one", "two", "three"]},
]}


def _path(socket_path: Path | None) -> Path:
    return (socket_path or hostclient.socket_path()).absolute()


def _fail(msg: str) -> None:
    err_console.print(f"[bold red]pptxagent: error:[/] host: {msg}", markup=True)
    sys.exit(2)


@click.group("host")
def host_command() -> None:
    """Keep the engines warm for the commands that draw slides."""


def run_command(root: click.Command, argv: list[str]) -> int:
    """Run one ``pptxagent`` command line in this process with the command group ``root``;
    its exit code."""
    try:
        root.main(args=argv, prog_name="pptxagent", standalone_mode=True)
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return int(exc.code or 0)
        sys.stderr.write(f"{exc.code}\n")
        return 1
    return 0


def warm_up(root: click.Command) -> None:
    """Start both engines and run a small composition through every stage once, so the
    first real command finds fonts, pages and LibreOffice's Impress module loaded. Every
    command's module is imported first (the command line imports only the one it runs)."""
    if isinstance(root, click.Group):
        ctx = click.Context(root)
        for name in root.list_commands(ctx):
            root.get_command(ctx, name)
    with tempfile.TemporaryDirectory(prefix="pptxagent-host-") as tmp:
        outline = Path(tmp) / "outline.json"
        outline.write_text(json.dumps(_WARM_OUTLINE))
        run_command(root, ["compose", str(outline), "-o", str(Path(tmp) / "warm.pptx")])


@host_command.command("run")
@_socket_option
@_idle_option
@_max_option
@click.option("--restarts", type=click.IntRange(min=0), default=0, hidden=True)
def run(socket_path: Path | None, idle_timeout: float, max_commands: int,
        restarts: int) -> None:
    """Run the host in the foreground (for a service manager); logs to stderr."""
    path = _path(socket_path)
    host = hostserver.Host(path, idle_timeout, max_commands, sys.stderr, restarts)
    try:
        host.bind()
    except hostio.HostError as exc:
        _fail(str(exc))
    root = click.get_current_context().find_root().command
    host.serve(functools.partial(warm_up, root), functools.partial(run_command, root))


@host_command.command("start")
@_socket_option
@_idle_option
@_max_option
def start(socket_path: Path | None, idle_timeout: float, max_commands: int) -> None:
    """Start a host in the background and wait until its engines are warm."""
    path = _path(socket_path)
    if (st := hostio.status(path)) is not None:
        err_console.print(f"an engine host already runs: pid {st['pid']}, {path}")
        return
    try:
        proc = hostio.spawn(path, idle_timeout, max_commands)
    except (hostio.HostError, OSError) as exc:
        _fail(str(exc))
    deadline = time.monotonic() + START_WAIT_S
    while time.monotonic() < deadline:
        if (st := hostio.status(path)) is not None and st.get("ready"):
            err_console.print(f"engine host ready: pid {st['pid']}, {path} (ends after "
                              f"{idle_timeout:g} s idle; log {st['log']})")
            return
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    log = hostio.log_path(path)
    tail = log.read_text(errors="replace")[-1500:] if log.exists() else ""
    err_console.print(f"[bold red]pptxagent: error:[/] the engine host did not start "
                      f"(log {log}):\n{tail}", markup=True, highlight=False)
    if proc.poll() is None:
        proc.kill()
    sys.exit(1)


@host_command.command("stop")
@_socket_option
def stop(socket_path: Path | None) -> None:
    """Stop the host (a command it is running finishes first)."""
    path = _path(socket_path)
    answer = hostio.ask(path, {"op": "stop"})
    if answer is None:
        err_console.print(f"no engine host runs on {path}")
        return
    deadline = time.monotonic() + START_WAIT_S
    while path.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    if path.exists():
        err_console.print(f"the engine host (pid {answer.get('pid')}) is still finishing a "
                          "command; it ends after it")
    else:
        err_console.print(f"engine host stopped (pid {answer.get('pid')})")


@host_command.command("status")
@_socket_option
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON.")
def status(socket_path: Path | None, as_json: bool) -> None:
    """Say whether a host runs and what it did; exit 1 when none runs."""
    path = _path(socket_path)
    st = hostio.status(path)
    if as_json:
        click.echo(json.dumps(st or {"running": False, "socket": str(path)}))
    elif st is None:
        err_console.print(f"no engine host runs on {path}")
    else:
        age = st["last_command_age_s"]
        err_console.print(
            f"engine host pid {st['pid']} on {st['socket']}"
            f"{'' if st.get('ready') else ' (' + str(st.get('state')) + ')'}: up "
            f"{st['uptime_s']:g} s, "
            f"{st['commands']} command(s){' (busy)' if st['busy'] else ''}, last "
            f"{'never' if age is None else f'{age:g} s ago'}; log {st['log']}")
    sys.exit(0 if st is not None else 1)
