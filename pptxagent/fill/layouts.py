"""Slides of content.json made from a layout (``{"layout": "Title and Content", ...}``).

Each layout named is added to the template once, as an empty slide that uses it
(``ooxml.layoutslide``); the slide entries then refer to that slide as a template slide, so
keys, the fill, the refinement loop and the visual QA treat it as any other (a layout used
twice is copied as a template slide used twice is). What the fill leaves empty is removed
afterwards, as for any placeholder the fill empties.
"""

from __future__ import annotations

from pptxagent.errors import ContentError
from pptxagent.fill.content import Content, SlideContent, check_template_slides
from pptxagent.ooxml.layoutslide import add_layout_slide, layouts
from pptxagent.ooxml.package import Package


def _listing(found: list[tuple[str, str]]) -> str:
    if not found:
        return "the template has no layouts"
    return "the template's layouts: " + ", ".join(
        f"{n} {name!r}" for n, (_, name) in enumerate(found, start=1))


def _resolve(found: list[tuple[str, str]], wanted: str | int, n: int) -> str:
    where = f"$.slides[{n}].layout"
    if isinstance(wanted, int):
        if 1 <= wanted <= len(found):
            return found[wanted - 1][0]
        raise ContentError(f"{where}: layout {wanted} does not exist; {_listing(found)}")
    key = wanted.strip().casefold()
    if not key:
        raise ContentError(f"{where}: an empty layout name; {_listing(found)}")
    hits = [k for k, (_, name) in enumerate(found, start=1) if name.strip().casefold() == key]
    if len(hits) > 1:  # one name in several masters (a light and a dark master, say)
        raise ContentError(f"{where}: layouts {', '.join(map(str, hits))} are all named "
                           f"{wanted!r} (in different masters): give the number of the one "
                           f"to use; {_listing(found)}")
    if hits:
        return found[hits[0] - 1][0]
    raise ContentError(f"{where}: no layout named {wanted!r}; {_listing(found)}")


def place_layout_slides(pkg: Package, content: Content) -> tuple[Content, dict[int, str]]:
    """``content`` with every ``layout`` entry turned into a ``template_slide`` entry (the
    new slides added to ``pkg``), and template slide number → layout name of those slides."""
    if content.slides is None or all(s.layout is None for s in content.slides):
        return content, {}
    check_template_slides(content, len(pkg.slide_parts()))  # before new slides take numbers
    found = layouts(pkg)
    names = dict(found)
    made: dict[str, int] = {}
    slides: list[SlideContent] = []
    for n, entry in enumerate(content.slides):
        if entry.layout is None:
            slides.append(entry)
            continue
        part = _resolve(found, entry.layout, n)
        if part not in made:
            add_layout_slide(pkg, part)
            made[part] = len(pkg.slide_parts())
        slides.append(entry.model_copy(update={"template_slide": made[part], "layout": None}))
    return (content.model_copy(update={"slides": slides}),
            {number: names[part] for part, number in made.items()})


__all__ = ["place_layout_slides"]
