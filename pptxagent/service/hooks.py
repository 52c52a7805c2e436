"""Test-only fault hooks of a worker: honoured only when ``$PPTXAGENT_TEST_HOOKS=1``.

A fill job whose content has the token ``PPTXAGENT_TEST_HOOK`` set to one of these makes its
worker misbehave when the agent announces a step (``step.started``):

* ``kill``: the worker SIGKILLs itself (every attempt: a job that kills its worker every time);
* ``kill_once``: the same on the job's first attempt only (a worker lost mid-record: the job
  is redelivered and completes);
* ``hang``: the step blocks like a render whose engine froze; it fails at once when the job's
  hard timeout kills the engines (what a real blocked Playwright/UNO call does);
* ``hang_hard``: the step blocks and ignores the engine kill (a wedged worker: the watchdog has
  to end the worker process).
"""

from __future__ import annotations

import hashlib
import os
import signal
import tempfile
import threading
from pathlib import Path
from typing import Any

HOOK_TOKEN = "PPTXAGENT_TEST_HOOK"
HOOKS = ("kill", "kill_once", "hang", "hang_hard")

_state: dict[str, str | None] = {"hook": None, "key": None}
_released = threading.Event()


class HookReleased(RuntimeError):
    """The engine under a ``hang`` hook was killed: the blocked call fails."""


def hook_of(request: dict[str, Any]) -> str | None:
    content = request.get("content")
    tokens = content.get("tokens") if isinstance(content, dict) else None
    value = tokens.get(HOOK_TOKEN) if isinstance(tokens, dict) else None
    return value if value in HOOKS else None


def arm(request: dict[str, Any]) -> None:
    _state["hook"] = hook_of(request)
    _state["key"] = str(request.get("key") or request.get("content"))[:64]
    _released.clear()


def disarm() -> None:
    _state["hook"] = None
    _released.set()


def release() -> None:
    """The engines were killed: a ``hang`` stops blocking (and fails)."""
    _released.set()


def on_event(kind: str, data: dict[str, Any]) -> None:
    hook = _state["hook"]
    if hook is None or kind != "step.started":
        return
    if hook == "kill_once":
        digest = hashlib.sha256(str(_state["key"]).encode()).hexdigest()[:16]
        marker = Path(tempfile.gettempdir()) / f"pptxagent-hook-{digest}"
        if marker.exists():
            return
        marker.touch()
        hook = "kill"
    if hook == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    elif hook == "hang":
        _state["hook"] = None
        _released.wait()
        raise HookReleased("the engine was killed while the step was blocked")
    elif hook == "hang_hard":
        threading.Event().wait()


__all__ = ["HOOKS", "HOOK_TOKEN", "arm", "disarm", "hook_of", "on_event", "release"]
