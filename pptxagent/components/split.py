"""Cutting content into continuation parts: balanced, in order, nothing dropped.

``partition`` cuts a sequence of weighted units into exactly ``n`` contiguous non-empty parts
minimising the heaviest part (ties go to earlier, fuller parts, deterministically).
Bullets are cut at groups: a bullet stays with the deeper-level bullets under it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from pptxagent.ir.outline import BulletItem, bullet_text

T = TypeVar("T")


def partition(weights: Sequence[int], n: int) -> list[tuple[int, int]] | None:
    """``n`` contiguous (start, end) ranges covering ``weights``: the heaviest part as light
    as possible, then the parts as even as possible (least sum of squares), ties keeping the
    earlier parts fuller. ``None`` when there are fewer units than parts."""
    k = len(weights)
    if n < 1 or n > k:
        return None
    prefix = [0]
    for w in weights:
        prefix.append(prefix[-1] + w)
    inf = float("inf")

    def solve(cost: Callable[[float, int], float], cap: float) -> tuple[float, list[int]]:
        # best[j][i]: least cost cutting the first i units into j parts of weight <= cap
        best = [[inf] * (k + 1) for _ in range(n + 1)]
        cut = [[0] * (k + 1) for _ in range(n + 1)]
        best[0][0] = 0
        for j in range(1, n + 1):
            for i in range(j, k - (n - j) + 1):
                for s in range(i - 1, j - 2, -1):  # the last part is units s..i-1
                    w = prefix[i] - prefix[s]
                    if w > cap:
                        break
                    cand = cost(best[j - 1][s], w)
                    if cand < best[j][i]:
                        best[j][i], cut[j][i] = cand, s
        starts, i = [], k
        for j in range(n, 0, -1):
            i = cut[j][i]
            starts.append(i)
        return best[n][k], starts[::-1]

    heaviest, _ = solve(lambda acc, w: max(acc, w), inf)
    _, starts = solve(lambda acc, w: acc + w * w, heaviest)
    ends = [*starts[1:], k]
    return list(zip(starts, ends, strict=True))


def chunks(items: Sequence[T], n: int) -> list[list[T]] | None:
    """``items`` in ``n`` balanced contiguous chunks, the earlier ones fuller (``None`` when
    fewer items than n)."""
    k = len(items)
    if n < 1 or n > k:
        return None
    size, extra = divmod(k, n)
    out: list[list[T]] = []
    start = 0
    for i in range(n):
        end = start + size + (1 if i < extra else 0)
        out.append(list(items[start:end]))
        start = end
    return out


def bullet_groups(bullets: Sequence[BulletItem]) -> list[list[BulletItem]]:
    """Each bullet with the deeper-level bullets that follow it."""
    groups: list[list[BulletItem]] = []
    base: int | None = None
    for item in bullets:
        level = bullet_text(item)[1]
        if groups and base is not None and level > base:
            groups[-1].append(item)
        else:
            groups.append([item])
            base = level
    return groups


def split_bullets(bullets: Sequence[BulletItem], n: int,
                  allow_empty: bool = False) -> list[list[BulletItem]] | None:
    """Bullets in ``n`` parts, whole groups kept together when there are enough groups,
    else bullet by bullet; with ``allow_empty`` a short list is padded with empty parts
    (one column of a comparison may run out before the other)."""
    if n == 1:
        return [list(bullets)]
    groups = bullet_groups(bullets)
    ranges = partition([len(g) for g in groups], n)
    if ranges is not None:
        return [[b for g in groups[a:b] for b in g] for a, b in ranges]
    split = chunks(list(bullets), n)
    if split is not None:
        return split
    if allow_empty:
        return [[b] for b in bullets] + [[] for _ in range(n - len(bullets))]
    return None
