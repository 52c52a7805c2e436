"""The optional LLM planner: an OpenAI-compatible endpoint proposes the plan; it is used only
when it passes every check against the registry (known tools, input fields and types, file
inputs only from the job's own variables or earlier steps, one render step of the job's
kind, ≤ 12 steps); otherwise the deterministic plan runs and the reason is kept."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from pptxagent.agent.core import Tool
from pptxagent.agent.plan import MAX_STEPS, RENDER_TOOLS, VARIABLES, Plan
from pptxagent.errors import PptxAgentError
from pptxagent.pipeline.tools import chat_completion

Chat = Callable[[list[dict[str, str]]], str]
REF = re.compile(r"^@(s\d{1,2})\.(artifacts|data)\.[\w.-]+$")
KIND_RENDER = {"fill": {"render.template_render", "pptx.replace_text_preserve_format"},
               "compose": {"render.scratch_render"}}
ENV = {"base_url": ("PPTXAGENT_PLANNER_BASE_URL", "PPTXAGENT_LLM_BASE_URL", "OPENAI_BASE_URL"),
       "model": ("PPTXAGENT_PLANNER_MODEL", "PPTXAGENT_LLM_MODEL"),
       "key": ("PPTXAGENT_PLANNER_API_KEY", "PPTXAGENT_LLM_API_KEY", "OPENAI_API_KEY")}


class PlanError(ValueError):
    """Why a proposed plan is refused."""


def _sample(annotation: Any) -> Any:
    """A stand-in of the right type for a value only known when the step runs."""
    text = str(annotation)
    if "Path" in text:
        return "x.pptx"
    if "dict" in text:
        return {}
    return "x"


def _is_path_field(model: type[BaseModel], name: str) -> bool:
    field = model.model_fields.get(name)
    return field is not None and "Path" in str(field.annotation)


def check_plan(raw: Any, kind: Literal["fill", "compose"],
               registry: Mapping[str, Tool]) -> Plan:
    """The proposed plan as a ``Plan``, or ``PlanError`` saying what is wrong."""
    if not isinstance(raw, dict):
        raise PlanError("the plan is not a JSON object")
    raw = {**raw, "planner": "llm"}
    raw.setdefault("reason", "")
    raw.setdefault("path", "scratch" if kind == "compose" else "A")
    try:
        plan = Plan.model_validate(raw)
    except ValidationError as exc:
        raise PlanError(f"plan shape: {exc.errors()[0]['msg']} at "
                        f"{'.'.join(str(p) for p in exc.errors()[0]['loc'])}") from exc
    if not plan.steps or len(plan.steps) > MAX_STEPS:
        raise PlanError(f"{len(plan.steps)} steps (1..{MAX_STEPS} allowed)")
    seen: set[str] = set()
    renders = 0
    for step in plan.steps:
        tool = registry.get(step.tool)
        if tool is None:
            raise PlanError(f"{step.id}: unknown tool {step.tool!r}")
        if step.id in seen:
            raise PlanError(f"{step.id}: duplicate step id")
        _check_input(step.id, step.input, tool.Input, seen)
        seen.add(step.id)
        if step.tool in RENDER_TOOLS:
            if step.tool not in KIND_RENDER[kind]:
                raise PlanError(f"{step.id}: {step.tool} does not make a {kind} deck")
            renders += 1
    if renders != 1:
        raise PlanError(f"{renders} render steps (exactly one expected)")
    return plan


def _check_input(sid: str, inp: dict[str, Any], model: type[BaseModel], seen: set[str]) -> None:
    filled: dict[str, Any] = {}
    for key, value in inp.items():
        if isinstance(value, str) and value.startswith("$"):
            if value not in VARIABLES:
                raise PlanError(f"{sid}.{key}: unknown variable {value}")
            field = model.model_fields.get(key)
            filled[key] = _sample(field.annotation if field else str)
            continue
        if isinstance(value, str) and value.startswith("@"):
            m = REF.match(value)
            if m is None or m.group(1) not in seen:
                raise PlanError(f"{sid}.{key}: {value} is not a reference to an earlier step")
            field = model.model_fields.get(key)
            filled[key] = _sample(field.annotation if field else str)
            continue
        if _is_path_field(model, key):
            raise PlanError(f"{sid}.{key}: file inputs must be a job variable or a reference")
        filled[key] = value
    try:
        model.model_validate(filled)
    except ValidationError as exc:
        e = exc.errors()[0]
        raise PlanError(f"{sid}: {'.'.join(str(p) for p in e['loc']) or '$'}: {e['msg']}"
                        ) from exc


def _prompt(kind: str, profile: str, signals: dict[str, Any],
            schemas: dict[str, dict[str, Any]]) -> list[dict[str, str]]:
    system = (
        "You plan pptxagent jobs. Answer one JSON object: {\"path\": \"A\"|\"B\"|\"scratch\", "
        "\"reason\": str, \"steps\": [{\"id\": \"s1\", \"tool\": name, \"input\": {...}, "
        f"\"why\": str}}]}} with at most {MAX_STEPS} steps and exactly one render step. "
        f"File inputs are variables {sorted(VARIABLES)} or references '@sN.artifacts.pptx' / "
        "'@sN.data.report' to earlier steps. Tools and their input JSON Schemas: "
        + json.dumps(schemas, separators=(",", ":")))
    user = json.dumps({"kind": kind, "quality_profile": profile, "template_signals": signals})
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def _env(names: tuple[str, ...]) -> str:
    return next((v for n in names if (v := os.environ.get(n, "").strip())), "")


class LLMPlanner:
    """Asks ``chat`` (default: the OpenAI-compatible endpoint of the environment) for a plan."""

    name = "llm"

    def __init__(self, chat: Chat | None = None, *, base_url: str = "", model: str = "",
                 api_key: str = "", timeout: float = 60.0) -> None:
        self.base_url = base_url or _env(ENV["base_url"])
        self.model = model or _env(ENV["model"])
        self.api_key = api_key or _env(ENV["key"])
        self.timeout = timeout
        self._chat = chat

    def chat(self, messages: list[dict[str, str]]) -> str:
        if self._chat is not None:
            return self._chat(messages)
        if not self.base_url or not self.model:
            raise PlanError("no LLM endpoint configured (PPTXAGENT_PLANNER_BASE_URL / _MODEL)")
        return chat_completion(self.base_url, self.model, self.api_key, messages, self.timeout)

    def propose(self, kind: Literal["fill", "compose"], profile: str,
                signals: dict[str, Any], registry: Mapping[str, Tool]) -> Plan:
        schemas = {n: t.Input.model_json_schema() for n, t in registry.items()}
        try:
            text = self.chat(_prompt(kind, profile, signals, schemas))
        except PptxAgentError as exc:
            raise PlanError(f"LLM endpoint: {exc}") from exc
        text = re.sub(r"^```(?:json)?\s*|\s*```$", "", text.strip())
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise PlanError(f"the answer is not JSON: {text[:80]!r}") from exc
        plan = check_plan(raw, kind, registry)
        plan.signals = signals
        return plan


__all__ = ["LLMPlanner", "PlanError", "check_plan"]
