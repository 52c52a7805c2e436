"""``pptxagent schema ir|patch|content``: print a JSON Schema."""

from __future__ import annotations

import json

import click

from pptxagent.cli.common import handle_errors
from pptxagent.ir import Patch, SlideIR


def _schemas() -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {
        "ir": SlideIR.model_json_schema(),
        "patch": Patch.model_json_schema(),
    }
    try:
        from pptxagent.fill.content import Content
    except ImportError:
        pass
    else:
        out["content"] = Content.model_json_schema()
    return out


@click.command("schema")
@click.argument("kind", type=click.Choice(["ir", "patch", "content"]))
@handle_errors
def command(kind: str) -> None:
    """Print the JSON Schema of the slide IR, a patch, or content.json."""
    schemas = _schemas()
    if kind not in schemas:
        raise click.UsageError(f"the {kind} schema is not available in this build")
    click.echo(json.dumps(schemas[kind], indent=2))
