"""Characters no installed font draws, as fontconfig reports its fonts' charsets."""

from __future__ import annotations

import pytest

from pptxagent.engines import fontcover


def test_missing_glyphs_lists_each_uncovered_character_once(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    fontcover._coverage.cache_clear()
    monkeypatch.setattr(fontcover, "_coverage", lambda: ((0x20, 0x590), (0x7E, 0x5FF)))
    # Latin and Hebrew drawn; Thai twice, listed once; joiners, selectors, private-use
    # bullets and spaces are never "missing"
    assert fontcover.missing_glyphs("Hi שלום ไทยไทย\u200d\ufe0f\uf0a7\u00a0") == "ไทย"
    monkeypatch.setattr(fontcover, "_coverage", lambda: None)  # no fontconfig: no alarm
    assert fontcover.missing_glyphs("ไทย") == ""
