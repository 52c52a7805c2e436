"""Apply a content.json document to a template package.

``apply_content`` validates every slide reference, key, value and image BEFORE changing
anything, then arranges the slides (duplicating a template slide used more than once),
fills shapes, sets notes and replaces ``{{tokens}}`` (also in fill values and notes), and
marks dirty exactly the parts it changed. On a ``ContentError`` raised by the strict token
check the package has been modified in memory: do not save it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from pydantic import BaseModel, Field

from pptxagent.errors import ContentError
from pptxagent.fill.content import (
    Content,
    FillValue,
    ImageValue,
    check_template_slides,
    key_path,
    paragraphs_of,
    table_rows,
    value_kind,
)
from pptxagent.fill.data import resolve
from pptxagent.fill.keys import assign_keys
from pptxagent.inventory import inventory_slide
from pptxagent.ir import DeckSlide, Element
from pptxagent.ooxml import filltarget
from pptxagent.ooxml.graphictokens import replace_graphic_tokens
from pptxagent.ooxml.notes import can_have_notes, notes_part, set_notes
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.picture import ImageInfo, read_image
from pptxagent.ooxml.slides import duplicate_slide, set_slide_order
from pptxagent.ooxml.tokens import TokenResult, Unresolved

Inventory = Callable[[Package, str, int], DeckSlide]


class FilledSlide(BaseModel):
    index: int = Field(ge=1, description="1-based position in the output deck")
    template_slide: int = Field(ge=1)
    part: str
    filled: list[str] = Field(default_factory=list, description="eids that were filled")
    texts: dict[str, str] = Field(default_factory=dict, description="eid -> text now shown")
    notes: bool = False
    links_dropped: list[str] = Field(
        default_factory=list,
        description="eids whose template text had a hyperlink the new text does not carry")


class UnresolvedToken(BaseModel):
    """A token left in the deck exactly as written, where it is, and why."""

    name: str = Field(description="what is inside the braces, stripped")
    slide: int = Field(ge=1, description="1-based output slide")
    where: str = "slide"
    """``slide``, ``notes``, ``chart`` or ``diagram`` (its frame is the shape), ``layout`` or
    ``master`` (their own art, reported on the first slide that shows it)."""
    token: str = Field("", description="the token exactly as written, e.g. {{ name | upper }}")
    shape: str = Field("", description="name of the shape that holds it")
    eid: str | None = Field(None, description="inventory eid of that shape (sp<shape id>)")
    cell: list[int] | None = Field(None, description="[row, column] (1-based) in a table")
    reason: str = ""

    def describe(self) -> str:
        """``slide 2, shape 'Title 1' (sp2): {{ x | upper }}`` for messages."""
        where = f"slide {self.slide}" + (f" {self.where}" if self.where != "slide" else "")
        if self.shape or self.eid:
            where += f", shape {self.shape!r}" + (f" ({self.eid})" if self.eid else "")
        if self.cell:
            where += f" row {self.cell[0]} column {self.cell[1]}"
        return f"{where}: {self.token or self.name}"


class FillPlan(BaseModel):
    slides: list[FilledSlide]
    unresolved: list[UnresolvedToken] = Field(default_factory=list)


@dataclass
class _Job:
    key: str
    element: Element
    value: FillValue
    image: ImageInfo | None = None


@dataclass
class _SlideJob:
    template_slide: int
    template_part: str
    jobs: list[_Job] = field(default_factory=list)
    notes: str | None = None
    tokens: dict[str, object] = field(default_factory=dict)


def _default_inventory(pkg: Package, part: str, index: int) -> DeckSlide:
    return inventory_slide(pkg, part, index)


def _twins(slide: DeckSlide, el: Element) -> str:
    """A hint naming the other shapes of ``slide`` that share ``el``'s id (some tools write
    decks with repeated ids: the key ``sp<id>`` names the first of them)."""
    if el.source is None:
        return ""
    others = [o for o in slide.elements if o is not el and o.source is not None
              and o.source.shape_id == el.source.shape_id]
    if not others:
        return ""
    named = ", ".join(f"{o.eid} is {o.source.name or o.type}" for o in others if o.source)
    return f"; shape id {el.source.shape_id} is repeated on this slide: {named}"


def _check_value(pkg: Package, part: str, job: _Job, where: str, content_dir: Path,
                 slide: DeckSlide | None = None) -> None:
    src = job.element.source
    if src is None:
        raise ContentError(f"{where}: key {job.key!r} names {job.element.eid}, which is not "
                           "a shape of the template")
    kinds, what = filltarget.accepts(pkg, part, src.shape_id, src.occurrence)
    kind = value_kind(job.value)
    shape = f"{what} ({src.name or job.element.eid})"
    if job.value == [] and "table" in kinds and "text" not in kinds:
        raise ContentError(f"{where}: key {job.key!r} is {shape}: a table needs at least one "
                           "row, got []")
    if kind not in kinds:
        wants = {"text": "text", "table": "a table (list of rows)", "image": '{"image": ...}'}
        takes = " or ".join(wants[k] for k in ("text", "table", "image") if k in kinds)
        takes = takes or "nothing (it cannot be filled)"
        twins = _twins(slide, job.element) if slide is not None else ""
        raise ContentError(f"{where}: key {job.key!r} is {shape}, which takes {takes}; "
                           f"got {wants[kind]}{twins}")
    if kind == "table":
        rows = table_rows(job.value)
        ncols = filltarget.table_columns(pkg, part, src.shape_id, src.occurrence)
        if not rows:
            raise ContentError(f"{where}: key {job.key!r}: a table needs at least one row")
        for i, row in enumerate(rows):
            if len(row) > ncols:
                raise ContentError(f"{where}[{i}]: key {job.key!r}: row has {len(row)} cells "
                                   f"but the table has {ncols} columns")
    if isinstance(job.value, ImageValue):
        path = (content_dir / job.value.image).resolve()
        if not path.exists():
            raise ContentError(f"{where}.image: image file {job.value.image!r} not found "
                               f"(looked for {path})")
        if not path.is_file():
            what = "a directory" if path.is_dir() else "a device, pipe or socket"
            raise ContentError(f"{where}.image: {job.value.image!r} is {what}, not an image "
                               f"file ({path})")
        try:
            job.image = read_image(path)
        except ValueError as exc:
            raise ContentError(f"{where}.image: {exc}") from exc


def _targets(pkg: Package, part: str, slide: DeckSlide, fill: dict[str, FillValue],
             n: int) -> dict[str, Element]:
    """The element each fill key of ``$.slides[n]`` fills (body roles by value kind)."""

    def accepts(el: Element) -> tuple[frozenset[str], str]:
        if el.source is None:
            return frozenset(), "not a shape of the template"
        kinds, what = filltarget.accepts(pkg, part, el.source.shape_id, el.source.occurrence)
        return frozenset(kinds), what

    wanted = [(key, value_kind(value)) for key, value in fill.items()]
    return assign_keys(slide, wanted, accepts, partial(key_path, n))


def plan_content(pkg: Package, content: Content, content_dir: Path,
                 inventory: Inventory = _default_inventory) -> list[_SlideJob]:
    """Validate the whole document against the template; change nothing."""
    parts = pkg.slide_parts()
    if content.slides is None:
        return [_SlideJob(i + 1, p) for i, p in enumerate(parts)]
    check_template_slides(content, len(parts))
    cache: dict[int, DeckSlide] = {}
    out: list[_SlideJob] = []
    for n, entry in enumerate(content.slides):
        t = entry.template_slide
        if t is None:  # a layout entry: ``fill.layouts.place_layout_slides`` resolves it
            raise ContentError(f"$.slides[{n}].layout: new slides from layouts are made by "
                               "the fill pipeline (fill.layouts.place_layout_slides)")
        sj = _SlideJob(t, parts[t - 1], notes=entry.notes, tokens=dict(entry.tokens))
        if entry.fill and t not in cache:
            cache[t] = inventory(pkg, parts[t - 1], t)
        targets = _targets(pkg, sj.template_part, cache[t], entry.fill, n) if entry.fill else {}
        for key, value in entry.fill.items():
            where = key_path(n, key)
            job = _Job(key, targets[key], value)
            _check_value(pkg, sj.template_part, job, where, content_dir, cache[t])
            sj.jobs.append(job)
        if entry.notes is not None and not can_have_notes(pkg, sj.template_part):
            raise ContentError(f"$.slides[{n}].notes: template slide {t} has no notes slide "
                               "and the deck has no notes master to create one from")
        out.append(sj)
    return out


def _arrange(pkg: Package, jobs: list[_SlideJob]) -> list[str]:
    """Duplicate slides used more than once and set the order; return the output parts."""
    current = pkg.slide_parts()
    used: set[str] = set()
    out: list[str] = []
    for sj in jobs:
        part = sj.template_part
        out.append(duplicate_slide(pkg, part) if part in used else part)
        used.add(part)
    if out != current:
        set_slide_order(pkg, out)
    return out


def _fill_slide(pkg: Package, part: str, sj: _SlideJob) -> tuple[list[str], list[str]]:
    """Fill the slide's shapes: (eids filled, eids whose hyperlinks the new text dropped)."""
    filled: list[str] = []
    unlinked: list[str] = []
    for job in sj.jobs:
        assert job.element.source is not None  # checked in plan_content
        sid, nth = job.element.source.shape_id, job.element.source.occurrence
        kind = value_kind(job.value)
        if kind == "table":
            filltarget.set_table(pkg, part, sid, table_rows(job.value), nth)
        elif kind == "image":
            assert job.image is not None
            frame = (job.element.layout.w, job.element.layout.h)
            filltarget.set_image(pkg, part, sid, job.image, frame, nth)
        else:
            if isinstance(job.value, str) and filltarget.lines_stay_lines(pkg, part, sid, nth):
                items = [(job.value, 0)]  # one paragraph of lines, as the template's
            else:
                items = [(p.text, p.level) for p in paragraphs_of(job.value)]
            if filltarget.set_text(pkg, part, sid, items, nth):
                unlinked.append(job.element.eid)
        filled.append(job.element.eid)
    return list(dict.fromkeys(filled)), unlinked


def apply_content(pkg: Package, content: Content, content_dir: Path, *, strict: bool,
                  inventory: Inventory = _default_inventory) -> FillPlan:
    """Fill ``pkg`` in memory with ``content``; see the module docstring."""
    jobs = plan_content(pkg, content, content_dir, inventory)
    parts = _arrange(pkg, jobs) if content.slides is not None else [j.template_part
                                                                      for j in jobs]
    plan = FillPlan(slides=[])
    for index, (part, sj) in enumerate(zip(parts, jobs, strict=True), start=1):
        values = content.resolve_token if not sj.tokens else \
            partial(resolve, {**content.tokens, **sj.tokens})
        filled, unlinked = _fill_slide(pkg, part, sj)
        res = filltarget.replace_part_tokens(pkg, part, values)
        plan.unresolved += _unresolved(res, index, "slide", _eids(pkg, part, index))
        for kind, gres in replace_graphic_tokens(pkg, part, values).items():
            plan.unresolved += _unresolved(gres, index, kind)
        if sj.notes is not None:
            set_notes(pkg, part, sj.notes.split("\n"))
        npart = notes_part(pkg, part)
        if npart is not None:
            nres = filltarget.replace_part_tokens(pkg, npart, values)
            plan.unresolved += _unresolved(nres, index, "notes")
        ids = {j.element.eid: (j.element.source.shape_id, j.element.source.occurrence)
               for j in sj.jobs if j.element.source}
        texts = {eid: filltarget.shape_text(pkg, part, sid, nth)
                 for eid, (sid, nth) in ids.items()}
        plan.slides.append(FilledSlide(index=index, template_slide=sj.template_slide, part=part,
                                       filled=filled, texts=texts, notes=sj.notes is not None,
                                       links_dropped=unlinked))
    values = content.resolve_token
    drawn_on: set[str] = set()
    for index, part in enumerate(parts, start=1):  # art every slide of a layout shows
        for kind, art in filltarget.art_parts(pkg, part):
            if art not in drawn_on:
                drawn_on.add(art)
                res = filltarget.replace_art_tokens(pkg, art, values)
                plan.unresolved += _unresolved(res, index, kind)
    unique = {(u.token, u.slide, u.where, u.eid, str(u.cell)): u for u in plan.unresolved}
    plan.unresolved = list(unique.values())
    if strict and plan.unresolved:
        listed = "; ".join(f"{u.describe()} ({u.reason})" for u in plan.unresolved[:20])
        more = len(plan.unresolved) - 20
        listed += f"; and {more} more" if more > 0 else ""
        raise ContentError(f"{len(plan.unresolved)} unresolved token(s) (--strict): {listed}")
    return plan


def _unresolved(res: TokenResult, slide: int, where: str,
                twins: Callable[[], Mapping[tuple[int, int], str]] | None = None
                ) -> list[UnresolvedToken]:
    """The report's entries; ``twins`` (asked only when a token sits in a shape repeating
    an id) gives the inventory's eid of each (shape id, occurrence)."""

    def eid(u: Unresolved) -> str | None:
        if u.shape_id is None:
            return None
        if not u.occurrence:
            return f"sp{u.shape_id}"
        return twins().get((u.shape_id, u.occurrence)) if twins is not None else None

    return [UnresolvedToken(name=u.name, slide=slide, where=where, token=u.token, shape=u.shape,
                            eid=eid(u), cell=list(u.cell) if u.cell else None, reason=u.reason)
            for u in res.unresolved]


def _eids(pkg: Package, part: str, index: int) -> Callable[[], Mapping[tuple[int, int], str]]:
    """(shape id, occurrence) → eid on a filled slide, read once when first asked."""
    found: dict[tuple[int, int], str] = {}

    def get() -> Mapping[tuple[int, int], str]:
        if not found:
            for el in _default_inventory(pkg, part, index).elements:
                if el.source is not None:
                    found[(el.source.shape_id, el.source.occurrence)] = el.eid
        return found

    return get


__all__ = ["FillPlan", "FilledSlide", "UnresolvedToken", "apply_content", "plan_content"]
