"""What every command shares: the error handler that turns deliberate errors into a message
and an exit code (2 for bad input), never a traceback."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import click
from rich.console import Console

from pptxagent.errors import PptxAgentError
from pptxagent.pipeline.policies import POLICY_NAMES, build_policy

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
        except BrokenPipeError:  # the reader of stdout went away (`| head`): not our bug
            with contextlib.suppress(OSError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(141)  # as a shell reports SIGPIPE
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


def policy_options(fn: Callable[..., R]) -> Callable[..., R]:
    """``--policy hints|llm`` and the ``--llm-*`` flags, handed to the command as one
    ``policy`` argument. Put it below ``@handle_errors`` so a missing LLM setting exits 2."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> R:
        policy = build_policy(
            kwargs.pop("policy_name"),
            kwargs.pop("llm_base_url"),
            kwargs.pop("llm_model"),
            kwargs.pop("llm_api_key"),
        )
        return fn(*args, policy=policy, **kwargs)

    for option in reversed((
        click.option("--policy", "policy_name", type=click.Choice(POLICY_NAMES),
                     default="hints", show_default=True, help="Who proposes patches."),
        click.option("--llm-base-url",
                     help="OpenAI-compatible endpoint (env PPTXAGENT_LLM_BASE_URL)."),
        click.option("--llm-model", help="Model name (env PPTXAGENT_LLM_MODEL)."),
        click.option("--llm-api-key",
                     help="API key (env PPTXAGENT_LLM_API_KEY, else OPENAI_API_KEY)."),
    )):
        wrapper = option(wrapper)
    return wrapper
