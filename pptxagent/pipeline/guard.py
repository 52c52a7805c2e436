"""Keep the refinement honest on real templates: the template's own defects are not ours.

* ``TemplateGuard`` filters diagnostics so that a defect counts only when it involves an
  element the content changed, and is not one the template slide already had (same type and
  same elements). Shapes the content did not touch keep their place unless a filled shape
  collides with them.
* A title its designer put below the body, or a font at the template's own size below the
  spec's min font, is the template's design, never a defect of the fill.
* ``FrozenPolicy`` drops patch edits on elements that cannot be written back (shapes inside
  groups, rotated or vertical shapes): they are measured, never moved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from pptxagent.ir import (
    Defect,
    Diagnostics,
    DiagWarning,
    DomSnapshot,
    Element,
    Patch,
    SlideIR,
    with_elements,
)
from pptxagent.loop.fallbacks import defect_eids
from pptxagent.policy.base import Policy, PolicyContext
from pptxagent.settings import Settings

Diagnoser = Callable[[SlideIR, DomSnapshot, Settings], Diagnostics]
Key = tuple[str, frozenset[str]]


def defect_key(d: Defect) -> Key:
    return d.type, frozenset(defect_eids(d))


def warning_key(w: DiagWarning) -> Key:
    return w.type, frozenset((w.owner_eid, w.other_eid))


@dataclass
class TemplateGuard:
    touched: frozenset[str]
    """Elements whose text the content changed (filled keys and token replacements)."""
    baseline: frozenset[Key] = field(default_factory=frozenset)
    """Defect and warning keys the unfilled template slide already had."""
    design: frozenset[frozenset[str]] = field(default_factory=frozenset)
    """Pairs (filled text, untouched art) whose boxes the template made overlap: text placed
    on art is design, not an overlap to resolve (``design_pairs``)."""
    frames: Mapping[str, Frame] = field(default_factory=dict)
    """Every element's frame as the template placed it (``template_frames``): two that do not
    intersect there and still stand there (a filled body, the date placeholder below it) are
    spaced as the designer spaced them; their safe margins meeting is the template's
    spacing, not an overlap the fill made."""

    def _spaced(self, d: Defect, ir: SlideIR) -> bool:
        eids = defect_eids(d)
        if d.type != "overlap" or len(eids) != 2 or not all(e in self.frames for e in eids):
            return False
        now = {e.eid: _frame(e) for e in ir.elements if e.eid in eids}
        if any(e not in now for e in eids):
            return False
        a, b = eids
        then = _gap(self.frames[a], self.frames[b])
        # Apart in the template, and no closer now: a body grown down, away from the title
        # above it, keeps the designer's spacing; one grown or moved toward it does not.
        return then >= 0 and _gap(now[a], now[b]) >= then - SAME_PX

    def keeps(self, key: Key) -> bool:
        kind, eids = key
        if not eids & self.touched:
            return False
        if kind in _PAIR_KINDS and eids in self.design:
            return False
        # Overflow of filled text is always ours; anything else the template already had is not.
        return kind == "content_overflow" or key not in self.baseline

    def filter(self, diag: Diagnostics, ir: SlideIR | None = None) -> Diagnostics:
        if ir is not None:
            diag = template_design_dropped(ir, diag)
        defects = [d for d in diag.defects if self.keeps(defect_key(d))
                   and not (ir is not None and self._spaced(d, ir))]
        warnings = [w for w in diag.warnings if self.keeps(warning_key(w))]
        kept_eids = {e for d in defects for e in defect_eids(d)}
        summary = diag.summary.model_copy(
            update={
                "defect_count": len(defects),
                "total_severity": sum(d.severity for d in defects),
                "warning_count": len(warnings),
            }
        )
        if not set(summary.conflict_chain) & kept_eids:
            summary = summary.model_copy(
                update={"conflict_chain": [], "chain_hints": [], "chain_feasible": None}
            )
        return Diagnostics(defects=defects, warnings=warnings, summary=summary)

    def wrap(self, inner: Diagnoser) -> Diagnoser:
        def diagnoser(ir: SlideIR, dom: DomSnapshot, settings: Settings) -> Diagnostics:
            return self.filter(inner(ir, dom, settings), ir)

        return diagnoser


def _template_design(ir: SlideIR, d: Defect) -> bool:
    """A defect the template's design makes, not the content: a reading order its designer
    chose (title below body placeholders), a font at or above the template's own size for
    the placeholder (a 16 pt title is the designer's; enlarging it is not a repair)."""
    if d.type == "layout_topology":
        return True
    if d.type == "font_too_small" and d.eid:
        el = next((e for e in ir.elements if e.eid == d.eid), None)
        base, cur = (el.baseFontSize, el.style.fontSize) if el is not None else (None, None)
        return bool(base and cur and cur >= base - 0.01)
    return False


def template_design_dropped(ir: SlideIR, diag: Diagnostics) -> Diagnostics:
    """``diag`` without the defects the template's own design makes (see _template_design)."""
    kept = [d for d in diag.defects if not _template_design(ir, d)]
    if len(kept) == len(diag.defects):
        return diag
    summary = diag.summary.model_copy(update={
        "defect_count": len(kept), "total_severity": sum(d.severity for d in kept)})
    return Diagnostics(defects=kept, warnings=diag.warnings, summary=summary)


_PAIR_KINDS = frozenset({"overlap", "occlusion_suspected"})

Frame = tuple[float, float, float, float]
"""x0, y0, x1, y1 of an element's box (px)."""
SAME_PX = 0.5


def _frame(el: Element) -> Frame:
    lay = el.layout
    return lay.x, lay.y, lay.x + lay.w, lay.y + lay.h


def _gap(a: Frame, b: Frame) -> float:
    """How far apart two frames are (the larger of the horizontal and vertical gaps);
    negative when they intersect."""
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a, b
    return max(bx0 - ax1, ax0 - bx1, by0 - ay1, ay0 - by1)


def template_frames(ir: SlideIR) -> dict[str, Frame]:
    """Every element's frame on the slide as filled, before any repair moved anything."""
    return {e.eid: _frame(e) for e in ir.elements}


def design_pairs(ir: SlideIR, touched: frozenset[str]) -> frozenset[frozenset[str]]:
    """Pairs of a filled element and an untouched one whose boxes overlap as the template
    placed them (``ir`` is the slide as filled, before any repair moved anything)."""
    out: set[frozenset[str]] = set()
    eids = [e.eid for e in ir.elements if e.style.display != "none"]
    for t in (e for e in eids if e in touched):
        tx0, ty0, tx1, ty1 = _frame(ir.element(t))
        for u in (e for e in eids if e not in touched):
            ux0, uy0, ux1, uy1 = _frame(ir.element(u))
            if min(tx1, ux1) - max(tx0, ux0) > 0 and min(ty1, uy1) - max(ty0, uy0) > 0:
                out.add(frozenset((t, u)))
    return frozenset(out)


GROWN_PX = 4.0
"""How far an untouched shape must be drawn beyond its frame to count as growing."""


def grown_pairs(ir: SlideIR, dom: DomSnapshot, touched: frozenset[str]
                ) -> frozenset[frozenset[str]]:
    """Pairs of a filled element and an untouched text shape that the template lets grow with
    its text (an auto-fit box stored 0 px high, say a footnote block) and that is drawn over
    the filled element's frame as the template placed it: the template's design too, found
    on the slide as first measured (nothing moved yet)."""
    out: set[frozenset[str]] = set()
    frames = {e.eid: e.layout for e in ir.elements}
    for u in (e for e in ir.elements if e.eid not in touched and e.is_text):
        d = dom.get(u.eid)
        lay = u.layout
        if d is None or (d.bbox.h <= lay.h + GROWN_PX and d.bbox.w <= lay.w + GROWN_PX):
            continue
        b = d.bbox
        for t in touched:
            f = frames.get(t)
            if f is None:
                continue
            if (min(f.x + f.w, b.x + b.w) - max(f.x, b.x) > 0
                    and min(f.y + f.h, b.y + b.h) - max(f.y, b.y) > 0):
                out.add(frozenset((t, u.eid)))
    return frozenset(out)


def freeze_untouched(ir: SlideIR, touched: frozenset[str]) -> SlideIR:
    """``ir`` with every element the fill did not touch marked ``frozen``: the repair never
    moves or resizes the template's pictures, lines, art and untouched text."""
    return with_elements(ir, [
        el if el.eid in touched or el.source is None or el.source.frozen
        else el.model_copy(update={"source": el.source.model_copy(update={"frozen": True})})
        for el in ir.elements])


def baseline_keys(diag: Diagnostics) -> frozenset[Key]:
    return frozenset([*map(defect_key, diag.defects), *map(warning_key, diag.warnings)])


@dataclass
class FrozenPolicy:
    """Wraps a policy and removes edits on elements that must not change (``frozen``) and
    the layout edits (move, resize) of elements whose geometry is held (``locked``: the
    visual QA's correction pass holds the shapes of its critical issues in place)."""

    inner: Policy
    frozen: frozenset[str]
    locked: frozenset[str] = frozenset()
    name: str = "hints"

    def __post_init__(self) -> None:
        self.name = self.inner.name

    def propose(self, ir: SlideIR, diag: Diagnostics, ctx: PolicyContext) -> Patch:
        patch = self.inner.propose(ir, diag, ctx)
        edits = [e for e in patch.edits if e.eid not in self.frozen]
        if len(edits) != len(patch.edits):
            dropped = sorted({e.eid for e in patch.edits} - {e.eid for e in edits})
            ctx.notes.append(f"edits on non-repairable elements dropped: {', '.join(dropped)}")
        kept = []
        held = self.locked | {el.eid for el in ir.elements
                              if el.source is not None and el.source.frame_fixed}
        for e in edits:
            if e.eid in held and e.layout:
                ctx.notes.append(f"correction: {e.eid} keeps the template's geometry"
                                 if e.eid in self.locked else
                                 f"{e.eid} is turned or grouped: its box is kept")
                e = e.model_copy(update={"layout": {}})
            if e.layout or e.style:
                kept.append(e)
        return patch.model_copy(update={"edits": kept})


def frozen_eids(ir: SlideIR, extra: Iterable[str] = ()) -> frozenset[str]:
    out = {el.eid for el in ir.elements
           if el.source is not None and (not el.source.repairable or el.source.frozen)}
    return frozenset(out | set(extra))
