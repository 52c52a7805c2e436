"""Each scratch component at its density limits (fewest and most units) in three theme
packs: inside the slide and its safe margin, no text over text, a title placeholder, body ≥
18 pt and titles ≥ 1.5 × body, text colours on their surfaces, a visual beyond text, every
outline string kept, the same spec on a second run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from scratch_checks import check_spec
from scratch_packs import PACKS

from pptxagent.components import COMPONENTS, component_for
from pptxagent.errors import InputError
from pptxagent.ir.compose import ChartSpec, PictureSpec, TableSpec, TextSpec
from pptxagent.ir.outline import SLIDE_KINDS, OutlineSlide
from pptxagent.ir.theme import ThemePack

LONG_TITLE = ("Quarterly operating review of the northern region with revenue, margin, "
              "headcount and the risks we see for next year")  # 120 characters
WORDS = "the quick brown fox jumps over the lazy dog and keeps running far away "
CITES = ["Source: Annual report 2025, p. 12", "Internal survey, n = 1 204"]


def _text(n: int) -> str:
    return (WORDS * 4)[:n].strip()


CASES: dict[str, list[dict[str, Any]]] = {
    "title": [{"title": "Go"},
              {"title": LONG_TITLE, "subtitle": _text(110), "citations": CITES}],
    "section": [{"title": "Next"},
                {"title": LONG_TITLE, "subtitle": _text(90), "citations": CITES}],
    "bullets": [{"title": "One", "bullets": ["Only point"]},
                {"title": LONG_TITLE, "subtitle": "Six points",
                 "bullets": [_text(60), {"text": _text(40), "level": 1}, _text(70),
                             {"text": _text(30), "level": 2}, _text(50), _text(65)],
                 "citations": CITES, "notes": "say it slowly"}],
    "kpis": [{"title": "Two", "items": [{"value": "42 %", "label": "growth"},
                                         {"value": "€1.2 M", "label": "revenue"}]},
             {"title": LONG_TITLE, "items": [
                 {"value": "42 %", "label": "growth in the north", "delta": "+12 % YoY"},
                 {"value": "€1.2 M", "label": "recurring revenue", "delta": "−3 % QoQ"},
                 {"value": "1 204", "label": "active customers", "delta": "+88"},
                 {"value": "4.7", "label": "satisfaction out of five", "delta": "+0.2"}],
              "citations": CITES},
             {"title": "Below the minimum", "items": [{"value": "1", "label": "one card"}]}],
    "comparison": [{"title": "A or B", "left": {"heading": "Build", "bullets": ["fast"]},
                    "right": {"heading": "Buy", "bullets": ["cheap"]}},
                   {"title": LONG_TITLE,
                    "left": {"heading": "Build it ourselves",
                             "bullets": [_text(40), _text(35), _text(30), _text(38),
                                         _text(25)]},
                    "right": {"heading": "Buy a product",
                              "bullets": [_text(30), _text(42), _text(20), _text(33),
                                          _text(28)]},
                    "citations": CITES}],
    "timeline": [{"title": "Plan", "steps": [{"label": "Q1"}, {"label": "Q2"},
                                              {"label": "Q3"}]},
                 {"title": LONG_TITLE, "steps": [
                     {"label": f"Phase {i}", "text": _text(55)} for i in range(1, 7)],
                  "citations": CITES}],
    "quote": [{"quote": "Less is more.", "author": "Mies"},
              {"title": "What customers say", "quote": _text(180), "author": "Ada Lovelace",
               "role": "Analyst", "citations": CITES},
              {"quote": "Simplicity is the ultimate sophistication.", "author": "Leonardo",
               "role": "Painter"}],
    "data": [{"title": "Share", "chart": {"type": "pie", "categories": ["A"],
                                          "series": [{"name": "s", "values": [1]}]}},
             {"title": LONG_TITLE, "chart": {
                 "type": "column", "categories": [f"M{i}" for i in range(1, 13)],
                 "series": [{"name": n, "values": [i * 1.5 + k for i in range(12)]}
                            for k, n in enumerate(("North", "South", "East"))]},
              "takeaway": _text(120), "citations": CITES}],
    "table": [{"title": "Tiny", "rows": [["Header"], [1]]},
              {"title": LONG_TITLE,
               "rows": [["Region", "Q1", "Q2", "Q3", "Q4", "Total"]]
               + [[f"R{i}", i, i * 2.5, 3, 0.1, "12 %"] for i in range(6)],
               "citations": CITES}],
    "image": [{"image": "pic.png", "caption": "Our office"},
              {"title": LONG_TITLE, "image": "wide.png", "caption": _text(120),
               "citations": CITES}],
}


@pytest.fixture
def base_dir(tmp_path: Path) -> Path:
    Image.new("RGB", (400, 300), (200, 100, 50)).save(tmp_path / "pic.png")
    Image.new("RGB", (1600, 400), (20, 100, 150)).save(tmp_path / "wide.png")
    return tmp_path


def _cases() -> list[tuple[str, int, ThemePack]]:
    return [(kind, i, pack) for kind in CASES for i in range(len(CASES[kind]))
            for pack in PACKS]


@pytest.mark.parametrize(("kind", "case", "pack"), _cases(),
                         ids=lambda v: v.name if isinstance(v, ThemePack) else str(v))
def test_component_at_density_limits(kind: str, case: int, pack: ThemePack,
                                     base_dir: Path) -> None:
    slide = OutlineSlide.model_validate({"kind": kind, **CASES[kind][case]})
    comp = component_for(slide.kind or "bullets")
    assert comp.units(slide) <= comp.density.max_units
    spec = comp.compose(slide, pack, source=3, part=(1, 1), base_dir=base_dir)
    check_spec(spec, pack, [slide])
    expected = {"title": "title", "section": "section"}.get(kind, "title_only")
    assert spec.layout == expected and spec.source == 3 and spec.kind == kind
    assert spec.notes == slide.notes
    again = comp.compose(slide, pack, source=3, part=(1, 1), base_dir=base_dir)
    assert again.model_dump_json() == spec.model_dump_json()


def test_every_kind_has_a_component_with_declared_slots() -> None:
    for kind in SLIDE_KINDS:
        comp = component_for(kind)
        assert kind in comp.kinds and comp.slots and comp.min_body_pt >= 18
        assert comp.slots[0].role == "title"
    assert len(COMPONENTS) == 10


def test_hero_and_section_use_their_layouts_and_placeholders(base_dir: Path) -> None:
    pack = PACKS[0]
    hero = component_for("title").compose(
        OutlineSlide(kind="title", title="Deck", subtitle="Sub"), pack, source=0)
    ph = {s.placeholder: s for s in hero.shapes if isinstance(s, TextSpec) and s.placeholder}
    assert set(ph) == {"title", "subtitle"}
    assert ph["title"].paragraphs[0].size_pt == pack.type.hero
    section = component_for("section").compose(
        OutlineSlide(kind="section", title="Part"), pack, source=1)
    assert section.layout == "section"


def test_continuation_title_and_chart_values(base_dir: Path) -> None:
    slide = OutlineSlide.model_validate(CASES["data"][1] | {"kind": "data"})
    spec = component_for("data").compose(slide, PACKS[1], source=0, part=(2, 3))
    title = next(s for s in spec.shapes if isinstance(s, TextSpec) and s.placeholder)
    assert title.paragraphs[0].text == f"{LONG_TITLE} (2/3)"
    chart = next(s for s in spec.shapes if isinstance(s, ChartSpec))
    assert slide.chart is not None
    assert chart.categories == slide.chart.categories
    assert [s.values for s in chart.series] == [s.values for s in slide.chart.series]
    assert chart.font_pt >= 18


def test_table_cells_are_written_as_given() -> None:
    slide = OutlineSlide(kind="table", title="T", rows=[["a", "b", "c"], [1, 2.5, 0.1],
                                                         [10**12, 1e-05, "x"]])
    spec = component_for("table").compose(slide, PACKS[0], source=0)
    table = next(s for s in spec.shapes if isinstance(s, TableSpec))
    assert table.rows == [["a", "b", "c"], ["1", "2.5", "0.1"],
                          ["1000000000000", "1e-05", "x"]]
    assert table.header and table.font_pt >= 18


def test_picture_frame_keeps_the_aspect(base_dir: Path) -> None:
    slide = OutlineSlide(kind="image", title="Wide", image="wide.png")
    spec = component_for("image").compose(slide, PACKS[0], source=0, base_dir=base_dir)
    pic = next(s for s in spec.shapes if isinstance(s, PictureSpec))
    assert Path(pic.path) == (base_dir / "wide.png").resolve()
    assert abs(pic.box.w / pic.box.h - 4.0) < 0.01


def test_missing_picture_names_slide_and_path(tmp_path: Path) -> None:
    slide = OutlineSlide(kind="image", title="Gone", image="img/missing.png")
    with pytest.raises(InputError, match=r"slides\[7\].*img/missing\.png"):
        component_for("image").compose(slide, PACKS[0], source=7, base_dir=tmp_path)


def test_quote_without_title_is_headed_by_its_author() -> None:
    slide = OutlineSlide(kind="quote", quote="Less is more.", author="Mies", role="Architect")
    spec = component_for("quote").compose(slide, PACKS[0], source=0)
    texts = {s.name: s.paragraphs[0].text for s in spec.shapes if isinstance(s, TextSpec)}
    assert texts["title"] == "Mies"
    assert texts["quote"] == "\u201cLess is more.\u201d"
    assert texts["author"] == "\u2014 Architect"


@pytest.mark.parametrize("kind", ["bullets", "kpis", "comparison", "timeline", "quote",
                                  "data", "table"])
def test_a_slide_without_the_components_content_is_an_input_error(kind: str) -> None:
    with pytest.raises(InputError, match=r"\$\.slides\[2\]: component"):
        component_for(kind).compose(OutlineSlide(title="Only a title"), PACKS[0], source=2)


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_a_short_list_is_larger_and_balanced_a_long_one_is_not(pack: ThemePack) -> None:
    from pptxagent.components.bullets import BULLETS
    from pptxagent.ir.compose import TextSpec
    from pptxagent.ir.outline import OutlineSlide

    short = OutlineSlide(kind="bullets", title="Why", variant="list",
                         bullets=["One", "Two", "Three", "Four", "Five"])
    long = OutlineSlide(kind="bullets", title="Why", bullets=[
        f"A long point number {k} that runs over two lines at the body size, with the reasons, "
        "the numbers behind them and what the team will do about each of them next" for k in
        range(6)])

    def body(slide: OutlineSlide) -> TextSpec:
        spec = BULLETS.compose(slide, pack, source=0)
        return next(s for s in spec.shapes if isinstance(s, TextSpec) and s.name == "bullets")

    small, big = body(short), body(long)
    assert small.paragraphs[0].size_pt > pack.type.body  # a short list uses its space
    assert small.paragraphs[0].size_pt <= pack.type.title / 1.5
    assert small.box.y > big.box.y  # balanced, not stuck under the title
    assert big.paragraphs[0].size_pt == pack.type.body
    assert BULLETS.compose(short, pack, source=0) == BULLETS.compose(short, pack, source=0)


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_two_to_four_short_points_are_cards_and_the_reason_says_so(pack: ThemePack) -> None:
    from pptxagent.components.base import Context
    from pptxagent.components.bullets import BULLETS, variant
    from pptxagent.ir.compose import ShapeSpec, TextSpec
    from pptxagent.ir.outline import OutlineSlide

    points = ["Win the mid-market", "Halve onboarding time", "Open two new regions"]
    slide = OutlineSlide(kind="bullets", title="Three priorities", bullets=points)
    spec = BULLETS.compose(slide, pack, source=0)
    assert spec.variant == "cards" and "3 short points" in spec.variant_reason
    cards = [s for s in spec.shapes if isinstance(s, ShapeSpec) and s.name.startswith("card-")
             and not s.name.endswith("-strip")]
    texts = [s for s in spec.shapes if isinstance(s, TextSpec) and s.name.startswith("point-")]
    assert len(cards) == 3 and [t.paragraphs[0].text for t in texts] == points
    assert all(t.paragraphs[0].size_pt >= pack.type.body for t in texts)
    assert len({c.box.y for c in cards}) == 1 and len({c.box.h for c in cards}) == 1
    ctx = Context(pack=pack, source=0, part=(1, 1), base_dir=Path("."))
    sub = OutlineSlide(kind="bullets", title="T", bullets=["A", {"text": "a", "level": 1}])
    assert [c[0] for c in variant(sub, ctx)] == ["list"]  # sub-points need a list
    assert [c[0] for c in variant(slide, Context(pack=pack, source=0, part=(1, 2),
                                                 base_dir=Path(".")))] == ["list"]
