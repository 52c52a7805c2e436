"""Plans (agentic-upgrade §4.2–4.3, §6.1): steps naming white-listed tools, the path per
deck chosen from the template's signals, and the deterministic planner (the default).

A step's input may name the job's inputs as variables (``"$template"``, ``"$content"``,
``"$content_json"``, ``"$outline"``, ``"$outline_json"``, ``"$theme"``) and an earlier step's
output as a reference (``"@s2.artifacts.pptx"``, ``"@s2.data.report"``); the executor
resolves both just before the step runs.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

MAX_STEPS = 12
Path_ = Literal["A", "B", "scratch"]
Profile = Literal["fast", "balanced", "high_fidelity"]
RENDER_TOOLS = frozenset({"render.template_render", "pptx.replace_text_preserve_format",
                          "render.scratch_render"})
VARIABLES = frozenset({"$template", "$content", "$content_json", "$outline", "$outline_json",
                       "$theme", "$final"})

# §6.1 thresholds
GROUPED_MIN = 3
"""Grouped shapes from which the renderer's moves risk breaking the template's design."""
TABLE_SHARE_MIN = 0.5
FREEFORM_SHARE_MIN = 0.6
SPARSE_PLACEHOLDERS = 0.3
MIN_TEXT_SHAPES = 4


class Step(BaseModel):
    id: str = Field(pattern=r"^s\d{1,2}$")
    tool: str
    input: dict[str, Any] = Field(default_factory=dict)
    why: str = ""


class Plan(BaseModel):
    path: Path_
    reason: str
    steps: list[Step] = Field(max_length=MAX_STEPS)
    planner: str = "deterministic"
    signals: dict[str, Any] = Field(default_factory=dict)
    note: str = ""
    """Why an LLM plan was not used (the fallback's reason), else empty."""

    def render_step(self) -> Step | None:
        return next((s for s in self.steps if s.tool in RENDER_TOOLS), None)


def choose_path(signals: dict[str, Any], prior_degraded: int = 0) -> tuple[Path_, str]:
    """Path A (renderer) or B (OOXML replace path) for a template, with the reason."""
    text = int(signals.get("text_shapes", 0))
    freeform = int(signals.get("freeform_text", 0))
    grouped = int(signals.get("grouped", 0))
    tables = float(signals.get("table_slide_share", 0.0))
    ratio = float(signals.get("placeholder_ratio", 0.0))
    share = freeform / text if text else 0.0
    why: list[str] = []
    if grouped >= GROUPED_MIN:
        why.append(f"{grouped} grouped shapes (≥ {GROUPED_MIN})")
    if tables >= TABLE_SHARE_MIN:
        why.append(f"table-heavy: {tables:.0%} of slides have tables (≥ {TABLE_SHARE_MIN:.0%})")
    if text >= MIN_TEXT_SHAPES and share >= FREEFORM_SHARE_MIN:
        why.append(f"{freeform} of {text} text shapes are freeform ({share:.0%} ≥ "
                   f"{FREEFORM_SHARE_MIN:.0%})")
    elif text >= MIN_TEXT_SHAPES and ratio < SPARSE_PLACEHOLDERS:
        why.append(f"sparse placeholders ({ratio:.2f} < {SPARSE_PLACEHOLDERS})")
    if prior_degraded > 0:
        why.append(f"{prior_degraded} degraded slide(s) in this template's earlier runs")
    if why:
        return "B", "OOXML path (boxes held where the template put them): " + "; ".join(why)
    return "A", (f"renderer path: placeholders carry the text (ratio {ratio:.2f}, {freeform} "
                 f"freeform of {text}), {grouped} grouped shape(s), {tables:.0%} table slides")


def profile_passes(profile: Profile, asked: int | None) -> int:
    """Correction passes allowed: fast none; balanced 1; high_fidelity 2 (an explicit
    request lowers it, never raises it past the profile's cap)."""
    cap = {"fast": 0, "balanced": 2, "high_fidelity": 2}[profile]
    default = {"fast": 0, "balanced": 1, "high_fidelity": 2}[profile]
    return default if asked is None else min(asked, cap)


def stricter(pass_no: int) -> dict[str, float | int | bool | str]:
    """A correction pass's settings: more patches per slide and per QA correction, more
    patience before a rollout stalls (``--set`` overrides)."""
    return {"MAX_ITER": 6 + 4 * pass_no, "QA_CORRECTION_EXTRA_ITER": 2 + 2 * pass_no,
            "STALL_THRESHOLD": 2 + pass_no}


def _out(pass_no: int) -> str:
    return "deck.pptx" if pass_no == 0 else f"deck-pass{pass_no}.pptx"


class _Steps:
    def __init__(self, first: int) -> None:
        self.n = first
        self.steps: list[Step] = []

    def add(self, tool: str, inp: dict[str, Any], why: str) -> str:
        sid = f"s{self.n}"
        self.steps.append(Step(id=sid, tool=tool, input=inp, why=why))
        self.n += 1
        return sid


def fill_steps(path: Path_, profile: Profile, pass_no: int, first: int = 2) -> list[Step]:
    """One pass of a template fill after the inspection. A correction pass (``pass_no`` >
    0) renders and checks only, with stricter settings."""
    b = _Steps(first)
    base = {"template": "$template", "content": "$content", "crosscheck": profile != "fast",
            "settings": stricter(pass_no) if pass_no else {}}
    if path == "A":
        r = b.add("render.template_render", {**base, "out": _out(pass_no)},
                  "fill through the renderer: measure, refine, QA, write back")
        deck = f"@{r}.artifacts.pptx"
        if pass_no == 0:
            b.add("pptx.validate_layout", {"deck": deck, "report": f"@{r}.data.report"},
                  "structure and overflow of the written deck")
    else:
        r = b.add("pptx.replace_text_preserve_format",
                  {**base, "out": f"replaced-{pass_no}.pptx"},
                  "replace text in the template's shapes, formatting and geometry kept")
        b.add("pptx.ooxml_validate", {"deck": f"@{r}.artifacts.pptx"}, "structural check")
        b.add("pptx.ooxml_unpack", {"deck": f"@{r}.artifacts.pptx",
                                    "out_dir": f"unpacked-{pass_no}"}, "the parts, to pack")
        p = b.add("pptx.ooxml_pack", {"dir": f"unpacked-{pass_no}", "out": _out(pass_no)},
                  "pack the parts into the deck")
        deck = f"@{p}.artifacts.pptx"
    b.add("qa.content_check", {"deck": deck, "content": "$content_json",
                               "report": f"@{r}.data.report"}, "every string placed, no tokens")
    return b.steps


def compose_steps(profile: Profile, pass_no: int, first: int = 1,
                  prelude: bool = True) -> list[Step]:
    """One pass of a compose; the first (``prelude``) also shows the theme and layouts."""
    b = _Steps(first)
    if pass_no == 0 and prelude:
        b.add("scratch.theme_apply", {"theme": "$theme"}, "the theme pack and its contrasts")
        b.add("scratch.layout_select", {"outline": "$outline", "theme": "$theme"},
              "a component per outline slide, with its reason")
    r = b.add("render.scratch_render", {
        "outline": "$outline", "theme": "$theme", "crosscheck": profile != "fast",
        "settings": stricter(pass_no) if pass_no else {}, "out": _out(pass_no)},
        "compose, measure, refine, reflow, QA, pack")
    b.add("qa.content_check", {"deck": f"@{r}.artifacts.pptx", "content": "$outline_json",
                               "report": f"@{r}.data.report"}, "every outline string placed")
    return b.steps


def final_steps(profile: Profile, first: int) -> list[Step]:
    """After the last pass, on the deck kept (``$final``): thumbnails unless fast."""
    b = _Steps(first)
    if profile != "fast":
        b.add("render.thumbnail_grid", {"deck": "$final"}, "thumbnails per slide")
    return b.steps


def deterministic_plan(kind: Literal["fill", "compose"], profile: Profile,
                       signals: dict[str, Any], prior_degraded: int = 0) -> Plan:
    if kind == "compose":
        steps = compose_steps(profile, 0)
        return Plan(path="scratch", reason="scratch mode: composed from the outline",
                    steps=[*steps, *final_steps(profile, len(steps) + 1)])
    path, reason = choose_path(signals, prior_degraded)
    inspect = Step(id="s1", tool="pptx.inspect_inventory", input={"deck": "$template"},
                   why="the template's shapes and §6.1 signals")
    steps = [inspect, *fill_steps(path, profile, 0)]
    return Plan(path=path, reason=reason, signals=signals,
                steps=[*steps, *final_steps(profile, len(steps) + 1)])


def correction_plan(plan: Plan, kind: Literal["fill", "compose"], profile: Profile,
                    pass_no: int, first: int) -> list[Step]:
    """A correction pass: path B is redone through the renderer (boxes may now grow), path A
    and scratch again with stricter settings."""
    if kind == "compose":
        return compose_steps(profile, pass_no, first, prelude=False)
    return fill_steps("A", profile, pass_no, first)


def failover_steps(kind: Literal["fill", "compose"], profile: Profile, first: int) -> list[Step]:
    """The deterministic renderer path, run when a step of the plan failed."""
    if kind == "compose":
        return compose_steps(profile, 0, first, prelude=False)
    return fill_steps("A", profile, 0, first)


__all__ = ["MAX_STEPS", "RENDER_TOOLS", "VARIABLES", "Plan", "Step", "choose_path",
           "compose_steps", "correction_plan", "deterministic_plan", "failover_steps",
           "fill_steps", "final_steps",
           "profile_passes", "stricter"]
