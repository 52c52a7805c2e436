"""Writing what a command produces: JSON of any model, atomically."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from pptxagent.ir import dump
from pptxagent.ooxml.zipsafe import write_atomic


def to_json(model: BaseModel, indent: int = 2) -> str:
    """A pydantic model as the JSON pptxagent writes (spec shapes, UTF-8)."""
    return json.dumps(dump(model), indent=indent, ensure_ascii=False)


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (a reader never sees half a file)."""
    write_atomic(path, text.encode("utf-8"))
