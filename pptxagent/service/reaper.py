"""Find and kill the processes a worker left behind, by a tag in their environment.

Every worker process sets ``PPTXAGENT_SERVICE=<service tag>`` and ``PPTXAGENT_WORKER=<name>``
in its own environment before it starts an engine; Chromium,
soffice and the UNO worker inherit both. soffice starts in its own session and every engine is
re-parented to init when its worker dies, so neither the process group nor the parent pid finds
them after a ``kill -9``: the environment does, and it names only processes this service
started (another service on the same machine has another tag).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import signal
from collections.abc import Iterable
from pathlib import Path

from pptxagent.engines.procs import alive

SERVICE_VAR = "PPTXAGENT_SERVICE"
WORKER_VAR = "PPTXAGENT_WORKER"


def service_tag(data_dir: Path, server_pid: int) -> str:
    """``<hash of the data dir>-<server pid>``: unique per running service."""
    digest = hashlib.sha256(str(data_dir.absolute()).encode()).hexdigest()[:12]
    return f"{digest}-{server_pid}"


def _environ(pid: int) -> dict[str, str]:
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return {}
    out: dict[str, str] = {}
    for item in raw.split(b"\0"):
        key, sep, value = item.partition(b"=")
        if sep and key in (SERVICE_VAR.encode(), WORKER_VAR.encode()):
            out[key.decode()] = value.decode("utf-8", "replace")
    return out


def tagged_processes(service_prefix: str) -> dict[int, tuple[str, str]]:
    """pid → (service tag, worker name) of every live process whose service tag starts with
    ``service_prefix`` (this process excluded)."""
    me = os.getpid()
    out: dict[int, tuple[str, str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        env = _environ(int(entry.name))
        tag = env.get(SERVICE_VAR, "")
        if tag.startswith(service_prefix) and alive(int(entry.name)):
            out[int(entry.name)] = (tag, env.get(WORKER_VAR, ""))
    return out


pid_alive = alive


def kill_pids(pids: Iterable[int]) -> list[int]:
    killed: list[int] = []
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
    return killed


def reap(service: str, keep_workers: Iterable[str] = (),
         keep_pids: Iterable[int] = ()) -> list[int]:
    """Kill every process of service tag ``service`` whose worker is not in ``keep_workers``
    (their engines included); ``keep_pids`` are never touched. Returns the pids killed."""
    keep = set(keep_workers)
    spare = set(keep_pids)
    victims = [pid for pid, (_, worker) in tagged_processes(service).items()
               if worker not in keep and pid not in spare]
    return kill_pids(victims)


def reap_stale_services(data_dir: Path) -> list[int]:
    """Processes left by an earlier service on the same data dir whose server is gone."""
    prefix = service_tag(data_dir, 0).rsplit("-", 1)[0] + "-"
    victims: list[int] = []
    for pid, (tag, _) in tagged_processes(prefix).items():
        server = tag.rsplit("-", 1)[1]
        if server.isdigit() and int(server) != os.getpid() and not alive(int(server)):
            victims.append(pid)
    return kill_pids(victims)


__all__ = ["SERVICE_VAR", "WORKER_VAR", "kill_pids", "pid_alive", "reap", "reap_stale_services",
           "service_tag", "tagged_processes"]
