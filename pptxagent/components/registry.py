"""The component registry: every component by name, and the one that serves each kind."""

from __future__ import annotations

from pptxagent.components.base import Component, kinds_of
from pptxagent.components.bullets import BULLETS
from pptxagent.components.comparison import COMPARISON
from pptxagent.components.data import DATA
from pptxagent.components.hero import HERO
from pptxagent.components.image import IMAGE
from pptxagent.components.kpis import KPIS
from pptxagent.components.quote import QUOTE
from pptxagent.components.section import SECTION
from pptxagent.components.table import TABLE
from pptxagent.components.timeline import TIMELINE
from pptxagent.ir.outline import SlideKind

COMPONENTS: dict[str, Component] = {c.name: c for c in (
    HERO, SECTION, BULLETS, KPIS, COMPARISON, TIMELINE, QUOTE, DATA, TABLE, IMAGE)}
_BY_KIND = kinds_of(list(COMPONENTS.values()))


def is_sparse(name: str, variant: str = "") -> bool:
    """Whether the component ``name`` (drawing ``variant``) is intentionally sparse
    (``Component.sparse``, ``Component.sparse_variants``)."""
    found = COMPONENTS.get(name)
    return found is not None and (found.sparse or variant in found.sparse_variants)


def component_for(kind: SlideKind) -> Component:
    """The component that composes slides of ``kind``."""
    return _BY_KIND[kind]
