"""A theme pack of scratch mode (issue 7 §3): versioned, schema-validated.

Colours are the 12 OOXML theme slots (``a:clrScheme``); components never name a literal
colour, they name a *colour role* (``background``, ``text``, ``surface``, ``primary`` …) that
the pack maps to a slot (optionally lightened/darkened by ``lumMod``/``lumOff``). The writer
emits ``a:schemeClr`` for every role, so PowerPoint's Design → Variants re-colours the deck.
Fonts are the theme's major (headings) and minor (body) faces with their latin/ea/cs scripts;
text references them as ``+mj-lt`` / ``+mn-lt``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pptxagent.ir.brand import ArtShape, Box, KeepOut, keep_out, too_deep

SchemeSlot = Literal[
    "dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5",
    "accent6", "hlink", "folHlink",
]
"""The 12 colour slots of ``a:clrScheme``, in schema order."""
SCHEME_SLOTS: tuple[SchemeSlot, ...] = (
    "dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5",
    "accent6", "hlink", "folHlink",
)
MappedSlot = Literal[
    "bg1", "tx1", "bg2", "tx2", "accent1", "accent2", "accent3", "accent4", "accent5",
    "accent6", "hlink", "folHlink",
]
"""What a shape may reference: the mapped names (``bg1``/``tx1`` go through the master's
``p:clrMap``, so a dark pack maps ``bg1`` to ``dk1``)."""
ColorRole = Literal[
    "background", "text", "muted", "surface", "on_surface", "primary", "on_primary",
    "secondary", "on_secondary", "accent", "line", "chart1", "chart2", "chart3", "chart4",
    "chart5", "chart6", "title",
]
COLOR_ROLES: tuple[ColorRole, ...] = (
    "background", "text", "muted", "surface", "on_surface", "primary", "on_primary",
    "secondary", "on_secondary", "accent", "line", "chart1", "chart2", "chart3", "chart4",
    "chart5", "chart6",
)
"""The roles every pack maps."""
OPTIONAL_ROLES: dict[ColorRole, ColorRole] = {"title": "text"}
"""Roles a pack may map, each with the role that stands in when it does not (a brand pack's
``title`` is the colour of its template's titles)."""
Hex = str
Align = Literal["left", "center", "right"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SchemeColors(_Strict):
    """The 12 theme colours as ``RRGGBB``."""

    dk1: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    lt1: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    dk2: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    lt2: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    accent1: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    accent2: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    accent3: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    accent4: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    accent5: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    accent6: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    hlink: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")
    folHlink: Hex = Field(pattern=r"^[0-9A-Fa-f]{6}$")


class ColorRef(_Strict):
    """A colour role's value: a mapped theme slot, optionally ``lumMod``/``lumOff``
    (per cent, as in OOXML /1000)."""

    slot: MappedSlot
    lum_mod: int | None = Field(None, ge=0, le=100)
    lum_off: int | None = Field(None, ge=-100, le=100)


class FontFaces(_Strict):
    latin: str = Field(min_length=1)
    ea: str = ""
    cs: str = ""


class Fonts(_Strict):
    major: FontFaces
    """Headings (``+mj-lt``)."""
    minor: FontFaces
    """Body (``+mn-lt``)."""


class TitleStyle(_Strict):
    """How a content slide's title is set (a brand pack takes its template's): alignment,
    weight and capitals. Its colour is the ``title`` role, its size ``type.title``."""

    align: Align = "left"
    bold: bool = False
    caps: bool = False
    """Drawn in capitals (``cap="all"``): the text stays as written, and editable."""


class ShapeStyle(_Strict):
    corner_radius: float = Field(0.08, ge=0, le=0.5)
    """``roundRect`` adjust as a fraction of the shorter side (0 = square corners)."""
    outline: bool = False
    outline_pt: float = Field(1.0, ge=0, le=12)
    shadow: bool = False


class Spacing(_Strict):
    """Lengths in points: the safe margin of the slide and the spacing scale every
    component's gaps come from (``scale[i]``)."""

    margin_pt: float = Field(40, ge=18, le=120)
    scale_pt: tuple[float, ...] = Field((4, 8, 12, 18, 24, 36, 48), min_length=4)
    columns: int = Field(12, ge=4, le=24)
    """The column grid across the safe area (schema 2): every card, chart, table and picture
    spans whole columns."""
    gutter_pt: float | None = Field(None, ge=4, le=72)
    """The gap between grid columns (schema 2; a schema-1 pack uses ``scale_pt[4]``)."""

    def gutter(self) -> float:
        return self.gutter_pt if self.gutter_pt is not None else self.scale_pt[
            min(4, len(self.scale_pt) - 1)]

    def grid_lines(self, slide_w_pt: float, left: float | None = None,
                   right: float | None = None) -> list[tuple[float, float]]:
        """Each grid column's (left, right) edge in points across a slide this wide, between
        the ``left`` and ``right`` margins (default: ``margin_pt``); empty when the columns
        would have no width."""
        g = self.gutter()
        lo = self.margin_pt if left is None else left
        hi = self.margin_pt if right is None else right
        col = (slide_w_pt - lo - hi - (self.columns - 1) * g) / self.columns
        if col <= 0:
            return []
        return [(lo + i * (col + g), lo + i * (col + g) + col) for i in range(self.columns)]


TYPE_STEPS: tuple[float, ...] = (12, 14, 16, 18, 20, 24, 30, 36, 44, 48, 56)
"""The bundled packs' type scale (≈ 1.2 modular, whole points): holds every default role
size."""


class TypeScale(_Strict):
    """Font sizes in points per typography role (body ≥ 18, title ≥ 1.5 × body)."""

    hero: float = Field(48, ge=27, le=96)
    title: float = Field(36, ge=27, le=72)
    subtitle: float = Field(24, ge=18, le=48)
    body: float = Field(20, ge=18, le=32)
    value: float = Field(44, ge=24, le=96)
    quote: float = Field(30, ge=18, le=60)
    small: float = Field(12, ge=8, le=16)
    """Citations and footers (not body text)."""
    scale_pt: tuple[float, ...] | None = Field(None, min_length=4)
    """The modular type scale (schema 2): every size a composed slide draws is one of these
    steps, and every role's size is one. A schema-1 pack's scale is its role sizes and every
    whole point from the body's size to the subtitle's."""

    def steps(self) -> tuple[float, ...]:
        """The scale's sizes, ascending."""
        if self.scale_pt is not None:
            return tuple(sorted(set(self.scale_pt)))
        roles = {self.hero, self.title, self.subtitle, self.body, self.value, self.quote,
                 self.small}
        between = {float(p) for p in range(int(self.body) + 1, int(self.subtitle) + 1)}
        return tuple(sorted(roles | between))

    @model_validator(mode="after")
    def _hierarchy(self) -> TypeScale:
        if self.title < 1.5 * self.body:
            raise ValueError(f"title ({self.title} pt) must be ≥ 1.5 × body ({self.body} pt)")
        if self.scale_pt is not None:
            roles = {"hero": self.hero, "title": self.title, "subtitle": self.subtitle,
                     "body": self.body, "value": self.value, "quote": self.quote,
                     "small": self.small}
            off = [f"{k} {v:g}" for k, v in roles.items() if v not in self.scale_pt]
            if off:
                raise ValueError(f"scale_pt {list(self.scale_pt)} lacks the role size(s) "
                                 f"{', '.join(off)}")
        return self


Transition = Literal["none", "fade", "push", "wipe"]
SLIDE_W_PT = 960.0
"""A composed slide's width (16:9)."""
SLIDE_H_PT = 540.0
MIN_COLUMN_PT = 12.0
"""A grid column is at least this wide."""


class ThemePack(_Strict):
    """A versioned theme pack (``pptxagent/themes/<name>.json``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    name: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")
    version: str = Field(pattern=r"^\d+\.\d+\.\d+$")
    schema_version: Literal[1, 2] = Field(1, alias="schema")
    """The pack format: 2 adds the type scale (``type.scale_pt``) and the column grid
    (``spacing.columns``, ``spacing.gutter_pt``); a pack without ``schema`` is 1 and loads as
    it always did."""
    description: str = ""
    dark: bool = False
    """The slide background is ``dk1`` and text ``lt1`` (the master's ``p:clrMap`` swaps)."""
    colors: SchemeColors
    roles: dict[ColorRole, ColorRef]
    fonts: Fonts
    shapes: ShapeStyle = ShapeStyle()
    spacing: Spacing = Spacing()
    type: TypeScale = TypeScale()
    title: TitleStyle = TitleStyle()
    transition: Transition = "none"
    logo: str | None = None
    """A picture (path relative to the pack file, or absolute) placed on the master."""
    logo_box: Box | None = None
    """Where the logo sits (fractions of the slide, ``x, y, w, h``: the template's corner
    and height; the width follows the picture's aspect). ``None``: top right, in the margin."""
    art: tuple[ArtShape, ...] = ()
    """The master's simple art (``pptxagent.ir.brand``): bands, rules, picture strips."""

    def ref(self, role: ColorRole) -> ColorRef:
        """What ``role`` is drawn in: its own mapping, else its stand-in's
        (``OPTIONAL_ROLES``)."""
        found = self.roles.get(role)
        return found if found is not None else self.roles[OPTIONAL_ROLES.get(role, role)]

    def keep_out(self, w: float = SLIDE_W_PT, h: float = SLIDE_H_PT) -> KeepOut:
        """The margins content keeps on a ``w`` × ``h`` pt slide, past the art and the logo."""
        return keep_out(self.art, self.logo_box, self.spacing.margin_pt, w, h)

    def grid(self, w: float = SLIDE_W_PT, h: float = SLIDE_H_PT) -> list[tuple[float, float]]:
        """The column grid between the content's left and right margins."""
        ko = self.keep_out(w, h)
        return self.spacing.grid_lines(w, ko.left, ko.right)

    @model_validator(mode="after")
    def _art_simple(self) -> ThemePack:
        boxes = [(f"art[{i}]", a.box) for i, a in enumerate(self.art)]
        boxes += [("logo_box", self.logo_box)] if self.logo_box is not None else []
        for where, box in boxes:
            if too_deep(box, SLIDE_W_PT, SLIDE_H_PT):
                raise ValueError(f"{where}: the box {list(box)} would take over 30 % of the "
                                 "slide from the content; master art must hug an edge")
        return self

    @model_validator(mode="after")
    def _grid_fits(self) -> ThemePack:
        sp = self.spacing
        lines = self.grid()
        width = lines[0][1] - lines[0][0] if lines else 0.0
        if width < MIN_COLUMN_PT:
            raise ValueError(f"spacing: {sp.columns} columns with {sp.gutter():g} pt gutters "
                             f"leave {width:.1f} pt columns (at least {MIN_COLUMN_PT:g})")
        return self

    @model_validator(mode="after")
    def _all_roles(self) -> ThemePack:
        missing = [r for r in COLOR_ROLES if r not in self.roles]
        if missing:
            raise ValueError(f"colour roles missing: {', '.join(missing)}")
        return self
