"""Rollout files (spec §3), each written atomically: a temp file in the same directory, then
``os.replace``, so a crash never leaves a half-written JSON behind."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from pydantic import BaseModel

from pptxagent.ir import DomSnapshot, TraceLine, dump


def _json_text(data: object) -> str:
    if isinstance(data, DomSnapshot):  # §4's shape: contentBox is null when there is no text
        payload: object = data.model_dump(mode="json")
    else:
        payload = dump(data) if isinstance(data, BaseModel) else data
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"


class RolloutWriter:
    """Writes ``input.json``, ``ir_k.json``, ``out_k.html``, ``dom_k.json``, ``diag_k.json``,
    ``patch_k.json``, ``trace.jsonl`` and ``result.json`` into one directory."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self._trace: list[str] = []

    def path(self, name: str) -> Path:
        return self.root / name

    def write_text(self, name: str, text: str) -> Path:
        target = self.path(name)
        fd, tmp = tempfile.mkstemp(dir=self.root, prefix=f".{name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return target

    def write_json(self, name: str, data: object) -> Path:
        return self.write_text(name, _json_text(data))

    def temp_png(self, name: str) -> Path:
        """A temporary ``.png`` path for a screenshot that ``commit`` renames into place."""
        return self.path(f".{name}.tmp.png")

    def commit(self, tmp: Path, name: str) -> Path:
        target = self.path(name)
        os.replace(tmp, target)
        return target

    def append_trace(self, line: TraceLine) -> None:
        """Rewrite ``trace.jsonl`` with one more line (atomically, like every file)."""
        self._trace.append(json.dumps(dump(line), ensure_ascii=False))
        self.write_text("trace.jsonl", "\n".join(self._trace) + "\n")

    def replace_last_trace(self, line: TraceLine) -> None:
        if self._trace:
            self._trace.pop()
        self.append_trace(line)
