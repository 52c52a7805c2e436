"""Every component variant at its density limits in every bundled theme (forced through the
outline's ``variant`` key): the scratch rules of ``check_spec`` hold, the spec is the same on a
second run; the variant the content's shape asks for, with its reason; the deck's rhythm."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from scratch_checks import check_spec
from scratch_packs import PACKS

from pptxagent.components import COMPONENTS, component_for
from pptxagent.components.base import Context
from pptxagent.errors import InputError
from pptxagent.ir.compose import ShapeSpec, SlideSpec, TableSpec, TextSpec
from pptxagent.ir.outline import Outline, OutlineSlide
from pptxagent.ir.theme import ThemePack
from pptxagent.select import select_slides

LONG = ("Quarterly operating review of the northern region with revenue, margin, headcount "
        "and the risks we see for next year")
WORDS = "the quick brown fox jumps over the lazy dog and keeps running far away "


def _t(n: int) -> str:
    return (WORDS * 4)[:n].strip()


LIMITS: dict[str, list[dict[str, Any]]] = {
    "bullets": [
        {"title": "Two steps", "bullets": ["Sign", "Go"]},
        {"title": LONG + " in six steps", "bullets": [_t(150)] * 3 + [_t(40)] * 3,
         "citations": ["Source: survey"]},
        {"title": "Four", "bullets": [_t(70)] * 4},
        {"title": LONG, "bullets": [_t(90)] * 6, "citations": ["Source: survey"]},
        {"title": "Many", "bullets": [_t(200)] * 6}],
    "kpis": [
        {"title": "One", "items": [{"value": "1", "label": "a"}]},
        {"title": LONG, "items": [{"value": "€12.4 M", "label": _t(40), "delta": "+12 %"}] * 4,
         "citations": ["Source: ledger"]},
        {"title": "Wide", "items": [{"value": "1 234 567 890 €", "label": "x"}] * 4}],
    "comparison": [
        {"title": "A/B", "left": {"heading": "A", "bullets": ["x", "y"]},
         "right": {"heading": "B", "bullets": ["u", "v"]}},
        {"title": LONG, "left": {"heading": "Build it ourselves", "bullets": [_t(60)] * 5},
         "right": {"heading": "Buy a product", "bullets": [_t(60)] * 5},
         "citations": ["Source: plan"]}],
    "table": [
        {"title": "Tiny", "rows": [["Team", "N"], ["Sales", 1], ["Total", 1]]},
        {"title": LONG, "rows": [["Region", "Q1", "Q2", "Q3", "Q4", "Year"]]
         + [[f"Region {i}", i, 2.5, "3 %", "€4 M", 10] for i in range(5)]
         + [["Total", 10, 12.5, "15 %", "€20 M", 50]], "citations": ["Source: ledger"]}],
    "data": [
        {"title": "Pie", "chart": {"type": "pie", "categories": ["A", "B"],
                                   "series": [{"name": "s", "values": [1, 2]}]},
         "takeaway": "A is a third"},
        {"title": "Few", "chart": {"type": "bar", "categories": ["A", "B"],
                                   "series": [{"name": "s", "values": [1, 2]}]},
         "takeaway": "B leads"},
        {"title": LONG, "chart": {"type": "column", "categories": [f"M{i}" for i in range(12)],
                                  "series": [{"name": "s", "values": list(range(12))}]},
         "takeaway": _t(120), "citations": ["Source: ledger"]}],
    "image": [
        {"title": "Wide", "image": "wide.png", "caption": "Our office"},
        {"title": LONG, "image": "wide.png", "caption": _t(100), "citations": ["Source: us"]},
        {"title": "Tall", "image": "tall.png"}],
}


@pytest.fixture
def base_dir(tmp_path: Path) -> Path:
    Image.new("RGB", (1600, 700), (20, 100, 150)).save(tmp_path / "wide.png")
    Image.new("RGB", (300, 600), (200, 100, 50)).save(tmp_path / "tall.png")
    return tmp_path


def _cases() -> list[tuple[str, str, int, ThemePack]]:
    return [(kind, v, i, pack) for kind in LIMITS
            for v in component_for(kind).variants  # type: ignore[arg-type]
            for i in range(len(LIMITS[kind])) for pack in PACKS]


@pytest.mark.parametrize(("kind", "variant", "case", "pack"), _cases(),
                         ids=lambda v: v.name if isinstance(v, ThemePack) else str(v))
def test_every_variant_at_its_limits(kind: str, variant: str, case: int, pack: ThemePack,
                                     base_dir: Path) -> None:
    slide = OutlineSlide.model_validate({"kind": kind, "variant": variant,
                                         **LIMITS[kind][case]})
    comp = component_for(slide.kind or "bullets")
    try:
        spec = comp.compose(slide, pack, source=2, base_dir=base_dir)
    except InputError as exc:  # the variant does not hold this content: said, and why
        assert "$.slides[2].variant" in str(exc) and "does not hold" in str(exc)
        return
    assert spec.variant == variant and spec.variant_reason == "asked for by the outline"
    check_spec(spec, pack, [slide])
    again = comp.compose(slide, pack, source=2, base_dir=base_dir)
    assert again.model_dump_json() == spec.model_dump_json()


def test_every_variant_holds_some_case(base_dir: Path) -> None:
    for kind in LIMITS:
        comp = component_for(kind)  # type: ignore[arg-type]
        held: set[str] = set()
        for case in LIMITS[kind]:
            slide = OutlineSlide.model_validate({"kind": kind, **case})
            from pptxagent.components.base import Context
            ctx = Context(pack=PACKS[0], source=0, part=(1, 1), base_dir=base_dir)
            held |= {c[0] for c in comp.candidates(slide, ctx)}
        assert held == set(comp.variants), kind


def test_an_unknown_variant_names_the_path_and_the_choices() -> None:
    slide = OutlineSlide(kind="bullets", title="T", bullets=["a"], variant="carousel")
    with pytest.raises(InputError, match=r"\$\.slides\[4\]\.variant: 'carousel'.*list, cards"):
        component_for("bullets").compose(slide, PACKS[0], source=4)


def _spec(data: dict[str, Any], base_dir: Path = Path(".")) -> SlideSpec:
    slide = OutlineSlide.model_validate(data)
    return component_for(slide.kind or "bullets").compose(slide, PACKS[0], source=0,
                                                            base_dir=base_dir)


def test_the_content_shape_picks_the_variant(base_dir: Path) -> None:
    steps = _spec({"kind": "bullets", "title": "Onboarding in three steps",
                   "bullets": ["Sign", "Connect", "Invite"]})
    assert steps.variant == "steps" and "'steps'" in steps.variant_reason
    badges = [s for s in steps.shapes if isinstance(s, ShapeSpec) and s.preset == "ellipse"]
    numbers = [s.paragraphs[0].text for s in steps.shapes
               if isinstance(s, TextSpec) and s.role == "number"]
    assert len(badges) == 3 and numbers == ["1", "2", "3"]
    numbered = _spec({"kind": "bullets", "title": "Our process",
                      "bullets": ["1. Sign", "2. Connect", "3. Invite"]})
    assert numbered.variant != "steps"  # numbers written in the text stay as written
    grid = _spec({"kind": "bullets", "title": "Asks", "bullets": [_t(50)] * 5})
    cards = [s for s in grid.shapes if isinstance(s, ShapeSpec) and s.name.startswith("card-")
             and not s.name.endswith("-strip")]
    assert grid.variant == "grid" and len(cards) == 5 and len({c.box.y for c in cards}) == 2
    assert _spec({"kind": "bullets", "title": "T", "bullets": [_t(200)] * 3}).variant == "list"
    big = _spec({"kind": "kpis", "title": "T", "items": [{"value": "42 %", "label": "x"}] * 3})
    assert big.variant == "numbers"
    value = next(s for s in big.shapes if isinstance(s, TextSpec) and s.role == "value")
    assert value.paragraphs[0].size_pt > PACKS[0].type.value
    assert _spec({"kind": "kpis", "title": "T", "items": [{"value": "1", "label": "x"}] * 4}
                 ).variant == "cards"
    versus = _spec({"kind": "comparison", "title": "T",
                    "left": {"heading": "A", "bullets": ["x", "y"]},
                    "right": {"heading": "B", "bullets": ["u", "v"]}})
    table = next(s for s in versus.shapes if isinstance(s, TableSpec))
    assert versus.variant == "versus" and table.rows == [["A", "B"], ["x", "u"], ["y", "v"]]
    total = _spec({"kind": "table", "title": "T", "rows": LIMITS["table"][1]["rows"]})
    assert total.variant == "total-row"
    assert next(s for s in total.shapes if isinstance(s, TableSpec)).emphasis == "total_row"
    key = _spec({"kind": "table", "title": "T", "rows": [["Team", "N"], ["Sales", 3],
                                                         ["Support", "4 %"]]})
    assert key.variant == "key-column"
    assert _spec({"kind": "table", "title": "T", "rows": [["a", "b"], ["c", "d"]]}
                 ).variant == "plain"
    pie = _spec({"kind": "data", **LIMITS["data"][0]})
    assert pie.variant == "full" and "a pie" in pie.variant_reason
    assert _spec({"kind": "data", **LIMITS["data"][1]}).variant == "takeaway"
    wide = _spec({"kind": "image", "title": "W", "image": "wide.png"}, base_dir)
    assert wide.variant == "bleed"
    assert _spec({"kind": "image", "title": "T", "image": "tall.png"}, base_dir
                 ).variant == "framed"


def test_no_variant_three_slides_in_a_row_where_another_holds_it() -> None:
    same = {"title": "Three", "bullets": ["One short point", "Another", "A third"]}
    outline = Outline.model_validate({"title": "Deck", "slides": [same] * 5})
    specs = select_slides(outline, PACKS[0], base_dir=Path("."))
    looks = [s.variant for s in specs]
    assert looks == ["cards", "cards", "list", "cards", "cards"]
    assert "rhythm" in specs[2].reason
    again = select_slides(outline, PACKS[0], base_dir=Path("."))
    assert [s.model_dump_json() for s in again] == [s.model_dump_json() for s in specs]
    long = {"title": "Long", "bullets": [_t(200)] * 3}  # only a list holds it
    specs = select_slides(Outline.model_validate({"title": "D", "slides": [long] * 3}),
                          PACKS[0], base_dir=Path("."))
    assert [s.variant for s in specs] == ["list"] * 3


def test_every_component_names_its_variants() -> None:
    for comp in COMPONENTS.values():
        if comp.variant_fn is not None:
            assert len(comp.variants) >= 2, comp.name


def test_content_at_the_schema_limits_keeps_every_box_on_the_slide() -> None:
    pie = _spec({"kind": "data", "title": "Share", "takeaway": "x " * 999,
                 "chart": {"type": "pie", "categories": ["A", "B"],
                           "series": [{"name": "s", "values": [1, 2]}]}})
    assert pie.variant == "takeaway"
    check_spec(pie, PACKS[0], [OutlineSlide.model_validate(
        {"kind": "data", "title": "Share", "takeaway": "x " * 999,
         "chart": {"type": "pie", "categories": ["A", "B"],
                   "series": [{"name": "s", "values": [1, 2]}]}})])
    long = _spec({"kind": "kpis", "title": "T", "items": [
        {"value": "1", "label": _t(280) * 2, "delta": _t(200)}] * 3})
    assert long.variant == "cards"


def test_an_asked_variant_a_part_cannot_hold_gives_way() -> None:
    rows = [["Team", "N"]] + [[f"T{i}", i] for i in range(10)] + [["Total", 45]]
    outline = Outline.model_validate({"title": "D", "slides": [
        {"kind": "table", "title": "T", "variant": "total-row", "rows": rows}]})
    specs = select_slides(outline, PACKS[0], base_dir=Path("."))
    assert len(specs) == 2 and specs[-1].variant == "total-row"
    assert "cannot hold" in specs[0].variant_reason
    with pytest.raises(InputError, match=r"\$\.slides\[1\]\.variant: 'timeline' has no"):
        component_for("timeline").compose(OutlineSlide(
            kind="timeline", title="T", variant="cards", steps=[{"label": "a"}]),
            PACKS[0], source=1)


def test_the_parts_of_one_slide_share_a_variant() -> None:
    side = {"heading": "H", "bullets": [_t(58)] * 5}
    shorter = {"heading": "H", "bullets": [_t(58)] * 4 + [_t(20)]}
    outline = Outline.model_validate({"title": "D", "slides": [
        {"kind": "comparison", "title": LONG, "left": side, "right": shorter}]})
    specs = select_slides(outline, PACKS[0], base_dir=Path("."))
    assert len({s.variant for s in specs}) == 1
    long = _spec({"kind": "comparison", "title": "T",
                  "left": {"heading": "A", "bullets": [_t(80)] * 2},
                  "right": {"heading": "B", "bullets": [_t(80)] * 2}})
    assert long.variant == "columns"
    ctx = Context(pack=PACKS[0], source=0, part=(1, 1), base_dir=Path("."))
    slide = OutlineSlide.model_validate({"kind": "comparison", "title": "T",
                                         "left": {"heading": "A", "bullets": [_t(80)] * 2},
                                         "right": {"heading": "B", "bullets": [_t(80)] * 2}})
    assert [c[0] for c in component_for("comparison").candidates(slide, ctx)] == ["columns"]
