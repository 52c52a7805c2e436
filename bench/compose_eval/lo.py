"""The judge's LibreOffice checks: text inside its box, no text–text overlap, contrast.

Each deck gets two copies with every ``a:normAutofit``/``a:spAutoFit`` replaced by
``a:noAutofit`` (text drawn at its stored sizes, no live shrink): a *tagged* copy where each
text shape's runs are painted a colour of its own (``pptxagent.ooxml.tagging``), and a
*plain* copy. One ``soffice --headless --convert-to pdf`` call per batch (two in parallel,
each with its own temporary profile) turns them into PDFs; pdfium reads where each shape's
text lines landed (tagged PDF) and renders the plain PDF at ``RENDER_W`` px for contrast.

* fit: every line of a shape's text inside the shape's frame (±``TOL_PX``);
* overlap: no line of one shape's text intersects a line of another's by more than
  ``TOL_PX`` in both directions;
* contrast: for every line, on the plain render, the weakest text colour against the
  backdrop (``bench.heldout.judge_art.text_inks``) ≥ 4.5:1, 3:1 for large text (≥ 24 pt, or
  ≥ 18 pt bold); lines on a busy backdrop (picture, gradient) are counted as unjudged.
"""

from __future__ import annotations

import ctypes
import itertools
import json
import re
import shutil
import subprocess
import tempfile
import unicodedata
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from lxml import etree
from PIL import Image

from bench.compose_eval.deck import EMU_PX, Deck, Slide, q
from bench.heldout.judge_art import PLAIN_SHARE, backdrop, text_contrast
from pptxagent.engines.libreoffice import TextBox
from pptxagent.engines.lo_profile import write_profile
from pptxagent.ooxml.tagging import tag_copy

Failures = dict[int, list[str]]
PX_PER_PT = 96 / 72
TOL_PX = 2.0
RENDER_W = 1600
ASCENT_EM, DESCENT_EM = 0.9, 0.22
CONVERT_TIMEOUT_S = 900
Rect = tuple[float, float, float, float]
"""x0, y0, x1, y1 in slide px (96 dpi), y down."""


@dataclass
class Line:
    rect: Rect
    size_pt: float
    bold: bool
    text: str = ""


@dataclass
class Rendered:
    """What LibreOffice drew for one deck."""

    lines: dict[int, dict[str, list[Line]]] = field(default_factory=dict)
    """slide → shape id → its text's line boxes."""
    plain_pdf: Path | None = None
    error: str | None = None


@dataclass
class Job:
    deck: Path
    stem: str
    colours: dict[int, dict[str, int]] = field(default_factory=dict)


CELL_BASE = 0x7E0000
"""Table cells of the tagged copy are painted ``CELL_BASE | k`` (shapes: ``0x7F0000 | k``)."""


def _paint_cells(path: Path, colours: dict[int, dict[str, int]]) -> None:
    """Repaint each table cell's runs a colour of its own (key ``"{frame id}:{row}.{col}"``)
    so a cell's text is judged against its column and the other cells."""
    with zipfile.ZipFile(path) as z:
        items = [(i, z.read(i)) for i in z.infolist()]
    with Deck(path) as deck:
        slides = {s.part: s.number for s in deck.slides if s.number in colours}
    k = 0
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for item, data in items:
            n = slides.get(item.filename)
            if n is not None and b"<a:tbl>" in data:
                root = etree.fromstring(data)
                for frame in root.iter(q("p:graphicFrame")):
                    sid = next(frame.iter(q("p:cNvPr"))).get("id", "")
                    for r, tr in enumerate(frame.iter(q("a:tr"))):
                        for c, tc in enumerate(tr.findall(q("a:tc"))):
                            k += 1
                            if _paint_runs(tc, CELL_BASE | k):
                                colours[n][f"{sid}:{r}.{c}"] = CELL_BASE | k
                    colours[n].pop(sid, None)
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8",
                                      standalone=True)
            z.writestr(item, data)


def _paint_runs(tc: etree._Element, rgb: int) -> bool:
    painted = False
    for run in tc.iter(q("a:r"), q("a:fld")):
        rpr = run.find(q("a:rPr"))
        if rpr is None:
            continue  # tag_copy gave every run an rPr with a solid fill
        for fill in rpr.findall(q("a:solidFill")):
            for clr in fill:
                clr.set("val", f"{rgb:06X}")
            painted = True
    return painted


def prepare(jobs: list[Job], folder: Path) -> list[Path]:
    """Write the tagged and plain copies of each job's deck into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for job in jobs:
        tagged = tag_copy(job.deck, folder / f"{job.stem}.tag.pptx", colour=True)
        job.colours = tagged.colours
        _paint_cells(folder / f"{job.stem}.tag.pptx", job.colours)
        tag_copy(job.deck, folder / f"{job.stem}.plain.pptx", colour=False)
        out += [folder / f"{job.stem}.tag.pptx", folder / f"{job.stem}.plain.pptx"]
    return out


def _convert_batch(files: list[Path], out_dir: Path) -> str:
    profile = Path(tempfile.mkdtemp(prefix="judge-lo-profile-"))
    try:
        opts = json.dumps({"ExportHiddenSlides": {"type": "boolean", "value": "true"}})
        cmd = ["soffice", "--headless", "--invisible", "--nologo", "--norestore",
               f"-env:UserInstallation={write_profile(profile)}",
               "--convert-to", f"pdf:impress_pdf_Export:{opts}", "--outdir", str(out_dir),
               *map(str, files)]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=CONVERT_TIMEOUT_S,
                              check=False)
        return proc.stdout + proc.stderr
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def convert(files: list[Path], out_dir: Path, parallel: int = 2) -> None:
    """PDFs of ``files`` into ``out_dir`` (same stem), ``parallel`` soffice calls at once."""
    out_dir.mkdir(parents=True, exist_ok=True)
    chunks = [files[k::parallel] for k in range(parallel) if files[k::parallel]]
    with ThreadPoolExecutor(max_workers=max(1, len(chunks))) as pool:
        list(pool.map(lambda c: _convert_batch(c, out_dir), chunks))


def _fill_rgb(obj: pdfium.PdfObject) -> int | None:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not pdfium_c.FPDFPageObj_GetFillColor(obj.raw, *(ctypes.byref(x) for x in (r, g, b, a))):
        return None
    return (r.value << 16) | (g.value << 8) | b.value


def _obj_text(obj: pdfium.PdfObject, textpage: pdfium.PdfTextPage) -> str:
    n = pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
    if n <= 2:
        return ""
    buf = (ctypes.c_ushort * (n // 2))()
    pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, buf, n)
    return bytes(buf)[: n - 2].decode("utf-16-le", errors="replace")


def _line(obj: pdfium.PdfObject, page_h: float) -> Line | None:
    left, bottom, right, top = obj.get_bounds()
    if right <= left or top <= bottom:
        return None
    m = obj.get_matrix()
    size = ctypes.c_float()
    pt = 0.0
    if pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size)):
        pt = size.value * abs(m.d) if abs(m.b) < 1e-6 and abs(m.c) < 1e-6 else size.value
        if abs(m.b) < 1e-6 and abs(m.c) < 1e-6:
            left = min(left, m.e)
            bottom, top = m.f - DESCENT_EM * pt, m.f + ASCENT_EM * pt
    font = pdfium_c.FPDFTextObj_GetFont(obj.raw)
    bold = bool(font) and pdfium_c.FPDFFont_GetWeight(font) >= 600
    if font and not bold:
        buf = ctypes.create_string_buffer(256)
        n = pdfium_c.FPDFFont_GetBaseFontName(font, buf, 256) if hasattr(
            pdfium_c, "FPDFFont_GetBaseFontName") else pdfium_c.FPDFFont_GetFontName(
            font, buf, 256)
        bold = b"bold" in buf.raw[: max(0, n)].lower()
    return Line((left * PX_PER_PT, (page_h - top) * PX_PER_PT, right * PX_PER_PT,
                 (page_h - bottom) * PX_PER_PT), pt, bold)


def read_lines(pdf: Path, colours: dict[int, dict[str, int]]) -> dict[int, dict[str, list[Line]]]:
    doc = pdfium.PdfDocument(str(pdf))
    out: dict[int, dict[str, list[Line]]] = {}
    try:
        for n, by_id in colours.items():
            if n > len(doc):
                continue
            owner = {rgb: sid for sid, rgb in by_id.items()}
            page = doc[n - 1]
            _, page_h = page.get_size()
            textpage = page.get_textpage()
            got: dict[str, list[Line]] = {}
            for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT], max_depth=3):
                sid = owner.get(_fill_rgb(obj) or -1)
                line = _line(obj, page_h) if sid is not None else None
                if sid is not None and line is not None:
                    line.text = _obj_text(obj, textpage)
                    got.setdefault(sid, []).append(line)
            out[n] = got
            textpage.close()
            page.close()
    finally:
        doc.close()
    return out


# --- geometry of the shapes --------------------------------------------------------------
def _xfrm(el: etree._Element) -> etree._Element | None:
    for path in (f"{q('p:spPr')}/{q('a:xfrm')}", q("p:xfrm"), f"{q('p:grpSpPr')}/{q('a:xfrm')}"):
        found = el.find(path)
        if found is not None:
            return found
    return None


def _rect(x: etree._Element) -> Rect | None:
    off, ext = x.find(q("a:off")), x.find(q("a:ext"))
    if off is None or ext is None:
        return None
    x0, y0 = int(off.get("x", "0")), int(off.get("y", "0"))
    return x0, y0, x0 + int(ext.get("cx", "0")), y0 + int(ext.get("cy", "0"))


def _placeholder_rect(deck: Deck, slide: Slide, ph: etree._Element) -> Rect | None:
    for part in (slide.layout, slide.master):
        if part is None:
            continue
        for sp in deck.xml(part).iter(q("p:sp")):
            other = next(sp.iter(q("p:ph")), None)
            if other is None:
                continue
            same_idx = ph.get("idx") is not None and other.get("idx") == ph.get("idx")
            same_type = other.get("type", "body") == ph.get("type", "body")
            x = _xfrm(sp)
            if (same_idx or same_type) and x is not None and _rect(x) is not None:
                return _rect(x)
    return None


def shape_boxes(deck: Deck, slide: Slide) -> dict[str, Rect]:
    """Shape id → its frame in slide px (group transforms applied; placeholders without
    their own geometry take their layout's or master's)."""
    out: dict[str, Rect] = {}

    def walk(parent: etree._Element, tf: tuple[float, float, float, float]) -> None:
        ox, oy, sx, sy = tf
        for el in parent:
            if el.tag not in (q("p:sp"), q("p:graphicFrame"), q("p:grpSp"), q("p:pic"),
                              q("p:cxnSp")):
                continue
            x = _xfrm(el)
            r = _rect(x) if x is not None else None
            if el.tag == q("p:grpSp"):
                ch_off = x.find(q("a:chOff")) if x is not None else None
                ch_ext = x.find(q("a:chExt")) if x is not None else None
                if r is None or ch_off is None or ch_ext is None:
                    walk(el, tf)
                    continue
                cw, chh = int(ch_ext.get("cx", "1")) or 1, int(ch_ext.get("cy", "1")) or 1
                gsx, gsy = (r[2] - r[0]) / cw, (r[3] - r[1]) / chh
                walk(el, (ox + sx * (r[0] - gsx * int(ch_off.get("x", "0"))),
                          oy + sy * (r[1] - gsy * int(ch_off.get("y", "0"))),
                          sx * gsx, sy * gsy))
                continue
            c_nv_pr = next(el.iter(q("p:cNvPr")), None)
            if c_nv_pr is None:
                continue
            if r is None:
                ph = next(el.iter(q("p:ph")), None)
                r = _placeholder_rect(deck, slide, ph) if ph is not None else None
            if r is None:
                continue
            sid = c_nv_pr.get("id", "")
            out[sid] = (ox + sx * r[0], oy + sy * r[1], ox + sx * r[2], oy + sy * r[3])
            widths = [int(g.get("w", "0")) for g in el.iter(q("a:gridCol"))]
            for row, tr in enumerate(el.iter(q("a:tr"))):
                for col, tc in enumerate(tr.findall(q("a:tc"))):
                    span = int(tc.get("gridSpan", "1"))
                    x0 = r[0] + sum(widths[:col])
                    x1 = x0 + sum(widths[col:col + span])
                    out[f"{sid}:{row}.{col}"] = (ox + sx * x0, oy + sy * r[1],
                                                 ox + sx * x1, oy + sy * r[3])

    tree = slide.xml.find(f"{q('p:cSld')}/{q('p:spTree')}")
    if tree is not None:
        walk(tree, (0.0, 0.0, 1.0, 1.0))
    return {k: (v[0] / EMU_PX, v[1] / EMU_PX, v[2] / EMU_PX, v[3] / EMU_PX)
            for k, v in out.items()}


# --- the checks --------------------------------------------------------------------------
def _union(lines: list[Line]) -> Rect:
    return (min(ln.rect[0] for ln in lines), min(ln.rect[1] for ln in lines),
            max(ln.rect[2] for ln in lines), max(ln.rect[3] for ln in lines))


def check_fit(deck: Deck, drawn: dict[int, dict[str, list[Line]]]) -> tuple[Failures, Failures]:
    """(text outside its box, text–text overlap) per slide."""
    fit: Failures = {}
    overlap: Failures = {}
    for slide in deck.slides:
        boxes = shape_boxes(deck, slide)
        lines = drawn.get(slide.number, {})
        frames: dict[str, list[Line]] = {}
        for key, got in lines.items():
            frames.setdefault(key.split(":")[0], []).extend(got)
        for sid, got in frames.items():
            msg = _outside(f"sp{sid}", boxes.get(sid), got, vertical=True)
            if msg:
                fit.setdefault(slide.number, []).append(msg)
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


_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def vocabulary(texts: list[str]) -> set[str]:
    return {w for t in texts for w in _WORD.findall(t) if w.isascii() or _latin(w)}


def _latin(word: str) -> bool:
    return all(unicodedata.name(ch, "").startswith("LATIN") for ch in word)


def broken_words(drawn: dict[int, dict[str, list[Line]]], words: set[str]) -> Failures:
    """Words LibreOffice broke across two lines (``Rechtsschutzversicherun|gsgesellschaften``):
    the end of a row and the start of the next make an outline word neither part is."""
    out: Failures = {}
    for n, shapes in drawn.items():
        for sid, lines in shapes.items():
            rows = [" ".join(ln.text for ln in sorted(r, key=lambda ln: ln.rect[0])).strip()
                    for r in _rows(lines)]
            for a, b in itertools.pairwise(rows):
                tail, head = _WORD.findall(a)[-1:], _WORD.findall(b)[:1]
                if not tail or not head or not a.endswith(tail[0]):
                    continue
                joined = tail[0] + head[0]
                if joined in words and tail[0] not in words:
                    out.setdefault(n, []).append(f"sp{sid}: {tail[0]}|{head[0]}")
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


def render_all(jobs: list[Job], folder: Path, parallel: int = 2) -> dict[str, Rendered]:
    """Convert every job's copies in batches and read what LibreOffice drew."""
    files = prepare(jobs, folder / "copies")
    convert(files, folder / "pdf", parallel)
    out: dict[str, Rendered] = {}
    for job in jobs:
        tag_pdf = folder / "pdf" / f"{job.stem}.tag.pdf"
        plain_pdf = folder / "pdf" / f"{job.stem}.plain.pdf"
        if not tag_pdf.exists() or not plain_pdf.exists():
            out[job.stem] = Rendered(error="LibreOffice produced no PDF")
            continue
        out[job.stem] = Rendered(read_lines(tag_pdf, job.colours), plain_pdf)
    return out
