"""``layout_topology`` (§5.9): a title drawn below a body element breaks reading order."""

from __future__ import annotations

import math

from pptxagent.diagnose.budget import Draft, finalize
from pptxagent.diagnose.context import Ctx
from pptxagent.ir import BODY_TYPES, Defect

RULE = "title_above_body"


def detect(ctx: Ctx) -> list[Defect]:
    """One defect per title whose center-y is strictly below some body element's.

    The reference body is the highest violating one: placing the title above it (title bottom
    + 2×SAFE_PADDING ≤ body y) restores the order against every body at once.
    """
    bodies = [it for it in ctx.items if it.el.type in BODY_TYPES]
    out: list[Defect] = []
    for title in (it for it in ctx.items if it.el.type == "title"):
        tcy = title.bbox.cy
        violators = [b for b in bodies if tcy > b.bbox.cy]
        if not violators:
            continue
        body = min(violators, key=lambda b: (b.bbox.y, b.bbox.cy, b.index))
        target = max(0.0, math.floor(body.bbox.y - 2 * ctx.pad - title.bbox.h))
        fixes = target + title.bbox.h / 2 <= min(b.bbox.cy for b in violators)
        hint = finalize(
            ctx,
            title,
            Draft(
                action="move_to_top",
                y=target,
                fixes=fixes,
                reason=f"title bottom + 2×SAFE_PADDING ≤ {body.eid}.y({body.bbox.y:g})",
                move="up",
            ),
        )
        out.append(
            Defect(
                type="layout_topology",
                eid=title.eid,
                severity=ctx.settings.TOPOLOGY_SEVERITY,
                details={
                    "rule": RULE,
                    "title_eid": title.eid,
                    "body_eid": body.eid,
                    "title_cy": round(tcy, 2),
                    "body_cy": round(body.bbox.cy, 2),
                    "violated_by": [b.eid for b in violators],
                },
                hint=hint,
            )
        )
    return out
