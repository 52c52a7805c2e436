"""``GET /api/jobs/{id}/events``: a JSON page after a cursor, or a Server-Sent Events stream.

Both read the ``job_events`` table; nothing is kept in the web process's memory (any number of
server processes answer the same). The event id is the job's ``seq`` (1, 2, 3 … without
gaps): ``?after=N`` pages, and an SSE client that reconnects with ``Last-Event-ID: N`` resumes
after N. The stream reads the database when a worker says it recorded an event
(``service.wake``) and at least every ``sse_poll_s``, sends a ``: ping`` comment after
``sse_ping_s`` of silence, ends after the job's terminal event and when the server shuts down.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from pptxagent.service.auth import StoreDep, TokenId
from pptxagent.service.routes_jobs import ERRORS, own_job
from pptxagent.service.schemas import EventOut
from pptxagent.service.uploads import problem
from pptxagent.store import Store

TERMINAL_EVENTS = frozenset({"job.succeeded", "job.failed"})
PAGE = 500

router = APIRouter(prefix="/api", tags=["events"], responses=ERRORS)


def sse_frame(event: EventOut) -> str:
    data = json.dumps(event.model_dump(mode="json"), separators=(",", ":"))
    return f"id: {event.id}\nevent: {event.type}\ndata: {data}\n\n"


async def _either(a: asyncio.Event, b: asyncio.Event, timeout: float) -> None:
    """Until ``a`` or ``b`` is set, at most ``timeout`` s (the poll, when no wake-up comes)."""
    waits = [asyncio.ensure_future(a.wait()), asyncio.ensure_future(b.wait())]
    try:
        await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waits:
            w.cancel()


async def stream_events(request: Request, store: Store, job_id: str, after: int
                        ) -> AsyncIterator[str]:
    cfg = request.app.state.cfg
    closing: asyncio.Event = request.app.state.closing
    yield f"retry: {int(cfg.sse_poll_s * 4000)}\n\n"
    last_sent = time.monotonic()
    while not closing.is_set():
        changed: asyncio.Event = request.app.state.changed  # taken before reading: no wake lost
        rows = await run_in_threadpool(store.events, job_id, after, PAGE)
        for row in rows:
            event = EventOut.of(row)
            after = event.id
            yield sse_frame(event)
            last_sent = time.monotonic()
            if event.type in TERMINAL_EVENTS:
                return
        if len(rows) == PAGE:
            continue
        if not rows:
            job = await run_in_threadpool(store.get_job, job_id)
            if job is None or (job.terminal and job.last_seq <= after):
                return  # terminal and everything sent (its terminal event came earlier)
        if time.monotonic() - last_sent >= cfg.sse_ping_s:
            yield ": ping\n\n"
            last_sent = time.monotonic()
        if await request.is_disconnected():
            return
        await _either(closing, changed, cfg.sse_poll_s)


@router.get("/jobs/{job_id}/events", response_model=list[EventOut], summary=(
    "The job's events in order: JSON after a cursor, or Server-Sent Events with "
    "'Accept: text/event-stream' (id = seq, resumable with Last-Event-ID)"),
    responses={200: {"content": {"text/event-stream": {}}}})
def events(
    job_id: str, request: Request, store: StoreDep, token: TokenId,
    after: Annotated[int, Query(ge=0, description="return events with id > after")] = 0,
    limit: Annotated[int, Query(ge=1, le=PAGE)] = PAGE,
    accept: Annotated[str, Header()] = "application/json",
    last_event_id: Annotated[str | None, Header()] = None,
) -> list[EventOut] | StreamingResponse:
    own_job(store, job_id, token)
    if "text/event-stream" in accept:
        start = after
        if last_event_id is not None:
            if not last_event_id.strip().isdigit():
                raise problem(400, "Last-Event-ID must be an event id (an integer)")
            start = int(last_event_id.strip())
        return StreamingResponse(
            stream_events(request, store, job_id, start), media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    return [EventOut.of(e) for e in store.events(job_id, after, limit)]
