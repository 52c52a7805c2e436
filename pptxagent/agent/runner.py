"""The ToolRunner (agentic-upgrade §5.3): white-listed tools, input validated before a tool
runs, a per-call timeout that kills the engines, retries by tool kind, an audit record per
run.

Tools run in one long-lived worker thread per process (the *lane*), not in the caller's:
Playwright's sync API binds the browser to the thread that started it, so every call must
come from the same thread for Chromium to stay warm across calls and jobs. When a call runs
out of time the engine processes are killed (``pipeline.tools.kill_engines``): a call
blocked on Chromium or LibreOffice then fails at once. A call still stuck after that (pure
Python that never returns) is abandoned with its thread and the lane starts a new one.
"""

from __future__ import annotations

import atexit
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ValidationError

from pptxagent.agent.core import (
    AuditRecord,
    RunStatus,
    Tool,
    ToolContext,
    ToolResult,
    result_hash,
    sha256_json,
)
from pptxagent.engines.thread import EngineThread
from pptxagent.errors import DrawingError, EngineError, PptxAgentError
from pptxagent.pipeline.tools import kill_engines, warm_engines

KILL_GRACE_S = 10.0
"""After the engines are killed, how long a timed-out call may take to notice."""
DEFAULT_RETRIES: Mapping[str, int] = {"engine": 1, "pure": 0}



def _new_lane() -> EngineThread:
    """One daemon thread running submitted calls in order."""
    return EngineThread("pptxagent-tools")


_lane: EngineThread | None = None
_exit_hook = False
_lane_lock = threading.Lock()


def _at_exit() -> None:
    """The engines the tools' thread started cannot be closed from the main thread at
    exit (Playwright's sync API): kill them."""
    if _lane is not None:
        kill_engines()


def lane() -> EngineThread:
    global _lane, _exit_hook
    with _lane_lock:
        if _lane is None:
            _lane = _new_lane()
        if not _exit_hook:
            atexit.register(_at_exit)
            _exit_hook = True
        return _lane


def _replace_lane(old: EngineThread) -> None:
    global _lane
    with _lane_lock:
        if _lane is old:
            old.abandon()
            _lane = None


def in_lane(fn: Callable[[], Any], timeout_s: float | None = None) -> Any:
    """Run ``fn`` in the tools' thread (e.g. to warm Chromium for later tool calls)."""
    box: list[Any] = []

    def call() -> ToolResult:
        box.append(fn())
        return ToolResult(ok=True)

    lane().submit(call).result(timeout_s)
    return box[0]


def warm(libreoffice: bool = True, timeout_s: float = 120.0) -> None:
    """Start the engines where the tools will use them (the tools' thread): a worker calls
    this once so its first job finds Chromium (and LibreOffice) warm."""
    in_lane(lambda: warm_engines(libreoffice), timeout_s)


def reset_engines() -> list[int]:
    """Kill this process's engine processes (say every N jobs); the next tool call starts
    fresh ones. Returns the pids killed."""
    return kill_engines()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}".rstrip(": ")


class ToolRunner:
    def __init__(self, registry: Mapping[str, Tool], audit: Callable[[AuditRecord], None],
                 *, retries: Mapping[str, int] = DEFAULT_RETRIES,
                 kill: Callable[[], object] = kill_engines,
                 kill_grace_s: float = KILL_GRACE_S,
                 timeouts: Mapping[str, float] | None = None) -> None:
        """``kill`` ends the engine processes when a call runs out of time; ``timeouts``
        overrides a tool's own ``timeout_s`` by tool name (server policy)."""
        self.timeouts = dict(timeouts or {})
        self.registry = dict(registry)
        self.audit = audit
        self.retries = dict(retries)
        self.kill = kill
        self.kill_grace_s = kill_grace_s

    def schema(self) -> dict[str, dict[str, Any]]:
        """Tool name → JSON Schema of its input."""
        return {name: tool.Input.model_json_schema() for name, tool in self.registry.items()}

    def _record(self, tool: str, status: RunStatus, attempt: int, started_at: datetime,
                t0: float, input_hash: str, result: ToolResult | None, *,
                started: bool = True) -> None:
        self.audit(AuditRecord(
            tool=tool, status=status, attempt=attempt, started_at=started_at,
            duration_ms=round((time.perf_counter() - t0) * 1000, 3), input_hash=input_hash,
            output_hash=result_hash(result) if result is not None else None,
            artifacts=dict(result.artifacts) if result is not None else {},
            summary=result.summary if result is not None else "",
            error=result.error if result is not None else None, started=started))

    def _refuse(self, name: str, raw: Any, error: str, ctx: ToolContext) -> ToolResult:
        """Refused input: audited (status invalid, never started) and told as a
        ``tool.finished`` event without a ``tool.started``."""
        res = ToolResult(ok=False, summary=f"{name}: input refused", error=error)
        input_hash = sha256_json(raw)
        self._record(name, "invalid", 0, datetime.now(UTC), time.perf_counter(),
                     input_hash, res, started=False)
        ctx.emit("tool.finished", {"tool": name, "attempt": 0, "status": "invalid",
                                   "duration_ms": 0.0, "input_hash": input_hash,
                                   "output_hash": result_hash(res), "error": error})
        return res

    def validate(self, name: str, raw: Any) -> BaseModel | str:
        """The tool's input model, or why the input is refused."""
        tool = self.registry.get(name)
        if tool is None:
            return f"unknown tool {name!r}; known: {', '.join(sorted(self.registry))}"
        try:
            return tool.Input.model_validate(raw)
        except ValidationError as exc:
            where = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '$'}: {e['msg']}"
                              for e in exc.errors()[:5])
            return f"{name}: invalid input: {where}"

    def run(self, name: str, raw: dict[str, Any], ctx: ToolContext) -> ToolResult:
        checked = self.validate(name, raw)
        if isinstance(checked, str):
            return self._refuse(name, raw, checked, ctx)
        tool = self.registry[name]
        input_hash = sha256_json(checked.model_dump(mode="json"))
        tries = 1 + max(0, self.retries.get(tool.kind, 0))
        result = ToolResult(ok=False, error="not run")
        for attempt in range(1, tries + 1):
            status, result = self._attempt(tool, checked, ctx, attempt, input_hash)
            if status == "ok" or (status == "error" and not result.metrics.get("retryable")):
                break
        return result

    def _attempt(self, tool: Tool, inp: BaseModel, ctx: ToolContext, attempt: int,
                 input_hash: str) -> tuple[RunStatus, ToolResult]:
        started_at, t0 = datetime.now(UTC), time.perf_counter()
        ctx.emit("tool.started", {"tool": tool.name, "attempt": attempt,
                                  "input_hash": input_hash})
        limit = self.timeouts.get(tool.name, tool.timeout_s)
        current = lane()
        fut = current.submit(lambda: tool.run(inp, ctx))
        status: RunStatus
        try:
            result = fut.result(timeout=limit)
            status = "ok" if result.ok else "error"
        except FutureTimeout:
            self.kill()
            try:
                fut.result(timeout=self.kill_grace_s)
            except FutureTimeout:
                _replace_lane(current)  # still stuck: abandon the thread
            except BaseException:
                pass
            status = "timeout"
            result = ToolResult(ok=False, summary=f"{tool.name}: timed out",
                                error=f"no result within {limit:g} s; engines killed",
                                metrics={"retryable": 1})
        except EngineError as exc:
            status = "error"  # a deck the engine cannot draw fails again: not worth a retry
            result = ToolResult(ok=False, summary=f"{tool.name}: engine failed",
                                error=_first_line(exc),
                                metrics={"retryable": int(not isinstance(exc, DrawingError))})
        except PptxAgentError as exc:
            status = "error"
            result = ToolResult(ok=False, summary=f"{tool.name}: failed",
                                error=getattr(exc, "message", None) or _first_line(exc))
        except Exception as exc:  # a crash is a bug, but never the runner's end
            status = "error"
            result = ToolResult(ok=False, summary=f"{tool.name}: crashed",
                                error=_first_line(exc))
        self._record(tool.name, status, attempt, started_at, t0, input_hash, result)
        ctx.emit("tool.finished", {
            "tool": tool.name, "attempt": attempt, "status": status,
            "duration_ms": round((time.perf_counter() - t0) * 1000, 3),
            "input_hash": input_hash, "output_hash": result_hash(result)})
        return status, result


__all__ = ["KILL_GRACE_S", "ToolRunner", "in_lane", "lane", "reset_engines", "warm"]
