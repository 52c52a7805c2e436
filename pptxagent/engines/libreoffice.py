"""The LibreOffice engine: one headless soffice per process, PDF/PNG rendering, text bounds.

::

    lo = get_libreoffice()                      # started on first use, closed at exit
    lo.start_background()                       # or start it now, while other work runs
    lo.to_pdf(deck, out / "deck.pdf")           # hidden slides included: page n = slide n
    lo.to_pngs(deck, out / "libreoffice")       # slide-1.png ... at the slide's 96-dpi size
    lo.text_bounds(deck)                        # {slide: {shape id: TextBox}} in slide px

The engine runs ``soffice --headless --accept=socket,...`` on a free loopback port with a
private profile (fonts from ``FONT_MAP``, see ``lo_profile``) and a UNO worker (``lo_worker``
under ``.venv-uno``'s or Debian's Python) that connects as soon as soffice listens: a cold
start costs about what one ``soffice --convert-to pdf`` does, and ``start_background`` lets it
overlap the browser's work. When the UNO bridge cannot start, PDFs come from a cold
``soffice --convert-to pdf`` with the same profile; text bounds raise ``EngineError`` then.
"""

from __future__ import annotations

import atexit
import contextlib
import threading
from collections.abc import Collection
from pathlib import Path
from typing import Any

from pptxagent.engines import lo_pdf, scratch
from pptxagent.engines.lo_profile import keep_seed, seed_profile, write_profile
from pptxagent.engines.lo_server import (
    Soffice,
    UnoWorker,
    close_bridge,
    cold_convert_pdf,
    find_soffice,
)
from pptxagent.errors import DrawingError, EngineError, InputError
from pptxagent.ir import Box
from pptxagent.ooxml.tagging import TaggedDeck, tag_copy

START_ATTEMPTS = 2
"""soffice + UNO worker starts tried before the cold path."""


class TextBox(Box):
    """Where LibreOffice drew one shape's text (union of its text objects), slide px."""

    runs: int = 0
    """How many PDF text objects (about one per run per line) the box unites."""


TextBounds = dict[int, dict[str, TextBox]]


class LibreOffice:
    """One headless LibreOffice. Thread-safe: calls are serialised (soffice is
    single-threaded); the start-up may run in a background thread (``start_background``)."""

    def __init__(self, warm: bool = True) -> None:
        find_soffice()  # fail early and clearly when LibreOffice is missing
        self._want_warm = warm
        self._had_bridge = False
        self._lock = threading.RLock()
        self._start_lock = threading.Lock()
        scratch.sweep_soon()
        self._dir = scratch.make_dir("lo")
        self._env = scratch.engine_env(self._dir)  # its lu*.tmp go where close removes them
        self._profile_dir = self._dir / "profile"
        self._seeded = seed_profile(self._profile_dir, find_soffice())
        self._profile_url = write_profile(self._profile_dir, find_soffice())
        self._soffice: Soffice | None = None
        self._worker: UnoWorker | None = None
        self._starter: threading.Thread | None = None
        self._started = False
        self._closed = False
        self.start_error: str | None = None
        """Why the UNO bridge is not used (None while it is)."""
        self._seq = 0

    # --- lifecycle --------------------------------------------------------------------------
    @property
    def warm(self) -> bool:
        """Is the UNO bridge (soffice + worker) up? Waits for a start in progress."""
        self._ensure_started()
        return self._worker is not None and self._soffice is not None and self._soffice.alive()

    def start_background(self, warm_with: Path | None = None) -> None:
        """Start soffice and its UNO worker in a background thread and return at once, so the
        start-up overlaps other work; the first call that needs LibreOffice waits for it.

        ``warm_with``: a deck to load once in the background (say the template a fill starts
        from): LibreOffice's first load pays for the Impress module and the fonts."""
        with self._start_lock:
            if self._closed or self._started or self._starter is not None:
                return
            self._starter = threading.Thread(
                target=self._start, args=(warm_with,), name="pptxagent-libreoffice-start",
                daemon=True)
            self._starter.start()

    def _ensure_started(self) -> None:
        if self._closed:
            raise EngineError("the LibreOffice engine was closed")
        with self._start_lock:
            starter = self._starter
            if starter is None and not self._started:
                self._start()
                return
        if starter is not None:
            starter.join()

    def _start(self, warm_with: Path | None = None) -> None:
        try:
            if not self._want_warm:
                self.start_error = "UNO bridge disabled"
                return
            bridge = self._bridge()
            if bridge is not None and warm_with is not None and warm_with.is_file():
                # Nobody else sees the worker before _start returns: no lock needed. A template
                # LibreOffice cannot load is the cross-check's to report, not the start-up's;
                # one that brings soffice down costs a restart without the warm-up.
                soffice, worker = bridge
                with contextlib.suppress(EngineError):
                    worker.call({"op": "warm", "in": str(warm_with.resolve())})
                if not soffice.alive() or worker.proc.poll() is not None:
                    close_bridge(soffice, worker)
                    bridge = self._bridge()
            if bridge is not None:
                self._soffice, self._worker = bridge
                self.start_error = None
                self._had_bridge = True
        finally:
            self._started = True

    def _bridge(self) -> tuple[Soffice, UnoWorker] | None:
        """A started soffice and a connected worker, or None (``start_error`` says why). A
        bridge that fails to come up is tried once more before the cold path: the cold path
        draws differently (no stored autofit scales), and a slow start on a busy machine must
        not change what a fill measures."""
        for _ in range(START_ATTEMPTS):
            self._seq += 1
            try:
                soffice = Soffice(self._profile_url, self._dir / f"soffice-{self._seq}.log",
                                  self._env)
            except OSError as exc:
                self.start_error = f"cannot start soffice: {exc}"
                continue
            try:
                worker = UnoWorker(soffice.uno_pipe, self._dir / f"worker-{self._seq}.log",
                                   office=soffice.proc)
            except (EngineError, OSError) as exc:
                soffice.close()
                self.start_error = exc.message if isinstance(exc, EngineError) else str(exc)
                continue
            return soffice, worker
        return None

    def _revive(self) -> None:
        """Under ``_lock``, before a drawing: a bridge that was up and died since (soffice
        killed or crashed) is started again, so a long-lived process (a worker, the engine
        host) does not fall back to the cold path, which draws differently, for good."""
        if not self._had_bridge or self._closed:
            return
        if (self._worker is not None and self._soffice is not None and self._soffice.alive()
                and self._worker.proc.poll() is None):
            return
        self._restart()

    def _restart(self) -> None:
        """Under ``_lock``: end the bridge as it is and start a new one (or the cold path)."""
        scratch.sweep_soon()
        self._end_bridge()
        bridge = self._bridge()
        if bridge is None:
            self._had_bridge = False  # not at every drawing: the cold path from here on
            return
        self._soffice, self._worker = bridge
        self.start_error = None

    def _call(self, what: Path, request: dict[str, Any]) -> None:
        """Under ``_lock``: one worker request. When the bridge went down under it (soffice
        killed or crashed just before or during the call, too recently for ``_revive`` to
        see), a new bridge is started and the request made once more."""
        try:
            self._worker_for(what).call(request)
        except EngineError as exc:
            if not _bridge_down(exc.message) or self._closed:
                raise
            self._restart()
            if self._worker is None:
                raise DrawingError(f"LibreOffice crashed drawing {what} and did not start "
                                   f"again: {self.start_error}") from exc
            try:
                self._worker.call(request)
            except EngineError as again:
                if not _bridge_down(again.message) or self._closed:
                    raise
                self._restart()  # ready for the next deck
                raise DrawingError(f"LibreOffice crashed drawing {what}, twice (the second time "
                                   f"after a restart): {again.message}") from again

    def _worker_for(self, what: Path) -> UnoWorker:
        self._ensure_started()
        if self._worker is None:
            raise EngineError(
                f"cannot measure LibreOffice text bounds of {what}: the LibreOffice UNO "
                f"bridge is not running ({self.start_error})"
            )
        return self._worker

    def close(self, at_exit: bool = False) -> None:
        """End soffice and remove the folder. ``at_exit`` (this process is exiting): a
        profile copied from the seed is thrown away, so soffice is killed at once rather than
        asked to end cleanly (~0.07 s, and now and then a 2 s stall in its shutdown)."""
        starter = self._starter
        if starter is not None:
            starter.join()  # never leave a half-started soffice behind
        with self._lock:
            self._closed = True
            if at_exit and self._seeded:
                self._abandon_bridge()
            elif self._end_bridge():
                keep_seed(self._profile_dir, find_soffice())
            scratch.remove_dir(self._dir)

    def _abandon_bridge(self) -> None:
        if self._worker is not None:
            self._worker.abandon()
        if self._soffice is not None:
            self._soffice.abandon()
        self._soffice = self._worker = None

    def _end_bridge(self) -> bool:
        """Under ``_lock``: end the worker and its soffice (either may be gone already).
        Whether soffice ended cleanly when asked to."""
        asked = self._worker.close() if self._worker is not None else False
        clean = False
        if self._soffice is not None:
            clean = self._soffice.close(asked_to_quit=asked) and asked
        self._soffice = self._worker = None
        return clean

    def _scratch(self, suffix: str) -> Path:
        with self._lock:  # two threads' drawings never share a file
            self._seq += 1
            return self._dir / f"job-{self._seq}{suffix}"

    # --- rendering --------------------------------------------------------------------------
    def to_pdf(self, pptx: Path, pdf: Path) -> None:
        """Export every slide (hidden ones too) to ``pdf``: page n is slide n."""
        pptx = _existing(pptx)
        pdf.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            self._revive()
            if self.warm and self._worker is not None:
                self._call(pptx, {"op": "convert", "in": str(pptx), "out": str(pdf.resolve())})
            else:
                cold_convert_pdf(pptx, pdf, self._profile_url, self._dir, self._env)
        if not pdf.exists():
            raise DrawingError(f"LibreOffice produced no PDF for {pptx}")

    def to_pngs(self, pptx: Path, out_dir: Path, dpi_px_width: int | None = None) -> list[Path]:
        """``out_dir/slide-{n}.png`` for every slide, at the slide's px size (96 dpi) unless
        ``dpi_px_width`` asks for another width."""
        pdf = self._scratch(".pdf")
        try:
            self.to_pdf(pptx, pdf)
            return lo_pdf.pdf_to_pngs(pdf, out_dir, dpi_px_width)
        finally:
            pdf.unlink(missing_ok=True)

    def _export_tagged(self, pptx: Path, pdf: Path, colour: bool) -> TaggedDeck:
        """Export a tagged copy of ``pptx`` as PowerPoint shows it: stored autofit scales,
        no live shrink/grow; with ``colour`` every text shape is painted its own colour.

        With the UNO bridge, the worker re-applies stored autofit scales exactly; without it,
        a cold ``soffice --convert-to pdf`` draws the copy (stored scales not re-applied)."""
        pptx = _existing(pptx)
        tagged_path = self._scratch(".pptx")
        try:
            tagged = tag_copy(pptx, tagged_path, colour=colour)
            with self._lock:
                self._revive()
                if not self.warm:
                    cold_convert_pdf(tagged_path, pdf, self._profile_url, self._dir,
                                     self._env)
                    return tagged
                self._call(pptx, {
                    "op": "export",
                    "in": str(tagged_path.resolve()),
                    "out": str(pdf.resolve()),
                    "colour": False,
                    "scales": {k: list(v) for k, v in tagged.scales.items()},
                })
        finally:
            tagged_path.unlink(missing_ok=True)
        return tagged

    def to_pngs_as_stored(self, pptx: Path, out_dir: Path, px_width: int | None = None,
                          pages: Collection[int] | None = None) -> list[Path]:
        """Like ``to_pngs`` but drawn as PowerPoint shows the file (no live autofit), so an
        overflow PowerPoint would show is visible; ``px_width`` as in ``to_pngs``; only the
        1-based slide numbers in ``pages`` when given."""
        pdf = self._scratch(".pdf")
        try:
            self._export_tagged(pptx, pdf, colour=False)
            return lo_pdf.pdf_to_pngs(pdf, out_dir, px_width, pages)
        finally:
            pdf.unlink(missing_ok=True)

    def text_bounds(self, pptx: Path) -> TextBounds:
        """Slide number (1-based) → OOXML shape id (str) → where LibreOffice drew its text.

        Drawn with the stored autofit state (no live shrink/grow). Shapes without visible
        text are absent."""
        pdf = self._scratch(".pdf")
        try:
            tagged = self._export_tagged(pptx, pdf, colour=True)
            wanted = {n: set(by_id.values()) for n, by_id in tagged.colours.items()}
            boxes = lo_pdf.colour_boxes(pdf, wanted)
        finally:
            pdf.unlink(missing_ok=True)
        result: TextBounds = {n: {} for n in range(1, tagged.slide_count + 1)}
        for n, by_id in tagged.colours.items():
            for sid, rgb in by_id.items():
                found = boxes.get(n, {}).get(rgb)
                if found is None:
                    continue
                box, runs = found
                result[n][sid] = TextBox(x=box.x, y=box.y, w=box.w, h=box.h, runs=runs)
        return result


def _bridge_down(message: str) -> bool:
    """An error that says the bridge itself went down, not that the deck was refused."""
    return ("DisposedException" in message or "UNO worker died" in message
            or "worker is not running" in message)


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
            atexit.register(_instance.close, at_exit=True)
        return _instance


__all__ = ["LibreOffice", "TextBounds", "TextBox", "get_libreoffice"]
