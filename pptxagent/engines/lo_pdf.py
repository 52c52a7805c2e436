"""Reading LibreOffice's PDFs with pdfium: page images and where each colour's text landed."""

from __future__ import annotations

import ctypes
import functools
import threading
from collections.abc import Callable, Collection
from pathlib import Path
from typing import ParamSpec, TypeVar

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from pptxagent.errors import DrawingError
from pptxagent.ir import Box
from pptxagent.units import PX_PER_PT

_PDFIUM = threading.RLock()
"""pdfium is not thread-safe: two threads reading PDFs at once (the early cross-check's and a
render's) kill the process (``int3`` in libpdfium). Every use goes through this lock."""
_P = ParamSpec("_P")
_R = TypeVar("_R")


def _one_at_a_time(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    @functools.wraps(fn)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with _PDFIUM:
            return fn(*args, **kwargs)
    return run


def _open(pdf: Path) -> pdfium.PdfDocument:
    try:
        return pdfium.PdfDocument(str(pdf))
    except pdfium.PdfiumError as exc:
        raise DrawingError(f"LibreOffice wrote an unreadable PDF {pdf}: {exc}") from exc


@_one_at_a_time
def page_count(pdf: Path) -> int:
    doc = _open(pdf)
    try:
        return len(doc)
    finally:
        doc.close()


@_one_at_a_time
def pdf_to_pngs(pdf: Path, out_dir: Path, px_width: int | None = None,
                pages: Collection[int] | None = None) -> list[Path]:
    """One ``slide-{n}.png`` per page (only the 1-based ``pages`` asked for, when given).
    Default size: the page at 96 dpi (1 pt = 4/3 px), so a 16:9 deck gives 1280 × 720;
    ``px_width`` scales every page to that width instead."""
    out_dir.mkdir(parents=True, exist_ok=True)
    doc = _open(pdf)
    paths: list[Path] = []
    try:
        for n in range(len(doc)):
            if pages is not None and n + 1 not in pages:
                continue
            page = doc[n]
            w_pt, h_pt = page.get_size()
            target_w = px_width if px_width else round(w_pt * PX_PER_PT)
            target_h = round(h_pt * target_w / w_pt)
            bitmap = page.render(scale=target_w / w_pt, may_draw_forms=True)
            image = bitmap.to_pil()
            if image.size != (target_w, target_h):
                image = image.resize((target_w, target_h))
            path = out_dir / f"slide-{n + 1}.png"
            image.save(path)
            paths.append(path)
            page.close()
    finally:
        doc.close()
    return paths


ASCENT_EM = 0.9
DESCENT_EM = 0.22
"""Typical hhea ascent/descent of the Latin fonts in ``FONT_MAP`` (Liberation 0.905/0.212,
Carlito 0.952/0.269, DejaVu 0.928/0.236): the vertical extent of a line's text the way the
browser's Range rects report it. LibreOffice's PDF font descriptors do not carry usable
ascent/descent, so the baseline and font size are used with these ratios (error ≲ 2 px at
24 pt)."""


def _fill_rgb(obj: pdfium.PdfObject) -> int | None:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    ok = pdfium_c.FPDFPageObj_GetFillColor(
        obj.raw, ctypes.byref(r), ctypes.byref(g), ctypes.byref(b), ctypes.byref(a)
    )
    if not ok:
        return None
    return (r.value << 16) | (g.value << 8) | b.value


def _text_box(obj: pdfium.PdfObject) -> tuple[float, float, float, float] | None:
    """(left, bottom, right, top) in PDF points of a text object's line box: from the pen
    origin to the ink's right edge, baseline − descent to baseline + ascent."""
    left, bottom, right, top = obj.get_bounds()
    if right <= left or top <= bottom:
        return None
    m = obj.get_matrix()
    size = ctypes.c_float()
    if not pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size)):
        return left, bottom, right, top
    if abs(m.b) > 1e-6 or abs(m.c) > 1e-6:
        return _turned_line_box(m, size.value, (left, bottom, right, top))
    em = size.value * abs(m.d)
    return min(m.e, left), m.f - DESCENT_EM * em, right, m.f + ASCENT_EM * em


def _turned_line_box(m: pdfium.PdfMatrix, size: float, ink: tuple[float, float, float, float]
                     ) -> tuple[float, float, float, float] | None:
    """The bounds of a turned text object's line box, as drawn. pdfium's bounds are its ink
    rectangle in its own text space (where the line is upright) turned onto the page; that
    rectangle is recovered from them (half extents: |a|·rw + |c|·rh = W/2, |b|·rw + |d|·rh =
    H/2; centre: the matrix inverted), then taken from the pen origin to the ink's far end
    and from baseline − descent to baseline + ascent, as an upright line's box is, and turned
    back onto the page. (The turned ink bounds alone put a slanted title's top and bottom
    wherever its ink ends: 17 px off the browser's line box on a title turned 8°.)"""
    left, bottom, right, top = ink
    a, b, c, d = abs(m.a), abs(m.b), abs(m.c), abs(m.d)
    det, det_m = a * d - b * c, m.a * m.d - m.b * m.c
    if abs(det) < 1e-9 or abs(det_m) < 1e-9:
        return ink  # near 45°: the extents cannot be told apart
    half_w, half_h = (right - left) / 2, (top - bottom) / 2
    rw, rh = (d * half_w - c * half_h) / det, (a * half_h - b * half_w) / det
    if rw <= 0 or rh <= 0:
        return ink
    px, py = (left + right) / 2 - m.e, (bottom + top) / 2 - m.f
    tx = (m.d * px - m.c * py) / det_m
    x0, x1 = min(0.0, tx - rw), tx + rw
    y0, y1 = -DESCENT_EM * size, ASCENT_EM * size
    xs = [m.a * x + m.c * y + m.e for x in (x0, x1) for y in (y0, y1)]
    ys = [m.b * x + m.d * y + m.f for x in (x0, x1) for y in (y0, y1)]
    return min(xs), min(ys), max(xs), max(ys)


@_one_at_a_time
def colour_boxes(pdf: Path, wanted: dict[int, set[int]]) -> dict[int, dict[int, tuple[Box, int]]]:
    """For page ``n`` (1-based) and each colour in ``wanted[n]``: the union of the line boxes
    of that colour's text objects in slide px (top-down y), and how many objects it had."""
    doc = _open(pdf)
    result: dict[int, dict[int, tuple[Box, int]]] = {}
    try:
        for n, colours in wanted.items():
            if not colours or n > len(doc):
                continue
            page = doc[n - 1]
            _, page_h = page.get_size()
            acc: dict[int, list[float]] = {}
            counts: dict[int, int] = {}
            for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT], max_depth=3):
                rgb = _fill_rgb(obj)
                found = _text_box(obj) if rgb is not None and rgb in colours else None
                if rgb is None or found is None:
                    continue
                left, bottom, right, top = found
                box = acc.setdefault(rgb, [left, bottom, right, top])
                box[0], box[1] = min(box[0], left), min(box[1], bottom)
                box[2], box[3] = max(box[2], right), max(box[3], top)
                counts[rgb] = counts.get(rgb, 0) + 1
            page.close()
            result[n] = {
                rgb: (
                    Box(
                        x=b[0] * PX_PER_PT,
                        y=(page_h - b[3]) * PX_PER_PT,
                        w=(b[2] - b[0]) * PX_PER_PT,
                        h=(b[3] - b[1]) * PX_PER_PT,
                    ),
                    counts[rgb],
                )
                for rgb, b in acc.items()
            }
    finally:
        doc.close()
    return result
