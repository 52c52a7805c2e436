"""A chart's value axis and its labels as LibreOffice sets them: the automatic scale (nice
1-2-5 steps, as many as the axis has room for, at most 10), number formats, text widths and
line breaks, the record of one placed line of chart text.

Pure arithmetic, no SVG: ``chart_layout`` places, ``chart_text`` and ``chart`` draw.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass

from pptxagent.fonts import resolve_font
from pptxagent.ir import ChartText

PT = 4 / 3
"""px per pt."""
HMM = 96 / 2540
"""px per 1/100 mm (LibreOffice's chart unit)."""
LINE = 1.17
"""A line of chart text is this many times its font size high."""
_WIDE = frozenset("MWmw@")
_NARROW = frozenset("iljtfrI.,:;'|!()[] ")


Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Label:
    """One line of chart text: its anchor point (``anchor`` start/middle/end, ``y`` the
    baseline) and style."""

    x: float
    y: float
    text: str
    anchor: str
    style: ChartText
    rotate: float = 0.0
    """Degrees, clockwise, about ``(x, y)``."""


@dataclass(frozen=True)
class Scale:
    lo: float
    hi: float
    step: float

    def ticks(self) -> list[float]:
        if self.step <= 0 or self.hi <= self.lo:
            return [self.lo, self.hi]
        n = min(math.floor((self.hi - self.lo) / self.step + 1e-9), 200)
        return [round(self.lo + i * self.step, 12) for i in range(n + 1)]


_WIDER = {"DejaVu Sans": 1.18, "Liberation Sans": 1.07, "Liberation Sans Narrow": 0.88,
          "DejaVu Serif": 1.15, "Liberation Serif": 0.98, "Liberation Mono": 1.25}
"""Advance of a face against Carlito's (installed faces the chart text may be set in)."""


def text_width(text: str, size: float, font: str | None = None) -> float:
    """An estimate of ``text``'s advance at ``size`` px in ``font`` (Carlito's metrics,
    widened for the installed face standing in for ``font``)."""
    em = 0.0
    for ch in text:
        if ch in _WIDE:
            em += 0.8
        elif ch in _NARROW:
            em += 0.25
        elif ch.isdigit():
            em += 0.507
        elif ch == "%":
            em += 0.715
        elif ch.isupper():
            em += 0.6
        elif ord(ch) > 0x2E80:
            em += 1.0
        else:
            em += 0.47
    return em * size * _WIDER.get(resolve_font(font), 1.0)


def auto_scale(lo: float, hi: float, max_count: int = 10, minimum: float | None = None,
               maximum: float | None = None, unit: float | None = None,
               close: bool = True, zero: bool = True) -> Scale:
    """The axis from ``lo`` to ``hi`` (the data) as LibreOffice's automatic scaling sets it:
    from 0 unless the data lie within their top sixth, steps of 1, 2 or 5 × 10^n giving at
    most ``max_count`` intervals, ends on whole steps, one step more where the data come
    within 1/21 of an end (``close``: not for per cent stacked charts). ``minimum``,
    ``maximum`` and ``unit`` are the part's fixed values; ``zero`` False (a scatter's X
    axis) keeps the axis near the data."""
    max_count = min(max(max_count, 2), 10)
    auto_min, auto_max = minimum is None, maximum is None
    src_lo = lo if auto_min else float(minimum or 0.0)
    src_hi = hi if auto_max else float(maximum or 0.0)
    if src_lo > src_hi:
        src_hi = src_lo if (auto_max or not auto_min) else src_hi
        src_lo = min(src_lo, src_hi)
    swap = src_lo < 0 and src_hi <= 0
    if swap:
        src_lo, src_hi = -src_hi, -src_lo
        auto_min, auto_max = auto_max, auto_min
    t_lo, t_hi = src_lo, src_hi
    if auto_min and t_lo > 0 and zero:
        if t_lo == t_hi or t_lo / t_hi < 5 / 6:
            t_lo = 0.0
        else:
            t_lo -= (t_hi - t_lo) / 2
    if t_lo == t_hi:
        if auto_max or not auto_min:
            t_hi = 1.0 if t_hi == 0 else t_hi * 2
        else:
            t_lo = -1.0 if t_lo == 0 else t_lo / 2
    base = 0.0 if auto_min and auto_max else (t_lo if not auto_min else t_hi)
    auto_unit = not (unit and unit > 0)
    step = unit if unit and unit > 0 else 1.0
    norm = mag = 0.0
    a_lo, a_hi = t_lo, t_hi
    for _ in range(60):
        if auto_unit:
            norm, mag = _next_step(norm, mag, (t_hi - t_lo) / max_count)
            step = norm * mag
        a_lo, a_hi = t_lo, t_hi
        if auto_min:
            a_lo = base + math.floor((a_lo - base) / step + 1e-9) * step
            if close and a_lo != 0 and (a_hi - src_lo) / (a_hi - a_lo) > 20 / 21:
                a_lo -= step
        if auto_max:
            a_hi = base + math.ceil((a_hi - base) / step - 1e-9) * step
            if close and a_hi != 0 and (src_hi - a_lo) / (a_hi - a_lo) > 20 / 21:
                a_hi += step
        if math.floor((a_hi - a_lo) / step + 1e-9) <= (max_count if auto_unit else 500):
            break
        auto_unit = True
    return Scale(-a_hi, -a_lo, step) if swap else Scale(a_lo, a_hi, step)


def _next_step(norm: float, mag: float, dist: float) -> tuple[float, float]:
    """The first nice step (1, 2 or 5 × 10^n) not below ``dist``, or the one after
    ``norm × mag``."""
    if norm == 0.0:
        mag = 10.0 ** math.floor(math.log10(dist)) if dist > 1e-300 else 1e-300
        norm = dist / mag
        norm = 1.0 if norm <= 1 else 2.0 if norm <= 2 else 5.0 if norm <= 5 else 10.0
    elif norm == 1.0:
        norm = 2.0
    elif norm == 2.0:
        norm = 5.0
    else:
        norm = 10.0
    return (1.0, mag * 10) if norm == 10.0 else (norm, mag)


def _section(code: str) -> str:
    code = code.split(";")[0]
    code = re.sub(r"\[[^\]]*\]", "", code)  # [$€-407], [Red], [>=100]
    return code.replace("\\", "").replace("_)", "").replace("*", "")


def format_value(v: float, code: str | None, percent_axis: bool = False) -> str:
    """``v`` as a number format code shows it (the common cases: General, decimals,
    thousands separators, per cent, literal prefixes and suffixes such as ``$`` or ``"km"``)."""
    if percent_axis:
        return f"{round(v, 6):g}%"
    if not code or code.strip().lower() in ("general", "@"):
        text = f"{v:.10g}"
        return f"{v:.2E}" if "e" in text else text
    sec = _section(code)
    quoted = re.findall(r'"([^"]*)"', sec)
    bare = re.sub(r'"[^"]*"', "\x00", sec)
    m = re.search(r"[0#?][0#?,.]*", bare)
    if m is None:
        return f"{v:g}"
    pattern = m.group(0)
    pct = "%" in bare
    value = v * 100 if pct else v
    decimals = len(pattern.split(".", 1)[1]) if "." in pattern else 0
    body = f"{abs(value):,.{decimals}f}" if "," in pattern.split(".")[0] else \
        f"{abs(value):.{decimals}f}"
    parts = bare.split(pattern, 1)

    def lit(s: str) -> str:
        out = []
        for ch in s:
            out.append(quoted.pop(0) if ch == "\x00" and quoted else ch)
        return "".join(out).replace("\x00", "")

    sign = "-" if value < 0 and round(abs(value), decimals) != 0 else ""
    return f"{sign}{lit(parts[0])}{body}{lit(parts[1])}".strip()


_DATE_TOKENS = re.compile(r"yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d", re.IGNORECASE)


def format_category(text: str, code: str | None) -> str:
    """A numeric category as its format shows it: dates (Excel serial days) by their
    ``y``/``m``/``d`` tokens, other numbers by ``format_value``; text as it is."""
    if not code or code.strip().lower() == "general":
        return text
    try:
        v = float(text)
    except ValueError:
        return text
    sec = _section(code).replace('"', "")
    if not re.search(r"[dDyY]", sec):
        return format_value(v, code)
    try:
        day = dt.date(1899, 12, 30) + dt.timedelta(days=int(v))
    except OverflowError:
        return text

    def token(m: re.Match[str]) -> str:
        t = m.group(0).lower()
        return {"yyyy": f"{day.year}", "yy": f"{day.year % 100:02d}",
                "mmmm": day.strftime("%B"), "mmm": day.strftime("%b"),
                "mm": f"{day.month:02d}", "m": f"{day.month}", "dddd": day.strftime("%A"),
                "ddd": day.strftime("%a"), "dd": f"{day.day:02d}", "d": f"{day.day}"}[t]

    return _DATE_TOKENS.sub(token, sec).strip()


def wrap(text: str, size: float, width: float, max_lines: int = 3,
         font: str | None = None) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (as LibreOffice breaks
    category labels that do not fit their band)."""
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split(" "):
            cand = f"{cur} {word}" if cur else word
            if cur and text_width(cand, size, font) > width:
                lines.append(cur)
                cur = word
            else:
                cur = cand
        lines.append(cur)
    return lines[:max_lines]
