"""A chart slide drawn in Chromium: tick labels left of the bars, category names under them,
the legend where the chart part puts it; the chart's text is art, never a measured element."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.util import Inches

from pptxagent.inventory import inventory_file
from pptxagent.ir import SlideIR
from pptxagent.measure import Measurer

pytestmark = pytest.mark.browser

TEXTS = r"""
() => {
  const slide = document.querySelector('#slide').getBoundingClientRect();
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left - slide.left, y: r.top - slide.top, w: r.width, h: r.height}; };
  return {
    texts: [...document.querySelectorAll('#slide svg text')].map(
      (t) => ({text: t.textContent, eid: t.closest('[data-eid]') !== null, ...box(t)})),
    bars: [...document.querySelectorAll('#slide svg rect')].map(box),
  };
}
"""


def _deck(tmp_path: Path, position: int) -> SlideIR:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()  # type: ignore[no-untyped-call]
    data.categories = ["North", "South", "East"]
    data.add_series("Plan", (12, 30, 21))  # type: ignore[no-untyped-call]
    data.add_series("Actual", (8, 25, 37))  # type: ignore[no-untyped-call]
    frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1),
                                   Inches(8), Inches(5), data)
    chart = frame.chart
    chart.has_legend = True
    chart.legend.position = position
    chart.legend.include_in_layout = False
    path = tmp_path / "chart.pptx"
    prs.save(str(path))
    return inventory_file(path).slide_ir(1)


def _drawn(ir: SlideIR) -> dict[str, Any]:
    m = Measurer()
    result = m.engine.evaluate_document(m.html(ir), TEXTS)
    assert isinstance(result, dict)
    return result


def test_bar_chart_draws_tick_labels_categories_and_a_bottom_legend(tmp_path: Path) -> None:
    ir = _deck(tmp_path, XL_LEGEND_POSITION.BOTTOM)
    drawn = _drawn(ir)
    texts = {t["text"]: t for t in drawn["texts"]}
    assert not any(t["eid"] for t in drawn["texts"])  # art, not measured text
    ticks = [texts[v] for v in ("0", "10", "20", "30", "40")]
    bars = [b for b in drawn["bars"] if 20 < b["w"] < 200]  # columns, not keys nor backdrop
    assert len(bars) == 6
    left = min(b["x"] for b in bars)
    bottom = max(b["y"] + b["h"] for b in bars)
    assert all(t["x"] + t["w"] <= left for t in ticks)  # tick labels left of the plot
    assert ticks[0]["y"] > ticks[-1]["y"]  # 0 at the bottom, 40 at the top
    for name in ("North", "South", "East"):
        assert texts[name]["y"] >= bottom - 1  # category names under the bars
    for name in ("Plan", "Actual"):
        assert texts[name]["y"] > texts["North"]["y"] + texts["North"]["h"]  # legend lowest
        assert 96 < texts[name]["x"] < 96 + 8 * 96  # inside the chart frame
    dom, _ = Measurer().measure(ir)
    assert all(e.eid in {el.eid for el in ir.elements} for e in dom.elements)


def test_a_right_legend_stands_right_of_the_plot(tmp_path: Path) -> None:
    drawn = _drawn(_deck(tmp_path, XL_LEGEND_POSITION.RIGHT))
    texts = {t["text"]: t for t in drawn["texts"]}
    bars = [b for b in drawn["bars"] if 20 < b["w"] < 200]
    right = max(b["x"] + b["w"] for b in bars)
    assert texts["Plan"]["x"] > right and texts["Actual"]["x"] > right
    assert texts["Actual"]["y"] > texts["Plan"]["y"]  # one under the other
