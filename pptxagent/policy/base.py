"""What a refinement policy is: given the IR and its diagnostics, propose one patch."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from pptxagent.ir import Diagnostics, Patch, SlideIR
from pptxagent.settings import Settings


@dataclass(frozen=True)
class TabooCheck:
    """``checkPatch`` result (spec §5.10)."""

    allowed: bool
    fingerprint: str
    reason: str = ""


@dataclass
class PolicyContext:
    settings: Settings
    iteration: int
    """The iteration whose diagnostics the policy sees (the patch becomes ``patch_{k+1}``)."""
    check: Callable[[Patch], TabooCheck] = field(
        default=lambda p: TabooCheck(allowed=True, fingerprint="")
    )
    """``checkPatch(session, patch)`` bound to the rollout's taboo set."""
    notes: list[str] = field(default_factory=list)
    """What the policy wants in the trace (retries, fallbacks to the hints policy)."""


class Policy(Protocol):
    name: str

    def propose(self, ir: SlideIR, diag: Diagnostics, ctx: PolicyContext) -> Patch: ...
