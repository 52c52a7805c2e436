"""The roomier variants of a bullets slide (``components.bullets`` chooses among them):

- ``cards``: two to four short points, a card each in one row;
- ``grid``: four to six short points, cards in two rows (the last row centred);
- ``steps``: a sequence, a numbered badge per point down the left on a connecting rule.

Each takes the largest size the title's hierarchy allows that still fits its boxes, and sits
balanced in the body area (``geometry.balanced_top``)."""

from __future__ import annotations

import math

from pptxagent.components.base import Context
from pptxagent.components.chrome import Frame, bar, card, card_pad, para, text
from pptxagent.components.geometry import (
    FILL_TARGET,
    XS,
    L,
    M,
    Rect,
    S,
    balanced_top,
    gap,
    grid_columns,
    in_lines,
    largest_step,
    text_height,
    width_of,
)
from pptxagent.components.iconset import ICON_SCALE
from pptxagent.ir.compose import IconSpec, ShapeItem, ShapeSpec
from pptxagent.ir.theme import ThemePack

CARD_LINES = 4
"""A card's point fits in at most this many lines at the size chosen."""
CARD_MIN_SHARE = 0.45
"""A row of cards is at least this share of the body area's height."""
GRID_ROW_SHARE = 0.36
"""A row of the grid is at least this share of the body area's height."""
STRIP_W = 48.0


def _largest(texts: list[str], width: float, lines: int, pack: ThemePack) -> float:
    """The largest step of the scale from the body size up to ``top_size`` at which every
    text fits ``width`` in ``lines`` lines."""
    wf = width_of(pack, "minor")
    return largest_step(pack, lambda s: all(in_lines(t, s, width, lines, wf) for t in texts))


def _head(size: float, pack: ThemePack, with_icons: bool) -> float:
    """The height of what heads a card's text: its icon, else the accent strip."""
    return ICON_SCALE * size if with_icons else gap(pack, XS)


def _card_row(texts: list[str], first: int, row: Rect, cols: list[Rect], size: float,
              pack: ThemePack, names: list[str] | None) -> list[ShapeItem]:
    pad = card_pad(pack)
    out: list[ShapeItem] = []
    head = _head(size, pack, names is not None)
    for k, (t, col) in enumerate(zip(texts, cols, strict=False)):
        i = first + k + 1
        rect = Rect(col.left, row.top, col.right, row.bottom)
        inner = rect.inset(pad)
        out.append(card(f"card-{i}", rect, pack))
        if names is not None:
            square = Rect(inner.left, inner.top, inner.left + head, inner.top + head)
            out.append(IconSpec(name=f"card-{i}-icon", box=square.box(),
                                icon=names[first + k], color="accent"))
        else:
            out.append(bar(f"card-{i}-strip", Rect(inner.left, inner.top, inner.left
                                                   + min(STRIP_W, inner.w), inner.top + head)))
        box = Rect(inner.left, inner.top + head + gap(pack, S), inner.right, inner.bottom)
        out.append(text(f"point-{i}", box, "body", [para(t, size, color="on_surface")]))
    return out


def _card_need(texts: list[str], size: float, width: float, pack: ThemePack,
               with_icons: bool = False) -> float:
    wf = width_of(pack, "minor")
    pad = card_pad(pack)
    return (2 * pad + _head(size, pack, with_icons) + gap(pack, S)
            + max(text_height(t, size, width, wf=wf) for t in texts))


def cards(texts: list[str], frame: Frame, ctx: Context,
          names: list[str] | None = None) -> list[ShapeItem]:
    """A card per point in one row, each headed by its icon (``names``) or a strip."""
    pack, body = ctx.pack, frame.body
    cols = grid_columns(pack, body, len(texts))
    inner_w = cols[0].w - 2 * card_pad(pack)
    size = _largest(texts, inner_w, CARD_LINES, pack)
    need = _card_need(texts, size, inner_w, pack, names is not None)
    if need > body.h and names is not None:  # no room for icons: strips
        return cards(texts, frame, ctx, None)
    h = min(body.h, max(need, CARD_MIN_SHARE * body.h))
    top = balanced_top(body, h)
    return _card_row(texts, 0, Rect(body.left, top, body.right, top + h), cols, size, pack,
                     names)


def grid(texts: list[str], frame: Frame, ctx: Context,
         names: list[str] | None = None) -> list[ShapeItem]:
    """Cards in two rows of ``ceil(n / 2)``; a shorter last row is centred."""
    pack, body = ctx.pack, frame.body
    per = math.ceil(len(texts) / 2)
    g = pack.spacing.gutter()
    cols = grid_columns(pack, body, per)
    inner_w = cols[0].w - 2 * card_pad(pack)
    size = _largest(texts, inner_w, CARD_LINES - 1, pack)
    rows = [texts[:per], texts[per:]]
    need = max(_card_need(r, size, inner_w, pack, names is not None) for r in rows)
    if need > (body.h - g) / 2 and names is not None:  # no room for icons: strips
        return grid(texts, frame, ctx, None)
    h = min((body.h - g) / 2, max(need, GRID_ROW_SHARE * body.h))
    top = balanced_top(body, 2 * h + g)
    out: list[ShapeItem] = []
    for r, row_texts in enumerate(rows):
        y = top + r * (h + g)
        shift = (per - len(row_texts)) * (cols[0].w + g) / 2
        row_cols = [Rect(c.left + shift, c.top, c.right + shift, c.bottom)
                    for c in cols[: len(row_texts)]]
        out += _card_row(row_texts, r * per, Rect(body.left, y, body.right, y + h), row_cols,
                         size, pack, names)
    return out


def _step_rows(texts: list[str], body: Rect, size: float, pack: ThemePack
               ) -> tuple[float, list[float]]:
    """The badge's diameter and each step's height at ``size``."""
    d = round(size * 1.8)
    width = body.w - d - gap(pack, L)
    wf = width_of(pack, "minor")
    return d, [max(d, text_height(t, size, width, wf=wf)) for t in texts]


def fits(variant: str, texts: list[str], frame: Frame, ctx: Context) -> bool:
    """Whether ``variant`` holds ``texts`` in the body area at the body size."""
    pack, body = ctx.pack, frame.body
    size = pack.type.body
    if variant == "steps":
        _, hs = _step_rows(texts, body, size, pack)
        return sum(hs) + gap(pack, M) * (len(hs) - 1) <= body.h
    per = len(texts) if variant == "cards" else math.ceil(len(texts) / 2)
    cols = grid_columns(pack, body, per)
    inner_w = cols[0].w - 2 * card_pad(pack)
    need = _card_need(texts, size, inner_w, pack)
    return need <= (body.h if variant == "cards" else (body.h - pack.spacing.gutter()) / 2)


def steps(texts: list[str], frame: Frame, ctx: Context) -> list[ShapeItem]:
    """A numbered badge per point down the left, joined by a rule, the point beside it."""
    pack, body = ctx.pack, frame.body
    g = gap(pack, M)
    size = pack.type.body

    def short(sz: float) -> bool:
        hs = _step_rows(texts, body, sz, pack)[1]
        return sum(hs) + g * (len(hs) - 1) <= FILL_TARGET * body.h

    size = largest_step(pack, short)
    d, hs = _step_rows(texts, body, size, pack)
    need = sum(hs) + g * (len(hs) - 1)
    spare = max(0.0, FILL_TARGET * body.h - need)  # air between the steps, up to the target
    g += min(spare / max(1, len(hs) - 1), 2 * g) if len(hs) > 1 else 0.0
    need = sum(hs) + g * (len(hs) - 1)
    y = balanced_top(body, need)
    points: list[ShapeItem] = []
    centres: list[float] = []
    badges: list[ShapeItem] = []
    for i, (t, h) in enumerate(zip(texts, hs, strict=True)):
        cy = y + d / 2
        centres.append(cy)
        badge = Rect(body.left, cy - d / 2, body.left + d, cy + d / 2)
        badges += [ShapeSpec(name=f"badge-{i + 1}", box=badge.box(), preset="ellipse",
                             fill="primary"),
                   text(f"number-{i + 1}", badge, "number",
                        [para(str(i + 1), size, color="on_primary", bold=True,
                              align="center")], anchor="middle", inset=0)]
        points.append(text(f"point-{i + 1}", Rect(body.left + d + gap(pack, L), y,
                                                   body.right, y + h), "body",
                           [para(t, size)], anchor="middle"))
        y += h + g
    rule: list[ShapeItem] = []
    if len(centres) > 1:
        half, mid = gap(pack, XS) / 2, body.left + d / 2
        rule.append(bar("steps-rule", Rect(mid - half, centres[0], mid + half, centres[-1])))
    return [*rule, *badges, *points]
