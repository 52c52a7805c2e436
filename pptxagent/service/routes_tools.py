"""The tool registry over HTTP: list the white-listed tools with their input schemas, and run
one as a job of its own (``kind: "tool"``).

The input is *not* validated here: the worker's ``ToolRunner`` is the one authority, so a
schema-invalid input is refused there before the tool starts and the job's audit shows it
(``tool_runs`` row ``status: invalid``, ``started: false``, event ``tool.refused``; the job
fails). What is checked here is what the runner cannot know: the tool exists (404), the body is
a JSON object, and no string in it names a file of the server (an absolute path, ``~``, ``..``
or a backslash: 422) — tools reach files only through ``/api/decks/generate`` uploads.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel, RootModel
from starlette.concurrency import run_in_threadpool

from pptxagent.agent import REGISTRY
from pptxagent.agent.core import ToolKind
from pptxagent.service.auth import TokenId
from pptxagent.service.openapi import errors
from pptxagent.service.routes_jobs import _accepted, _submit, cfg_of
from pptxagent.service.schemas import Accepted
from pptxagent.service.uploads import problem

router = APIRouter(prefix="/api", tags=["tools"], responses=errors(401))


class ToolInput(RootModel[dict[str, Any]]):
    """The tool's input, a JSON object (its schema: the tool's ``input_schema`` in
    ``GET /api/tools``)."""


ToolInputBody = Annotated[ToolInput, Body(examples=[{"query": "market size"}])]


class ToolOut(BaseModel):
    name: str
    kind: ToolKind
    """``engine``: drives Chromium or LibreOffice; ``pure``: Python only."""
    timeout_s: float
    input_schema: dict[str, Any]


@router.get("/tools", response_model=list[ToolOut], operation_id="list_tools",
            summary="The white-listed tools")
def list_tools(token: TokenId) -> list[ToolOut]:
    return [ToolOut(name=name, kind=t.kind, timeout_s=t.timeout_s,
                    input_schema=t.Input.model_json_schema())
            for name, t in sorted(REGISTRY.items())]


def server_path(value: Any, where: str = "$") -> str | None:
    """The JSON path of the first string that names a server file, else None."""
    if isinstance(value, str):
        v = value.strip()
        if v.startswith(("/", "~")) or ".." in v or "\\" in v:
            return where
        return None
    if isinstance(value, dict):
        for k, v in value.items():
            found = server_path(v, f"{where}.{k}")
            if found:
                return found
    if isinstance(value, list):
        for i, v in enumerate(value):
            found = server_path(v, f"{where}[{i}]")
            if found:
                return found
    return None


@router.post("/tools/{name}/runs", status_code=202, response_model=Accepted,
             operation_id="run_tool", responses=errors(404, 422, 429),
             summary="Run one tool as a job (its input validated and audited by the runner)")
async def run_tool(name: str, request: Request, token: TokenId,
                   tool_input: ToolInputBody) -> Accepted:
    body = tool_input.root
    if name not in REGISTRY:
        raise problem(404, f"no tool {name!r}: GET /api/tools lists them")
    bad = server_path(body)
    if bad is not None:
        raise problem(422, "tool inputs may not name server files (absolute paths, ~, ..)",
                      path=bad)
    req = {"kind": "tool", "tool": name, "input": body}
    job = await run_in_threadpool(_submit, request.app.state.store, cfg_of(request),
                                  request.app.state.jobs, token, req, None)
    return _accepted(job)
