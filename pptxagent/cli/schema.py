"""``pptxagent schema ir|patch|content|outline|theme``: print a JSON Schema."""

from __future__ import annotations

import json

import click

from pptxagent.cli.common import handle_errors
from pptxagent.pipeline.schema import SCHEMA_KINDS, json_schema


@click.command("schema")
@click.argument("kind", type=click.Choice(SCHEMA_KINDS))
@handle_errors
def command(kind: str) -> None:
    """Print the JSON Schema of the slide IR, a patch, content.json, an outline, a theme
    pack or an eval suite (suite.json)."""
    click.echo(json.dumps(json_schema(kind), indent=2))
