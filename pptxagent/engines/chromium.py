"""Headless Chromium through Playwright's sync API: one warm browser and page per process.

Executable: ``$PPTXAGENT_CHROMIUM`` if set, else Debian's ``/usr/bin/chromium`` (or
``chromium`` on PATH), else Playwright's bundled browser. The sync API binds the browser to
the thread that started it, so each browser runs every call on a thread of its own
(``engines.thread``): any thread may call it, and its start can overlap the caller's work
(``start_background``).
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import json
import os
import shutil
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, CDPSession, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from pptxagent.engines import scratch
from pptxagent.engines.thread import EngineThread
from pptxagent.errors import EngineError

LAUNCH_ARGS: tuple[str, ...] = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
DEFAULT_VIEWPORT = (1920, 1080)
CLOSE_WAIT_S = 10.0
ENV_VAR = "PPTXAGENT_CHROMIUM"
_HELP = (
    "install Debian's chromium (apt-get install chromium), or run "
    "`.venv/bin/playwright install chromium`, or point $PPTXAGENT_CHROMIUM at a Chromium binary"
)


def find_executable() -> str | None:
    """The Chromium binary to launch; ``None`` means Playwright's own bundled browser."""
    env = os.environ.get(ENV_VAR)
    if env:
        if not Path(env).is_file():
            raise EngineError(f"${ENV_VAR}={env}: no such file; {_HELP}")
        return env
    if Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium"
    return shutil.which("chromium")


class Chromium:
    """A lazily started headless browser with one reused page."""

    def __init__(self, executable: str | None = None, *, bundled: bool = False) -> None:
        """``executable`` overrides ``find_executable()``; ``bundled`` forces Playwright's own."""
        self._executable = executable
        self._bundled = bundled
        self._pw: Playwright | None = None
        self._browser: Browser | None = None
        self._page: Page | None = None
        self._viewport = DEFAULT_VIEWPORT
        self._engine = EngineThread("chromium")
        self._starting: Future[None] | None = None

    @property
    def started(self) -> bool:
        return self._browser is not None

    # Every call runs on the browser's own thread (Playwright's sync API is bound to the
    # thread that started it): any thread may use this browser, one call at a time.

    def start(self) -> None:
        """Start the browser now (returns when it is up)."""
        self._engine.call(self._start)

    def start_background(self) -> None:
        """Start the browser on its thread while the caller goes on: the first call that
        needs it waits for what is left. A failure shows at that call."""
        if self._browser is None and self._starting is None:
            self._starting = self._engine.submit(self._start_quietly)

    def _start_quietly(self) -> None:
        with contextlib.suppress(EngineError):  # the next call starts again and says why
            self._start()

    def close(self) -> None:
        """Close the browser and Playwright; safe to call twice. Waits at most
        ``CLOSE_WAIT_S`` for a browser thread still busy (a hung call at interpreter exit):
        the driver ends the browser when this process exits (``engines.reset.kill_engines``
        ends it at once)."""
        if threading.get_ident() == self._engine.ident:
            self._close()
            return
        if not self._engine.alive:
            return  # never started, or its thread is gone: nothing to close
        with contextlib.suppress(TimeoutError):
            self._engine.submit(self._close).result(timeout=CLOSE_WAIT_S)

    def retire(self) -> None:
        """Close for good: the browser, then its thread (a replaced instance)."""
        self.close()
        self._engine.stop()

    def evaluate_document(self, html: str, script: str, arg: object = None) -> object:
        """Load ``html`` into the warm page and return ``(script)(arg)`` (see
        ``_evaluate_document``)."""
        return self._engine.call(lambda: self._evaluate_document(html, script, arg))

    def screenshot_element(self, html: str, selector: str, path: Path, *,
                           page_size: tuple[float, float] | None = None) -> Path:
        """PNG of the element ``selector`` only (e.g. ``#slide``), at device scale 1."""
        return self._engine.call(
            lambda: self._screenshot_element(html, selector, path, page_size=page_size))

    def screenshot_elements(self, html: str, selectors: list[str], paths: list[Path], *,
                            page_size: tuple[float, float] | None = None) -> list[Path]:
        """One load of ``html``, then a PNG of each ``selectors[i]`` to ``paths[i]``."""
        return self._engine.call(
            lambda: self._screenshot_elements(html, selectors, paths, page_size=page_size))

    def capture_document(
        self, html: str, script: str,
        clips_of: Callable[[object], Sequence[Sequence[Clip]]], passes: Sequence[str], *,
        arg: object = None, page_size: tuple[float, float] | None = None,
    ) -> tuple[object, list[list[bytes]]]:
        """Load once, evaluate, screenshot per pass (see ``_capture_document``)."""
        return self._engine.call(lambda: self._capture_document(
            html, script, clips_of, passes, arg=arg, page_size=page_size))

    def submit_capture(
        self, html: str, script: str,
        clips_of: Callable[[object], Sequence[Sequence[Clip]]], passes: Sequence[str], *,
        arg: object = None, page_size: tuple[float, float] | None = None,
    ) -> Future[tuple[object, list[list[bytes]]]]:
        """``capture_document`` queued on the browser's thread: the caller goes on (decodes
        the round before, say) and reads the future."""
        def run() -> tuple[object, list[list[bytes]]]:
            return self._capture_document(html, script, clips_of, passes, arg=arg,
                                          page_size=page_size)

        if threading.get_ident() == self._engine.ident:  # already there: run it now
            done: Future[tuple[object, list[list[bytes]]]] = Future()
            try:
                done.set_result(run())
            except BaseException as exc:  # the caller's .result() re-raises it
                done.set_exception(exc)
            return done
        return self._engine.submit(run)

    def _start(self) -> None:
        if self._browser is not None:
            return
        exe = None if self._bundled else (self._executable or find_executable())
        where = exe or "Playwright's bundled Chromium"
        scratch.sweep_soon()  # what killed runs left (Chromium keeps TMPDIR: its socket path
        try:  # inside a deeper folder could pass the 107-byte limit of a unix socket)
            self._pw = sync_playwright().start()
            self._browser = self._pw.chromium.launch(
                executable_path=exe, args=list(LAUNCH_ARGS), headless=True
            )
            self._page = self._browser.new_page(
                viewport={"width": self._viewport[0], "height": self._viewport[1]},
                device_scale_factor=1,
            )
        except PlaywrightError as exc:
            self.close()
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise EngineError(f"cannot start Chromium ({where}): {first}; {_HELP}") from exc

    def _close(self) -> None:
        browser, pw = self._browser, self._pw
        self._browser = self._page = self._pw = self._starting = None
        try:
            if browser is not None:
                browser.close()
        except PlaywrightError:
            pass  # already gone (crashed or killed): nothing left to close
        finally:
            if pw is not None:
                pw.stop()

    def _drop_if_dead(self) -> None:
        """After a failure: a crashed browser or page is closed, so the next call restarts."""
        browser, page = self._browser, self._page
        if browser is None or page is None or not browser.is_connected() or page.is_closed():
            self.close()

    def _ready_page(self, min_size: tuple[float, float] | None) -> Page:
        self._start()
        assert self._page is not None
        if min_size is not None:
            want = (max(DEFAULT_VIEWPORT[0], int(min_size[0]) + 1),
                    max(DEFAULT_VIEWPORT[1], int(min_size[1]) + 1))
            if want != self._viewport:
                self._page.set_viewport_size({"width": want[0], "height": want[1]})
                self._viewport = want
        return self._page

    def _evaluate_document(self, html: str, script: str, arg: object = None) -> object:
        """Load ``html`` into the warm page and return ``(script)(arg)`` evaluated in it.

        One round trip: the document is written (``document.write``, parsed synchronously)
        and measured in the same ``evaluate``, without waiting for the load event, since
        geometry never depends on subresources here (system fonts; pictures are CSS
        backgrounds). The result crosses over as one JSON string: Playwright's own
        serialisation of a large nested result (a deck's rows) costs ~10× more. So the
        result must be JSON data (no ``undefined`` inside, no NaN, no DOM nodes).
        """
        wrapped = (
            "(a) => { document.open(); document.write(a.html); document.close(); "
            f"const r = ({script})(a.arg); return r === undefined ? null : JSON.stringify(r); }}"
        )
        try:
            page = self._ready_page(None)
            text: Any = page.evaluate(wrapped, {"html": html, "arg": arg})
        except PlaywrightError as exc:
            self._drop_if_dead()
            raise EngineError(f"Chromium failed while measuring: {exc}") from exc
        return None if text is None else json.loads(text)

    def _screenshot_element(
        self,
        html: str,
        selector: str,
        path: Path,
        *,
        page_size: tuple[float, float] | None = None,
    ) -> Path:
        """PNG of the element ``selector`` only (e.g. ``#slide``), at device scale 1."""
        try:
            page = self._ready_page(page_size)
            page.set_content(html, wait_until="load")
            page.evaluate(SETTLE_JS)
            page.locator(selector).first.screenshot(path=str(path), animations="disabled")
        except PlaywrightError as exc:
            self._drop_if_dead()
            raise EngineError(f"Chromium could not screenshot {selector} to {path}: {exc}") from exc
        return path

    def _screenshot_elements(
        self,
        html: str,
        selectors: list[str],
        paths: list[Path],
        *,
        page_size: tuple[float, float] | None = None,
    ) -> list[Path]:
        """One load of ``html``, then a PNG of each ``selectors[i]`` to ``paths[i]``."""
        try:
            page = self._ready_page(page_size)
            page.set_content(html, wait_until="load")
            page.evaluate(SETTLE_JS)
            for selector, path in zip(selectors, paths, strict=True):
                page.locator(selector).first.screenshot(path=str(path), animations="disabled")
        except PlaywrightError as exc:
            self._drop_if_dead()
            raise EngineError(
                f"Chromium could not screenshot {len(paths)} elements: {exc}"
            ) from exc
        return paths

    def _capture_document(
        self,
        html: str,
        script: str,
        clips_of: Callable[[object], Sequence[Sequence[Clip]]],
        passes: Sequence[str],
        *,
        arg: object = None,
        page_size: tuple[float, float] | None = None,
    ) -> tuple[object, list[list[bytes]]]:
        """Load ``html`` once (waiting for its pictures), evaluate ``(script)(arg)`` (JSON
        data, as ``evaluate_document``), then per pass add that pass's CSS to the page (``""``
        adds nothing; styles accumulate) and take one PNG per clip of that pass. ``clips_of``
        turns the script's result into page-px clips ``(x, y, w, h)`` per pass (say one per
        slide container, or only the regions a pass needs). Returns the script's result and
        ``[pass][clip]`` PNG bytes (device scale 1).
        """
        try:
            page = self._ready_page(page_size)
            page.set_content(html, wait_until="load")
            page.evaluate(SETTLE_JS)
            text: Any = page.evaluate(
                f"(a) => {{ const r = ({script})(a); "
                "return r === undefined ? null : JSON.stringify(r); }",
                arg,
            )
            result = None if text is None else json.loads(text)
            clips = [list(c) for c in clips_of(result)]
            if len(clips) != len(passes):
                raise EngineError(f"{len(clips)} clip lists for {len(passes)} passes")
            cdp = page.context.new_cdp_session(page)
            shots: list[list[bytes]] = []
            for css, pass_clips in zip(passes, clips, strict=True):
                if css:
                    page.add_style_tag(content=css)
                shots.append([_capture_clip(cdp, clip) for clip in pass_clips])
        except PlaywrightError as exc:
            self._drop_if_dead()
            raise EngineError(f"Chromium failed while capturing the slides: {exc}") from exc
        return result, shots


SETTLE_JS = """async () => {
  const urls = new Set();
  for (const sheet of document.styleSheets) {
    let rules = [];
    try { rules = sheet.cssRules; } catch (e) { continue; }
    for (const rule of rules) {
      const bg = rule.style ? rule.style.backgroundImage : "";
      const m = bg && bg.match(/^url\\(["']?(.*?)["']?\\)$/);
      if (m) urls.add(m[1]);
    }
  }
  await Promise.all([...urls].map((u) => {
    const img = new Image();
    img.src = u;
    return img.decode().catch(() => null);
  }));
  if (document.fonts) { await document.fonts.ready; }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""
"""Before a screenshot: every stylesheet picture decoded, fonts ready, two frames painted, so
what is captured never depends on how busy the machine is (a picture still decoding would be
missing from one run's capture and not another's)."""

Clip = tuple[float, float, float, float]
"""A page region in CSS px: x, y, width, height."""


def _capture_clip(cdp: CDPSession, clip: Clip) -> bytes:
    """One PNG of a page region through the DevTools protocol: about half the cost of
    Playwright's full-page clip screenshot (no viewport resize per shot), fast zlib."""
    x, y, w, h = clip
    answer = cdp.send("Page.captureScreenshot", {
        "format": "png", "optimizeForSpeed": True, "captureBeyondViewport": True,
        "clip": {"x": x, "y": y, "width": w, "height": h, "scale": 1}})
    return base64.b64decode(answer["data"])

_local = threading.local()
_generation = 0
"""Raised by ``forget_all``: every thread's browser older than this is replaced."""


def get_chromium() -> Chromium:
    """The calling thread's browser, started on first use and closed at exit. One per
    thread: Playwright's sync API binds a browser to the thread that started it (the CLI
    has one thread, hence one browser; the agent's tools run in their own thread)."""
    inst: Chromium | None = getattr(_local, "inst", None)
    if inst is not None and getattr(_local, "gen", None) != _generation:
        inst.retire()  # its processes were killed: release Playwright, end its thread
        atexit.unregister(inst.close)
        inst = None
    if inst is None:
        inst = Chromium()
        _local.inst, _local.gen = inst, _generation
        atexit.register(inst.close)
    return inst


def forget_all() -> None:
    """Every thread's next ``get_chromium()`` starts a new browser (``engines.reset``)."""
    global _generation
    _generation += 1
