"""Estimate how text height responds to font size and line height (no browser).

Wrapped text: lines grow with the font (fewer characters per line) and the line pitch grows
with it too, so height ∝ fontSize². Unwrapped text (one line per paragraph): height ∝
fontSize. Height ∝ line height in both cases. These estimates size the hints; the next render
measures the truth.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pptxagent.diagnose.context import Item
from pptxagent.ir.textrect import text_insets


@dataclass(frozen=True)
class TextMetrics:
    content_h: float
    content_w: float
    font: float
    line: float
    wrapped: bool
    insets_v: float
    insets_h: float
    min_font: float | None
    min_line: float = 1.0
    """``TEXT_MIN_LINE_HEIGHT``."""


def _paragraph_count(it: Item) -> int:
    if it.el.paragraphs:
        return len(it.el.paragraphs)
    return it.el.content.count("\n") + 1


def metrics(it: Item) -> TextMetrics:
    cb = it.dom.contentBox
    box = cb if cb is not None else it.bbox
    font = it.dom.computed.fontSize
    line = it.dom.computed.lineHeight
    ins = text_insets(it.el, it.bbox.w, it.bbox.h)
    pitch = font * line
    lines = box.h / pitch if pitch > 0 else 1.0
    wrapped = it.el.style.wrap is not False and lines > _paragraph_count(it) + 0.5
    return TextMetrics(
        content_h=box.h,
        content_w=box.w,
        font=font,
        line=line,
        wrapped=wrapped,
        insets_v=(ins.top + ins.bottom) if ins else 0.0,
        insets_h=(ins.left + ins.right) if ins else 0.0,
        min_font=it.min_font,
        min_line=it.settings.TEXT_MIN_LINE_HEIGHT,
    )


def height_at(m: TextMetrics, font: float, line: float) -> float:
    k = 2 if m.wrapped else 1
    return m.content_h * (font / m.font) ** k * (line / m.line)


def _floor_half(v: float) -> float:
    return math.floor(v * 2 + 1e-9) / 2


@dataclass(frozen=True)
class Fit:
    font: float
    line: float
    fits: bool


def fit_height(m: TextMetrics, target_h: float) -> Fit:
    """Font (then line height, down to ``TEXT_MIN_LINE_HEIGHT``) for a content height ≤ target.

    Prefers the font: line height only goes down once the font sits at its minimum.
    """
    if m.content_h <= target_h:
        return Fit(m.font, m.line, True)
    ratio = max(target_h, 0.0) / m.content_h
    k = 2 if m.wrapped else 1
    floor = m.min_font or 1.0
    font = max(_floor_half(m.font * ratio ** (1 / k)), min(floor, m.font))
    if height_at(m, font, m.line) <= target_h:
        return Fit(font, m.line, True)
    line_floor = min(m.min_line, m.line)
    need = m.line * target_h / height_at(m, font, m.line)
    line = max(math.floor(need * 100) / 100, line_floor)
    return Fit(font, line, height_at(m, font, line) <= target_h)


def fit_width(m: TextMetrics, target_w: float) -> Fit:
    """Font for a content width ≤ target (a line's width ∝ fontSize)."""
    if m.content_w <= target_w:
        return Fit(m.font, m.line, True)
    floor = m.min_font or 1.0
    font = max(_floor_half(m.font * max(target_w, 0.0) / m.content_w), min(floor, m.font))
    return Fit(font, m.line, m.content_w * font / m.font <= target_w)


def min_box_height(m: TextMetrics, buffer: float) -> float:
    """Smallest bbox height the text needs at its min font and current line height."""
    font = min(m.min_font, m.font) if m.min_font is not None else m.font
    return math.ceil(height_at(m, font, m.line) + m.insets_v + buffer)


def min_height(it: Item, buffer: float) -> float:
    """The least bbox height an element can be compressed to (chains, overlap shrink)."""
    h = it.bbox.h
    if it.is_text:
        return min(h, min_box_height(metrics(it), buffer))
    s = it.settings  # an image may shrink to max(IMAGE_MIN_H_PX, IMAGE_MIN_H_RATIO × h)
    return min(h, max(s.IMAGE_MIN_H_PX, s.IMAGE_MIN_H_RATIO * h))
