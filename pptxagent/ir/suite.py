"""A golden suite for ``pptxagent eval`` (issue 35): a folder with ``suite.json``.

```
my-suite/
  suite.json                      {"name": ..., "cases": [...], "gate": {...}}
  templates/report.pptx           any layout: paths are relative to suite.json
  content/report.json
  content/report-v2.json          a revision: a second content for the same deck
  outlines/board.json
```

A fill case names a ``template`` and its ``content``; a compose case an ``outline`` and a
``theme`` (a bundled pack name or a pack file; else the outline's own). ``revisions`` are
further contents (or outlines) for the same case, each run and judged as a case of its own
(``name@2``, ``name@3`` ...). ``gate`` holds the release thresholds (seed §11.3).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Profile = Literal["fast", "balanced", "high_fidelity"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SuiteCase(_Strict):
    """One case: a fill (``template`` + ``content``) or a compose (``outline`` + ``theme``)."""

    name: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")
    template: str | None = None
    content: str | None = None
    outline: str | None = None
    theme: str | None = None
    revisions: tuple[str, ...] = ()
    """More contents (fill) or outlines (compose) for the same deck, judged as cases."""
    profile: Profile | None = None
    """This case's profile (default: the suite's, else ``--profile``)."""

    @model_validator(mode="after")
    def _one_mode(self) -> SuiteCase:
        fill = self.template is not None or self.content is not None
        scratch = self.outline is not None
        if fill == scratch:
            raise ValueError("a case is a fill (template and content) or a compose (outline "
                             "and an optional theme), not both or neither")
        if fill and (self.template is None or self.content is None):
            raise ValueError("a fill case needs both template and content")
        if fill and self.theme is not None:
            raise ValueError("theme belongs to a compose case")
        return self

    @property
    def mode(self) -> Literal["fill", "compose"]:
        return "compose" if self.outline is not None else "fill"


class Gate(_Strict):
    """The release gate (seed §11.3, §15): acceptance per mode, and the regression budget
    against a baseline's results."""

    template_acceptance: float = Field(0.92, ge=0, le=1)
    scratch_acceptance: float = Field(0.80, ge=0, le=1)
    latency_regression: float = Field(0.10, ge=0)
    """The median seconds per deck may grow this much over ``--baseline`` (0.10 = 10 %)."""
    cpu_regression: float = Field(0.10, ge=0)
    lies: int = Field(0, ge=0)
    """How many lies (a label clean while the judge sees overflow) the gate tolerates."""


class Suite(_Strict):
    name: str = Field(min_length=1)
    profile: Profile = "balanced"
    cases: tuple[SuiteCase, ...] = Field(min_length=1)
    gate: Gate = Gate()

    @model_validator(mode="after")
    def _unique(self) -> Suite:
        seen: set[str] = set()
        for i, case in enumerate(self.cases):
            if case.name in seen:
                raise ValueError(f"cases[{i}]: the name {case.name!r} is used twice")
            seen.add(case.name)
        return self


__all__ = ["Gate", "Profile", "Suite", "SuiteCase"]
