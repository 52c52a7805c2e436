"""``GET /api/jobs/{id}/events``: a JSON page after a cursor, or a Server-Sent Events stream
(with ``Accept: text/event-stream``, as browsers ask); ``GET /api/jobs/{id}/events/stream``:
always the stream (the operation a generated client calls: its answer is the stream's text).

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
from pptxagent.service.openapi import SSE_DOC, errors
from pptxagent.service.payloads import TERMINAL_EVENTS
from pptxagent.service.routes_jobs import own_job
from pptxagent.service.schemas import EventOut
from pptxagent.service.uploads import problem
from pptxagent.store import Store

PAGE = 500

router = APIRouter(prefix="/api", tags=["events"], responses=errors(401))
After = Annotated[int, Query(ge=0, description="Events with id > after.")]
LastEventId = Annotated[str | None, Header(
    description="The last event id a dropped stream received: it resumes after it (wins "
                "over `after`).")]


def sse_frame(event: EventOut) -> str:
    data = json.dumps(event.model_dump(mode="json", by_alias=True), separators=(",", ":"))
    return f"id: {event.id}\nevent: {event.type.value}\ndata: {data}\n\n"


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


def _stream(request: Request, store: Store, job_id: str, after: int,
            last_event_id: str | None) -> StreamingResponse:
    start = after
    if last_event_id is not None:
        if not last_event_id.strip().isdigit():
            raise problem(400, "Last-Event-ID must be an event id (an integer)")
        start = int(last_event_id.strip())
    return StreamingResponse(
        stream_events(request, store, job_id, start), media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


@router.get("/jobs/{job_id}/events", response_model=list[EventOut],
            operation_id="list_job_events", responses=errors(400, 404, 422), summary=(
    "The job's events in order after a cursor (id = seq); with 'Accept: text/event-stream' "
    "the same stream as /events/stream"))
def events(
    job_id: str, request: Request, store: StoreDep, token: TokenId, after: After = 0,
    limit: Annotated[int, Query(ge=1, le=PAGE)] = PAGE,
    accept: Annotated[str, Header(include_in_schema=False)] = "application/json",
    last_event_id: Annotated[str | None, Header(include_in_schema=False)] = None,
) -> list[EventOut] | StreamingResponse:
    own_job(store, job_id, token)
    if "text/event-stream" in accept:
        return _stream(request, store, job_id, after, last_event_id)
    return [EventOut.of(e) for e in store.events(job_id, after, limit)]


@router.get("/jobs/{job_id}/events/stream", response_class=StreamingResponse,
            operation_id="stream_job_events", responses={**SSE_DOC, **errors(400, 404, 422)},
            summary="The job's events as Server-Sent Events, until its terminal event")
def stream(job_id: str, request: Request, store: StoreDep, token: TokenId, after: After = 0,
           last_event_id: LastEventId = None) -> StreamingResponse:
    own_job(store, job_id, token)
    return _stream(request, store, job_id, after, last_event_id)
