"""The little of a chart part the faithful render draws: its title text."""

from __future__ import annotations

from pptxagent.errors import PptxAgentError
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.xml import qn


def read_chart_title(pkg: Package, part: str | None) -> str | None:
    """The chart's own title (``c:chart/c:title`` rich text), ``None`` when it has none."""
    if part is None or not pkg.has_part(part):
        return None
    try:
        root = pkg.xml(part)
    except PptxAgentError:
        return None
    title = root.find(f"{qn('c:chart')}/{qn('c:title')}")
    if title is None:
        return None
    paras = ["".join(t.text or "" for t in p.iter(qn("a:t"))) for p in title.iter(qn("a:p"))]
    text = "\n".join(p for p in paras if p.strip())
    return text or None
