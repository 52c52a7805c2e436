"""Lockstep ``refine_many`` gives each slide exactly what ``refine`` gives it alone, with one
measure call per round (fake measurer and diagnoser, scripted policies)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from loop_fakes import FakeMeasurer, ScriptedPolicy, element, fake_diagnose, slide

from pptxagent.errors import InputError
from pptxagent.ir import DomSnapshot, SlideIR, dump
from pptxagent.loop.batch import refine_many
from pptxagent.loop.driver import RefineOutcome, refine
from pptxagent.settings import Settings

S = Settings().with_overrides({"MAX_ITER": 5})


def html_of(ir: SlideIR) -> str:
    return f"<html><body>{len(ir.elements)} elements, h={ir.elements[0].layout.h}</body></html>"


class BatchFake(FakeMeasurer):
    """Deterministic html; ``measure_many`` measures like ``measure`` and counts rounds."""

    def __init__(self) -> None:
        super().__init__()
        self.rounds: list[int] = []
        self.singles = 0

    def measure(self, ir: SlideIR, settings: Settings) -> tuple[DomSnapshot, str]:
        self.singles += 1
        dom, _ = super().measure(ir, settings)
        return dom, html_of(ir)

    def measure_many(self, irs: Sequence[SlideIR], settings: Settings) -> list[DomSnapshot]:
        self.rounds.append(len(irs))
        return [super(BatchFake, self).measure(ir, settings)[0] for ir in irs]


def h(value: float, eid: str = "t") -> dict[str, Any]:
    return {"edits": [{"eid": eid, "layout": {"h": value}}]}


def y(value: float, eid: str = "t") -> dict[str, Any]:
    return {"edits": [{"eid": eid, "layout": {"y": value}}]}


def overflowing() -> SlideIR:
    return slide(element("t", "text", 60, x=100, y=100, w=400, h=200, need_h=300))


# (slide, scripted patches): clean, one-patch success, stall + rollback, taboo re-ask,
# no patch → fallback, max-iter fallback.
CASES: list[tuple[Callable[[], SlideIR], list[dict[str, Any]]]] = [
    (lambda: slide(element("t", "text", 60)), []),
    (overflowing, [h(308)]),
    (overflowing, [h(250), h(240), y(120)]),
    (overflowing, [y(110), y(130), h(308)]),
    (overflowing, []),
    (overflowing, [h(210), h(220), h(230), h(240), h(250)]),
]


def _sequential(tmp: Path | None) -> list[RefineOutcome]:
    return [
        refine(make(), settings=S, policy=ScriptedPolicy(*patches), measurer=BatchFake(),
               rollout_dir=tmp / f"s{i}" if tmp else None, diagnoser=fake_diagnose)
        for i, (make, patches) in enumerate(CASES)
    ]


def _batched(tmp: Path | None, measurer: BatchFake) -> list[RefineOutcome]:
    return refine_many(
        [make() for make, _ in CASES],
        settings=S,
        policies=[ScriptedPolicy(*patches) for _, patches in CASES],
        measurer=measurer,
        rollout_dirs=[tmp / f"s{i}" for i in range(len(CASES))] if tmp else None,
        diagnosers=[fake_diagnose] * len(CASES),
        html_of=html_of,
    )


def _files(root: Path) -> dict[str, bytes]:
    files = sorted(p for p in root.rglob("*") if p.is_file())
    return {str(p.relative_to(root)): p.read_bytes() for p in files}


def test_same_outcomes_as_refine_one_slide_at_a_time() -> None:
    seq = _sequential(None)
    measurer = BatchFake()
    bat = _batched(None, measurer)
    assert [o.result.stop_reason for o in bat] == [
        "stop_success", "stop_success", "stop_stall", "stop_success", "stop_no_patch",
        "stop_max_iter",
    ]
    for a, b in zip(seq, bat, strict=True):
        assert dump(b.result) == dump(a.result)
        assert [dump(t) for t in b.trace] == [dump(t) for t in a.trace]
        assert dump(b.final_ir) == dump(a.final_ir)
        assert [it.html for it in b.iterations] == [it.html for it in a.iterations]
    # one measure call per round, each with the slides still running
    assert measurer.rounds[0] == len(CASES)
    assert len(measurer.rounds) == max(len(o.iterations) for o in bat)
    assert measurer.rounds == sorted(measurer.rounds, reverse=True)
    assert measurer.singles == 0  # never measured slide by slide


def test_rollout_files_identical_to_refine(tmp_path: Path) -> None:
    _sequential(tmp_path / "seq")
    _batched(tmp_path / "bat", BatchFake())
    seq, bat = _files(tmp_path / "seq"), _files(tmp_path / "bat")
    assert "s2/patch_3.json" in seq and "s4/render_1.png" in seq
    assert bat == seq


def test_per_slide_lists_must_match_the_slides() -> None:
    with pytest.raises(InputError, match="1 policies for 2 slides"):
        refine_many([overflowing(), overflowing()], settings=S, policies=[ScriptedPolicy()],
                    measurer=BatchFake())


def test_no_slides_measures_nothing() -> None:
    measurer = BatchFake()
    assert refine_many([], settings=S, policies=[], measurer=measurer) == []
    assert measurer.rounds == []


def test_measured_first_round_skips_the_browser_and_changes_nothing() -> None:
    seq = _sequential(None)
    probe = BatchFake()
    first = probe.measure_many([make() for make, _ in CASES], S)
    measurer = BatchFake()
    bat = refine_many(
        [make() for make, _ in CASES], settings=S,
        policies=[ScriptedPolicy(*patches) for _, patches in CASES], measurer=measurer,
        diagnosers=[fake_diagnose] * len(CASES), html_of=html_of, measured=first,
    )
    assert [dump(o.result) for o in bat] == [dump(o.result) for o in seq]
    assert len(measurer.rounds) == max(len(o.iterations) for o in bat) - 1
    assert measurer.rounds[0] < len(CASES)  # the clean slide was done without a browser call
