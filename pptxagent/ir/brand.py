"""A brand pack's master art (issue 34 item 7): the simple shapes ``theme extract`` keeps from
a template's slide master (a band along an edge, a rule, a picture strip) and where its logo
sits, and the room they take from a composed slide.

Boxes are fractions of the slide (``x, y, w, h`` in 0…1), so art found on a 4:3 template lands
on the same edges of a 16:9 composed slide. Every piece of art *belongs* to the slide edge
whose keep-out it costs least to honour: a top band pushes the content down, a left bar pushes
it right. A horizontal rule in the upper part of the slide, clear of the top edge, is the
template's title rule: the title sits above it when it fits there (``header_rule``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

ArtKind = Literal["band", "rule", "picture"]
Box = tuple[float, float, float, float]

EDGE_GAP_PT = 12.0
"""What content keeps clear of a piece of art, beyond the art itself."""
HEADER_RULE_MAX = 0.35
"""A horizontal rule whose top lies above this share of the slide height (and clear of the
top edge) is a title rule."""
CORNER_SPAN = 0.4
"""A logo within this share of the slide's width from its left or right edge sits in a
corner: it notches the title rather than the whole edge."""
NOTCH_TOP = 0.1
"""A corner logo notches the title only when its top is this close to the slide's top."""
KEEP_OUT_MAX = 0.3
"""Art whose keep-out would take more than this share of the slide on its edge is not simple:
``theme extract`` leaves it out and a pack that names it is refused."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ArtColor(_Strict):
    """A theme slot as the composed master maps it, with optional luminance modifiers."""

    slot: Literal["bg1", "tx1", "bg2", "tx2", "accent1", "accent2", "accent3", "accent4",
                  "accent5", "accent6", "hlink", "folHlink"]
    lum_mod: int | None = Field(None, ge=0, le=100)
    lum_off: int | None = Field(None, ge=-100, le=100)


class ArtShape(_Strict):
    """One piece of master art: a filled ``band``, a ``rule`` (a line along the box's long
    side, ``line_pt`` wide, in ``color``) or a ``picture`` (``image``: a path relative to the
    pack file, or absolute)."""

    kind: ArtKind
    box: Box
    color: ArtColor | None = None
    line_pt: float = Field(0, ge=0, le=12)
    image: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> ArtShape:
        x, y, w, h = self.box
        if min(x, y, w, h) < -0.01 or x + w > 1.01 or y + h > 1.01:
            raise ValueError(f"box {list(self.box)} is not inside the slide (fractions 0…1)")
        if self.kind == "picture" and not self.image:
            raise ValueError("a picture needs its image")
        if self.kind != "picture" and self.color is None:
            raise ValueError(f"a {self.kind} needs its color")
        if self.kind == "rule" and self.line_pt <= 0:
            raise ValueError("a rule needs its line_pt")
        return self


@dataclass(frozen=True)
class KeepOut:
    """The margins (points) content keeps on each edge of a slide, and the template's title
    rule (its top and bottom in points) when it has one."""

    left: float
    top: float
    right: float
    bottom: float
    rule: tuple[float, float] | None = None
    notch: tuple[float, float, float] | None = None
    """A logo in a top corner, as (left, right, bottom) in points: the title keeps clear of
    it sideways and the body starts below it, so the content keeps the full width."""


def _pt_box(box: Box, w: float, h: float) -> tuple[float, float, float, float]:
    x, y, bw, bh = box
    return x * w, y * h, (x + bw) * w, (y + bh) * h


def is_header_rule(art: ArtShape) -> bool:
    """A thin horizontal rule or band in the upper part of the slide, clear of its top edge,
    spanning at least half its width."""
    _x, y, w, h = art.box
    return (art.kind in ("rule", "band") and w >= 0.5 and h <= 0.02 and y >= 0.08
            and y + h <= HEADER_RULE_MAX)


def edge_reserves(box: Box, w: float, h: float) -> dict[str, float]:
    """What content must keep on each edge to stay clear of ``box`` (points, gap included)."""
    left, top, right, bottom = _pt_box(box, w, h)
    return {"top": bottom + EDGE_GAP_PT, "bottom": h - top + EDGE_GAP_PT,
            "left": right + EDGE_GAP_PT, "right": w - left + EDGE_GAP_PT}


def cheapest_edge(box: Box, w: float, h: float) -> tuple[str, float]:
    """The edge whose keep-out costs the least share of the slide, and that keep-out."""
    res = edge_reserves(box, w, h)
    span = {"top": h, "bottom": h, "left": w, "right": w}
    edge = min(res, key=lambda e: (res[e] / span[e], e))
    return edge, res[edge]


def keep_out(art: tuple[ArtShape, ...], logo_box: Box | None, margin: float, w: float,
             h: float) -> KeepOut:
    """The content's margins on a ``w`` × ``h`` pt slide: the pack's margin on every edge,
    grown past each piece of art and the logo on the edge it belongs to."""
    edges = {"left": margin, "top": margin, "right": margin, "bottom": margin}
    rule: tuple[float, float] | None = None
    rules = sorted((a for a in art if is_header_rule(a)), key=lambda a: a.box[1])
    boxes = [a.box for a in art if not is_header_rule(a)] + [a.box for a in rules[1:]]
    if rules:  # the topmost is the title rule; any other keeps the content off its edge
        _, top, _, bottom = _pt_box(rules[0].box, w, h)
        rule = (top, bottom)
    notch: tuple[float, float, float] | None = None
    if logo_box is not None:
        left, top, right, bottom = _pt_box(logo_box, w, h)
        in_corner = left >= w * (1 - CORNER_SPAN) or right <= w * CORNER_SPAN
        if top <= max(margin, NOTCH_TOP * h) and in_corner and bottom > margin:
            notch = (left - EDGE_GAP_PT, right + EDGE_GAP_PT, bottom + EDGE_GAP_PT)
        else:
            boxes.append(logo_box)
    for box in boxes:
        edge, reserve = cheapest_edge(box, w, h)
        edges[edge] = max(edges[edge], reserve)
    return KeepOut(left=edges["left"], top=edges["top"], right=edges["right"],
                   bottom=edges["bottom"], rule=rule, notch=notch)


def too_deep(box: Box, w: float, h: float) -> bool:
    """Art whose keep-out would take more than ``KEEP_OUT_MAX`` of the slide on its edge."""
    edge, reserve = cheapest_edge(box, w, h)
    return reserve > KEEP_OUT_MAX * (h if edge in ("top", "bottom") else w)
