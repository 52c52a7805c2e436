"""Layout components of scratch mode (agentic-upgrade §7.1): outline slide → ``SlideSpec``.

Each component declares its slots (typography and colour roles), its density limits and
composes boxes on the theme pack's spacing scale; ``COMPONENTS`` holds them by name and
``component_for(kind)`` gives the one serving an outline kind.
"""

from pptxagent.components.base import Component, Density, Slot
from pptxagent.components.chrome import continued, slide_title
from pptxagent.components.geometry import BLEED_PREFIX
from pptxagent.components.registry import COMPONENTS, component_for

__all__ = [
    "BLEED_PREFIX",
    "COMPONENTS",
    "Component",
    "Density",
    "Slot",
    "component_for",
    "continued",
    "slide_title",
]
