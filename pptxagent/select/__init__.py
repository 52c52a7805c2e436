"""Layout selection of scratch mode (agentic-upgrade §7.3): outline slide → component.

``select_slides`` composes a whole outline (component per slide, continuation parts, a
reason per slide); ``resplit`` cuts one slide's content finer when the measurement finds it
still overflowing at the minimum fonts.
"""

from pptxagent.select.policy import infer_kind, plan_slide, resplit, select_slides

__all__ = ["infer_kind", "plan_slide", "resplit", "select_slides"]
