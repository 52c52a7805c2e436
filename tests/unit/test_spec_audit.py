"""Spec-compliance regressions found by the line-by-line audit of AGENTS v2.5."""

from __future__ import annotations

from diag_helpers import dom_from_ir, el, slide

from pptxagent.cli.refine import build_settings
from pptxagent.diagnose import diagnose
from pptxagent.ir import Box, Defect
from pptxagent.settings import Settings

LITERAL = Settings(CONTENT_EDGE_OVERFLOW=False)
TITLE = el("t", "title", 48, 32, 1184, 100, fs=44, lh=1.0)


def _overflows(content: Box, settings: Settings = LITERAL) -> list[Defect]:
    ir = slide(TITLE)
    diag = diagnose(ir, dom_from_ir(ir, content={"t": content}), settings)
    return [d for d in diag.defects if d.type == "content_overflow"]


def test_literal_overflow_ignores_a_glyph_box_poking_above_a_roomy_box() -> None:
    # §4: overflow is contentBox.h > bbox.h or contentBox.w > bbox.w. At line-height 1.0 the
    # Range rects of one line start ~3 px above the box; the slide is clean.
    assert _overflows(Box(x=48, y=29, w=300, h=50.6)) == []
    # the template-mode extension still reports it
    assert [d.details["overflow_y_px"] for d in _overflows(
        Box(x=48, y=29, w=300, h=50.6), Settings())] == [3]


def test_literal_overflow_triggers_half_a_pixel_past_the_height_and_width() -> None:
    (d,) = _overflows(Box(x=48, y=20, w=1184.5, h=100.5))
    assert d.details == {"overflow_x_px": 0.5, "overflow_y_px": 0.5}
    assert d.severity == 1.0
    assert d.hint is not None and d.hint.validated


def test_refine_cli_uses_the_literal_overflow_rule_unless_set() -> None:
    ir = slide(TITLE)
    assert build_settings(ir, None, False, ()).CONTENT_EDGE_OVERFLOW is False
    on = build_settings(ir, None, False, ("CONTENT_EDGE_OVERFLOW=true",))
    assert on.CONTENT_EDGE_OVERFLOW is True
