"""Layout selection: kinds inferred from fields with a reason, density splits into
continuation slides "(k/n)" without losing or reordering content, headers repeated on table
parts, CJK and long compound words unchanged, resplit for measured overflow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from scratch_checks import check_spec, outline_strings, spec_strings
from scratch_packs import CORPORATE, DARK, LIGHT, PACKS

from pptxagent.ir.compose import ChartSpec, SlideSpec, TableSpec, TextSpec
from pptxagent.ir.outline import Outline, OutlineSlide, parse_outline
from pptxagent.select import infer_kind, resplit, select_slides

CJK = "数据驱动的决策需要清晰的图表和可靠的来源"
COMPOUND = "Donaudampfschifffahrtsgesellschaftskapitänsmützenhalterung"


def _outline(*slides: dict[str, Any], title: str = "Deck") -> Outline:
    return parse_outline({"title": title, "slides": list(slides)})


def _title(spec: SlideSpec) -> str:
    return next(s for s in spec.shapes
                if isinstance(s, TextSpec) and s.placeholder == "title").paragraphs[0].text


def _body_texts(spec: SlideSpec, name: str) -> list[str]:
    return [p.text for s in spec.shapes if isinstance(s, TextSpec) and s.name == name
            for p in s.paragraphs]


@pytest.mark.parametrize(("fields", "kind"), [
    ({"title": "x", "chart": {"type": "bar", "categories": ["a"],
                              "series": [{"name": "s", "values": [1]}]}}, "data"),
    ({"items": [{"value": "1", "label": "a"}]}, "kpis"),
    ({"left": {"heading": "a"}, "right": {"heading": "b"}}, "comparison"),
    ({"steps": [{"label": "a"}]}, "timeline"),
    ({"quote": "q"}, "quote"),
    ({"rows": [["a"]]}, "table"),
    ({"image": "p.png"}, "image"),
    ({"bullets": ["a"]}, "bullets"),
])
def test_kind_inferred_from_fields(fields: dict[str, Any], kind: str) -> None:
    got, why = infer_kind(OutlineSlide.model_validate(fields), 3)
    assert got == kind and why.startswith("no kind; has ")


def test_title_only_slides_open_or_divide_the_deck() -> None:
    only = OutlineSlide(title="Hello", subtitle="World")
    assert infer_kind(only, 0)[0] == "title"
    assert infer_kind(only, 4)[0] == "section"
    assert infer_kind(OutlineSlide(kind="bullets", bullets=["a"]), 0) == (
        "bullets", "kind 'bullets' given")


def test_nine_bullets_become_two_titled_continuation_slides() -> None:
    bullets = [f"Point {i}" for i in range(1, 10)]
    outline = _outline({"kind": "bullets", "title": "Nine", "bullets": bullets})
    specs = select_slides(outline, LIGHT, base_dir=Path("."))
    assert [_title(s) for s in specs] == ["Nine (1/2)", "Nine (2/2)"]
    assert [s.part for s in specs] == [(1, 2), (2, 2)]
    assert all(s.source == 0 for s in specs)
    assert specs[0].reason == ("kind 'bullets' given; 9 bullets over the density limit 6 "
                               "→ 2 continuation slides; variant 'list': a list continued "
                               "over slides stays a list")
    assert [s.variant for s in specs] == ["list", "list"]
    texts = [_body_texts(s, "bullets") for s in specs]
    assert [len(t) for t in texts] == [5, 4]
    assert texts[0] + texts[1] == bullets  # nothing lost, order kept
    for spec in specs:
        check_spec(spec, LIGHT, [])


def test_sub_bullets_stay_with_their_parent() -> None:
    bullets: list[Any] = ["A", {"text": "a1", "level": 1}, {"text": "a2", "level": 1},
                          "B", {"text": "b1", "level": 1}, "C", {"text": "c1", "level": 1},
                          {"text": "c2", "level": 2}]
    specs = select_slides(_outline({"title": "T", "bullets": bullets}), DARK,
                          base_dir=Path("."))
    parts = [_body_texts(s, "bullets") for s in specs]
    assert parts == [["A", "a1", "a2", "B", "b1"], ["C", "c1", "c2"]]
    levels = [p.level for s in specs for sh in s.shapes if isinstance(sh, TextSpec)
              and sh.name == "bullets" for p in sh.paragraphs]
    assert levels == [0, 1, 1, 0, 1, 0, 1, 2]


def test_twenty_row_table_repeats_its_header_on_every_part() -> None:
    header = ["Region", "Units", "Share"]
    data = [[f"R{i}", i * 10, i / 4] for i in range(1, 20)]
    specs = select_slides(_outline({"title": "Sales", "rows": [header, *data]}), CORPORATE,
                          base_dir=Path("."))
    assert len(specs) >= 3
    tables = [next(s for s in spec.shapes if isinstance(s, TableSpec)) for spec in specs]
    assert all(t.rows[0] == header and t.header for t in tables)
    assert all(len(t.rows) <= 7 for t in tables)
    body = [r for t in tables for r in t.rows[1:]]
    assert body == [[r[0], str(r[1]), repr(r[2])] for r in data]
    n = len(specs)
    assert [_title(s) for s in specs] == [f"Sales ({k}/{n})" for k in range(1, n + 1)]


def test_wide_table_cut_into_column_groups_keeping_the_key_column() -> None:
    rows = [[f"h{c}" for c in range(9)], [f"v{c}" for c in range(9)]]
    specs = select_slides(_outline({"title": "Wide", "rows": rows}), LIGHT, base_dir=Path("."))
    tables = [next(s for s in spec.shapes if isinstance(s, TableSpec)) for spec in specs]
    assert len(tables) == 2 and all(len(t.rows[0]) <= 6 and t.rows[0][0] == "h0"
                                    for t in tables)
    assert sorted({c for t in tables for c in t.rows[0]}) == sorted(rows[0])


def test_bar_chart_over_twelve_categories_is_split_with_its_values() -> None:
    cats = [f"C{i}" for i in range(20)]
    chart = {"type": "bar", "categories": cats,
             "series": [{"name": "A", "values": list(range(20))},
                        {"name": "B", "values": [v * 0.5 for v in range(20)]}]}
    specs = select_slides(_outline({"title": "Bars", "chart": chart}), LIGHT,
                          base_dir=Path("."))
    charts = [next(s for s in spec.shapes if isinstance(s, ChartSpec)) for spec in specs]
    assert len(charts) == 2 and all(len(c.categories) <= 12 for c in charts)
    assert [c for ch in charts for c in ch.categories] == cats
    assert [v for ch in charts for v in ch.series[1].values] == [v * 0.5 for v in range(20)]
    pie = dict(chart, type="pie", series=chart["series"][:1])
    one = select_slides(_outline({"title": "Pie", "chart": pie}), LIGHT, base_dir=Path("."))
    assert len(one) == 1  # a pie is one whole: never split


def test_cjk_and_long_compound_words_pass_through_unchanged() -> None:
    outline = _outline(
        {"title": CJK, "bullets": [COMPOUND, f"{CJK}{COMPOUND}", "12,5 km/h ≈ 3,47 m/s"]},
        {"kind": "kpis", "title": COMPOUND,
         "items": [{"value": "¥1.2 億", "label": CJK}, {"value": "42 %", "label": COMPOUND}]},
    )
    for pack in PACKS:
        specs = select_slides(outline, pack, base_dir=Path("."))
        have = [t for s in specs for t in spec_strings(s)]
        for slide in outline.slides:
            for s in outline_strings(slide):
                assert s in have, s
        for spec, slide in zip(specs, outline.slides, strict=True):
            check_spec(spec, pack, [slide])


def test_every_string_of_a_mixed_outline_survives_in_every_pack(tmp_path: Path) -> None:
    outline = _outline(
        {"title": "Deck", "subtitle": "2026"},
        {"title": "Part 1"},
        {"title": "Why", "bullets": [f"Reason {i} " + "word " * (i * 3) for i in range(12)],
         "notes": "speaker", "citations": ["src"]},
        {"title": "KPIs", "items": [{"value": str(i), "label": f"L{i}"} for i in range(7)]},
        {"title": "Plan", "steps": [{"label": f"S{i}", "text": f"do {i}"} for i in range(8)]},
        {"quote": "Simple is better.", "author": "Tim"},
        {"title": "Chart and points", "bullets": ["and a point"],
         "chart": {"type": "line", "categories": ["a", "b"],
                   "series": [{"name": "s", "values": [1, 2]}]}},
    )
    for pack in PACKS:
        specs = select_slides(outline, pack, base_dir=tmp_path)
        have = [t for s in specs for t in spec_strings(s)]
        for slide in outline.slides:
            for s in outline_strings(slide):
                assert any(s in h for h in have), s
        for spec in specs:
            check_spec(spec, pack, [])
            assert spec.reason
        assert select_slides(outline, pack, base_dir=tmp_path) == specs  # deterministic
    mixed = [s for s in specs if s.source == 6]
    assert [s.component for s in mixed] == ["data-card", "bullets"]
    assert "bullets not shown by 'data-card'" in mixed[1].reason
    assert next(s.notes for s in specs if s.source == 2) == "speaker"


def test_a_slide_without_any_title_is_headed_by_the_deck_title() -> None:
    specs = select_slides(_outline({"title": "Intro"}, {"quote": "Anonymous wisdom."},
                                   title="Field report"), LIGHT, base_dir=Path("."))
    assert _title(specs[1]) == "Field report"
    assert "deck title" in specs[1].reason


def test_long_bullets_split_by_estimated_capacity_not_count() -> None:
    bullets = [("A long statement that keeps going " * 5).strip() for _ in range(5)]
    specs = select_slides(_outline({"title": "Dense", "bullets": bullets}), DARK,
                          base_dir=Path("."))
    assert len(specs) >= 2
    assert "estimated" in specs[0].reason
    assert [t for s in specs for t in _body_texts(s, "bullets")] == bullets


def test_resplit_cuts_finer_or_says_it_cannot() -> None:
    slide = OutlineSlide(title="T", bullets=["a", "b", "c", "d"])
    parts = resplit(slide, 3)
    assert parts is not None and [len(p.bullets or []) for p in parts] == [2, 1, 1]
    assert resplit(slide, 5) is None
    assert resplit(OutlineSlide(title="T", bullets=["one very long bullet"]), 2) is None
    assert resplit(OutlineSlide(quote="q", author="a"), 2) is None
    table = OutlineSlide(title="T", rows=[["h"], ["1"], ["2"], ["3"]])
    tparts = resplit(table, 3)
    assert tparts is not None and all((p.rows or [])[0] == ["h"] for p in tparts)
    assert [r for p in tparts for r in (p.rows or [])[1:]] == [["1"], ["2"], ["3"]]


def test_min_parts_from_the_measurement_adds_continuation_slides() -> None:
    outline = _outline({"title": "Intro"}, {"title": "Four", "bullets": list("abcd")})
    specs = select_slides(outline, LIGHT, base_dir=Path("."), min_parts={1: 2})
    assert [_title(s) for s in specs[1:]] == ["Four (1/2)", "Four (2/2)"]
    assert "measured overflow asks for 2 parts" in specs[1].reason
    same = select_slides(outline, LIGHT, base_dir=Path("."), min_parts={1: 9})
    assert "cannot be split further" in same[1].reason and len(same) == 2
