"""One version's quality story (``QaStory``), told from its stored report in one vocabulary:

1. the render's **visual QA** found issues (the template's own design aside);
2. its **QA correction pass** (the fill's or compose's own, on the slides with a critical
   issue) corrected them: each is then ``resolved`` or ``unresolved``;
3. the **re-check** left the live ones (open + unresolved): the only ones a person is warned
   about;
4. the agent's **critic** judged the gates on that and ran its **critic correction passes**
   (each a whole new render) when a gate failed and one could help.

The counts are the critic's own (``agent.critic.qa_counts``): the report, the critic's events
and this story count the same issues the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pptxagent.agent.critic import qa_counts
from pptxagent.service.names import labels_of
from pptxagent.service.payloads import QaCounts, QaStory
from pptxagent.store import Store


def _slides(numbers: list[int]) -> str:
    return f"slide{'s' if len(numbers) != 1 else ''} {', '.join(map(str, numbers))}"


def _n(count: int, word: str, words: str) -> str:
    return f"{count} {word if count == 1 else words}"


def story_of(report: dict[str, Any], passes_used: int, score: float | None) -> QaStory:
    """The story of a stored report; ``passes_used``: the critic correction passes."""
    counts = QaCounts.model_validate(qa_counts(report))
    slides = [s for s in report.get("slides") or [] if isinstance(s, dict)]
    kept = [int(s["index"]) for s in slides if s.get("qa_correction") == "kept"]
    dropped = [int(s["index"]) for s in slides if s.get("qa_correction") == "dropped"]
    critic = report.get("critic")
    critic = critic if isinstance(critic, dict) else {}
    gates = {str(k): bool(v) for k, v in (critic.get("gates") or {}).items()}
    where = sorted({int(i.get("slide") or s.get("index") or 0) for s in slides
                    for i in s.get("qa") or [] if i.get("status") != "accepted"})
    parts = [f"Visual QA found {_n(counts.found, 'issue', 'issues')}"
             + (f" on {_slides(where)}" if where else "")]
    if counts.accepted:
        parts[0] += f" ({counts.accepted} more the template has itself, accepted)"
    if kept or dropped:
        ran = f"its QA correction pass ran on {_slides(kept + dropped)}"
        fixed = f"{counts.resolved} resolved, {counts.unresolved} unresolved"
        parts.append(f"{ran}: {fixed}" + (f" (dropped on {_slides(dropped)}: no better)"
                                          if dropped else ""))
    parts.append(f"re-checked: {counts.live} open")
    failing = [g for g, ok in gates.items() if not ok]
    verdict = ("critic: all gates pass" if gates and not failing else
               f"critic: {', '.join(failing)} failing" if failing else "critic: no verdict kept")
    verdict += f", {_n(passes_used, 'critic correction pass', 'critic correction passes')}"
    if score is not None:
        verdict += f" (score {score:.2f})"
    parts.append(verdict)
    return QaStory(counts=counts, qa_correction_slides=kept, qa_correction_dropped=dropped,
                   critic_passes=passes_used, gates=gates, score=score,
                   labels=labels_of(report), summary="; ".join(parts) + ".")


def keep_pictures(store: Store, token_id: int, workdir: Path, report: dict[str, Any]
                  ) -> dict[str, Any]:
    """The report with each slide's picture from before its QA correction pass stored (the
    token's, by sha256): ``slides[].before`` becomes its URL, ``/api/files/{sha256}``; only
    files under ``workdir``."""
    root = workdir.resolve()
    slides = []
    for slide in report.get("slides") or []:
        name = slide.get("before") if isinstance(slide, dict) else None
        before = Path(str(name)).resolve() if name else None
        if before is not None and before.is_file() and before.is_relative_to(root):
            sha = store.put_artifact(before, kind="qa-before", media_type="image/png",
                                     token_id=token_id)
            slide = {**slide, "before": f"/api/files/{sha}"}
        slides.append(slide)
    return {**report, "slides": slides}


__all__ = ["keep_pictures", "story_of"]
