"""The outline contract of scratch mode (``pptxagent compose``; issue 7 §1).

``{"title", "theme"?, "slides": [...]}``; each slide has an optional ``kind`` and the fields
of that kind. A slide without ``kind`` gets one from the layout-selection policy
(``pptxagent.select``). ``pptxagent schema outline`` prints ``Outline.model_json_schema()``;
``load_outline`` reads a file and names the JSON path of every fault.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    field_validator,
    model_validator,
)

from pptxagent import icons
from pptxagent.errors import IRValidationError
from pptxagent.ir.load import read_json, validate

SlideKind = Literal[
    "title", "section", "bullets", "kpis", "comparison", "timeline", "quote", "data",
    "table", "image",
]
SLIDE_KINDS: tuple[SlideKind, ...] = (
    "title", "section", "bullets", "kpis", "comparison", "timeline", "quote", "data",
    "table", "image",
)
ChartType = Literal["bar", "column", "line", "pie"]
Text = Annotated[StrictStr, Field(max_length=2000)]
Number = StrictInt | StrictFloat
Cell = StrictStr | StrictInt | StrictFloat


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


IconName = Annotated[StrictStr, Field(min_length=1, max_length=80, description=(
    "an icon of the bundled set (Lucide names: 'rocket', 'users') or 'none'"))]


def _known_icon(name: str | None) -> str | None:
    if name is None or name == "none" or icons.exists(name):
        return name
    near = icons.suggest(name)
    raise ValueError(f"no icon {name!r} in the bundled set ({icons.ICON_SET})"
                     + (f"; did you mean {', '.join(near)}?" if near else ""))


class Bullet(_Strict):
    text: Text
    level: StrictInt = Field(0, ge=0, le=4)
    icon: IconName | None = Field(None, description="the icon of this point's card "
                                                   "(else picked from its words)")

    _icon = field_validator("icon")(_known_icon)


BulletItem = Text | Bullet


class Kpi(_Strict):
    value: Text = Field(min_length=1, description="the figure as shown: '42 %', '€1.2 M'")
    label: Text
    delta: Text | None = Field(None, description="change shown under the value: '+12 % YoY'")
    icon: IconName | None = Field(None, description="the icon of this card (else picked "
                                                   "from its label)")

    _icon = field_validator("icon")(_known_icon)


class Column(_Strict):
    heading: Text
    bullets: list[BulletItem] = Field(default_factory=list)


class Step(_Strict):
    label: Text = Field(min_length=1)
    text: Text = ""


class Series(_Strict):
    name: Text = Field(min_length=1)
    values: list[Number] = Field(min_length=1)


class Chart(_Strict):
    type: ChartType
    categories: list[Text] = Field(min_length=1, max_length=60)
    series: list[Series] = Field(min_length=1, max_length=12)

    @model_validator(mode="after")
    def _same_length(self) -> Chart:
        for i, s in enumerate(self.series):
            if len(s.values) != len(self.categories):
                raise ValueError(
                    f"series[{i}] ({s.name!r}) has {len(s.values)} values for "
                    f"{len(self.categories)} categories")
        if self.type == "pie" and len(self.series) != 1:
            raise ValueError("a pie chart takes exactly one series")
        return self


class OutlineSlide(_Strict):
    """One slide of the outline. Which fields count depends on ``kind``; a slide without
    ``kind`` is classified from the fields it has."""

    kind: SlideKind | None = None
    variant: StrictStr | None = Field(
        None, description="the component's variant to draw (bullets: list, cards, grid, "
                          "steps; kpis: cards, numbers; comparison: columns, versus; data: "
                          "takeaway, full; image: framed, bleed); refused when it cannot hold "
                          "the content")
    icons: StrictBool | None = Field(
        None, description="false: no icons on this slide's cards (default: the outline's)")
    title: Text | None = None
    subtitle: Text | None = None
    bullets: list[BulletItem] | None = None
    items: list[Kpi] | None = Field(None, description="kpis: the cards")
    left: Column | None = None
    right: Column | None = None
    steps: list[Step] | None = None
    quote: Text | None = None
    author: Text | None = None
    role: Text | None = None
    chart: Chart | None = None
    takeaway: Text | None = None
    rows: list[Annotated[list[Cell], Field(min_length=1)]] | None = None
    image: Text | None = Field(None, description="path of a picture, relative to the outline")
    caption: Text | None = None
    notes: Text | None = Field(None, max_length=20000)
    citations: list[Text] = Field(default_factory=list)

    @model_validator(mode="after")
    def _fields_of_kind(self) -> OutlineSlide:
        need: dict[str, tuple[str, ...]] = {
            "title": ("title",), "section": ("title",), "bullets": ("bullets",),
            "kpis": ("items",), "comparison": ("left", "right"), "timeline": ("steps",),
            "quote": ("quote",), "data": ("chart",), "table": ("rows",), "image": ("image",),
        }
        if self.kind is not None:
            missing = [f for f in need[self.kind] if getattr(self, f) in (None, [], "")]
            if missing:
                raise ValueError(f"a {self.kind!r} slide needs {', '.join(missing)}")
        elif not any(getattr(self, f) not in (None, [], "") for fs in need.values() for f in fs):
            raise ValueError("a slide needs a kind or content (title, bullets, items, …)")
        if self.rows is not None:
            widths = {len(r) for r in self.rows}
            if len(widths) > 1:
                raise ValueError(f"table rows differ in length: {sorted(widths)}")
        return self


class Outline(_Strict):
    """A deck to compose: its title, an optional theme pack name, its slides in order."""

    title: Text = Field(min_length=1)
    theme: StrictStr | None = Field(None, description="theme pack name or path (--theme wins)")
    icons: StrictBool = Field(True, description="false: no icons on any card of the deck")
    slides: list[OutlineSlide] = Field(min_length=1, max_length=500)


def parse_outline(data: object, source: str = "outline") -> Outline:
    return validate(Outline, data, source)


def load_outline(path: Path) -> Outline:
    """Read and validate an outline file; faults raise ``IRValidationError`` naming the
    file and the JSON path."""
    if not path.is_file():
        raise IRValidationError(f"{path}: no such outline file")
    return parse_outline(read_json(path), str(path))


def bullet_text(item: BulletItem) -> tuple[str, int]:
    """A bullet as (text, level)."""
    return (item, 0) if isinstance(item, str) else (item.text, item.level)
