"""``create_app(cfg)``: the FastAPI application (routes, auth, the worker pool's lifetime).

Every ``/api`` route needs ``Authorization: Bearer <token>`` (401 otherwise). The OpenAPI
document (``/openapi.json``, ``/docs``) and the UI's static files are public: they hold no data.
Starting the app migrates the database and starts its job backend (``service.jobs``: the
local worker pool of ``cfg.workers`` processes, or Celery with ``cfg.broker``); stopping it
closes the open event streams and stops the pool.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from pptxagent import __version__
from pptxagent.qa.page import UI_DIR as SLIDE_UI_DIR
from pptxagent.service import events, routes_decks, routes_jobs, routes_tools
from pptxagent.service.auth import require_token
from pptxagent.service.config import ServiceConfig
from pptxagent.service.headers import SECURITY_HEADERS, SecurityHeaders
from pptxagent.service.jobs import LocalJobs, job_backend
from pptxagent.service.openapi import DocumentedApp
from pptxagent.service.redact import RedactTokens, install_redaction
from pptxagent.service.wake import API, Listener
from pptxagent.store import Store

log = logging.getLogger("pptxagent.service")
UI_DIR = Path(__file__).resolve().parent / "ui"


def begin_shutdown(app: FastAPI) -> None:
    """Close every open event stream now (call it before the server waits for requests)."""
    loop: asyncio.AbstractEventLoop | None = getattr(app.state, "loop", None)
    closing: asyncio.Event | None = getattr(app.state, "closing", None)
    if loop is not None and closing is not None and not loop.is_closed():
        loop.call_soon_threadsafe(closing.set)


def listen_for_events(app: FastAPI, cfg: ServiceConfig) -> Listener:
    """Workers wake the API when they record an event: ``app.state.changed`` is set (and
    replaced) so every open event stream reads the database at once."""
    app.state.changed = asyncio.Event()
    listener = Listener(cfg.run_dir, API)

    def readable() -> None:
        if listener.drain():
            fired, app.state.changed = app.state.changed, asyncio.Event()
            fired.set()

    if listener.listening:
        app.state.loop.add_reader(listener.fileno(), readable)
    return listener


def create_app(cfg: ServiceConfig, *, store: Store | None = None) -> FastAPI:
    install_redaction()
    the_store = store or Store(cfg.database_url, data_dir=cfg.data_dir, file_store=cfg.file_store)
    jobs = job_backend(cfg, the_store)  # started with the app

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.loop = asyncio.get_running_loop()
        app.state.closing = asyncio.Event()
        listener = listen_for_events(app, cfg)
        await run_in_threadpool(the_store.migrate)
        await run_in_threadpool(jobs.start)
        app.state.pool = jobs.pool if isinstance(jobs, LocalJobs) else None
        try:
            yield
        finally:
            app.state.closing.set()
            if listener.listening:
                app.state.loop.remove_reader(listener.fileno())
            listener.close()
            await run_in_threadpool(jobs.stop)
            the_store.close()

    app = DocumentedApp(
        title="pptxagent", version=__version__, lifespan=lifespan,
        description="Fill PowerPoint templates or compose decks from outlines, as jobs: "
                    "start one, follow its events, download each version and its quality "
                    "report. Every /api route needs `Authorization: Bearer <token>`.",
    )
    app.state.cfg = cfg
    app.state.store = the_store
    app.state.jobs = jobs
    app.state.pool = None
    app.state.closing = asyncio.Event()
    app.state.changed = asyncio.Event()
    guard = [Depends(require_token)]
    app.include_router(routes_jobs.router, dependencies=guard)
    app.include_router(events.router, dependencies=guard)
    app.include_router(routes_decks.router, dependencies=guard)
    app.include_router(routes_tools.router, dependencies=guard)
    _error_shapes(app)
    _mount_ui(app)
    app.add_middleware(SecurityHeaders)
    return app


def _error_shapes(app: FastAPI) -> None:
    """4xx bodies are ``{"detail": str, "path"?: str, "field"?: str}``."""

    @app.exception_handler(HTTPException)
    async def _http(_: Request, exc: HTTPException) -> JSONResponse:
        body: dict[str, Any] = (dict(exc.detail) if isinstance(exc.detail, dict)
                                else {"detail": str(exc.detail)})
        return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def _crash(_: Request, exc: Exception) -> JSONResponse:
        # Starlette answers a crash outside every middleware: the headers go on here
        log.error("unhandled %s: %s", type(exc).__name__, exc)
        return JSONResponse({"detail": "internal error"}, status_code=500,
                            headers=SECURITY_HEADERS)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        err = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        loc = [str(p) for p in err.get("loc", ())]
        field = loc[-1] if loc else None
        return JSONResponse({"detail": f"{'.'.join(loc)}: {err.get('msg')}", "field": field},
                            status_code=422)


def _mount_ui(app: FastAPI) -> None:
    """The UI (branch ``ui``) when its files are there, with the slide component it draws
    slides with (``qa/ui``: the one batch's and qa's HTML pages inline) under ``/qa/``."""
    if (UI_DIR / "index.html").is_file():
        app.mount("/qa", StaticFiles(directory=SLIDE_UI_DIR), name="slide-ui")
        app.mount("/", StaticFiles(directory=UI_DIR, html=True), name="ui")


__all__ = ["RedactTokens", "begin_shutdown", "create_app", "install_redaction"]
