"""The §5.2 tools over the pipeline: template/PPTX tools and renderers.

Every tool is a small class with ``name``, ``kind`` (``engine`` when it drives Chromium or
LibreOffice: retried after an engine crash or a timeout), ``timeout_s``, an input model and
``run``. Outputs go under ``ctx.workdir``; ``artifacts`` name them, ``data`` carries what a
later step reads (a fill's report, a template's signals).
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from pptxagent.agent.core import ToolContext, ToolInput, ToolKind, ToolResult
from pptxagent.pipeline import FillOptions, FillReport, fill_deck
from pptxagent.pipeline.compose import ComposeOptions, compose_deck
from pptxagent.pipeline.inventory import write_inventory
from pptxagent.pipeline.tools import (
    ooxml_pack,
    ooxml_patch,
    ooxml_unpack,
    ooxml_validate,
    template_signals,
)

HOLD_GEOMETRY = {"HIGH_PRIO_MOVE_PX": 0}
"""The OOXML path's settings: every box stays where the template put it; text fits by its
font size and line spacing alone."""


def _out(ctx: ToolContext, name: str) -> Path:
    """A file name under the job's work folder (no folders, no ``..``)."""
    path = ctx.workdir / Path(name).name
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


class BaseTool:
    name: str
    kind: ToolKind = "pure"
    timeout_s: float = 60.0
    Input: type[BaseModel]

    def run(self, inp: BaseModel, ctx: ToolContext) -> ToolResult:
        assert isinstance(inp, self.Input)
        return self.call(inp, ctx)

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        raise NotImplementedError


# --- template / PPTX -----------------------------------------------------------------------
class DeckIn(ToolInput):
    deck: Path


class InspectInventory(BaseTool):
    name = "pptx.inspect_inventory"
    Input = DeckIn

    def call(self, inp: DeckIn, ctx: ToolContext) -> ToolResult:
        out = _out(ctx, "inventory.json")
        sig = _manifest(inp.deck, out)
        return ToolResult(ok=True, summary=f"{sig['slides']} slide(s), "
                          f"{sig['text_shapes']} text shape(s)",
                          artifacts={"inventory": str(out)}, data={"signals": sig},
                          metrics={k: v for k, v in sig.items() if isinstance(v, int | float)})


_MANIFESTS: OrderedDict[str, tuple[bytes, dict[str, Any]]] = OrderedDict()
MANIFESTS_KEPT = 16
"""Templates whose inventory and signals a worker keeps (by content hash): automation fills
the same few templates all day; the inspection of a known one is a file copy."""


def _manifest(deck: Path, out: Path) -> dict[str, Any]:
    """Write the deck's inventory to ``out`` and return its §6.1 signals, from the cache when
    the same bytes were inspected before (the inventory names no path: the copy is exact)."""
    digest = hashlib.sha256(deck.read_bytes()).hexdigest() if deck.is_file() else ""
    hit = _MANIFESTS.get(digest) if digest else None
    if hit is not None:
        _MANIFESTS.move_to_end(digest)
        out.write_bytes(hit[0])
        return dict(hit[1])
    write_inventory(deck, out)
    sig = template_signals(deck)
    if digest:
        _MANIFESTS[digest] = (out.read_bytes(), dict(sig))
        while len(_MANIFESTS) > MANIFESTS_KEPT:
            _MANIFESTS.popitem(last=False)
    return sig


def report_metrics(rep: FillReport) -> dict[str, float | int | str]:
    return {"slides": len(rep.slides),
            "degraded": sum(1 for s in rep.slides if s.quality == "degraded"),
            "unresolved_tokens": len(rep.unresolved_tokens)}


def _pictures(out: Path) -> Path:
    """The folder of a render's pictures from before its QA correction (next to its deck)."""
    return out.with_name(f"{out.stem}-before")


def _rendered(rep: FillReport, out: Path, report_path: Path, summary: str) -> ToolResult:
    """A render's result: the deck, the report and each slide's picture from before its QA
    correction pass (``before-N``) as artifacts; the report (without its timings: the result
    hash must not depend on the clock) as data."""
    whole = rep.model_dump(mode="json")
    report_path.write_text(json.dumps(whole, indent=2), "utf-8")
    data = {k: v for k, v in whole.items() if k != "timings"}
    before = {f"before-{s.index}": s.before for s in rep.slides if s.before}
    return ToolResult(ok=True, summary=summary,
                      artifacts={"pptx": str(out), "report": str(report_path), **before},
                      metrics=report_metrics(rep), data={"report": data})


class FillIn(ToolInput):
    template: Path
    content: Path
    out: str = "deck.pptx"
    crosscheck: bool = True
    settings: dict[str, float | int | bool | str] = Field(default_factory=dict)
    """``--set`` overrides (e.g. a correction pass's larger iteration budgets)."""


class TemplateRender(BaseTool):
    """Path A, the renderer: fill, measure in Chromium, refine, QA, write back, pack."""

    name = "render.template_render"
    kind = "engine"
    timeout_s = 300.0
    Input = FillIn
    hold: ClassVar[dict[str, Any]] = {}

    def call(self, inp: FillIn, ctx: ToolContext) -> ToolResult:
        out = _out(ctx, inp.out)
        report_path = out.with_suffix(".report.json")
        rep = fill_deck(FillOptions(
            template=inp.template, content=inp.content, out=out, report=report_path,
            crosscheck=inp.crosscheck, settings_overrides={**inp.settings, **self.hold},
            progress=lambda msg: ctx.emit("progress", {"tool": self.name, "message": msg}),
            pictures_dir=_pictures(out)))
        return _rendered(rep, out, report_path, f"filled {len(rep.slides)} slide(s)")


class ReplaceTextPreserveFormat(TemplateRender):
    """Path B's fill: content into the template's own shapes, formatting kept, every box
    held where the template put it (text fits by font size alone)."""

    name = "pptx.replace_text_preserve_format"
    hold = HOLD_GEOMETRY


class ValidateLayout(BaseTool):
    """Structural findings and overflow judged by the fill report (no engine run)."""

    name = "pptx.validate_layout"

    class Input(ToolInput):
        deck: Path
        report: dict[str, Any] = Field(default_factory=dict)

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        findings = ooxml_validate(inp.deck)
        slides = inp.report.get("slides") or []
        over = [s.get("index") for s in slides
                if any(d.get("type") in ("content_overflow", "out_of_bounds")
                       for d in s.get("defects") or [])]
        warns = [*findings, *(f"slide {n}: text overflows its box" for n in over)]
        return ToolResult(ok=True, summary=f"{len(findings)} finding(s), {len(over)} "
                          "overflowing slide(s)", warnings=warns,
                          metrics={"findings": len(findings), "overflowing": len(over)},
                          data={"findings": findings, "overflowing": over})


class OoxmlUnpack(BaseTool):
    name = "pptx.ooxml_unpack"

    class Input(ToolInput):
        deck: Path
        out_dir: str = "unpacked"

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        out = ctx.workdir / Path(inp.out_dir).name
        names = ooxml_unpack(inp.deck, out)
        return ToolResult(ok=True, summary=f"{len(names)} part(s)", artifacts={"dir": str(out)},
                          metrics={"parts": len(names)})


class OoxmlPatch(BaseTool):
    name = "pptx.ooxml_patch"

    class Input(ToolInput):
        dir: str = "unpacked"
        part: str
        find: str = Field(min_length=1)
        replace: str

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        n = ooxml_patch(ctx.workdir / Path(inp.dir).name, inp.part, inp.find, inp.replace)
        return ToolResult(ok=n > 0, summary=f"{n} replacement(s) in {inp.part}",
                          metrics={"replacements": n},
                          error=None if n else f"{inp.find!r} not found in {inp.part}")


class OoxmlValidate(BaseTool):
    name = "pptx.ooxml_validate"
    Input = DeckIn

    def call(self, inp: DeckIn, ctx: ToolContext) -> ToolResult:
        findings = ooxml_validate(inp.deck)
        return ToolResult(ok=True, summary=f"{len(findings)} structural finding(s)",
                          warnings=findings, metrics={"findings": len(findings)},
                          data={"findings": findings})


class OoxmlPack(BaseTool):
    name = "pptx.ooxml_pack"

    class Input(ToolInput):
        dir: str = "unpacked"
        out: str = "deck.pptx"

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        out = ooxml_pack(ctx.workdir / Path(inp.dir).name, _out(ctx, inp.out))
        return ToolResult(ok=True, summary=f"packed {out.name}", artifacts={"pptx": str(out)},
                          metrics={"bytes": out.stat().st_size})


class ComposeIn(ToolInput):
    outline: Path
    theme: str | None = None
    out: str = "deck.pptx"
    crosscheck: bool = True
    settings: dict[str, float | int | bool | str] = Field(default_factory=dict)


class ScratchRender(BaseTool):
    """Scratch mode end to end: layouts, components, theme, the engine, QA, pack."""

    name = "render.scratch_render"
    kind = "engine"
    timeout_s = 300.0
    Input = ComposeIn

    def call(self, inp: ComposeIn, ctx: ToolContext) -> ToolResult:
        out = _out(ctx, inp.out)
        report_path = out.with_suffix(".report.json")
        rep = compose_deck(ComposeOptions(
            outline=inp.outline, out=out, theme=inp.theme, report=report_path,
            crosscheck=inp.crosscheck, settings_overrides=dict(inp.settings),
            progress=lambda msg: ctx.emit("progress", {"tool": self.name, "message": msg}),
            pictures_dir=_pictures(out)))
        return _rendered(rep, out, report_path, f"composed {len(rep.slides)} slide(s)")


__all__ = ["HOLD_GEOMETRY", "BaseTool", "ComposeIn", "DeckIn", "FillIn", "InspectInventory",
           "OoxmlPack", "OoxmlPatch", "OoxmlUnpack", "OoxmlValidate",
           "ReplaceTextPreserveFormat", "ScratchRender", "TemplateRender", "ValidateLayout"]
