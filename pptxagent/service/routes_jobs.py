"""Starting jobs (generate, revise) and reading them (job, list, tool runs).

The handlers that touch the database are plain ``def``: FastAPI runs them in its thread pool,
never on the event loop. ``generate``/``revise`` are ``async`` only to stream the upload; their
database and CPU work goes through ``run_in_threadpool``.
"""

from __future__ import annotations

import shutil
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from pptxagent.service.auth import StoreDep, TokenId
from pptxagent.service.config import ServiceConfig
from pptxagent.service.jobs import JobBackend
from pptxagent.service.openapi import FORM_BODY, errors
from pptxagent.service.payloads import JobStatus
from pptxagent.service.schemas import PPTX_MEDIA, Accepted, JobOut, ToolRunOut
from pptxagent.service.uploads import (
    check_images,
    field_bytes,
    parse_json_field,
    part_name,
    problem,
    read_form,
    receive_assets,
    receive_template,
    validate_content,
    validate_options,
    validate_outline,
)
from pptxagent.store import JobRow, NotFound, QueueFull, Store

router = APIRouter(prefix="/api", tags=["jobs"], responses=errors(401))


def cfg_of(request: Request) -> ServiceConfig:
    cfg: ServiceConfig = request.app.state.cfg
    return cfg


async def _job_request(request: Request, form: FormData, token: int,
                       previous: dict[str, Any] | None) -> dict[str, Any]:
    """The stored request of a new job (validated); ``previous``: the request of the deck's
    last job (a revision reuses its template, kind and options unless the form replaces them)."""
    cfg = cfg_of(request)
    store: Store = request.app.state.store
    opts = validate_options(form, cfg.max_correction_passes)
    content_raw = await field_bytes(form, "content")
    outline_raw = await field_bytes(form, "outline")
    if content_raw is not None and outline_raw is not None:
        raise problem(400, "send content (fill a template) or outline (compose), not both")
    req: dict[str, Any] = dict(previous or {})
    req.update({k: v for k, v in opts.model_dump(mode="json").items()
                if k in form or k not in req})
    if outline_raw is not None:
        req.update(kind="compose", outline=validate_outline(parse_json_field(outline_raw,
                                                                             "outline")),
                   content=None, template_sha=None, outline_name=part_name(form, "outline"),
                   content_name=None, template_name=None)
    elif content_raw is not None:
        req.update(kind="fill", content=validate_content(parse_json_field(content_raw,
                                                                          "content")),
                   outline=None, content_name=part_name(form, "content"), outline_name=None)
    elif previous is None:
        raise problem(400, "send a template and content (fill) or an outline (compose)")
    assets = await receive_assets(form)
    known = {**(req.get("assets") or {}), **{name: "" for name, _ in assets}}
    doc = req.get("content") if req.get("kind") == "fill" else req.get("outline")
    if isinstance(doc, dict):
        check_images(doc, "content" if req.get("kind") == "fill" else "outline", known)
    template = await receive_template(form, cfg.uploads_dir)
    if template is not None:
        try:
            req["template_sha"] = await run_in_threadpool(
                store.put_artifact, template, kind="template", media_type=PPTX_MEDIA,
                token_id=token)
            req["template_name"] = part_name(form, "template")
        finally:
            shutil.rmtree(template.parent, ignore_errors=True)
    if req.get("kind") == "fill" and not req.get("template_sha"):
        raise problem(400, "template: a fill needs the .pptx template", field="template")
    if req.get("template_sha"):
        req["prior_degraded"] = await run_in_threadpool(
            prior_degraded, store, token, str(req["template_sha"]))
    stored = dict(req.get("assets") or {})
    for name, part in assets:
        data = await part.read()
        stored[name] = await run_in_threadpool(
            store.put_artifact, data, kind="asset",
            media_type=part.content_type or "application/octet-stream", token_id=token)
    req["assets"] = stored
    return req


def prior_degraded(store: Store, token: int, template_sha: str, recent: int = 50) -> int:
    """Degraded slides in this token's earlier decks made from the same template (a §6.1
    signal the planner weighs): the last ``recent`` jobs are looked at."""
    count = 0
    for job in store.list_jobs(token, limit=recent):
        if (job.status != "succeeded" or not job.result
                or job.request.get("template_sha") != template_sha):
            continue
        q = store.quality(job.deck_id, int(job.result.get("version") or 0), token)
        slides = q.report.get("slides") if q is not None else None
        if isinstance(slides, list):
            count += sum(1 for s in slides if isinstance(s, dict)
                         and s.get("quality") == "degraded")
    return count


def _submit(store: Store, cfg: ServiceConfig, jobs: JobBackend, token: int,
            req: dict[str, Any], deck_id: str | None) -> JobRow:
    try:
        job = store.submit_job(token, str(req["kind"]), req, deck_id=deck_id,
                               max_attempts=cfg.max_attempts)
        jobs.dispatch([job.id])  # a worker takes it now, not at its next poll
        return job
    except QueueFull as exc:
        raise HTTPException(429, {"detail": exc.message},
                            headers={"Retry-After": str(cfg.retry_after_s)}) from exc
    except NotFound as exc:
        raise problem(404, exc.message) from exc


def _accepted(job: JobRow) -> Accepted:
    return Accepted(job_id=job.id, deck_id=job.deck_id, status=job.status,
                    job_url=f"/api/jobs/{job.id}", events_url=f"/api/jobs/{job.id}/events")


@router.post("/decks/generate", status_code=202, response_model=Accepted,
             operation_id="generate_deck", openapi_extra=FORM_BODY,
             responses=errors(400, 404, 413, 415, 422, 429),
             summary="Start a job: fill a template or compose")
async def generate(request: Request, token: TokenId) -> Accepted:
    cfg = cfg_of(request)
    form = await read_form(request, cfg.upload_cap_bytes)
    try:
        req = await _job_request(request, form, token, None)
    finally:
        await form.close()
    job = await run_in_threadpool(_submit, request.app.state.store, cfg,
                                  request.app.state.jobs, token, req, None)
    return _accepted(job)


@router.post("/decks/{deck_id}/revise", status_code=202, response_model=Accepted,
             operation_id="revise_deck", openapi_extra=FORM_BODY,
             responses=errors(400, 404, 413, 415, 422, 429),
             summary="A new version of a deck (new content/options)")
async def revise(deck_id: str, request: Request, token: TokenId) -> Accepted:
    cfg = cfg_of(request)
    store: Store = request.app.state.store
    deck = await run_in_threadpool(store.get_deck, deck_id, token)
    if deck is None:
        raise problem(404, f"no deck {deck_id}")
    jobs = await run_in_threadpool(_deck_jobs, store, token, deck_id)
    previous = dict(jobs[0].request) if jobs else None
    form = await read_form(request, cfg.upload_cap_bytes)
    try:
        req = await _job_request(request, form, token, previous)
    finally:
        await form.close()
    req["revises"] = deck.last_version  # the version this revision starts from
    job = await run_in_threadpool(_submit, store, cfg, request.app.state.jobs, token, req,
                                  deck_id)
    return _accepted(job)


def _deck_jobs(store: Store, token: int, deck_id: str) -> list[JobRow]:
    """The deck's jobs, newest first."""
    return store.list_jobs(token, limit=1000, deck_id=deck_id)


def own_job(store: Store, job_id: str, token: int) -> JobRow:
    job = store.get_job(job_id, token)
    if job is None:
        raise problem(404, f"no job {job_id}")
    return job


@router.get("/jobs", response_model=list[JobOut], operation_id="list_jobs",
            responses=errors(422), summary="The caller's jobs, newest first")
def list_jobs(store: StoreDep, token: TokenId,
              limit: int = Query(50, ge=1, le=500),
              status: Annotated[JobStatus | None, Query(
                  description="Only the jobs in this status")] = None) -> list[JobOut]:
    name = store.token_name(token)
    return [JobOut.of(j, name) for j in store.list_jobs(
        token, limit, status=None if status is None else status.value)]


@router.get("/jobs/{job_id}", response_model=JobOut, operation_id="get_job",
            responses=errors(404), summary="A job: status, options, result or error")
def get_job(job_id: str, store: StoreDep, token: TokenId) -> JobOut:
    return JobOut.of(own_job(store, job_id, token), store.token_name(token))


@router.get("/jobs/{job_id}/tool-runs", response_model=list[ToolRunOut],
            operation_id="list_tool_runs", responses=errors(404),
            summary="The audit of every tool call of the job")
def tool_runs(job_id: str, store: StoreDep, token: TokenId) -> list[ToolRunOut]:
    own_job(store, job_id, token)
    return [ToolRunOut.of(r) for r in store.tool_runs(job_id)]
