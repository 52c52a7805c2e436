"""The ``llm`` policy: ask any OpenAI-compatible chat-completions endpoint for the patch (§6).

One retry for a malformed or invalid reply (the retry says what was wrong), one re-ask for a
taboo patch (§5.10, with the reason). Everything else — a second bad reply, a second taboo
patch, HTTP errors, timeouts, a refused connection — is answered by the fallback policy
(``hints``) with a note in ``ctx.notes``. The policy never raises for the endpoint's faults.
"""

from __future__ import annotations

import os
from typing import Any

from pptxagent.engines.http import HttpError, post_json
from pptxagent.errors import InputError
from pptxagent.ir import Diagnostics, Patch, SlideIR
from pptxagent.policy.base import Policy, PolicyContext
from pptxagent.policy.hints import HintsPolicy
from pptxagent.policy.prompt import invalid_reply_prompt, system_prompt, taboo_prompt, user_prompt
from pptxagent.policy.reply import ReplyError, parse_patch, reply_content

ENV_BASE_URL = ("PPTXAGENT_LLM_BASE_URL", "OPENAI_BASE_URL")
ENV_MODEL = ("PPTXAGENT_LLM_MODEL",)
ENV_API_KEY = ("PPTXAGENT_LLM_API_KEY", "OPENAI_API_KEY")


def _from_env(names: tuple[str, ...]) -> str | None:
    for name in names:
        value = os.environ.get(name, "").strip()
        if value:
            return value
    return None


class LLMPolicy:
    name = "llm"

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str,
        timeout: float = 60,
        fallback: Policy | None = None,
    ) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise InputError(f"llm policy: base URL {base_url!r} must start with http(s)://")
        if not model:
            raise InputError("llm policy: no model given")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = api_key
        self.timeout = timeout
        self.fallback: Policy = fallback if fallback is not None else HintsPolicy()

    @classmethod
    def from_env(
        cls,
        base_url: str | None = None,
        model: str | None = None,
        api_key: str | None = None,
        timeout: float = 60,
    ) -> LLMPolicy:
        """Arguments first, then ``PPTXAGENT_LLM_*``, then ``OPENAI_BASE_URL``/``_API_KEY``."""
        url = base_url or _from_env(ENV_BASE_URL)
        mdl = model or _from_env(ENV_MODEL)
        key = api_key or _from_env(ENV_API_KEY)
        for value, names in ((url, ENV_BASE_URL), (mdl, ENV_MODEL), (key, ENV_API_KEY)):
            if not value:
                raise InputError(f"llm policy: {' or '.join(names)} is not set")
        assert url is not None and mdl is not None and key is not None
        return cls(url, mdl, key, timeout=timeout)

    @property
    def endpoint(self) -> str:
        return f"{self.base_url}/chat/completions"

    def _ask(self, messages: list[dict[str, str]]) -> Any:
        payload = {
            "model": self.model,
            "messages": messages,
            "temperature": 0,
            "response_format": {"type": "json_object"},
        }
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        return post_json(self.endpoint, payload, headers, self.timeout)

    def _fall_back(self, ir: SlideIR, diag: Diagnostics, ctx: PolicyContext, why: str) -> Patch:
        ctx.notes.append(f"llm: {why}; the {self.fallback.name} policy answers")
        return self.fallback.propose(ir, diag, ctx)

    def propose(self, ir: SlideIR, diag: Diagnostics, ctx: PolicyContext) -> Patch:
        messages = [
            {"role": "system", "content": system_prompt(ctx.settings)},
            {"role": "user", "content": user_prompt(ir, diag, ctx.iteration)},
        ]
        retries, reasks = 1, 1
        while True:
            try:
                answer = self._ask(messages)
            except HttpError as exc:
                return self._fall_back(ir, diag, ctx, f"endpoint failed: {exc}")
            content = ""
            try:
                content = reply_content(answer)
                patch = parse_patch(content, ir)
            except ReplyError as exc:
                if retries == 0:
                    return self._fall_back(ir, diag, ctx, f"invalid reply again ({exc})")
                retries -= 1
                ctx.notes.append(f"llm: invalid reply ({exc}); asking once more")
                messages += [{"role": "assistant", "content": content},
                             {"role": "user", "content": invalid_reply_prompt(str(exc), ir)}]
                continue
            verdict = ctx.check(patch)
            if verdict.allowed:
                return patch
            if reasks == 0:
                return self._fall_back(
                    ir, diag, ctx, f"patch {verdict.fingerprint} is taboo again")
            reasks -= 1
            ctx.notes.append(f"llm: patch {verdict.fingerprint} is taboo ({verdict.reason}); "
                             "asking for another strategy")
            messages += [{"role": "assistant", "content": content},
                         {"role": "user", "content": taboo_prompt(verdict.reason,
                                                                  verdict.fingerprint)}]
