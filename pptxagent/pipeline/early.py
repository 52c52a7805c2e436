"""The LibreOffice cross-check, started before the visual QA.

After the loop, the deck is written and packed to a temporary file and LibreOffice draws it
in a background thread while the visual QA runs in the browser (its own process, the other
core). When the QA's correction pass changes no slide, the packed output is that same deck
and ``crosscheck`` takes these bounds instead of drawing it again; when it changes one, the
early bounds are dropped and the output is drawn as before. Nothing of it reaches the
output folder.
"""

from __future__ import annotations

import contextlib
import weakref
from concurrent.futures import ThreadPoolExecutor

from pptxagent.engines.libreoffice import TextBounds, get_libreoffice
from pptxagent.engines.scratch import make_dir, remove_dir
from pptxagent.errors import DrawingError, PptxAgentError
from pptxagent.pipeline.job import EarlyBounds, FillJob
from pptxagent.pipeline.writeback import save_copy, write_back_slides


def start_crosscheck(job: FillJob) -> None:
    """Write the refined slides, pack a temporary copy, let LibreOffice draw it meanwhile."""
    if not job.opts.crosscheck or not any(w.outcome is not None for w in job.slides):
        return
    parts = {w.filled.part: job.package.read_bytes(w.filled.part)
             for w in job.slides if w.outcome is not None}
    write_back_slides(job)
    folder = make_dir("early")
    deck = folder / "early.pptx"
    try:
        save_copy(job, deck)
    except BaseException:
        remove_dir(folder)
        raise
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pptxagent-early")
    future = pool.submit(get_libreoffice().text_bounds, deck)
    pool.shutdown(wait=False)
    job.early = EarlyBounds(
        future=future,
        outcomes={w.filled.index: w.outcome for w in job.slides if w.outcome is not None},
        parts=parts, folder=folder)
    weakref.finalize(job.early, remove_dir, folder)


def early_bounds(job: FillJob) -> TextBounds | None:
    """The early drawing's bounds when the output is the deck it drew (no slide changed
    since), else ``None`` (draw the output). Its ``DrawingError`` when LibreOffice could not
    draw that deck."""
    early = job.early
    if early is None:
        return None
    same = all(early.outcomes.get(w.filled.index) is w.outcome
               for w in job.slides if w.outcome is not None)
    try:
        if not same:
            with contextlib.suppress(Exception):
                early.future.result()  # a stale drawing: let it end, whatever it says
            return None
        try:
            return early.future.result()
        except DrawingError:
            raise  # LibreOffice could not draw this very deck: drawing it again will not help
        except PptxAgentError:
            return None  # drawn again from the output, which reports the failure plainly
    finally:
        remove_dir(early.folder)
