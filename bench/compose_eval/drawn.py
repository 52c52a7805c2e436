"""The checks on what LibreOffice drew (``lo.render_all``): text inside its box, no
text–text overlap, contrast on LibreOffice's pixels; and the words it broke across lines
(a warning, not a check).

* fit: every line of a shape's text inside the shape's frame (±``TOL_PX``); a table cell's
  lines inside its column(s), the table's inside the frame;
* overlap: no line of one shape's (or cell's) text intersects a line of another's by more
  than ``TOL_PX`` in both directions;
* contrast: for every text row, on the plain render, the weakest text colour against the
  backdrop (``bench.heldout.judge_art.text_inks``) ≥ 4.5:1, 3:1 for large text (≥ 24 pt, or
  ≥ 18 pt bold); rows on a busy backdrop (picture, gradient) are counted as unjudged.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from PIL import Image

from bench.compose_eval.deck import EMU_PX, Deck
from bench.compose_eval.geometry import shape_boxes
from bench.compose_eval.inks import PLAIN_SHARE, backdrop, text_contrast
from bench.compose_eval.lo import PX_PER_PT, RENDER_W, TOL_PX, Line, Rect
from pptxagent.engines.libreoffice import TextBox

Failures = dict[int, list[str]]
Drawn = dict[int, dict[str, list[Line]]]

def _union(lines: list[Line]) -> Rect:
    return (min(ln.rect[0] for ln in lines), min(ln.rect[1] for ln in lines),
            max(ln.rect[2] for ln in lines), max(ln.rect[3] for ln in lines))


def check_fit(deck: Deck, drawn: dict[int, dict[str, list[Line]]]) -> tuple[Failures, Failures]:
    """(text outside its box or off the slide, text–text overlap) per slide."""
    fit: Failures = {}
    overlap: Failures = {}
    w, h = deck.slide_size()
    page: Rect = (0.0, 0.0, w / EMU_PX, h / EMU_PX)
    for slide in deck.slides:
        boxes = shape_boxes(deck, slide)
        lines = drawn.get(slide.number, {})
        frames: dict[str, list[Line]] = {}
        for key, got in lines.items():
            frames.setdefault(key.split(":")[0], []).extend(got)
        for sid, got in frames.items():
            msg = _outside(f"sp{sid}", boxes.get(sid), got, vertical=True)
            off = _outside(f"sp{sid} (off the slide)", page, got, vertical=True)
            for m in (msg, off):
                if m:
                    fit.setdefault(slide.number, []).append(m)
        for key, got in lines.items():
            if ":" not in key:
                continue
            msg = _outside(f"sp{key} (table cell)", boxes.get(key), got, vertical=False)
            if msg:
                fit.setdefault(slide.number, []).append(msg)
        ids = sorted(lines)
        for k, a in enumerate(ids):
            for b in ids[k + 1:]:
                hit = _overlap(lines[a], lines[b])
                if hit:
                    overlap.setdefault(slide.number, []).append(
                        f"sp{a} and sp{b}: text overlaps by {hit[0]:.0f}x{hit[1]:.0f}px")
    return fit, overlap


def _outside(what: str, box: Rect | None, got: list[Line], vertical: bool) -> str | None:
    if box is None or not got:
        return None
    u = _union(got)
    over = max(box[0] - u[0], u[2] - box[2])
    if vertical:
        over = max(over, box[1] - u[1], u[3] - box[3])
    return f"{what}: text {over:.0f}px outside its box" if over > TOL_PX else None


def _overlap(a: list[Line], b: list[Line]) -> tuple[float, float] | None:
    best: tuple[float, float] | None = None
    for la in a:
        for lb in b:
            w = min(la.rect[2], lb.rect[2]) - max(la.rect[0], lb.rect[0])
            h = min(la.rect[3], lb.rect[3]) - max(la.rect[1], lb.rect[1])
            if w > TOL_PX and h > TOL_PX and (best is None or w * h > best[0] * best[1]):
                best = (w, h)
    return best


def _rows(lines: list[Line]) -> list[list[Line]]:
    """A shape's line boxes grouped by text row (PDF text objects are about one per run)."""
    rows: list[list[Line]] = []
    for ln in sorted(lines, key=lambda ln: (ln.rect[1], ln.rect[0])):
        mid = (ln.rect[1] + ln.rect[3]) / 2
        row = next((r for r in rows if r[0].rect[1] <= mid <= r[0].rect[3]), None)
        if row is None:
            rows.append([ln])
        else:
            row.append(ln)
    return rows


def _cjk(text: str) -> bool:
    return any(ord(ch) >= 0x2E80 for ch in text)


def _row_text(row: list[Line]) -> str:
    """A row's text from its PDF text objects: a space where LibreOffice left a gap."""
    out = ""
    prev: Line | None = None
    for ln in sorted(row, key=lambda ln: ln.rect[0]):
        gap = ln.rect[0] - prev.rect[2] if prev is not None else 0.0
        if prev is not None and gap > 0.15 * ln.size_pt * PX_PER_PT and not out.endswith(" "):
            out += " "
        out += ln.text
        prev = ln
    return " ".join(out.split())


def broken_words(drawn: Drawn, texts: list[str]) -> Failures:
    """Tokens LibreOffice broke across two lines (``Rechtsschutzversicherun|gsgesellschaften``,
    ``€1,234,|567.89``: the end of a row and the start of the next make an outline token
    neither part is) and short figures wrapped at their space (``−12.5 | %``). CJK text may
    break anywhere and is left out."""
    tokens = {t for s in texts for t in s.split() if not _cjk(t)}
    figures = {s for s in texts if len(s) <= 16 and " " in s and any(c.isdigit() for c in s)}
    out: Failures = {}
    for n, shapes in drawn.items():
        for sid, lines in shapes.items():
            rows = [_row_text(r) for r in _rows(lines)]
            for a, b in itertools.pairwise(rows):
                if not a or not b:
                    continue
                tail, head = a.split()[-1], b.split()[0]
                if tail + head in tokens and tail not in tokens:
                    out.setdefault(n, []).append(f"sp{sid}: {tail}|{head}")
            whole = " ".join(rows)
            for fig in sorted(figures):
                if fig in whole and not any(fig in r for r in rows):
                    out.setdefault(n, []).append(f"sp{sid}: figure {fig!r} wrapped")
    return out


def needed_ratio(row: list[Line]) -> float:
    small = min(ln.size_pt for ln in row)
    bold = all(ln.bold for ln in row)
    return 3.0 if small >= 24 - 0.05 or (bold and small >= 18 - 0.05) else 4.5


def _ratio(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    def lum(rgb: np.ndarray) -> np.ndarray:
        c = rgb / 255.0
        lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
        out: np.ndarray = lin @ np.array([0.2126, 0.7152, 0.0722])
        return out
    la, lb = lum(a), lum(b)
    out: np.ndarray = (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)
    return out


def row_contrast(image: Image.Image, box: TextBox) -> float | None:
    """The weakest text colour's contrast in ``box`` (``judge_art.text_contrast``); where
    LibreOffice drew text but almost no pixel differs from the backdrop (white on white),
    the strongest pixel's contrast; where no colour stands out of the antialiased ink
    (short, small text), the contrast of the strokes' core; None on a busy backdrop."""
    x0, y0 = max(0, int(box.x)), max(0, int(box.y))
    x1 = min(image.width, int(box.x + box.w + 1))
    y1 = min(image.height, int(box.y + box.h + 1))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    px = np.asarray(image.crop((x0, y0, x1, y1)), dtype=float).reshape(-1, 3)
    ratios = _ratio(px, backdrop(px)[None, :])
    ink = ratios[ratios > 1.15]
    if len(ink) < 4:
        return float(ratios.max())
    found = text_contrast(image, box)
    if found is not None or len(ink) > (1 - PLAIN_SHARE) * len(px):
        return found
    # short or small text: no colour bin holds INK_SHARE of the antialiased ink; the core
    # of the strokes (the 90th percentile of the ink's contrast) is the text colour
    return float(np.percentile(ink, 90))


def check_contrast(plain_pdf: Path, drawn: dict[int, dict[str, list[Line]]]
                   ) -> tuple[Failures, int, int]:
    """Failures per slide, rows judged, rows not judged (busy backdrop)."""
    out: Failures = {}
    judged = unjudged = 0
    doc = pdfium.PdfDocument(str(plain_pdf))
    try:
        for n, shapes in drawn.items():
            if n > len(doc) or not shapes:
                continue
            page = doc[n - 1]
            w_pt, _ = page.get_size()
            scale = RENDER_W / (w_pt * PX_PER_PT)
            image = page.render(scale=RENDER_W / w_pt).to_pil().convert("RGB")
            page.close()
            for sid, lines in shapes.items():
                worst: tuple[float, float] | None = None
                for row in _rows(lines):
                    x0, y0, x1, y1 = _union(row)
                    box = TextBox(x=x0 * scale, y=y0 * scale, w=(x1 - x0) * scale,
                                  h=(y1 - y0) * scale)
                    ratio = row_contrast(image, box)
                    if ratio is None:
                        unjudged += 1
                        continue
                    judged += 1
                    need = needed_ratio(row)
                    if ratio < need and (worst is None or ratio < worst[0]):
                        worst = (ratio, need)
                if worst is not None:
                    out.setdefault(n, []).append(
                        f"sp{sid}: contrast {worst[0]:.2f} < {worst[1]:.1f}")
    finally:
        doc.close()
    return out, judged, unjudged
