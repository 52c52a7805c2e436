"""The pure helpers under the components: balanced partitions, bullet groups, the text-size
estimate (faces, CJK, unbreakable words), stacking that never overlaps, EMU by edges."""

from __future__ import annotations

from scratch_packs import CORPORATE, DARK, LIGHT

from pptxagent.components.geometry import Rect, line_count, stack, width_of
from pptxagent.components.split import bullet_groups, chunks, partition, split_bullets
from pptxagent.ir.compose import EMU_PER_PT
from pptxagent.ir.outline import Bullet


def test_partition_is_balanced_ordered_and_exact() -> None:
    assert partition([1] * 9, 2) == [(0, 5), (5, 9)]
    assert partition([3, 1, 1, 1], 2) == [(0, 1), (1, 4)]
    assert partition([1, 1], 3) is None
    ranges = partition([2, 1, 3, 1, 1, 2], 3)
    assert ranges is not None and ranges[0][0] == 0 and ranges[-1][1] == 6
    assert all(a < b for a, b in ranges)


def test_bullet_groups_keep_children_and_fall_back_to_single_bullets() -> None:
    items = ["A", Bullet(text="a", level=1), "B", Bullet(text="b", level=1),
             Bullet(text="b2", level=2)]
    assert [len(g) for g in bullet_groups(items)] == [2, 3]
    assert split_bullets(items, 2) == [items[:2], items[2:]]
    three = split_bullets(items, 3)
    assert three is not None and [b for p in three for b in p] == items  # finer than groups
    assert split_bullets(["only"], 2) is None
    assert split_bullets(["only"], 2, allow_empty=True) == [["only"], []]


def test_estimate_knows_faces_cjk_and_unbreakable_words() -> None:
    assert width_of(LIGHT, "minor") < 1.0 < width_of(DARK, "minor")  # Carlito vs DejaVu
    assert width_of(CORPORATE, "major") != width_of(CORPORATE, "minor")
    cjk = "数据驱动的决策需要清晰的图表" * 2  # 28 characters at 1 em
    assert line_count(cjk, 20, 280) == 2
    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    assert line_count(word, 20, 100) >= 4  # broken, not overflowing sideways
    assert line_count("a\nb\nc", 20, 500) == 3


def test_stack_never_overlaps_and_stays_inside() -> None:
    room = Rect(10, 10, 110, 110)
    a, b, c = stack(room, [20, 20, 10], [5, 5], flex=1)
    assert (a.bottom, b.top, b.bottom, c.bottom) == (30, 35, 95, 110)
    tight = stack(room, [80, 80], [10])
    assert tight[0].bottom <= tight[1].top and tight[1].bottom <= room.bottom
    # the flexible item gives first: a long quotation shrinks, its attribution keeps its line
    quote, author = stack(room, [120, 20], [10], flex=0)
    assert (quote.h, author.h, author.bottom) == (70, 20, 110)
    # beyond half of it, everything scales together
    big, small = stack(room, [100, 100], [0], flex=0)
    assert big.bottom <= small.top and small.bottom <= room.bottom and small.h < 100


def test_boxes_convert_edge_by_edge_to_integer_emu() -> None:
    box = Rect(40.3, 40.3, 919.7, 499.7).box()
    assert box.x == round(40.3 * EMU_PER_PT)
    assert box.x + box.w == round(919.7 * EMU_PER_PT)


def test_chunks_match_the_balanced_partition() -> None:
    for k in range(1, 15):
        for n in range(1, k + 1):
            got = chunks(list(range(k)), n)
            ranges = partition([1] * k, n)
            assert ranges is not None and got == [list(range(a, b)) for a, b in ranges]
    assert chunks([1], 2) is None
