"""The LibreOffice pass: an overflow only LibreOffice draws is a diagnostics input of the
ordinary loop (a ``content_overflow`` with ``details.source = "libreoffice"``), which the fit
policy answers, step by step, within budgets, with a trace and rollout files."""

from __future__ import annotations

import itertools
import json
from functools import partial
from pathlib import Path

from diag_helpers import dom_from_ir, el, slide

from pptxagent.diagnose import diagnose
from pptxagent.ir import Box, DomSnapshot, RendererDelta, SlideIR
from pptxagent.loop.driver import refine
from pptxagent.policy.fit import FitPolicy
from pptxagent.settings import Settings

FILL = Settings(CONTENT_EDGE_OVERFLOW=True, MAX_ITER=6)
PNG = b"\x89PNG\r\n\x1a\n"


class ModelMeasurer:
    """Draws text with the diag_helpers text model (wraps, font × line height per line)."""

    def measure(self, ir: SlideIR, settings: Settings) -> tuple[DomSnapshot, str]:
        return dom_from_ir(ir, settings), "<html></html>"

    def screenshot(self, ir: SlideIR, path: Path) -> Path:
        path.write_bytes(PNG)
        return path


BODY = el("b", "bullets", 100, 100, 400, 200, fs=24, lh=1.2, chars=100)
"""Three lines of 28.8 px in Chromium: 86 px in a 200 px box."""
TALLER = RendererDelta(d_left=0, d_top=0, d_right=0, height_ratio=2.6)
"""LibreOffice draws it 2.6 × as tall: 225 px, 25 px past the bottom."""


def test_libreoffice_overflow_is_a_content_overflow_with_its_source() -> None:
    ir = slide(BODY)
    dom = dom_from_ir(ir, FILL)
    assert diagnose(ir, dom, FILL).summary.defect_count == 0  # Chromium: fits
    (d,) = diagnose(ir, dom, FILL, libreoffice={"b": TALLER}).defects
    assert d.type == "content_overflow" and d.details["source"] == "libreoffice"
    assert d.details["overflow_y_px"] == round(86.4 * 2.6 - 200, 4)
    assert d.hint is not None and d.hint.action == "shrink_font"
    assert d.hint.suggested_fontSize is not None and d.hint.suggested_fontSize < 24


def test_browser_overflow_is_not_reported_twice() -> None:
    ir = slide(el("b", "bullets", 100, 100, 400, 50, fs=24, chars=100))
    dom = dom_from_ir(ir, FILL)
    defects = diagnose(ir, dom, FILL, libreoffice={"b": TALLER}).defects
    assert [d.details.get("source") for d in defects] == [None]


def test_fitting_libreoffice_drawing_is_no_defect() -> None:
    ir = slide(BODY)
    same = RendererDelta.between(Box(x=0, y=0, w=10, h=10), Box(x=1, y=1, w=9, h=11))
    assert diagnose(ir, dom_from_ir(ir, FILL), FILL, libreoffice={"b": same}).defects == []


def test_the_loop_shrinks_until_libreoffice_fits_with_trace_and_rollout(tmp_path: Path) -> None:
    out = refine(slide(BODY), settings=FILL, policy=FitPolicy(), measurer=ModelMeasurer(),
                 rollout_dir=tmp_path, diagnoser=partial(diagnose, libreoffice={"b": TALLER}))
    r = out.result
    assert r.quality == "success_clean"
    assert r.defect_count_per_iter[0] == 1 and r.defect_count_per_iter[-1] == 0
    assert 1 <= r.iterations_to_converge <= FILL.MAX_ITER
    font = out.final_ir.element("b").style.fontSize
    assert font is not None and font < 24
    # every step within the 15% size budget of a priority-80 element
    sizes = [it.ir.element("b").style.fontSize or 0 for it in out.iterations]
    assert all(b >= a * (1 - FILL.HIGH_PRIO_SIZE_BUDGET) - 0.01
               for a, b in itertools.pairwise(sizes))
    diag0 = json.loads((tmp_path / "diag_0.json").read_text())
    assert diag0["defects"][0]["details"]["source"] == "libreoffice"
    trace = [json.loads(line) for line in (tmp_path / "trace.jsonl").read_text().splitlines()]
    assert trace[0]["defect_types"] == ["content_overflow"] and trace[0]["action"] == "patch"
    assert (tmp_path / "patch_1.json").exists() and (tmp_path / "result.json").exists()


def test_at_the_min_font_only_the_box_may_grow(tmp_path: Path) -> None:
    tiny = el("b", "bullets", 100, 100, 400, 200, fs=20, lh=1.2, chars=100)  # 20 px: its min
    taller = TALLER.model_copy(update={"height_ratio": 3.2})  # 230 px in LibreOffice
    out = refine(slide(tiny), settings=FILL, policy=FitPolicy(), measurer=ModelMeasurer(),
                 rollout_dir=tmp_path, diagnoser=partial(diagnose, libreoffice={"b": taller}))
    final = out.final_ir.element("b")
    assert final.style.fontSize == 20
    assert out.result.quality == "degraded" or final.layout.h >= 72 * 3.2
