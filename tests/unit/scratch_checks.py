"""Checks a composed ``SlideSpec`` must pass whatever the component (scratch-mode rules of
issue 7 §6: safe margins, no text–text overlap, title placeholder, type sizes, colour roles on
their surfaces, a visual beyond text, no lost string)."""

from __future__ import annotations

from collections.abc import Iterator

from pptxagent.components import BLEED_PREFIX
from pptxagent.components.table import cell_text
from pptxagent.ir.compose import (
    EMU_PER_PT,
    SLIDE_H_EMU,
    SLIDE_W_EMU,
    Box,
    ChartSpec,
    ShapeSpec,
    SlideSpec,
    TableSpec,
    TextSpec,
)
from pptxagent.ir.outline import OutlineSlide, bullet_text
from pptxagent.ir.theme import ThemePack

ON: dict[str | None, set[str]] = {
    None: {"text", "muted", "title"}, "background": {"text", "muted", "title"},
    "surface": {"on_surface"},
    "primary": {"on_primary"}, "secondary": {"on_secondary"},
}


def _inside(inner: Box, outer: Box) -> bool:
    return (inner.x >= outer.x and inner.y >= outer.y and inner.x + inner.w <= outer.x + outer.w
            and inner.y + inner.h <= outer.y + outer.h)


def _overlap(a: Box, b: Box) -> bool:
    return (min(a.x + a.w, b.x + b.w) > max(a.x, b.x)
            and min(a.y + a.h, b.y + b.h) > max(a.y, b.y))


def outline_strings(slide: OutlineSlide) -> Iterator[str]:
    for s in (slide.title, slide.subtitle, slide.quote, slide.author, slide.role,
              slide.takeaway, slide.caption, *slide.citations):
        if s:
            yield s
    for b in slide.bullets or []:
        yield bullet_text(b)[0]
    for k in slide.items or []:
        yield from (x for x in (k.value, k.label, k.delta) if x)
    for col in (slide.left, slide.right):
        if col is not None:
            yield col.heading
            yield from (bullet_text(b)[0] for b in col.bullets)
    for st in slide.steps or []:
        yield from (x for x in (st.label, st.text) if x)
    for row in slide.rows or []:
        yield from (cell_text(c) for c in row)
    if slide.chart is not None:
        yield from slide.chart.categories
        yield from (s.name for s in slide.chart.series)


def spec_strings(spec: SlideSpec) -> list[str]:
    out: list[str] = []
    for sh in spec.shapes:
        if isinstance(sh, TextSpec):
            out += [p.text for p in sh.paragraphs]
        elif isinstance(sh, TableSpec):
            out += [c for r in sh.rows for c in r]
        elif isinstance(sh, ChartSpec):
            out += [*sh.categories, *(s.name for s in sh.series)]
    return out


def check_spec(spec: SlideSpec, pack: ThemePack, slides: list[OutlineSlide]) -> None:
    """Every rule; ``slides`` are the outline slides whose strings this spec must hold."""
    m = round(pack.spacing.margin_pt * EMU_PER_PT)
    safe = Box(x=m, y=m, w=SLIDE_W_EMU - 2 * m, h=SLIDE_H_EMU - 2 * m)
    full = Box(x=0, y=0, w=SLIDE_W_EMU, h=SLIDE_H_EMU)
    for sh in spec.shapes:
        assert _inside(sh.box, full), f"{sh.name} leaves the slide"
        if not sh.name.startswith(BLEED_PREFIX):
            assert _inside(sh.box, safe), f"{sh.name} {sh.box} crosses the safe margin"
    texts = [s for s in spec.shapes if isinstance(s, TextSpec)]
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            assert not _overlap(a.box, b.box), f"text {a.name} overlaps text {b.name}"
    titles = [t for t in texts if t.placeholder == "title"]
    assert len(titles) == 1 and titles[0].role == "title"
    assert titles[0].paragraphs[0].text.strip(), "empty title placeholder"
    assert all(p.font == "major" for p in titles[0].paragraphs)
    body = pack.type.body
    for t in texts:
        for p in t.paragraphs:
            if t.role == "citation":
                assert p.size_pt == pack.type.small
            else:
                assert p.size_pt >= 18, f"{t.name} at {p.size_pt} pt"
    assert all(p.size_pt >= 1.5 * body for p in titles[0].paragraphs)
    assert any(not isinstance(s, TextSpec) for s in spec.shapes), "no visual beyond text"
    # colour roles: text on the surface under it
    for i, t in enumerate(spec.shapes):
        if not isinstance(t, TextSpec):
            continue
        under = [s for s in spec.shapes[:i] if isinstance(s, ShapeSpec)
                 and _inside(t.box, s.box)]
        fill = under[-1].fill if under else None
        for p in t.paragraphs:
            if p.color == "accent":  # large figures on the background: 3:1 holds
                assert t.role == "value" and fill in (None, "background"), t.name
                continue
            assert p.color in ON[fill], f"{t.name}: {p.color} on {fill}"
    have = spec_strings(spec)
    for slide in slides:
        for s in outline_strings(slide):
            assert any(s in h for h in have), f"lost {s!r}"
