"""``refine_many`` in the real Chromium: every fixture slide measured together in one page per
round ends exactly as ``refine`` leaves it alone (same result, trace and final IR), and the
rollout files a user opens are the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pptxagent.diagnose import diagnose
from pptxagent.engines.chromium import Chromium
from pptxagent.ir import SlideIR, dump
from pptxagent.loop.batch import refine_many
from pptxagent.loop.driver import RefineOutcome, refine
from pptxagent.measure import Measurer
from pptxagent.policy.hints import HintsPolicy
from pptxagent.settings import Settings

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).parents[2] / "fixtures" / "ir"
NAMES = ("broken_slide", "overflowing_slide", "overlapping_slide", "oob_slide",
         "topology_slide", "infeasible_slide", "clean_slide")
S = Settings()


def load(name: str) -> SlideIR:
    return SlideIR.model_validate_json((FIXTURES / f"{name}.json").read_text())


@pytest.fixture(scope="module")
def measurer(browser: Chromium) -> Measurer:
    return Measurer(browser)


@pytest.fixture(scope="module")
def sequential(measurer: Measurer) -> list[RefineOutcome]:
    return [refine(load(n), settings=S, policy=HintsPolicy(), measurer=measurer,
                   diagnoser=diagnose) for n in NAMES]


def test_refine_many_matches_refine_on_every_fixture(
    measurer: Measurer, sequential: list[RefineOutcome]
) -> None:
    batched = refine_many([load(n) for n in NAMES], settings=S,
                          policies=[HintsPolicy() for _ in NAMES], measurer=measurer)
    qualities = {n: o.result.quality for n, o in zip(NAMES, batched, strict=True)}
    assert qualities["clean_slide"] == "success_clean"
    assert qualities["broken_slide"] != "degraded"
    for name, a, b in zip(NAMES, sequential, batched, strict=True):
        assert dump(b.result) == dump(a.result), name
        assert [dump(t) for t in b.trace] == [dump(t) for t in a.trace], name
        assert dump(b.final_ir) == dump(a.final_ir), name
        assert dump(b.final_dom) == dump(a.final_dom), name
        assert b.iterations[-1].html == a.iterations[-1].html, name


def test_rollout_files_match_refine(tmp_path: Path, measurer: Measurer) -> None:
    names = ("broken_slide", "overlapping_slide")
    for n in names:
        refine(load(n), settings=S, policy=HintsPolicy(), measurer=measurer,
               rollout_dir=tmp_path / "seq" / n, diagnoser=diagnose)
    refine_many([load(n) for n in names], settings=S, policies=[HintsPolicy(), HintsPolicy()],
                measurer=measurer, rollout_dirs=[tmp_path / "bat" / n for n in names])
    for n in names:
        seq, bat = tmp_path / "seq" / n, tmp_path / "bat" / n
        listing = sorted(p.name for p in seq.iterdir())
        assert sorted(p.name for p in bat.iterdir()) == listing
        assert "render_1.png" in listing
        for name in listing:
            if name.endswith(".png"):
                assert (bat / name).read_bytes().startswith(b"\x89PNG")
            else:
                assert (bat / name).read_text() == (seq / name).read_text(), f"{n}/{name}"
        assert json.loads((bat / "result.json").read_text())["final_iter"] >= 1
