"""Spec Appendix C, Experiment 3: Range API ``contentBox`` vs ``scrollHeight`` for overflow.

Every case is one text element of N explicit lines (short enough never to wrap) in a box
whose height is set, by construction, relative to N × line pitch (pitch = lineHeight ×
fontSize, the CSS line box): the text truly fits (slack 0, +1, +4 px) or truly overflows
(deficit 1 px, half a line, one whole line). Padding is 0, so the box is the text area.

Detectors:
- Range (spec §4): ``contentBox.h > bbox.h`` (union of ``range.getClientRects()``).
- Range edges: the same contentBox, but ``contentBox.bottom > bbox.bottom`` or
  ``contentBox.y < bbox.y`` (position, not only height).
- scrollHeight: ``el.scrollHeight > el.clientHeight`` (the approach the spec forbids).

A phantom is a "fits" case reported as overflow; a miss is an overflow case not reported.
A 1 px deficit only pushes the last line's blank leading out of the box (the glyphs stay
inside) unless the font's glyph box is taller than the pitch, so it is listed on its own.

Run: ``.venv/bin/python bench/exp3_range_vs_scrollheight.py`` (prints markdown tables).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from pptxagent.engines.chromium import get_chromium
from pptxagent.ir import SlideIR
from pptxagent.measure import MEASURE_JS
from pptxagent.measure.extract import group_rows
from pptxagent.render import render_deck

LINE_HEIGHTS = (1.2, 1.5, 2.0)
FONTS = ("Carlito", "Liberation Sans", "Liberation Serif", "DejaVu Sans", "Noto Sans CJK SC")
SIZES = (15.0, 16.0, 20.0, 24.0, 32.0)
LINE_COUNTS = (1, 2, 4, 7)
# (label, truth, extra px as a function of the pitch): box h = N × pitch + extra
VARIANTS: tuple[tuple[str, bool, float, float], ...] = (
    # label, overflows, extra px, extra in pitches
    ("fits exactly", False, 0.0, 0.0),
    ("fits +1 px", False, 1.0, 0.0),
    ("fits +4 px", False, 4.0, 0.0),
    ("over by 1 px", True, -1.0, 0.0),
    ("over by ½ line", True, 0.0, -0.5),
    ("over by 1 line", True, 0.0, -1.0),
)
LATIN = ("Quarterly revenue", "grew by twelve", "percent in Q3", "across regions",
         "Hg Åå gy jq", "margins held", "steady overall")
CJK = ("季度收入增长", "百分之十二", "各地区均有", "利润率保持", "稳定增长中",
       "市场份额", "继续扩大")

SCROLL_JS = "(arg) => ({rows: (" + MEASURE_JS + ")(arg), scroll: Array.from(" \
    "document.querySelectorAll('[data-eid]'), (e) => [e.scrollHeight, e.clientHeight])})"


@dataclass(frozen=True)
class Case:
    line_height: float
    font: str
    size: float
    lines: int
    label: str
    overflows: bool
    box_h: float


def cases() -> list[Case]:
    out: list[Case] = []
    for lh, font, size, n in itertools.product(LINE_HEIGHTS, FONTS, SIZES, LINE_COUNTS):
        pitch = lh * size
        for label, over, px, pitches in VARIANTS:
            if n == 1 and pitches <= -1.0:
                continue  # a box of zero lines is not a text box
            out.append(Case(lh, font, size, n, label, over, n * pitch + px + pitches * pitch))
    return out


def slide_for(i: int, c: Case) -> SlideIR:
    text = "\n".join((CJK if "CJK" in c.font else LATIN)[: c.lines])
    y = 40 + (i % 3) * 0.33  # fractional offsets, as patched layouts have
    return SlideIR.model_validate({"elements": [{
        "eid": "t", "type": "text", "priority": 60, "content": text,
        "layout": {"x": 40, "y": y, "w": 900, "h": c.box_h},
        "style": {"fontSize": c.size, "lineHeight": c.line_height, "fontFamily": c.font},
    }]})


def run() -> dict[str, Any]:
    all_cases = cases()
    irs = [slide_for(i, c) for i, c in enumerate(all_cases)]
    result: Any = get_chromium().evaluate_document(render_deck(irs), SCROLL_JS)
    grouped = group_rows(result["rows"], len(irs))
    # tallies[(lh, label, font)] = [n, range, range edges, scrollHeight] flags
    tallies: dict[tuple[float, str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for i, c in enumerate(all_cases):
        row = grouped[i]["t"]
        by, bh, content = row[3], row[5], row[6]
        scroll_h, client_h = result["scroll"][i]
        t = tallies[(c.line_height, c.label, c.font)]
        t[0] += 1
        if content is not None:
            t[1] += content[3] > bh
            t[2] += content[1] + content[3] > by + bh or content[1] < by
        t[3] += scroll_h > client_h
    return {"tallies": tallies, "n": len(all_cases)}


METHODS = ((1, "Range `contentBox.h > bbox.h` (spec)"), (2, "Range edges"),
           (3, "`scrollHeight > clientHeight`"))


def total(tallies: dict[tuple[float, str, str], list[int]], col: int, lh: float,
          labels: set[str], fonts: tuple[str, ...] = FONTS) -> tuple[int, int]:
    """(cases, flagged) over the given variants and fonts."""
    ts = [t for (h, lab, f), t in tallies.items() if h == lh and lab in labels and f in fonts]
    return sum(t[0] for t in ts), sum(t[col] for t in ts)


def pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f} % ({k}/{n})" if n else "–"


def report(data: dict[str, Any]) -> str:
    tallies: dict[tuple[float, str, str], list[int]] = data["tallies"]
    fits = {v[0] for v in VARIANTS if not v[1]}
    big = {v[0] for v in VARIANTS if v[1] and v[0] != "over by 1 px"}
    lines = [
        f"{data['n']} cases: {len(FONTS)} fonts × {len(SIZES)} sizes × "
        f"{len(LINE_COUNTS)} line counts × {len(VARIANTS)} box heights per line-height.",
        "",
        "| line-height | method | phantom overflow (fits cases) | misses: over ½ line or more "
        "| flags 'over by 1 px' |",
        "|---|---|---:|---:|---:|",
    ]
    for lh in LINE_HEIGHTS:
        for col, method in METHODS:
            n_fit, k_fit = total(tallies, col, lh, fits)
            n_big, k_big = total(tallies, col, lh, big)
            n_one, k_one = total(tallies, col, lh, {"over by 1 px"})
            lines.append(f"| {lh} | {method} | {pct(k_fit, n_fit)} | {pct(n_big - k_big, n_big)}"
                         f" | {pct(k_one, n_one)} |")
    lines += ["", "Share flagged as overflow per box height (spec Range / Range edges / "
              "scrollHeight):", "",
              "| line-height | " + " | ".join(v[0] for v in VARIANTS) + " |",
              "|---|" + "---:|" * len(VARIANTS)]
    for lh in LINE_HEIGHTS:
        cells = []
        for v in VARIANTS:
            shares = [total(tallies, col, lh, {v[0]}) for col, _ in METHODS]
            cells.append(" / ".join(f"{100 * k / n:.0f}" for n, k in shares) + " %")
        lines.append(f"| {lh} | " + " | ".join(cells) + " |")
    lines += ["", "Phantom overflow by font at line-height 1.2 (fits cases; spec Range / Range "
              "edges / scrollHeight):", "", "| font | phantom |", "|---|---:|"]
    for font in FONTS:
        shares = [total(tallies, col, 1.2, fits, (font,)) for col, _ in METHODS]
        lines.append(f"| {font} | " + " / ".join(pct(k, n) for n, k in shares) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run()))
