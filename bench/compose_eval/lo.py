"""LibreOffice draws the decks for the judge, autofit stripped.

Each deck gets two copies with every ``a:normAutofit``/``a:spAutoFit`` replaced by
``a:noAutofit`` (text drawn at its stored sizes, no live shrink): a *tagged* copy where each
text shape's runs (each table cell's) are painted a colour of their own
(``pptxagent.ooxml.tagging``), and a *plain* copy. One ``soffice --headless --convert-to pdf``
call per batch (two in parallel, each with its own temporary profile) turns them into PDFs;
pdfium reads where each shape's text lines landed (tagged PDF). ``drawn.py`` judges them and
renders the plain PDF for contrast.
"""

from __future__ import annotations

import ctypes
import json
import shutil
import subprocess
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from lxml import etree

from bench.compose_eval.deck import Deck, q
from pptxagent.engines.lo_profile import write_profile
from pptxagent.engines.lo_server import office_pipes, remove_stale_pipes
from pptxagent.ooxml.tagging import tag_copy

Failures = dict[int, list[str]]
PX_PER_PT = 96 / 72
TOL_PX = 2.0
RENDER_W = 1600
ASCENT_EM, DESCENT_EM = 0.9, 0.22
CONVERT_TIMEOUT_S = 900
Rect = tuple[float, float, float, float]
"""x0, y0, x1, y1 in slide px (96 dpi), y down (as ``geometry.Rect``)."""


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
    url = write_profile(profile)
    try:
        opts = json.dumps({"ExportHiddenSlides": {"type": "boolean", "value": "true"}})
        cmd = ["soffice", "--headless", "--invisible", "--nologo", "--norestore",
               f"-env:UserInstallation={url}",
               "--convert-to", f"pdf:impress_pdf_Export:{opts}", "--outdir", str(out_dir),
               *map(str, files)]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=CONVERT_TIMEOUT_S,
                              check=False)
        return proc.stdout + proc.stderr
    finally:
        shutil.rmtree(profile, ignore_errors=True)
        remove_stale_pipes(office_pipes(url))  # a timed-out soffice leaves its socket


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
