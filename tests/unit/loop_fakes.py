"""Small deterministic stand-ins for the loop's collaborators (unit tests only).

``FakeMeasurer`` reports each element's layout as its bbox and, for text, a content box of
the height stored in the element's extra field ``need_h`` (default: fits), × its autofit
``fitScale`` squared (wrapped text). ``fake_diagnose``
finds overflow, right/bottom out-of-bounds and same-zIndex overlaps with simple severities.
``ScriptedPolicy`` returns the patches it was given, in order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pptxagent.ir import (
    Box,
    Computed,
    Defect,
    Diagnostics,
    DomElement,
    DomSnapshot,
    Hint,
    Patch,
    SlideIR,
    Summary,
)
from pptxagent.policy.base import PolicyContext
from pptxagent.settings import Settings

PNG = b"\x89PNG\r\n\x1a\n"


class FakeMeasurer:
    def __init__(self) -> None:
        self.measured: list[SlideIR] = []

    def measure(self, ir: SlideIR, settings: Settings) -> tuple[DomSnapshot, str]:
        self.measured.append(ir)
        els = []
        for el in ir.elements:
            lay = el.layout
            bbox = Box(x=lay.x, y=lay.y, w=lay.w, h=lay.h)
            need = float((el.model_extra or {}).get("need_h", lay.h))
            need *= (el.style.fitScale or 1.0) ** 2
            clipped = el.style.overflow == "hidden"
            content = Box(x=lay.x, y=lay.y, w=lay.w, h=min(need, lay.h) if clipped else need)
            els.append(
                DomElement(
                    eid=el.eid,
                    bbox=bbox,
                    safeBox=bbox.inflate(settings.SAFE_PADDING),
                    contentBox=content if el.is_text else None,
                    zIndex=lay.zIndex,
                    computed=Computed(fontSize=el.style.fontSize or 16, lineHeight=1.2),
                    visible=el.style.display != "none",
                )
            )
        dom = DomSnapshot(slide=ir.slide, safe_padding=settings.SAFE_PADDING, elements=els)
        return dom, f"<html><body data-n='{len(self.measured)}'></body></html>"

    def screenshot(self, ir: SlideIR, path: Path) -> Path:
        path.write_bytes(PNG)
        return path


def fake_diagnose(ir: SlideIR, dom: DomSnapshot, settings: Settings) -> Diagnostics:
    defects: list[Defect] = []
    visible = [e for e in dom.elements if e.visible]
    for el in visible:
        cb = el.contentBox
        if cb is not None and cb.h > el.bbox.h:
            over = cb.h - el.bbox.h
            hint = Hint(action="resize_height", suggested_h=cb.h + 8, validated=True)
            defects.append(
                Defect(type="content_overflow", eid=el.eid, severity=over, hint=hint,
                       details={"overflow_x_px": 0, "overflow_y_px": over})
            )
        by = max(el.bbox.right - dom.slide.w, el.bbox.bottom - dom.slide.h)
        if by > settings.OOB_EPS_PX:
            defects.append(Defect(type="out_of_bounds", eid=el.eid, severity=by))
    types = {e.eid: e.type for e in ir.elements}
    prio = {e.eid: e.priority for e in ir.elements}
    for i, a in enumerate(visible):
        for b in visible[i + 1 :]:
            if "decoration" in (types[a.eid], types[b.eid]) or a.zIndex != b.zIndex:
                continue
            area = a.bbox.intersection_area(b.bbox)
            if area >= settings.MIN_OVERLAP_AREA_PX:
                owner, other = sorted([a.eid, b.eid], key=lambda e: prio[e])
                defects.append(
                    Defect(type="overlap", owner_eid=owner, other_eid=other, severity=area,
                           details={"overlap_area_px": area})
                )
    total = sum(d.severity for d in defects)
    summary = Summary(defect_count=len(defects), total_severity=total, warning_count=0)
    return Diagnostics(defects=defects, warnings=[], summary=summary)


class ScriptedPolicy:
    name = "scripted"

    def __init__(self, *patches: dict[str, Any]) -> None:
        self.patches = [Patch.model_validate(p) for p in patches]
        self.calls: list[int] = []

    def propose(self, ir: SlideIR, diag: Diagnostics, ctx: PolicyContext) -> Patch:
        self.calls.append(ctx.iteration)
        return self.patches.pop(0) if self.patches else Patch()


def element(eid: str, type_: str, priority: int, **layout: Any) -> dict[str, Any]:
    extra = {k: layout.pop(k) for k in ("need_h", "style") if k in layout}
    lay = {"x": 0, "y": 0, "w": 100, "h": 100, **layout}
    return {"eid": eid, "type": type_, "priority": priority, "content": eid,
            "layout": lay, "style": extra.pop("style", {"fontSize": 20}), **extra}


def slide(*elements: dict[str, Any]) -> SlideIR:
    return SlideIR.model_validate({"slide": {"w": 1280, "h": 720}, "elements": list(elements)})
