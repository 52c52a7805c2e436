"""A slide's own name (``p:cSld/@name``): a composed slide carries ``component/variant``
there (``ooxml.build.slide``)."""

from __future__ import annotations

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.xml import qn


def slide_name(pkg: Package, slide_part: str) -> str:
    """The slide's ``p:cSld/@name`` (``""`` when it has none)."""
    c_sld = pkg.xml(slide_part).find(qn("p:cSld"))
    return c_sld.get("name", "") if c_sld is not None else ""
