"""The §5.2 QA, thumbnail, scratch-composition and research tools, and ``REGISTRY``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import Field

from pptxagent.agent.content import citations, expected_strings, missing_strings, unresolved
from pptxagent.agent.core import Tool, ToolContext, ToolInput, ToolResult
from pptxagent.agent.research import FakeResearch, Source, route_sources
from pptxagent.agent.tools import (
    BaseTool,
    InspectInventory,
    OoxmlPack,
    OoxmlPatch,
    OoxmlUnpack,
    OoxmlValidate,
    ReplaceTextPreserveFormat,
    ScratchRender,
    TemplateRender,
    ValidateLayout,
)
from pptxagent.pipeline.qa import QaOptions, open_issue_count, qa_deck
from pptxagent.pipeline.render import contact_sheet
from pptxagent.pipeline.scratchtools import compose_raw, layout_plan, theme_facts
from pptxagent.pipeline.tools import deck_texts, thumbnails


class ThumbnailGrid(BaseTool):
    """One PNG per slide (drawn by the browser) and a grid of them."""

    name = "render.thumbnail_grid"
    kind = "engine"
    timeout_s = 120.0

    class Input(ToolInput):
        deck: Path
        out_dir: str = "thumbnails"
        width: int = Field(480, ge=64, le=1920)

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        out = ctx.workdir / Path(inp.out_dir).name
        thumbs = thumbnails(inp.deck, out, inp.width)
        grid = contact_sheet({"slides": thumbs}, out / "grid.png")
        arts = {f"thumb-{n}": str(p) for n, p in enumerate(thumbs, 1)}
        return ToolResult(ok=True, summary=f"{len(thumbs)} thumbnail(s)",
                          artifacts={**arts, "grid": str(grid)},
                          metrics={"thumbnails": len(thumbs)})


class VisualCheck(BaseTool):
    """The visual QA checks on a finished deck (absolute thresholds), PNGs per slide and an
    annotated contact sheet."""

    name = "qa.visual_check"
    kind = "engine"
    timeout_s = 180.0

    class Input(ToolInput):
        deck: Path
        out_dir: str = "visual-qa"

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        out = ctx.workdir / Path(inp.out_dir).name
        rep = qa_deck(QaOptions(deck=inp.deck, out_dir=out))
        issues = [i.model_dump(mode="json") for i in rep.issues]
        crit = sum(1 for i in rep.issues if i.severity == "critical" and i.status == "open")
        return ToolResult(ok=True, summary=f"{open_issue_count(rep.issues)} open issue(s)",
                          artifacts={"contact_sheet": str(out / "contact-sheet.png")},
                          metrics={"issues": len(issues), "critical": crit},
                          data={"issues": issues})


class ContentCheck(BaseTool):
    """Slot completeness (every content/outline string on a slide), unresolved tokens,
    citations present, budgets (degraded slides of the report)."""

    name = "qa.content_check"

    class Input(ToolInput):
        deck: Path
        content: dict[str, Any] = Field(default_factory=dict)
        report: dict[str, Any] = Field(default_factory=dict)

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        texts = deck_texts(inp.deck)
        expected = expected_strings(inp.content)
        missing = missing_strings(expected, texts)
        tokens = unresolved(texts) + [str(t.get("token", t)) for t in
                                      inp.report.get("unresolved_tokens") or []]
        cites = citations(inp.content)
        missing_cites = missing_strings(cites, texts)
        degraded = [s.get("index") for s in inp.report.get("slides") or []
                    if s.get("quality") == "degraded"]
        gates = {"completeness": not missing and not tokens,
                 "citations": not missing_cites, "budgets": not degraded}
        warns = [f"missing on every slide: {m!r}" for m in missing[:20]]
        warns += [f"unresolved token {t}" for t in tokens]
        warns += [f"citation not shown: {c!r}" for c in missing_cites]
        return ToolResult(
            ok=True, summary=f"{len(expected) - len(missing)}/{len(expected)} string(s) present",
            warnings=warns, data={"gates": gates, "missing": missing, "tokens": tokens,
                                  "missing_citations": missing_cites, "degraded": degraded},
            metrics={"expected": len(expected), "missing": len(missing),
                     "unresolved_tokens": len(tokens), "citations": len(cites)})


class LayoutSelect(BaseTool):
    name = "scratch.layout_select"

    class Input(ToolInput):
        outline: Path
        theme: str | None = None

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        rows = layout_plan(inp.outline, inp.theme)
        out = ctx.workdir / "layouts.json"
        out.write_text(json.dumps(rows, indent=2), "utf-8")
        return ToolResult(ok=True, summary=f"{len(rows)} slide(s) laid out",
                          artifacts={"layouts": str(out)}, metrics={"slides": len(rows)},
                          data={"layouts": rows})


class ComponentCompose(BaseTool):
    name = "scratch.component_compose"

    class Input(ToolInput):
        outline: Path
        theme: str | None = None
        out: str = "composed-raw.pptx"

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        out = ctx.workdir / Path(inp.out).name
        n = compose_raw(inp.outline, out, inp.theme)
        return ToolResult(ok=True, summary=f"{n} slide(s) composed (not measured)",
                          artifacts={"pptx": str(out)}, metrics={"slides": n})


class ThemeApply(BaseTool):
    name = "scratch.theme_apply"

    class Input(ToolInput):
        theme: str = "default"

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        facts = theme_facts(inp.theme)
        low = [k for k, v in facts["contrast"].items() if float(v) < 4.5]
        return ToolResult(ok=True, summary=f"theme {facts['name']}@{facts['version']}",
                          warnings=[f"low contrast {k}" for k in low], data={"theme": facts})


class ResearchSearch(BaseTool):
    name = "research.search"

    class Input(ToolInput):
        query: str = Field(min_length=1, max_length=500)
        k: int = Field(5, ge=1, le=20)

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        provider = ctx.research if ctx.research is not None else FakeResearch()
        found: list[Source] = provider.search(inp.query, inp.k)
        return ToolResult(ok=True, summary=f"{len(found)} source(s)",
                          metrics={"sources": len(found)},
                          data={"sources": [s.model_dump() for s in found]})


class ResearchRoute(BaseTool):
    name = "research.route_sources"

    class Input(ToolInput):
        slides: list[str] = Field(max_length=200)
        sources: list[Source] = Field(max_length=200)
        per_slide: int = Field(2, ge=1, le=10)

    def call(self, inp: Any, ctx: ToolContext) -> ToolResult:
        routes = route_sources(inp.slides, inp.sources, inp.per_slide)
        covered = sum(1 for r in routes if r.sources)
        return ToolResult(ok=True, summary=f"{covered}/{len(routes)} slide(s) with a source",
                          metrics={"covered": covered},
                          data={"routes": [r.model_dump() for r in routes]})


TOOLS: tuple[Tool, ...] = (
    InspectInventory(), ReplaceTextPreserveFormat(), ValidateLayout(), OoxmlUnpack(),
    OoxmlPatch(), OoxmlValidate(), OoxmlPack(), TemplateRender(), ScratchRender(),
    ThumbnailGrid(), VisualCheck(), ContentCheck(), LayoutSelect(), ComponentCompose(),
    ThemeApply(), ResearchSearch(), ResearchRoute(),
)
REGISTRY: dict[str, Tool] = {t.name: t for t in TOOLS}
"""The white list: every tool a plan may name."""

__all__ = ["REGISTRY", "TOOLS"]
