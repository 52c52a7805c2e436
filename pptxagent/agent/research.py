"""Research behind an interface (§5.2 ``research.*``): the service plugs in a real search
provider; the local fake answers from a fixed corpus (no network)."""

from __future__ import annotations

import re
from typing import Protocol

from pydantic import BaseModel, Field


class Source(BaseModel):
    id: str
    title: str
    url: str = ""
    text: str = ""


class ResearchProvider(Protocol):
    def search(self, query: str, k: int) -> list[Source]: ...


_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if len(w) > 2}


class FakeResearch:
    """Ranks a fixed list of sources by shared words with the query (deterministic)."""

    def __init__(self, sources: list[Source] | None = None) -> None:
        self.sources = sources if sources is not None else [
            Source(id="s1", title="Quarterly revenue and margin report",
                   url="local://finance/q3", text="revenue growth margin region quarter"),
            Source(id="s2", title="Customer support reorganisation review",
                   url="local://ops/support", text="support response time churn customers"),
            Source(id="s3", title="Pipeline and sales forecast",
                   url="local://sales/pipeline", text="pipeline deals win rate forecast"),
        ]

    def search(self, query: str, k: int) -> list[Source]:
        q = words(query)
        scored = [(len(q & words(f"{s.title} {s.text}")), i, s)
                  for i, s in enumerate(self.sources)]
        return [s for n, _, s in sorted(scored, key=lambda t: (-t[0], t[1])) if n > 0][:k]


class Route(BaseModel):
    slide: int
    sources: list[str] = Field(default_factory=list)


def route_sources(slides: list[str], sources: list[Source], per_slide: int = 2) -> list[Route]:
    """Per slide text, the sources sharing the most words with it (ties: given order)."""
    out: list[Route] = []
    for n, text in enumerate(slides, 1):
        w = words(text)
        scored = [(len(w & words(f"{s.title} {s.text}")), i, s) for i, s in enumerate(sources)]
        best = [s.id for c, _, s in sorted(scored, key=lambda t: (-t[0], t[1])) if c > 0]
        out.append(Route(slide=n, sources=best[:per_slide]))
    return out


__all__ = ["FakeResearch", "ResearchProvider", "Route", "Source", "route_sources"]
