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

import click

from pptxagent import __version__
from pptxagent.cli import compose, fill, host, inventory, qa, refine, render, schema, serve, theme
from pptxagent.cli.common import err_console, handle_errors


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pptxagent")
def cli() -> None:
    """Fill PowerPoint templates or compose decks from outlines; measure what was drawn,
    repair what does not fit."""


for _module in (fill, compose, refine, inventory, render, qa, schema, serve):
    cli.add_command(_module.command)
cli.add_command(theme.themes_command)
cli.add_command(theme.theme_command)
cli.add_command(host.host_command)
if invoked_as_command():
    gc.freeze()  # what the imports made lives as long as the process: never walked again

__all__ = ["cli", "err_console", "handle_errors", "main"]


def main() -> None:
    cli(prog_name="pptxagent")
