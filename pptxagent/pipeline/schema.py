"""The JSON Schemas ``pptxagent schema`` prints."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from pptxagent.fill.content import Content
from pptxagent.ir import Patch, SlideIR
from pptxagent.ir.outline import Outline
from pptxagent.ir.suite import Suite
from pptxagent.ir.theme import ThemePack

SCHEMA_KINDS = ("ir", "patch", "content", "outline", "theme", "suite")


def json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of the slide IR (``ir``), a patch, content.json, an outline, a theme
    pack or an eval suite (``suite.json``)."""
    models: dict[str, type[BaseModel]] = {"ir": SlideIR, "patch": Patch, "content": Content,
                                      "outline": Outline, "theme": ThemePack,
                                      "suite": Suite}
    return models[kind].model_json_schema()
