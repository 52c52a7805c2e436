"""The visual QA's correction pass (agentic-upgrade §8.2): re-run the refinement of the slides
with a critical issue, with targeted constraints, once.

The constraint that answers every critical issue a fill can cause (text pushed off the art
it sat on, grown into a footer or another text, lifted off the slide) is the same: the
shapes named in the issues keep the template's geometry and their text fits by font size
alone (never below the role's minimum). So the pass refines the slide again from its filled
state with those shapes' layout edits removed (``GeometryLock``) and a little more room in
the patch allowance; the QA then judges the result again.
"""

from __future__ import annotations

from dataclasses import dataclass

from pptxagent.ir import Diagnostics, Patch, SlideIR
from pptxagent.policy.base import Policy, PolicyContext

EXTRA_ITERATIONS = 2
"""Patches the correction pass allows beyond the fill's own ``MAX_ITER``: fitting by font size
alone from the template's box takes a few more 15% steps than growing the box did."""


@dataclass
class GeometryLock:
    """Wraps a policy and removes layout edits (move, resize) of the ``locked`` shapes."""

    inner: Policy
    locked: frozenset[str]
    name: str = "fit"

    def __post_init__(self) -> None:
        self.name = self.inner.name

    def propose(self, ir: SlideIR, diag: Diagnostics, ctx: PolicyContext) -> Patch:
        patch = self.inner.propose(ir, diag, ctx)
        edits = []
        for e in patch.edits:
            if e.eid in self.locked and e.layout:
                ctx.notes.append(f"correction: {e.eid} keeps the template's geometry")
                e = e.model_copy(update={"layout": {}})
            if e.layout or e.style:
                edits.append(e)
        return patch.model_copy(update={"edits": edits})
