"""Headless Chromium driven over the DevTools protocol pipe: one warm browser and page per
process.

Executable: ``$PPTXAGENT_CHROMIUM`` if set, else Debian's ``/usr/bin/chromium`` (or
``chromium`` on PATH), else Playwright's bundled browser (its path asked of Playwright). The
browser is started directly with ``--remote-debugging-pipe`` (``engines.cdp``): no Node
driver in between, so it is up in about half the time and every call is one pipe round
trip. Each browser runs every call on a thread of its own (``engines.thread``): any thread
may call it, one call at a time, and its start can overlap the caller's work
(``start_background``).
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import json
import math
import os
import shutil
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from pptxagent.engines import cdp, scratch
from pptxagent.engines.page_js import ADD_STYLE_JS, ELEMENT_BOX_JS, SET_CONTENT_JS, SETTLE_JS
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
"""Our switches (also given to Playwright's launch by the UI tests)."""
ENGINE_ARGS: tuple[str, ...] = ("--single-process", "--no-zygote")
"""The measuring engine's own switches (not Playwright's UI tests', which open several
pages): one process instead of a browser, two zygotes, a GPU process, network and storage
services and their renderers. It draws the same pixels (Skia in software either way) for
~0.3 s less CPU per fill (docs/benchmarks.md). A renderer crash or a hung page then takes
the whole browser, which the engine replaces as it always did. Without zygotes: in one process
nothing is forked from them, yet each was another start of the binary (~0.06 s of CPU)."""
IDLE_FEATURES: tuple[str, ...] = (
    "WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup", "OmniboxAimPopup",
    "SpareRendererForSitePerProcess",
)
"""Features that start renderers nobody uses headless: the omnibox popup's WebUI pages and
a spare renderer kept for the next navigation."""

DEFAULT_VIEWPORT = (1920, 1080)
CLOSE_WAIT_S = 10.0
START_TIMEOUT_S = 30.0
START_ATTEMPTS = 2
START_RETRY_S = 0.25
"""A browser that closes its pipe as it starts (once in a full test run on a loaded 2-core
machine, right after another was killed) is started once more after this pause."""
LOAD_TIMEOUT_S = 30.0
"""Playwright's default for a page load (``set_content``): pictures are ``data:`` URIs."""
ENV_VAR = "PPTXAGENT_CHROMIUM"
_HELP = (
    "install Debian's chromium (apt-get install chromium), or run "
    "`.venv/bin/playwright install chromium`, or point $PPTXAGENT_CHROMIUM at a Chromium binary"
)


def engine_args() -> list[str]:
    """Every switch of a measuring browser: ours, Playwright's (its disabled features with
    ``IDLE_FEATURES`` added: Chromium takes only the last ``--disable-features``), ours."""
    merged = [a + "," + ",".join(IDLE_FEATURES) if a.startswith("--disable-features=") else a
              for a in cdp.PLAYWRIGHT_ARGS]
    return [*LAUNCH_ARGS, *merged, *ENGINE_ARGS,
            "--window-size={},{}".format(*DEFAULT_VIEWPORT)]


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


def bundled_executable() -> str:
    """Playwright's own Chromium (``playwright install chromium``): its path, asked of
    Playwright (its driver runs for that question only)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        return pw.chromium.executable_path


class Chromium:
    """A lazily started headless browser with one reused page."""

    def __init__(self, executable: str | None = None, *, bundled: bool = False) -> None:
        """``executable`` overrides ``find_executable()``; ``bundled`` forces Playwright's own."""
        self._executable = executable
        self._bundled = bundled
        self._browser: cdp.Browser | None = None
        self._target = ""
        self._session = ""
        self._viewport = DEFAULT_VIEWPORT
        self._engine = EngineThread("chromium")
        self._starting: Future[None] | None = None

    @property
    def started(self) -> bool:
        return self._browser is not None

    # Every call runs on the browser's own thread: any thread may use this browser, one
    # call at a time.

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

    def close(self, at_exit: bool = False) -> None:
        """Close the browser; safe to call twice. Waits at most ``CLOSE_WAIT_S`` for a
        browser thread still busy (a hung call at interpreter exit): the browser ends by
        itself when this process exits and its pipe closes (``engines.reset.kill_engines``
        ends it at once). ``at_exit``: this process is exiting, the killed browser is not
        waited for (the kernel takes ~0.05 s to tear it down; init reaps it)."""
        if threading.get_ident() == self._engine.ident:
            self._close(reap=not at_exit)
            return
        if not self._engine.alive:
            return  # never started, or its thread is gone: nothing to close
        with contextlib.suppress(TimeoutError):
            self._engine.submit(lambda: self._close(reap=not at_exit)).result(
                timeout=CLOSE_WAIT_S)

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
            lambda: self._screenshot_elements(html, [selector], [path], page_size=page_size,
                                              what=f"{selector} to {path}"))[0]

    def screenshot_elements(self, html: str, selectors: list[str], paths: list[Path], *,
                            page_size: tuple[float, float] | None = None) -> list[Path]:
        """One load of ``html``, then a PNG of each ``selectors[i]`` to ``paths[i]``."""
        return self._engine.call(
            lambda: self._screenshot_elements(html, selectors, paths, page_size=page_size,
                                              what=f"{len(paths)} elements"))

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
        where = "Playwright's bundled Chromium"
        scratch.sweep_soon()  # what killed runs left (profiles of killed browsers)
        for attempt in range(START_ATTEMPTS):
            try:
                exe = None if self._bundled else (self._executable or find_executable())
                if exe is None:
                    exe = bundled_executable()
                where = exe
                self._browser = cdp.Browser(exe, engine_args())
                self._open_page(self._browser)
                return
            except (OSError, cdp.CdpError, EngineError, ImportError) as exc:
                why = self._browser.stderr_tail() if self._browser is not None else ""
                self._close()
                if attempt + 1 < START_ATTEMPTS and isinstance(exc, cdp.BrowserGone):
                    time.sleep(START_RETRY_S)  # a browser that closed its pipe as it started
                    continue
                first = (str(exc).strip().splitlines()[0] if str(exc).strip()
                         else type(exc).__name__)
                raise EngineError(f"cannot start Chromium ({where}): {first}"
                                  + (f" ({why})" if why else "") + f"; {_HELP}") from exc
            except Exception as exc:  # Playwright's errors (bundled browser not installed)
                self._close()
                raise EngineError(f"cannot start Chromium ({where}): {exc}; {_HELP}") from exc

    def _open_page(self, browser: cdp.Browser) -> None:
        self._target = browser.send("Target.createTarget", {"url": "about:blank"},
                                    timeout=START_TIMEOUT_S)["targetId"]
        self._session = browser.send("Target.attachToTarget",
                                     {"targetId": self._target, "flatten": True})["sessionId"]
        browser.send("Inspector.enable", session=self._session)  # to hear of a crash
        self._viewport = DEFAULT_VIEWPORT
        self._set_viewport(DEFAULT_VIEWPORT)

    def _set_viewport(self, size: tuple[int, int]) -> None:
        """Playwright's viewport emulation: the page's metrics and screen, device scale 1."""
        assert self._browser is not None
        self._browser.send("Emulation.setDeviceMetricsOverride", {
            "mobile": False, "width": size[0], "height": size[1], "screenWidth": size[0],
            "screenHeight": size[1], "deviceScaleFactor": 1,
            "screenOrientation": {"angle": 0, "type": "landscapePrimary"}}, self._session)

    def _close(self, reap: bool = True) -> None:
        browser = self._browser
        self._browser = self._starting = None
        if browser is not None:
            browser.close(reap=reap)

    def _drop_if_dead(self) -> None:
        """After a failure: a crashed browser or page is closed, so the next call restarts."""
        if self._browser is None or not self._browser.connected:
            self.close()

    def _ready_page(self, min_size: tuple[float, float] | None) -> cdp.Browser:
        self._start()
        assert self._browser is not None
        if min_size is not None:
            want = (max(DEFAULT_VIEWPORT[0], int(min_size[0]) + 1),
                    max(DEFAULT_VIEWPORT[1], int(min_size[1]) + 1))
            if want != self._viewport:
                window = self._browser.send("Browser.getWindowForTarget",
                                            {"targetId": self._target})["windowId"]
                self._browser.send("Browser.setWindowBounds", {
                    "windowId": window, "bounds": {"width": want[0], "height": want[1]}})
                self._set_viewport(want)
                self._viewport = want
        return self._browser

    def _eval(self, expression: str, timeout: float = cdp.DEFAULT_TIMEOUT_S) -> Any:
        assert self._browser is not None
        return self._browser.evaluate(expression, self._session, timeout)

    def _load(self, html: str) -> None:
        """Playwright's ``set_content(html, wait_until="load")``, then ``SETTLE_JS``."""
        self._eval(f"({SET_CONTENT_JS})({json.dumps(html)})", LOAD_TIMEOUT_S)
        self._eval(f"({SETTLE_JS})()")

    def _evaluate_document(self, html: str, script: str, arg: object = None) -> object:
        """Load ``html`` into the warm page and return ``(script)(arg)`` evaluated in it.

        One round trip: the document is written (``document.write``, parsed synchronously)
        and measured in the same ``Runtime.evaluate``, without waiting for the load event,
        since geometry never depends on subresources here (system fonts; pictures are CSS
        backgrounds). The result crosses over as one JSON string (cheaper than the
        protocol's own serialisation of a large nested result). So the result must be JSON
        data (no ``undefined`` inside, no NaN, no DOM nodes).
        """
        wrapped = (
            "(async (a) => { document.open(); document.write(a.html); document.close(); "
            f"const r = await ({script})(a.arg); "
            "return r === undefined ? null : JSON.stringify(r); })"
            f"({json.dumps({'html': html, 'arg': arg})})"
        )
        try:
            self._ready_page(None)
            text: Any = self._eval(wrapped)
        except cdp.CdpError as exc:
            self._drop_if_dead()
            raise EngineError(f"Chromium failed while measuring: {exc}") from exc
        return None if text is None else json.loads(text)

    def _screenshot_elements(
        self,
        html: str,
        selectors: list[str],
        paths: list[Path],
        *,
        page_size: tuple[float, float] | None = None,
        what: str = "",
    ) -> list[Path]:
        """One load of ``html``, then a PNG of each ``selectors[i]`` to ``paths[i]``, as
        Playwright's element screenshot takes it: scrolled into view if needed, the
        element's box rounded out to whole px in page coordinates, device scale 1."""
        try:
            browser = self._ready_page(page_size)
            self._load(html)
            for selector, path in zip(selectors, paths, strict=True):
                box = self._eval(f"({ELEMENT_BOX_JS})({json.dumps(selector)})")
                if not box:
                    raise cdp.CdpError(f"no element {selector} with a size")
                x, y, w, h, view_w, view_h = box
                left, top = math.floor(x + 1e-3), math.floor(y + 1e-3)
                clip = {"x": left, "y": top, "width": math.ceil(x + w - 1e-3) - left,
                        "height": math.ceil(y + h - 1e-3) - top, "scale": 1}
                answer = browser.send("Page.captureScreenshot", {
                    "format": "png", "clip": clip,
                    "captureBeyondViewport": not (w <= view_w and h <= view_h)}, self._session)
                Path(path).write_bytes(base64.b64decode(answer["data"]))
        except (cdp.CdpError, OSError) as exc:
            self._drop_if_dead()
            raise EngineError(f"Chromium could not screenshot {what}: {exc}") from exc
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
            browser = self._ready_page(page_size)
            self._load(html)
            text: Any = self._eval(
                f"(async (a) => {{ const r = await ({script})(a); "
                f"return r === undefined ? null : JSON.stringify(r); }})({json.dumps(arg)})")
            result = None if text is None else json.loads(text)
            clips = [list(c) for c in clips_of(result)]
            if len(clips) != len(passes):
                raise EngineError(f"{len(clips)} clip lists for {len(passes)} passes")
            shots: list[list[bytes]] = []
            for css, pass_clips in zip(passes, clips, strict=True):
                if css:
                    self._eval(f"({ADD_STYLE_JS})({json.dumps(css)})")
                shots.append([_capture_clip(browser, self._session, clip)
                              for clip in pass_clips])
        except cdp.CdpError as exc:
            self._drop_if_dead()
            raise EngineError(f"Chromium failed while capturing the slides: {exc}") from exc
        return result, shots


Clip = tuple[float, float, float, float]
"""A page region in CSS px: x, y, width, height."""


def _capture_clip(browser: cdp.Browser, session: str, clip: Clip) -> bytes:
    """One PNG of a page region: no viewport resize per shot, fast zlib."""
    x, y, w, h = clip
    answer = browser.send("Page.captureScreenshot", {
        "format": "png", "optimizeForSpeed": True, "captureBeyondViewport": True,
        "clip": {"x": x, "y": y, "width": w, "height": h, "scale": 1}}, session)
    return base64.b64decode(answer["data"])

_local = threading.local()
_generation = 0
"""Raised by ``forget_all``: every thread's browser older than this is replaced."""


def get_chromium() -> Chromium:
    """The calling thread's browser, started on first use and closed at exit. One per
    thread (the CLI has one thread, hence one browser; the agent's tools run in their own
    thread, whose browser ``kill_engines`` may replace without touching the others)."""
    inst: Chromium | None = getattr(_local, "inst", None)
    if inst is not None and getattr(_local, "gen", None) != _generation:
        inst.retire()  # its processes were killed: reap them, end its thread
        atexit.unregister(inst.close)
        inst = None
    if inst is None:
        inst = Chromium()
        _local.inst, _local.gen = inst, _generation
        atexit.register(inst.close, at_exit=True)
    return inst


def forget_all() -> None:
    """Every thread's next ``get_chromium()`` starts a new browser (``engines.reset``)."""
    global _generation
    _generation += 1
