"""One shape → one IR ``Element``: effective geometry, type/priority, style, paragraphs."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from pptxagent.inventory.cascade import TextSources, effective_paragraphs
from pptxagent.inventory.colors import ColorContext, resolve_color
from pptxagent.inventory.context import SlideContext
from pptxagent.inventory.table import table_element
from pptxagent.inventory.visuals import background_paint, visual_for
from pptxagent.ir import Element, Insets, Layout, OoxmlRef, Paragraph, Style
from pptxagent.ooxml.placeholders import TITLE_TYPES
from pptxagent.ooxml.shapes import ShapeData
from pptxagent.ooxml.styles import BodyProps, RunProps
from pptxagent.ooxml.xfrm import Xfrm
from pptxagent.units import emu_to_px

ElementType = Literal["title", "bullets", "image", "text", "decoration"]
_ANCHOR: dict[str, Literal["top", "middle", "bottom"]] = {
    "t": "top", "ctr": "middle", "b": "bottom", "just": "top", "dist": "middle",
}  # fmt: skip
_DEFAULT_INSETS = (91440, 45720, 91440, 45720)
_LINES = frozenset({"line", "straightConnector1", "bentConnector2", "bentConnector3",
                    "curvedConnector3", "lineInv"})
BODY_PH = frozenset({None, "body", "obj"})


def effective_xfrm(shape: ShapeData, ctx: SlideContext) -> Xfrm | None:
    """Own ``a:xfrm``, else the layout placeholder's, else the master placeholder's."""
    if shape.xfrm is not None:
        return shape.xfrm
    for inherited in ctx.inherited(shape):
        if inherited is not None and inherited.xfrm is not None:
            return inherited.xfrm
    return None


def effective_body(shape: ShapeData, ctx: SlideContext) -> BodyProps:
    """``a:bodyPr`` merged field by field (the autofit choice as a whole) down the chain."""
    chain = [s.text.body for s in (shape, *ctx.inherited(shape)) if s is not None and s.text]
    values: dict[str, object] = {}
    for f in fields(BodyProps):
        if f.name in ("autofit", "font_scale", "ln_spc_reduction"):
            continue
        values[f.name] = next((getattr(b, f.name) for b in chain if getattr(b, f.name) is not None),
                              None)
    fit = next((b for b in chain if b.autofit is not None), None)
    if fit is not None:
        values.update(autofit=fit.autofit, font_scale=fit.font_scale,
                      ln_spc_reduction=fit.ln_spc_reduction)
    return BodyProps(**values)  # type: ignore[arg-type]


def text_sources(shape: ShapeData, ctx: SlideContext, body: BodyProps) -> TextSources:
    layout_ph, master_ph = ctx.inherited(shape)
    styles = [shape.text.lst_style if shape.text else None]
    for ph in (layout_ph, master_ph):
        styles.append(ph.text.lst_style if ph is not None and ph.text else None)
    chain = tuple(s for s in styles if s is not None)
    style_ref: RunProps | None = None
    if shape.font_ref is not None or shape.font_ref_color is not None:
        face = {"major": "+mj-lt", "minor": "+mn-lt"}.get(shape.font_ref or "")
        style_ref = RunProps(latin=face, color=shape.font_ref_color)
    scale = (body.font_scale if body.font_scale is not None else 100000) / 100000
    if body.autofit != "norm":
        scale = 1.0
    reduction = (body.ln_spc_reduction or 0) / 100000 if body.autofit == "norm" else 0.0
    # A shape that is no placeholder (a text box) takes the deck's p:defaultTextStyle before
    # the master's p:otherStyle, as PowerPoint and LibreOffice draw it.
    master_styles = (ctx.master_list_style(shape), ctx.default_style)
    if shape.ph is None:
        master_styles = master_styles[::-1]
    return TextSources(
        list_styles=(*chain, *master_styles),
        style_ref=style_ref,
        theme=ctx.theme,
        colors=ctx.colors,
        font_scale=scale,
        line_reduction=reduction,
    )


@dataclass(frozen=True)
class Kind:
    type: ElementType
    priority: int
    role: str | None = None


def classify(shape: ShapeData, has_text: bool) -> Kind:
    """Type and priority (§2) from the shape kind and placeholder type."""
    if shape.kind in ("pic", "graphicFrame"):
        return Kind("image", 40)
    if shape.kind == "cxnSp" or shape.geometry in _LINES or not has_text:
        return Kind("decoration", 20)
    ph = shape.ph
    if ph is not None:
        if ph.type in TITLE_TYPES:
            return Kind("title", 100, "title")
        if ph.type == "subTitle":
            return Kind("text", 80, "subtitle")
        if ph.type in BODY_PH:
            return Kind("bullets", 80, "body")
    return Kind("text", 60)


def _px(v: float) -> float:
    return round(emu_to_px(v), 2)


def _layout(xfrm: Xfrm, z: int) -> Layout:
    extra: dict[str, object] = {}
    if xfrm.rot % 21600000:
        extra["rotation"] = round(xfrm.rot / 60000, 3)
    if xfrm.flip_h:
        extra["flipH"] = True
    if xfrm.flip_v:
        extra["flipV"] = True
    return Layout(x=_px(xfrm.x), y=_px(xfrm.y), w=_px(xfrm.w), h=_px(xfrm.h), zIndex=z, **extra)


def _fill(shape: ShapeData, colors: ColorContext) -> str | None:
    if shape.fill_set:
        return resolve_color(shape.fill, colors)
    if shape.style_fill is not None:
        return resolve_color(shape.style_fill, colors)
    return None


def _text_style(paras: list[Paragraph], body: BodyProps) -> dict[str, object]:
    ref = next((p for p in paras if p.text.strip()), paras[0] if paras else None)
    out: dict[str, object] = {}
    if ref is not None:
        runs = [r for r in ref.runs if r.text.strip()] or ref.runs
        size = max((r.fontSize or 0 for r in runs), default=0)
        if size > 0:
            out["fontSize"] = size
        out["lineHeight"] = ref.lineHeight
        if runs:
            out["fontFamily"] = runs[0].fontFamily
            out["color"] = runs[0].color
            out["fontWeight"] = "bold" if runs[0].bold else "normal"
            out["fontStyle"] = "italic" if runs[0].italic else "normal"
        out["textAlign"] = ref.align
    ins = [v if v is not None else d for v, d in zip(
        (body.l_ins, body.t_ins, body.r_ins, body.b_ins), _DEFAULT_INSETS, strict=True)]
    out["insets"] = Insets(left=_px(ins[0]), top=_px(ins[1]), right=_px(ins[2]), bottom=_px(ins[3]))
    out["verticalAlign"] = _ANCHOR.get(body.anchor or "t", "top")
    out["wrap"] = body.wrap != "none"
    if body.vert not in (None, "horz"):
        out["vert"] = body.vert
    if body.num_col and body.num_col > 1:
        out["numCol"] = body.num_col
    if body.autofit is not None:
        out["autofit"] = body.autofit
    if body.autofit == "norm":
        out["fontScale"] = (body.font_scale or 100000) / 100000
        out["lnSpcReduction"] = (body.ln_spc_reduction or 0) / 100000
    return out


def to_element(shape: ShapeData, ctx: SlideContext, eid: str) -> Element | None:
    """The IR element for ``shape``, or ``None`` when it has no geometry anywhere."""
    xfrm = effective_xfrm(shape, ctx)
    if xfrm is None:
        return None
    if shape.table is not None:
        return table_element(shape, ctx, eid, xfrm, _layout(xfrm, 10))
    has_text = shape.text is not None and bool(shape.text.text.strip())
    kind = classify(shape, has_text)
    body = effective_body(shape, ctx)
    style: dict[str, object] = {}
    paragraphs: list[Paragraph] | None = None
    content = ""
    if kind.type in ("title", "bullets", "text") and shape.text is not None:
        paragraphs = effective_paragraphs(shape.text.paragraphs, text_sources(shape, ctx, body))
        style = _text_style(paragraphs, body)
        content = "\n".join(p.text for p in paragraphs)
    elif shape.kind in ("pic", "graphicFrame"):
        content = shape.table_text if shape.table_text is not None else shape.target or ""
    if shape.kind != "pic":
        bg = _fill(shape, ctx.colors)
        if bg is not None:
            style["backgroundColor"] = bg
    vertical = body.vert not in (None, "horz")
    repairable = not (vertical or (body.num_col or 1) > 1)
    frame_fixed = bool(xfrm.rot % 21600000 or shape.group_depth > 0)
    source = OoxmlRef(
        part=ctx.slide.part,
        shape_id=shape.shape_id,
        name=shape.name,
        ph_type=(shape.ph.type or "obj") if shape.ph is not None else None,
        ph_idx=shape.ph.idx if shape.ph is not None else None,
        kind=shape.kind,
        repairable=repairable,
        occurrence=shape.occurrence,
        frame_fixed=frame_fixed,
        **({"graphic": shape.graphic} if shape.graphic else {}),
    )
    font = style.get("fontSize")
    line = style.get("lineHeight")
    chain = (shape, *(s for s in ctx.inherited(shape) if s is not None))
    bg_paint = None
    if shape.use_bg_fill:
        bg_paint = background_paint((ctx.slide, ctx.layout, ctx.master), ctx.styles, ctx.colors)
    # An empty placeholder is not drawn in a slide show (nor by LibreOffice): no paint.
    empty_ph = shape.ph is not None and shape.kind == "sp" and not has_text
    visual = None if shape.graphic == "table" or empty_ph else visual_for(
        chain, xfrm, ctx.styles, ctx.colors, background=bg_paint,
        fonts=(ctx.theme.minor.get("latin"), ctx.theme.major.get("latin")))
    return Element(
        eid=eid,
        type=kind.type,
        priority=kind.priority,
        content=content,
        layout=_layout(xfrm, 0 if kind.type == "decoration" else 10),
        style=Style.model_validate(style),
        paragraphs=paragraphs,
        baseFontSize=font if isinstance(font, float) else None,
        baseLineHeight=line if isinstance(line, float) else None,
        source=source,
        role=kind.role,
        visual=visual,
    )
