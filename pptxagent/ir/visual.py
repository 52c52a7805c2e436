"""What an element or the slide behind it looks like: fills, outlines, geometry, pictures.

Optional everywhere: a plain IR without visuals renders as bare text boxes. Colours are
resolved ``#RRGGBB`` with a separate ``alpha`` (0-1); pictures are package part references
(``pkg:/ppt/media/image3.png``) that the renderer resolves through the caller's media store,
so an IR stays small JSON.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

PaintKind = Literal["none", "solid", "gradient", "picture"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class GradientStop(_Model):
    pos: float = Field(ge=0, le=1)
    color: str
    alpha: float = Field(1.0, ge=0, le=1)


class Crop(_Model):
    """``a:srcRect`` as fractions of the picture per edge (negative = padding)."""

    l: float = 0  # noqa: E741
    t: float = 0
    r: float = 0
    b: float = 0


class Paint(_Model):
    kind: PaintKind
    color: str | None = None
    alpha: float = Field(1.0, ge=0, le=1)
    stops: list[GradientStop] | None = None
    angle: float | None = None
    """Linear gradient direction in degrees, OOXML convention (0 = left→right, clockwise)."""
    radial: bool = False
    center: list[float] | None = None
    """A radial gradient's centre as fractions of the box (``a:fillToRect``); default middle."""
    image: str | None = None
    """``pkg:/<part name>``; unresolvable or undrawable (EMF/WMF) → a neutral fill."""
    crop: Crop | None = None
    tile: bool = False
    tileScale: float | None = None
    duotone: list[str] | None = None
    """``[dark, light]``: the picture recoloured along its luminance (``a:duotone``)."""
    grayscale: bool = False
    lum: list[float] | None = None
    """``[brightness, contrast]`` in percent (−100…100) of the picture (``a:lum``)."""


class Outline(_Model):
    color: str
    alpha: float = Field(1.0, ge=0, le=1)
    width: float = Field(1.0, ge=0)
    """px."""
    dash: str | None = None
    head: str | None = None
    """Line end at the start (``a:headEnd@type``: triangle, arrow, stealth, diamond, oval)."""
    tail: str | None = None


class Path(_Model):
    """One ``a:custGeom`` path: SVG path data in a ``w × h`` coordinate space scaled onto the
    shape's box."""

    w: float = Field(gt=0)
    h: float = Field(gt=0)
    d: str
    fill: bool = True
    stroke: bool = True


class DropShadow(_Model):
    """An outer shadow in px: offset, blur radius, colour."""

    dx: float
    dy: float
    blur: float = Field(ge=0)
    color: str
    alpha: float = Field(1.0, ge=0, le=1)


class ChartSeries(_Model):
    values: list[float]
    color: str
    points: list[str] | None = None
    """Per-point colours: pie slices, bars a ``c:dPt`` fills on its own."""
    name: str = ""
    marker: bool = False
    """Points marked (line charts)."""
    width: float = Field(3.0, ge=0, le=50)
    """A line series' stroke in px (0: no line, markers only)."""
    smooth: bool = False
    """The line is a curve through its points."""
    raw: list[float] | None = None
    """The cached values when ``values`` are per cent of a category (data labels show
    these)."""


LabelPart = Literal["category", "value", "percent"]
_VALUE_ONLY: tuple[LabelPart, ...] = ("value",)


class ChartText(_Model):
    """How a chart's text is set: size in pt, weight, colour, font family (installed)."""

    size: float = Field(10, gt=0, le=400)
    bold: bool = False
    color: str = "#000000"
    font: str | None = None
    rotation: float | None = None
    """Degrees (``None``: automatic: 0, or 45 where category labels do not fit)."""
    wrap: bool | None = None
    """Category labels may break into lines (``a:bodyPr wrap``; ``None``: not said)."""


class ChartAxis(_Model):
    labels: bool = True
    """Tick labels drawn."""
    line: str | None = None
    """The axis line's colour (``None``: not drawn)."""
    grid: str | None = None
    """Major gridlines' colour (``None``: none)."""
    text: ChartText = Field(default_factory=ChartText)
    format: str | None = None
    """Number format code of the tick labels (``General``, ``0%``, ``#,##0.0`` …)."""
    minimum: float | None = None
    maximum: float | None = None
    unit: float | None = None
    reverse: bool = False
    title: str | None = None
    titleText: ChartText = Field(default_factory=ChartText)


class ChartLegend(_Model):
    position: Literal["r", "l", "t", "b", "tr"] = "r"
    overlay: bool = False
    text: ChartText = Field(default_factory=ChartText)
    box: list[float] | None = None
    """Manual ``x, y, w, h`` as fractions of the chart frame (``w``/``h`` 0: its own size)."""


class Chart(_Model):
    """A chart drawn from its cached values: plot type, orientation, series."""

    kind: Literal["bar", "line", "pie", "doughnut", "area"]
    horizontal: bool = False
    stacked: bool = False
    series: list[ChartSeries] = Field(default_factory=list)
    gapWidth: float = Field(150, ge=0, le=500)
    """Gap between categories as % of a bar's width."""
    overlap: float | None = Field(None, ge=-100, le=100)
    """% of a bar's width neighbouring series share (None: 0, or 100 when stacked)."""
    percent: bool = False
    """``percentStacked``: the values are per cent of each category's total."""
    categories: list[str] = Field(default_factory=list)
    categoryFormat: str | None = None
    """Number format of numeric categories (dates are Excel serial days)."""
    catAxis: ChartAxis | None = None
    """The category axis (``None``: deleted or absent: no labels, no line)."""
    valAxis: ChartAxis | None = None
    legend: ChartLegend | None = None
    dataLabels: ChartText | None = None
    """Values written at the points (``c:dLbls/c:showVal``), in this text."""
    labelShows: list[LabelPart] = Field(default_factory=lambda: list(_VALUE_ONLY))
    """What a data label says, line by line."""
    labelPos: str | None = None
    valueFormat: str | None = None
    """The cached values' number format (a source-linked axis and data labels show it)."""
    labelFormat: str | None = None
    """The data labels' own number format."""
    plot: list[float] | None = None
    """Manual plot area ``x, y, w, h`` as fractions of the frame."""
    plotInner: bool = False
    """``plot`` is the inner plot (without its axis labels)."""
    title: str | None = None
    titleText: ChartText | None = None
    titleOverlay: bool = False
    holeSize: float = Field(50, ge=10, le=90)
    """A doughnut's hole, % of its diameter."""
    firstAngle: float = 0
    """Where a pie's first slice starts, degrees clockwise from 12 o'clock."""
    fill: str | None = None
    border: str | None = None
    """The chart area's own fill and outline colours."""
    plotFill: str | None = None
    plotBorder: str | None = None
    radar: Literal["standard", "marker", "filled"] | None = None
    """A radar chart (``kind`` line): its style."""
    xValues: list[float] | None = None
    """Scatter: the points' X values (the category axis is then a value axis)."""



LINE_GEOMETRIES = frozenset({"line", "lineInv", "straightConnector1", "bentConnector2",
                             "bentConnector3", "bentConnector4", "bentConnector5",
                             "curvedConnector2", "curvedConnector3", "curvedConnector4",
                             "curvedConnector5"})
"""Presets that draw a line (their box is where the line runs, not an area)."""


class Visual(_Model):
    fill: Paint | None = None
    line: Outline | None = None
    geometry: str = "rect"
    adjust: dict[str, float] | None = None
    """Preset geometry adjust values (``adj``, ``adj1`` …) in OOXML units (1/100000)."""
    rotation: float = 0
    flipH: bool = False
    flipV: bool = False
    shadow: DropShadow | None = None
    chart: Chart | None = None
    paths: list[Path] | None = None
    """Custom geometry (``geometry == "custom"``); without it a custom shape is its box."""
    label: str | None = None
    """A chart's title drawn on its neutral box (not measured)."""
