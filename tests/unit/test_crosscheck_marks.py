"""When LibreOffice cannot draw the output, the slides say so, and what they say is not mixed
with numbers from an earlier drawing (the drawing itself is exercised for real in
``tests/integration/test_crosscheck_unavailable.py``)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pptxagent.errors import DrawingError
from pptxagent.pipeline import crosscheck


class _Crashing:
    def text_bounds(self, pptx: Path) -> Any:
        raise DrawingError(f"LibreOffice crashed drawing {pptx}, twice")


def _job(said: list[str]) -> Any:
    return SimpleNamespace(opts=SimpleNamespace(out=Path("out.pptx")), early=None,
                           say=said.append)


def _slide(touched: bool, earlier: dict[str, Any] | None = None) -> Any:
    return SimpleNamespace(touched=frozenset({"sp2"}) if touched else frozenset(),
                           crosscheck=earlier)


def test_a_deck_libreoffice_cannot_draw_marks_the_filled_slides(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crosscheck, "get_libreoffice", _Crashing)
    said: list[str] = []
    filled, untouched = _slide(True), _slide(False)
    assert crosscheck._bounds(_job(said), [filled, untouched]) is None
    assert said == ["LibreOffice could not draw the output (LibreOffice crashed drawing "
                    "out.pptx, twice): not cross-checked"]
    assert filled.crosscheck["compared"] == 0
    assert "crashed drawing out.pptx" in filled.crosscheck["unavailable"]
    assert untouched.crosscheck is None


def test_a_recheck_that_fails_drops_the_first_drawings_figures(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crosscheck, "get_libreoffice", _Crashing)
    said: list[str] = []
    first = {"compared": 3, "within_threshold_share": 1.0, "elements": [
        {"eid": "sp2", "status": "compared", "max_edge_diff_px": 30.0}]}
    slide = _slide(True, first)
    assert crosscheck._bounds(_job(said), [slide], again=True) is None
    assert said[0].endswith("not cross-checked again")
    # no stale agreement or disagreement from the deck before the LibreOffice pass
    assert slide.crosscheck == {"compared": 0, "unavailable": slide.crosscheck["unavailable"],
                                "passes": 2}
