"""The ``pptxagent`` command: a click group; each command lives in its own module.

No business logic here: commands parse flags, call ``pptxagent.pipeline`` / stages, and turn
``PptxAgentError`` into a one-line message and its exit code (2 for bad input), never a
traceback.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import click
from rich.console import Console

from pptxagent import __version__
from pptxagent.errors import PptxAgentError

P = ParamSpec("P")
R = TypeVar("R")

err_console = Console(stderr=True, highlight=False)


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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pptxagent")
def cli() -> None:
    """Fill PowerPoint templates, measure what was drawn, repair what does not fit."""


def _register() -> None:
    import importlib

    for name in ("schema", "refine", "inventory", "render", "fill"):
        try:
            mod = importlib.import_module(f"pptxagent.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"pptxagent.cli.{name}":
                raise
            continue
        cli.add_command(mod.command)


_register()


def main() -> None:
    cli(prog_name="pptxagent")
