"""Any outline slide of any kind and size, in any of the three packs: every composed slide
keeps inside the slide and its safe margin, has no text over text, a title placeholder,
body ≥ 18 pt, text colours on their surfaces and a visual beyond text; every outline string
is in some slide; a second run gives the same specs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scratch_checks import check_spec, outline_strings, spec_strings
from scratch_packs import PACKS

from pptxagent.ir.outline import parse_outline
from pptxagent.select import select_slides

WORDS = ["data", "Umsatzsteuervoranmeldungszeitraum", "数据驱动", "42 %", "€1.2 M", "growth",
         "the", "quarterly", "north-east", "résumé", "x"]
text = st.lists(st.sampled_from(WORDS), min_size=1, max_size=30).map(" ".join)
short = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join)
bullet = st.one_of(text, st.builds(lambda t, lv: {"text": t, "level": lv}, text,
                                   st.integers(0, 2)))


def _slide(kind: str, n: int, t: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": kind, "title": t}
    n = max(1, n)
    words = WORDS * 3
    if kind in ("title", "section"):
        d["subtitle"] = " ".join(words[:n])
    elif kind == "bullets":
        d["bullets"] = [" ".join(words[i:i + n % 9 + 1]) for i in range(n)]
    elif kind == "kpis":
        d["items"] = [{"value": f"{i} %", "label": words[i % 11], "delta": "+1"}
                      for i in range(n)]
    elif kind == "comparison":
        d["left"] = {"heading": "Left", "bullets": words[:n]}
        d["right"] = {"heading": "Right", "bullets": words[: max(0, n - 3)]}
    elif kind == "timeline":
        d["steps"] = [{"label": f"Step {i}", "text": " ".join(words[: i + 2])}
                      for i in range(n)]
    elif kind == "quote":
        d["quote"] = " ".join(words[: n * 3])
        d["author"] = "Ada"
    elif kind == "data":
        d["chart"] = {"type": "column", "categories": [f"c{i}" for i in range(n)],
                      "series": [{"name": "s", "values": [i * 0.5 for i in range(n)]}]}
        d["takeaway"] = " ".join(words[:n])
    elif kind == "table":
        d["rows"] = [[f"h{c}" for c in range(1 + n % 8)]] + [
            [f"{words[(r + c) % 11]}" if c else r for c in range(1 + n % 8)]
            for r in range(n)]
    return d


KINDS = ["title", "section", "bullets", "kpis", "comparison", "timeline", "quote", "data",
         "table"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.integers(1, 20), st.one_of(short, text)),
                min_size=1, max_size=4),
       st.sampled_from(range(len(PACKS))), st.lists(bullet, max_size=3))
def test_any_outline_composes_within_the_rules(slides: list[tuple[str, int, str]],
                                              pack_i: int, extra: list[Any]) -> None:
    data = [_slide(k, n, t) for k, n, t in slides]
    if extra and data[-1]["kind"] not in ("bullets",):
        data[-1]["bullets"] = extra  # content the kind does not show: its own slide
    outline = parse_outline({"title": "Deck", "slides": data})
    pack = PACKS[pack_i]
    specs = select_slides(outline, pack, base_dir=Path("."))
    for spec in specs:
        check_spec(spec, pack, [])
    have = [s for spec in specs for s in spec_strings(spec)]
    for slide in outline.slides:
        for s in outline_strings(slide):
            assert any(s in h for h in have), s
    assert select_slides(outline, pack, base_dir=Path(".")) == specs
