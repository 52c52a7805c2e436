"""Conflict chains (§5.5), fix order (§5.7), summary totals (§5.8) and input checks."""

from __future__ import annotations

import pytest
from diag_helpers import dom_from_ir, el, slide

from pptxagent.diagnose import DomMismatchError, diagnose
from pptxagent.errors import InputError
from pptxagent.ir import FIX_ORDER, Box, ChainHint

TITLE = el("title", "title", 48, 32, 1184, 80)


def chain_of(bullets_h: float, content: dict[str, Box | None] | None = None) -> tuple[
    list[str], bool | None, list[ChainHint]
]:
    ir = slide(
        TITLE,
        el("bullets", "bullets", 64, 100, 820, bullets_h, fs=20),
        el("img", "image", 600, 480, 400, 200),
    )
    s = diagnose(ir, dom_from_ir(ir, content=content)).summary
    return s.conflict_chain, s.chain_feasible, s.chain_hints


def test_feasible_chain_stacks_members_and_compresses_the_tail() -> None:
    chain, feasible, hints = chain_of(400)
    assert chain == ["title", "bullets", "img"]
    assert feasible is True
    got = [(h.eid, h.action, h.suggested_y, h.suggested_h, h.validated) for h in hints]
    assert got == [
        ("title", "keep", None, None, None),
        ("bullets", "move_down", 128, None, True),  # title safeBox bottom 120 + 8
        ("img", "move_down_and_shrink", 544, 176, True),  # 528 + 16; 720 − 544
    ]


def test_infeasible_chain_flags_the_member_that_cannot_fit() -> None:
    # the bullets' text already needs 510 px at its min font: nothing to compress
    chain, feasible, hints = chain_of(520, content={"bullets": Box(x=64, y=100, w=800, h=510)})
    assert chain == ["title", "bullets", "img"]
    assert feasible is False
    assert [(h.eid, h.action) for h in hints] == [
        ("title", "keep"),
        ("bullets", "move_down"),
        ("img", "needs_creative_solution"),
    ]
    assert hints[1].suggested_y == 128
    assert hints[2].reason == "suggested_y(664) + min_h(100) > SLIDE_H(720)"


def test_chain_hints_respect_the_move_budget() -> None:
    bullets = el("bullets", "bullets", 64, 40, 820, 300)
    ir = slide(TITLE, bullets, el("img", "image", 64, 330, 400, 200))
    s = diagnose(ir, dom_from_ir(ir)).summary
    assert s.conflict_chain == ["title", "bullets", "img"]
    bullets, img = s.chain_hints[1], s.chain_hints[2]
    assert bullets.suggested_y == 88 and bullets.validated  # wants 128, may move 48
    assert img.suggested_y == 404  # stacked under the clamped bullets: 88 + 300 + 16


def test_no_overlap_no_chain() -> None:
    ir = slide(TITLE, el("b", "bullets", 64, 140, 820, 400))
    s = diagnose(ir, dom_from_ir(ir)).summary
    assert (s.conflict_chain, s.chain_feasible, s.chain_hints) == ([], None, [])


def test_defects_come_in_fix_order_with_summed_severity() -> None:
    ir = slide(
        el("body", "text", 64, 40, 600, 100, fs=12),
        el("title", "title", 48, 300, 1184, 80),
        el("img", "image", 700, 20, 600, 100),
        el("img2", "image", 700, 128, 500, 100),
    )
    d = diagnose(ir, dom_from_ir(ir, content={"body": Box(x=64, y=40, w=600, h=110)}))
    assert [x.type for x in d.defects] == list(FIX_ORDER)
    assert d.defect_types == list(FIX_ORDER)
    assert d.summary.defect_count == 5
    assert d.summary.total_severity == sum(x.severity for x in d.defects)
    assert d.summary.total_severity == 5000 + 40 + 10 + 20 + 8 * 516
    assert d.summary.fix_order == list(FIX_ORDER)


def test_same_type_defects_most_severe_first() -> None:
    ir = slide(el("a", "image", -5, 100, 100, 100), el("b", "image", -50, 300, 100, 100))
    d = diagnose(ir, dom_from_ir(ir))
    assert [x.eid for x in d.defects] == ["b", "a"]


def test_dom_element_unknown_to_the_ir_is_an_input_error() -> None:
    ir = slide(TITLE)
    dom = dom_from_ir(slide(TITLE, el("ghost", "image", 0, 0, 10, 10)))
    with pytest.raises(InputError, match="ghost"):
        diagnose(ir, dom)


def test_ir_element_missing_from_the_dom_is_an_input_error() -> None:
    ir = slide(TITLE, el("img", "image", 0, 300, 10, 10))
    with pytest.raises(DomMismatchError, match="'img'"):
        diagnose(ir, dom_from_ir(slide(TITLE)))
