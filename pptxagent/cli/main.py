"""The ``pptxagent`` command: a click group; each command lives in its own module.

No business logic here: commands parse flags, call ``pptxagent.pipeline`` functions (and
nothing else below it: ``.importlinter``), and turn ``PptxAgentError`` into a one-line
message and its exit code (2 for bad input), never a traceback (see ``pptxagent.cli.common``).
"""

from __future__ import annotations

import gc
import sys

from pptxagent.cli.hostclient import invoked_as_command, run_hosted

if invoked_as_command():  # not imported by a test runner or another program
    # A young generation of 10 000 objects, not 700: a fill builds many short-lived models;
    # at Python's default, ~260 collections took ~0.12 s of a 30-slide fill, 0.08 s of it
    # full ones walking every imported class (see also gc.freeze below, docs/benchmarks.md).
    gc.set_threshold(10_000, 10, 10)
    if (_code := run_hosted(sys.argv[1:])) is not None:  # a warm engine host ran it
        sys.exit(_code)
    from pptxagent.pipeline.warmup import warm_engines

    warm_engines(sys.argv[1:])  # the engines start while the stages below are imported

from collections.abc import Callable

import click

from pptxagent import __version__
from pptxagent.cli.common import err_console, handle_errors


def _fill() -> click.Command:
    from pptxagent.cli.fill import command
    return command


def _compose() -> click.Command:
    from pptxagent.cli.compose import command
    return command


def _refine() -> click.Command:
    from pptxagent.cli.refine import command
    return command


def _inventory() -> click.Command:
    from pptxagent.cli.inventory import command
    return command


def _render() -> click.Command:
    from pptxagent.cli.render import command
    return command


def _qa() -> click.Command:
    from pptxagent.cli.qa import command
    return command


def _schema() -> click.Command:
    from pptxagent.cli.schema import command
    return command


def _serve() -> click.Command:
    from pptxagent.cli.serve import command
    return command


def _themes() -> click.Command:
    from pptxagent.cli.theme import themes_command
    return themes_command


def _theme() -> click.Command:
    from pptxagent.cli.theme import theme_command
    return theme_command


def _batch() -> click.Command:
    from pptxagent.cli.batch import command
    return command


def _worker() -> click.Command:
    from pptxagent.cli.worker import command
    return command


def _eval() -> click.Command:
    from pptxagent.cli.evalcmd import command
    return command


def _eval_review() -> click.Command:
    from pptxagent.cli.evalcmd import review_command
    return review_command


def _probe() -> click.Command:
    from pptxagent.cli.probe import command
    return command


def _host() -> click.Command:
    from pptxagent.cli.host import host_command
    return host_command


COMMANDS: dict[str, Callable[[], click.Command]] = {
    "fill": _fill, "compose": _compose, "refine": _refine, "inventory": _inventory,
    "render": _render, "qa": _qa, "schema": _schema, "serve": _serve, "themes": _themes,
    "theme": _theme, "host": _host, "batch": _batch, "worker": _worker, "eval": _eval,
    "eval-review": _eval_review, "probe": _probe,
}
"""Command name → its loader. A command's module (and the stages it imports) is imported
when the command runs or ``--help`` lists it, by a plain ``import`` the layer check sees: a
``fill`` no longer imports composition, the service and the QA reports (~20 ms of a cold
start)."""


class _Commands(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        load = COMMANDS.get(cmd_name)
        if load is None:
            return None
        command = load()
        if invoked_as_command() and not gc.get_freeze_count():
            # Once, after the command's imports: what they made lives as long as the process
            # and is never walked again. Not again later (the engine host runs one command
            # after another here): a freeze would keep the garbage of the last one for good.
            gc.freeze()
        return command


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pptxagent")
def cli() -> None:
    """Fill PowerPoint templates or compose decks from outlines; measure what was drawn,
    repair what does not fit."""


__all__ = ["cli", "err_console", "handle_errors", "main"]


def main() -> None:
    cli(prog_name="pptxagent")
