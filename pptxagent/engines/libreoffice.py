"""The LibreOffice engine: a warm unoserver per process, PDF/PNG rendering, text bounds.

::

    lo = get_libreoffice()                      # started on first use, closed at exit
    lo.to_pdf(deck, out / "deck.pdf")           # hidden slides included: page n = slide n
    lo.to_pngs(deck, out / "libreoffice")       # slide-1.png ... at the slide's 96-dpi size
    lo.text_bounds(deck)                        # {slide: {shape id: TextBox}} in slide px

The warm server is ``.venv-uno/bin/unoserver`` (``PPTXAGENT_UNOSERVER`` may point elsewhere)
on free loopback ports with a private profile (fonts from ``FONT_MAP``, see ``lo_profile``).
When it cannot start, PDFs come from a cold ``soffice --convert-to pdf`` with the same
profile; text bounds need the UNO bridge and raise ``EngineError`` then.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

from pptxagent.engines import lo_pdf
from pptxagent.engines.lo_profile import write_profile
from pptxagent.engines.lo_server import (
    UnoServer,
    UnoWorker,
    cold_convert_pdf,
    find_soffice,
    find_unoserver,
    unoserver_candidate,
)
from pptxagent.errors import EngineError, InputError
from pptxagent.ir import Box
from pptxagent.ooxml.tagging import TaggedDeck, shape_id_of, tag_copy


class TextBox(Box):
    """Where LibreOffice drew one shape's text (union of its text objects), slide px."""

    runs: int = 0
    """How many PDF text objects (about one per run per line) the box unites."""


TextBounds = dict[int, dict[str, TextBox]]


class LibreOffice:
    """One warm LibreOffice. Thread-safe: calls are serialised (soffice is single-threaded)."""

    def __init__(self, warm: bool = True) -> None:
        find_soffice()  # fail early and clearly when LibreOffice is missing
        self._want_warm = warm
        self._lock = threading.RLock()
        self._dir = Path(tempfile.mkdtemp(prefix="pptxagent-lo-"))
        self._profile_dir = self._dir / "profile"
        self._profile_url = write_profile(self._profile_dir)
        self._server: UnoServer | None = None
        self._worker: UnoWorker | None = None
        self._started = False
        self._closed = False
        self.start_error: str | None = None
        """Why the warm server is not used (None while it is)."""
        self._seq = 0

    # --- lifecycle --------------------------------------------------------------------------
    @property
    def warm(self) -> bool:
        self._ensure_started()
        return self._server is not None and self._server.alive()

    def _ensure_started(self) -> None:
        if self._closed:
            raise EngineError("the LibreOffice engine was closed")
        if self._started:
            return
        self._started = True
        if not self._want_warm:
            self.start_error = "warm server disabled"
            return
        executable = find_unoserver()
        if executable is None:
            where = unoserver_candidate()
            self.start_error = f"unoserver not found at {where} (run bin/setup)"
            return
        server = UnoServer(executable, self._profile_dir, self._dir / "unoserver.log")
        try:
            server.wait_ready()
        except EngineError as exc:
            server.close()
            self.start_error = exc.message
            return
        self._server = server

    def _worker_for(self, what: Path) -> UnoWorker:
        self._ensure_started()
        if self._server is None:
            raise EngineError(
                f"cannot measure LibreOffice text bounds of {what}: the warm LibreOffice "
                f"(unoserver) is not running ({self.start_error})"
            )
        if self._worker is None:
            self._worker = UnoWorker(self._server.uno_port, self._dir / "worker.log")
        return self._worker

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._worker is not None:
                self._worker.close()
                self._worker = None
            if self._server is not None:
                self._server.close()
                self._server = None
            shutil.rmtree(self._dir, ignore_errors=True)

    def _scratch(self, suffix: str) -> Path:
        self._seq += 1
        return self._dir / f"job-{self._seq}{suffix}"

    # --- rendering --------------------------------------------------------------------------
    def to_pdf(self, pptx: Path, pdf: Path) -> None:
        """Export every slide (hidden ones too) to ``pdf``: page n is slide n."""
        pptx = _existing(pptx)
        pdf.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            self._ensure_started()
            if self._server is not None and self._server.alive():
                self._server.convert_pdf(pptx, pdf)
            else:
                cold_convert_pdf(pptx, pdf, self._profile_url, self._dir)
        if not pdf.exists():
            raise EngineError(f"LibreOffice produced no PDF for {pptx}")

    def to_pngs(self, pptx: Path, out_dir: Path, dpi_px_width: int | None = None) -> list[Path]:
        """``out_dir/slide-{n}.png`` for every slide, at the slide's px size (96 dpi) unless
        ``dpi_px_width`` asks for another width."""
        pdf = self._scratch(".pdf")
        try:
            self.to_pdf(pptx, pdf)
            return lo_pdf.pdf_to_pngs(pdf, out_dir, dpi_px_width)
        finally:
            pdf.unlink(missing_ok=True)

    def _export_tagged(self, pptx: Path, pdf: Path, colour: bool) -> tuple[TaggedDeck, Any]:
        """Export a tagged copy of ``pptx`` as PowerPoint shows it: stored autofit scales,
        no live shrink/grow; with ``colour`` every text shape is painted its own colour."""
        pptx = _existing(pptx)
        tagged_path = self._scratch(".pptx")
        try:
            tagged = tag_copy(pptx, tagged_path)
            with self._lock:
                worker = self._worker_for(pptx)
                answer = worker.call(
                    {
                        "op": "export",
                        "in": str(tagged_path.resolve()),
                        "out": str(pdf.resolve()),
                        "colour": colour,
                        "scales": {k: list(v) for k, v in tagged.scales.items()},
                    }
                )
        finally:
            tagged_path.unlink(missing_ok=True)
        return tagged, answer

    def to_pngs_as_stored(self, pptx: Path, out_dir: Path) -> list[Path]:
        """Like ``to_pngs`` but drawn as PowerPoint shows the file (no live autofit), so an
        overflow PowerPoint would show is visible; needs the warm server."""
        pdf = self._scratch(".pdf")
        try:
            self._export_tagged(pptx, pdf, colour=False)
            return lo_pdf.pdf_to_pngs(pdf, out_dir, None)
        finally:
            pdf.unlink(missing_ok=True)

    def text_bounds(self, pptx: Path) -> TextBounds:
        """Slide number (1-based) → OOXML shape id (str) → where LibreOffice drew its text.

        Drawn with the stored autofit state (no live shrink/grow). Shapes without visible
        text are absent."""
        pdf = self._scratch(".pdf")
        try:
            tagged, answer = self._export_tagged(pptx, pdf, colour=True)
            colours: dict[str, dict[str, int]] = answer.get("colours", {})
            wanted = {int(n): set(by_name.values()) for n, by_name in colours.items()}
            boxes = lo_pdf.colour_boxes(pdf, wanted)
        finally:
            pdf.unlink(missing_ok=True)
        result: TextBounds = {n: {} for n in range(1, tagged.slide_count + 1)}
        for n_str, by_name in colours.items():
            n = int(n_str)
            for name, rgb in by_name.items():
                sid = shape_id_of(name)
                found = boxes.get(n, {}).get(rgb)
                if sid is None or found is None:
                    continue
                box, runs = found
                result.setdefault(n, {})[sid] = TextBox(
                    x=box.x, y=box.y, w=box.w, h=box.h, runs=runs
                )
        return result


def _existing(pptx: Path) -> Path:
    pptx = Path(pptx)
    if not pptx.is_file():
        raise InputError(f"{pptx}: no such file")
    return pptx.resolve()


_instance: LibreOffice | None = None
_instance_lock = threading.Lock()


def get_libreoffice() -> LibreOffice:
    """The process-wide engine (started lazily, closed at interpreter exit)."""
    global _instance
    with _instance_lock:
        if _instance is None or _instance._closed:
            _instance = LibreOffice()
            atexit.register(_instance.close)
        return _instance


__all__ = ["LibreOffice", "TextBounds", "TextBox", "get_libreoffice"]
