"""``pptxagent probe``'s search for one slot's limit: a bracket of word (or bullet) counts,
``lo`` fits and ``hi`` does not, narrowed by each measurement; the next candidate is the
count the measured height scales to, bisection near a line's step."""

from __future__ import annotations

from dataclasses import dataclass

from pptxagent.ir import Element
from pptxagent.pipeline.probetext import CJK, Sampler

MAX_UNITS = 3000
"""Words (or bullets) past which a slot counts as unbounded."""


@dataclass
class Search:
    """The word (or bullet) count bracket of one slot in one mode: ``lo`` fits, ``hi`` not."""

    lo: int = 0
    hi: int | None = None
    k: int = 1
    lines: int = 0
    font_px: float = 0.0
    """The size the slot's text was drawn at (the template's own, or the minimum)."""
    lo_verdict: str = "not drawn"
    """What LibreOffice drew at the ``own`` limit (``probeout.confirm``)."""
    lowered_from: int | None = None

    @property
    def done(self) -> bool:
        return (self.hi is not None and self.hi <= self.lo + 1) or self.lo >= MAX_UNITS

    def update(self, k: int, fits: bool, need: float, avail: float, lines: int) -> None:
        """Narrow the bracket with a measurement at ``k`` and pick the next candidate: the
        count the measured height scales to (at least a line more while nothing overflows),
        bisection once the bracket is a couple of lines wide (heights go by whole lines)."""
        if fits:
            self.lo = max(self.lo, k)
        else:
            self.hi = k if self.hi is None else min(self.hi, k)
        if self.done:
            return
        per_line = max(1, round(k / lines)) if lines else 1
        scaled = int(k * avail / need) if need > 0 and avail > 0 else 2 * k
        if self.hi is None:
            guess = max(scaled, k + per_line)
        else:
            guess = scaled
            span = self.hi - self.lo
            if (span <= 2 * per_line + 1 or not self.lo < guess < self.hi
                    or min(guess - self.lo, self.hi - guess) < span / 8):
                guess = (self.lo + self.hi) // 2  # near a line's step, or stalling
        upper = self.hi - 1 if self.hi is not None else MAX_UNITS
        self.k = max(self.lo + 1, min(upper, guess))


def first_guess(el: Element, cell: tuple[int, int] | None, sampler: Sampler, unit: str
                ) -> int:
    """Words (or bullets) the box (or the table ``cell``) would hold at an average glyph
    width: where the search starts."""
    size = el.style.fontSize or 24.0
    w, h = el.layout.w, el.layout.h
    if cell is not None and el.table is not None:
        w = el.table.columns[cell[1]] if cell[1] < len(el.table.columns) else w
        h = max(el.table.rows[cell[0]].h, size * 1.2)
    lines = max(1.0, h / (size * 1.2))
    per_line = max(1.0, w / (size * 0.5))
    chars = lines * per_line
    if unit == "bullets":
        return max(1, int(lines * 0.6))
    cjk = sampler.script in CJK
    return max(1, int(chars / (1.0 if cjk else 6.0)))
