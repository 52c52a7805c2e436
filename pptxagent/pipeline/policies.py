"""Who proposes patches: the policies a command can choose by name (``--policy``)."""

from __future__ import annotations

from pptxagent.policy.base import Policy
from pptxagent.policy.fit import FitPolicy
from pptxagent.policy.hints import HintsPolicy
from pptxagent.policy.llm import LLMPolicy

POLICY_NAMES = ("hints", "llm")


def build_policy(
    name: str, base_url: str | None = None, model: str | None = None, key: str | None = None
) -> Policy:
    """``hints`` (offline, deterministic) or ``llm`` (an OpenAI-compatible endpoint; a missing
    endpoint or model is an ``InputError``)."""
    if name == "llm":
        return LLMPolicy.from_env(base_url=base_url, model=model, api_key=key)
    return HintsPolicy()


def fit_policy(inner: Policy) -> Policy:
    """The fill's policy: fit text inside the template's box first, ``inner`` for the rest."""
    return FitPolicy(inner)


__all__ = ["POLICY_NAMES", "Policy", "build_policy", "fit_policy"]
