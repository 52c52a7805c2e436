"""``inventory_deck``: a real .pptx → ``DeckIR`` (every slide, every visible drawable)."""

from __future__ import annotations

from pathlib import Path

from pptxagent.inventory.backdrop import backdrop_for
from pptxagent.inventory.context import DeckReader
from pptxagent.inventory.elements import to_element
from pptxagent.ir import DeckIR, DeckSlide, Element, SlideSize
from pptxagent.ooxml.package import Package
from pptxagent.units import emu_to_px


def _assign_body_roles(elements: list[Element]) -> None:
    """Body placeholders get roles body, body2, body3 … in reading order (y, then x)."""
    bodies = [e for e in elements if e.role == "body"]
    bodies.sort(key=lambda e: (round(e.layout.y), round(e.layout.x)))
    for n, el in enumerate(bodies, start=1):
        el.role = "body" if n == 1 else f"body{n}"


def _inventory(reader: DeckReader, slide_part: str, index: int) -> DeckSlide:
    ctx = reader.context(slide_part)
    elements: list[Element] = []
    seen: set[str] = set()
    for shape in ctx.slide.shapes:
        if shape.hidden:
            continue
        eid = f"sp{shape.shape_id}"
        n = 2
        while eid in seen:
            eid, n = f"sp{shape.shape_id}_{n}", n + 1
        el = to_element(shape, ctx, eid)
        if el is None:
            continue
        seen.add(eid)
        elements.append(el)
    _assign_body_roles(elements)
    extra: dict[str, object] = {} if ctx.slide.show else {"hidden": True}
    if ctx.layout is None:
        extra["no_layout"] = True  # placeholders that take their frame from one are nowhere
    return DeckSlide(
        index=index,
        layout=ctx.layout.name if ctx.layout is not None else "",
        part=slide_part,
        elements=elements,
        backdrop=backdrop_for(ctx, reader.pkg),
        **extra,
    )


def inventory_slide(
    pkg: Package, slide_part: str, index: int, reader: DeckReader | None = None
) -> DeckSlide:
    """One slide (``index`` is 1-based, as in the deck). Pass one ``reader`` for many slides
    of an unchanged package: it reads their layouts, masters and themes once."""
    return _inventory(reader or DeckReader(pkg), slide_part, index)


def slide_size(pkg: Package) -> SlideSize:
    cx, cy = pkg.slide_size_emu()
    return SlideSize(w=round(emu_to_px(cx), 2), h=round(emu_to_px(cy), 2))


def inventory_deck(pkg: Package) -> DeckIR:
    """Every slide of the deck in presentation order, hidden ones included (``hidden=True``)."""
    reader = DeckReader(pkg)
    slides = [_inventory(reader, part, i) for i, part in enumerate(pkg.slide_parts(), start=1)]
    return DeckIR(slide=slide_size(pkg), slides=slides)


def inventory_file(path: Path) -> DeckIR:
    """Open ``path`` (package errors name the file) and inventory it."""
    return inventory_deck(Package.open(path))
