"""Scratch-mode steps as separate calls (the agent's ``scratch.*`` tools): the layout
choice per outline slide, the composed deck before any measuring, a theme pack's facts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pptxagent.ir.outline import load_outline
from pptxagent.ooxml.build import build_deck
from pptxagent.ooxml.zipsafe import write_atomic
from pptxagent.select import select_slides
from pptxagent.themes import contrast_table, load_pack

__all__ = ["compose_raw", "layout_plan", "theme_facts"]


def layout_plan(outline: Path, theme: str | None = None) -> list[dict[str, Any]]:
    """One row per composed slide: outline slide, part, kind, component, reason."""
    out = load_outline(outline)
    pack = load_pack(theme or out.theme or "default")
    specs = select_slides(out, pack, base_dir=outline.parent)
    return [{"outline_slide": s.source + 1, "part": list(s.part), "kind": s.kind,
             "component": s.component, "reason": s.reason} for s in specs]


def compose_raw(outline: Path, out_path: Path, theme: str | None = None) -> int:
    """The composed deck as the composer writes it (no measuring, no repair); slide count."""
    out = load_outline(outline)
    pack = load_pack(theme or out.theme or "default")
    specs = select_slides(out, pack, base_dir=outline.parent)
    write_atomic(out_path, build_deck(specs, pack, title=out.title, pack_dir=None))
    return len(specs)


def theme_facts(theme: str) -> dict[str, Any]:
    """A theme pack's name, version, darkness, fonts and measured role contrasts."""
    p = load_pack(theme)
    return {"name": p.name, "version": p.version, "dark": p.dark,
            "major": p.fonts.major.latin, "minor": p.fonts.minor.latin,
            "contrast": contrast_table(p)}
