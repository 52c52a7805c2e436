"""``font_too_small`` (§5.1, §2): text drawn below the min font of its priority tier."""

from __future__ import annotations

from pptxagent.diagnose.budget import Draft, finalize
from pptxagent.diagnose.context import Ctx
from pptxagent.ir import Defect


def detect(ctx: Ctx) -> list[Defect]:
    out: list[Defect] = []
    for it in ctx.items:
        floor = it.min_font
        current = it.dom.computed.fontSize
        if floor is None or not current < floor:
            continue
        hint = finalize(
            ctx,
            it,
            Draft(
                action="set_fontSize",
                font=floor,
                reason=f"min font for priority {it.el.priority} is {floor:g}px",
            ),
        )
        out.append(
            Defect(
                type="font_too_small",
                eid=it.eid,
                severity=round((floor - current) * 10, 4),
                details={"current": current, "min": floor},
                hint=hint,
            )
        )
    return out
