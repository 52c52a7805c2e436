"""What every command shares: the error handler that turns deliberate errors into a message
and an exit code (2 for bad input), never a traceback."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from rich.console import Console

from pptxagent.errors import PptxAgentError

P = ParamSpec("P")
R = TypeVar("R")

err_console = Console(stderr=True, highlight=False, soft_wrap=True)


def handle_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn deliberate errors into ``pptxagent: error: ...`` and their exit code."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except PptxAgentError as exc:
            err_console.print(f"[bold red]pptxagent: error:[/] {exc.message}", markup=True)
            sys.exit(exc.exit_code)
        except KeyboardInterrupt:
            err_console.print("pptxagent: interrupted")
            sys.exit(130)
        except Exception as exc:  # a crash is a bug: say so plainly, keep the trace opt-in
            if os.environ.get("PPTXAGENT_DEBUG"):
                raise
            err_console.print(
                f"[bold red]pptxagent: internal error:[/] {type(exc).__name__}: {exc} "
                "(this is a bug; rerun with PPTXAGENT_DEBUG=1 for the traceback)",
                markup=True,
            )
            sys.exit(70)

    return wrapper
