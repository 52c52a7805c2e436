"""Geometry and text-size estimates shared by the components.

Components lay out in points (the slide is 960 × 540 pt) and convert each box to integer EMU
by its *edges* (``round(edge × 12700)``), so a box whose edges are inside the safe margin in
points is inside it in EMU too, and the same input always gives the same EMU.

The text estimates here only size boxes and pick how many continuation slides a component
needs; what finally fits is measured in Chromium by the pipeline.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from pptxagent.fonts import resolve_font
from pptxagent.ir.brand import EDGE_GAP_PT
from pptxagent.ir.compose import EMU_PER_PT, SLIDE_H_EMU, SLIDE_W_EMU, Box, FontRole, Para
from pptxagent.ir.theme import ThemePack

SLIDE_W_PT = SLIDE_W_EMU / EMU_PER_PT
SLIDE_H_PT = SLIDE_H_EMU / EMU_PER_PT
LINE = 1.25
"""Line height as a multiple of the font size: the tallest ``normal`` line of the bundled
Latin faces (Carlito/Calibri 1.22, Caladea 1.17, Liberation Sans 1.15) with a little room, so
a box sized for its text is not a pixel short when measured."""
LINE_CJK = 1.45
"""The CJK faces' (Noto Sans CJK) ``normal`` line is 1.45 em: text with CJK uses it."""


def line_factor(text: str) -> float:
    return LINE_CJK if any(_is_wide(c) for c in text) else LINE
FILL_TARGET = 0.6
"""A content block that fills at most this share of the body area's height is short: it sits
balanced in the area (``balanced_top``), and a list may take a larger size to fill it."""
BALANCE = 0.45
"""Where the free height goes above a short block: a little less than half (its centre sits
a little above the middle, where the eye puts it)."""
BLEED_PREFIX = "bleed-"
"""Shapes named ``bleed-…`` are full-bleed bands: the only shapes allowed outside the margin."""


@dataclass(frozen=True)
class Rect:
    """A rectangle in points (left, top, right, bottom)."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def w(self) -> float:
        return self.right - self.left

    @property
    def h(self) -> float:
        return self.bottom - self.top

    def box(self) -> Box:
        x0, y0 = _emu(self.left), _emu(self.top)
        x1, y1 = _emu(self.right), _emu(self.bottom)
        return Box(x=x0, y=y0, w=max(1, x1 - x0), h=max(1, y1 - y0))

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        dy = dx if dy is None else dy
        return Rect(self.left + dx, self.top + dy, self.right - dx, self.bottom - dy)

    def columns(self, n: int, gap: float) -> list[Rect]:
        """``n`` equal columns with ``gap`` between them."""
        w = (self.w - gap * (n - 1)) / n
        return [Rect(self.left + i * (w + gap), self.top, self.left + i * (w + gap) + w,
                     self.bottom) for i in range(n)]

    def take_top(self, h: float) -> Rect:
        return Rect(self.left, self.top, self.right, min(self.bottom, self.top + h))


def _emu(pt: float) -> int:
    return round(pt * EMU_PER_PT)


def safe_area(pack: ThemePack) -> Rect:
    """The slide inside the pack's margins, grown past its master art and logo (a brand
    pack's band, bar or title rule; ``ThemePack.keep_out``)."""
    ko = pack.keep_out(SLIDE_W_PT, SLIDE_H_PT)
    top = ko.top if ko.rule is None else max(ko.top, ko.rule[1] + EDGE_GAP_PT)
    return Rect(ko.left, top, SLIDE_W_PT - ko.right, SLIDE_H_PT - ko.bottom)


def open_area(pack: ThemePack) -> Rect:
    """The safe area below a corner logo's notch: where a hero or section title goes."""
    area = safe_area(pack)
    notch = pack.keep_out(SLIDE_W_PT, SLIDE_H_PT).notch
    return area if notch is None else Rect(area.left, max(area.top, notch[2]), area.right,
                                           area.bottom)


def title_zone(pack: ThemePack) -> Rect | None:
    """The room above a brand pack's title rule (``None`` without one): the title sits
    there, anchored to the rule, when it fits."""
    ko = pack.keep_out(SLIDE_W_PT, SLIDE_H_PT)
    if ko.rule is None:
        return None
    return Rect(ko.left, ko.top, SLIDE_W_PT - ko.right, ko.rule[0] - EDGE_GAP_PT / 2)


def full_slide() -> Rect:
    return Rect(0, 0, SLIDE_W_PT, SLIDE_H_PT)


def grid_columns(pack: ThemePack, rect: Rect, n: int, span: int | None = None) -> list[Rect]:
    """``n`` columns of ``rect`` on the pack's column grid (``spacing.columns`` with
    ``spacing.gutter()``): each spans ``span`` grid columns (default: as many as ``n`` of them
    fit), the group centred on the grid. A rect narrower than the safe area, or more columns
    than the grid has, gets ``n`` equal columns with the gutter between them."""
    area = safe_area(pack)
    cols = pack.spacing.columns
    width = span or cols // max(1, n)
    if (abs(rect.left - area.left) > 0.5 or abs(rect.right - area.right) > 0.5 or n < 1
            or width < 1 or n * width > cols):
        return rect.columns(max(1, n), pack.spacing.gutter())
    lines = pack.grid(SLIDE_W_PT, SLIDE_H_PT)
    first = (cols - n * width) // 2
    return [Rect(lines[a][0], rect.top, lines[a + width - 1][1], rect.bottom)
            for a in range(first, first + n * width, width)]


def type_steps(pack: ThemePack, low: float, high: float) -> list[float]:
    """The type scale's sizes from ``low`` to ``high`` (both included), ascending."""
    return [s for s in pack.type.steps() if low - 1e-9 <= s <= high + 1e-9]


TITLE_RATIO = 1.5
"""The title is at least this many times any body text (the scratch hierarchy)."""
BODY_FLOOR_PT = 18.0
"""The smallest size body text may get (the scratch minimum): a word fit or a snap onto the
type scale never goes below it."""


def top_size(pack: ThemePack) -> float:
    """The largest size body content may take: the subtitle's, and never so large that the
    title is less than ``TITLE_RATIO`` × it."""
    return min(pack.type.subtitle, pack.type.title / TITLE_RATIO)


def largest_step(pack: ThemePack, fits: Callable[[float], bool], low: float | None = None,
                 high: float | None = None) -> float:
    """The largest step of the type scale above ``low`` (default: the body size) up to
    ``high`` (default: ``top_size``) reached while ``fits`` holds at every step on the way;
    ``low`` when the first step up does not fit."""
    size = pack.type.body if low is None else low
    for step in type_steps(pack, size, top_size(pack) if high is None else high)[1:]:
        if not fits(step):
            break
        size = step
    return size


def in_lines(text: str, size_pt: float, width_pt: float, lines: int, wf: float = 1.0) -> bool:
    """Whether ``text`` at ``size_pt`` fits ``width_pt`` in at most ``lines`` lines."""
    return text_height(text, size_pt, width_pt, wf=wf) <= lines * size_pt * 1.3 + 7.2


def gap(pack: ThemePack, step: int) -> float:
    """The spacing scale's ``step``-th value (clamped to the scale)."""
    scale = pack.spacing.scale_pt
    return scale[max(0, min(step, len(scale) - 1))]


# Spacing steps used by every component (indices into the pack's scale).
XS, S, M, L, XL = 0, 1, 2, 3, 4


LATIN_WIDTH: dict[str, float] = {
    "Carlito": 0.86, "Caladea": 0.86, "DejaVu Sans": 1.07, "DejaVu Serif": 1.09,
    "Liberation Sans": 0.94, "Liberation Sans Narrow": 0.77, "Liberation Serif": 0.86,
    "Liberation Mono": 1.22, "Noto Sans CJK JP": 0.97, "Noto Sans CJK SC": 0.97,
    "Noto Sans CJK KR": 0.97, "Noto Serif CJK JP": 1.02, "Noto Serif CJK SC": 1.02,
}
"""Average width of Latin text in the installed face against the generic estimate
(measured on English and German sentences); faces not listed count 1.0."""


def width_of(pack: ThemePack, font: FontRole) -> float:
    """The width factor of the pack's ``major`` or ``minor`` Latin face as the renderer
    draws it (``pptxagent.fonts.resolve_font``)."""
    faces = pack.fonts.major if font == "major" else pack.fonts.minor
    return LATIN_WIDTH.get(resolve_font(faces.latin), 1.0)


def _char_em(ch: str, bold: bool, wf: float = 1.0) -> float:
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 1.0
    if ch.isspace():
        return 0.28
    if ch.isupper() or ch.isdigit():
        em = 0.64
    elif ch in "ilj.,;:'|!":
        em = 0.3
    elif ch in "mwMW@%":
        em = 0.85
    else:
        em = 0.53
    return em * (1.06 if bold else 1.0) * wf


def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def text_width(text: str, size_pt: float, bold: bool = False, wf: float = 1.0) -> float:
    return sum(_char_em(c, bold, wf) for c in text) * size_pt


def longest_unbreakable(text: str, bold: bool = False, wf: float = 1.0) -> float:
    """Width in em of the widest piece of ``text`` a line cannot break (a word, a CJK
    character)."""
    return max((text_width(t.strip(), 1.0, bold, wf) for t in _tokens(text)), default=0.0)


def _tokens(text: str) -> list[str]:
    """Break opportunities: after spaces, around every CJK character."""
    out: list[str] = []
    cur = ""
    for ch in text:
        if _is_wide(ch):
            if cur:
                out.append(cur)
            out.append(ch)
            cur = ""
        elif ch == " ":
            out.append(cur + ch)
            cur = ""
        else:
            cur += ch
    if cur:
        out.append(cur)
    return out


def last_line_words(text: str, size_pt: float, width_pt: float, bold: bool = False,
                    wf: float = 1.0) -> tuple[int, int]:
    """``(lines, words on the last line)`` of ``text``'s last paragraph wrapped at
    ``width_pt`` (the estimate ``line_count`` makes)."""
    para = text.split("\n")[-1]
    width_pt = max(width_pt, size_pt)
    lines, cur, words = 1, 0.0, 0
    for tok in _tokens(para):
        w = text_width(tok, size_pt, bold, wf)
        ink = text_width(tok.rstrip(" "), size_pt, bold, wf)
        if cur > 0 and cur + ink > width_pt:
            lines, cur, words = lines + 1, 0.0, 0
        cur += w
        words += 1 if tok.strip() else 0
    return lines, words


WRAP_SLACK = 0.04
"""How far (share of the width) the wrap estimate may be from the drawn text."""


def balanced_width(text: str, size_pt: float, width_pt: float, *, bold: bool = False,
                   wf: float = 1.0, inset_pt: float = 3.6, floor: float = 0.7) -> float:
    """The width for ``text`` (a title) whose last line does not hold one word alone: the
    full width when it wraps fine, else the widest narrower width (down to ``floor`` × it)
    with as many lines and at least two words on the last one."""
    inner = width_pt - 2 * inset_pt
    lines = last_line_words(text, size_pt, inner, bold, wf)[0]
    # the estimate is a few per cent off a face's real widths: a last line it gives two
    # words may be drawn with one, so it is judged at ± SLACK of the width too
    def lone(w: float) -> bool:
        return any(last_line_words(text, size_pt, w * f, bold, wf)[1] < 2
                   for f in (1 - WRAP_SLACK, 1.0, 1 + WRAP_SLACK))

    if lines < 2 or len(text.split()) < 3 or not lone(inner):
        return width_pt
    w = inner
    while w > floor * inner:
        w -= 0.02 * inner
        if last_line_words(text, size_pt, w, bold, wf)[0] > lines:
            break
        if not lone(w):
            return w + 2 * inset_pt
    return width_pt


def line_count(text: str, size_pt: float, width_pt: float, bold: bool = False,
               wf: float = 1.0) -> int:
    """Estimated wrapped lines of ``text`` (explicit newlines respected; a word longer than
    the line is broken, as ``overflow-wrap: anywhere`` does)."""
    width_pt = max(width_pt, size_pt)
    total = 0
    for para in text.split("\n"):
        lines, cur = 1, 0.0
        for tok in _tokens(para):
            w = text_width(tok, size_pt, bold, wf)
            ink = text_width(tok.rstrip(" "), size_pt, bold, wf)
            if cur > 0 and cur + ink > width_pt:
                lines += 1
                cur = 0.0
            if cur == 0.0 and ink > width_pt:
                lines += math.ceil(ink / width_pt) - 1
                cur = ink - (math.ceil(ink / width_pt) - 1) * width_pt
                continue
            cur += w
        total += lines
    return total


def text_height(text: str, size_pt: float, width_pt: float, bold: bool = False,
                inset_pt: float = 3.6, max_lines: int | None = None, wf: float = 1.0) -> float:
    """Height of a text box holding ``text`` (its insets included); ``wf`` is the face's
    width factor (``width_of``)."""
    n = line_count(text, size_pt, width_pt - 2 * inset_pt, bold, wf)
    if max_lines is not None:
        n = min(n, max_lines)
    return n * size_pt * line_factor(text) + 2 * inset_pt


def balanced_top(body: Rect, need: float) -> float:
    """The top of a content block ``need`` high in ``body``: the free height shared
    ``BALANCE`` above, the rest below (a block estimated long still sits balanced: the text
    estimates run long, and a list drawn shorter than estimated would be stuck to the top)."""
    return body.top + max(0.0, body.h - need) * BALANCE


def paras_height(paras: list[Para], width_pt: float, inset_pt: float = 3.6,
                 indent_pt: float = 0.0, pack: ThemePack | None = None) -> float:
    """Estimated height of a paragraph list in a box ``width_pt`` wide (insets included),
    each paragraph in its face's width when ``pack`` is given."""
    h = 2 * inset_pt
    for p in paras:
        w = width_pt - 2 * inset_pt - (indent_pt * (p.level + 1) if p.bullet else 0)
        wf = width_of(pack, p.font) if pack is not None else 1.0
        n = line_count(p.text, p.size_pt, w, p.bold, wf)
        h += n * p.size_pt * line_factor(p.text) + p.space_before_pt + p.space_after_pt
    return h


def stack(rect: Rect, heights: list[float], gaps: list[float], flex: int | None = None
          ) -> list[Rect]:
    """Rects stacked top-down in ``rect`` with ``gaps[i]`` after the i-th (none after the last
    item of some height: an absent subtitle takes no gap). The ``flex`` one
    takes what is left beyond its height, and gives up to half of it first when the wanted
    heights do not fit (a quotation shrinks, its one-line attribution keeps its line); when
    they still do not fit, all are scaled down together so nothing overlaps or leaves
    ``rect`` (the measurement then finds the overflow and the fit policy or a continuation
    slide resolves it)."""
    last = max((i for i, h in enumerate(heights) if h > 0), default=0)
    want = sum(heights) + sum(gaps[:last])  # no gap before items of no height at the end
    hs = list(heights)
    scale = 1.0
    if want > rect.h and flex is not None:
        give = min(want - rect.h, hs[flex] / 2)
        hs[flex] -= give
        want -= give
    if want > rect.h:
        scale = rect.h / want if want > 0 else 1.0
        hs = [h * scale for h in hs]
    elif flex is not None:
        hs[flex] += rect.h - want
    out: list[Rect] = []
    y = rect.top
    for i, h in enumerate(hs):
        top = min(y, rect.bottom)
        out.append(Rect(rect.left, top, rect.right, min(rect.bottom, top + h)))
        y += h + (gaps[i] * scale if i < len(gaps) else 0)
    return out
