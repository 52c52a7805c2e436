"""The faithful render's OOXML readers and their conversion into IR visuals (pure)."""

from __future__ import annotations

from pptxagent.inventory.backdrop import art_docs, background_paint
from pptxagent.inventory.colors import ColorContext, resolve_alpha, resolve_color
from pptxagent.inventory.context import SlideContext
from pptxagent.inventory.visuals import paint_of, ref_paint
from pptxagent.ooxml.fills import (
    Background,
    FillData,
    StyleRef,
    read_background,
    read_fill_in,
    read_theme_styles,
)
from pptxagent.ooxml.package import Rel
from pptxagent.ooxml.shapes import SlideDoc
from pptxagent.ooxml.styles import ListStyle, TextStyles
from pptxagent.ooxml.theme import ColorSpec, Theme, read_color, read_color_choice
from pptxagent.ooxml.xml import parse_xml

NS = ('xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"')
RELS = {"rId2": Rel("rId2", "http://x/image", "/ppt/media/image3.png", False)}
SCHEME = {"dk1": "000000", "lt1": "FFFFFF", "dk2": "1F497D", "lt2": "EEECE1",
          "accent1": "4F81BD", "accent2": "C0504D"}
CTX = ColorContext(scheme=SCHEME, clr_map={"bg1": "lt1", "tx1": "dk1", "bg2": "lt2",
                                           "tx2": "dk2"})


def _sp_pr(inner: str) -> FillData | None:
    return read_fill_in(parse_xml(f"<p:spPr {NS}>{inner}</p:spPr>".encode(), "test"), RELS)


def test_linear_gradient_angle_is_degrees_clockwise_from_left_to_right() -> None:
    fill = _sp_pr(
        '<a:gradFill><a:gsLst><a:gs pos="100000"><a:srgbClr val="FFFFFF"/></a:gs>'
        '<a:gs pos="0"><a:schemeClr val="accent1"/></a:gs></a:gsLst>'
        '<a:lin ang="5400000" scaled="0"/></a:gradFill>'
    )
    paint = paint_of(fill, CTX)
    assert paint is not None and paint.kind == "gradient"
    assert paint.angle == 90  # top to bottom
    assert paint.stops is not None
    assert [(s.pos, s.color) for s in paint.stops] == [(0, "#4F81BD"), (1, "#FFFFFF")]


def test_path_gradient_is_radial() -> None:
    fill = _sp_pr(
        '<a:gradFill><a:gsLst><a:gs pos="0"><a:srgbClr val="FF0000"/></a:gs>'
        '<a:gs pos="100000"><a:srgbClr val="0000FF"/></a:gs></a:gsLst>'
        '<a:path path="circle"/></a:gradFill>'
    )
    paint = paint_of(fill, CTX)
    assert paint is not None and paint.radial and paint.angle is None


def test_src_rect_crop_becomes_fractions_and_keeps_negatives() -> None:
    fill = _sp_pr(
        '<a:blipFill><a:blip r:embed="rId2"/><a:srcRect l="10000" t="-5000" r="25000"/>'
        "<a:stretch><a:fillRect/></a:stretch></a:blipFill>"
    )
    paint = paint_of(fill, CTX)
    assert paint is not None and paint.kind == "picture"
    assert paint.image == "pkg:/ppt/media/image3.png"
    assert paint.crop is not None
    assert (paint.crop.l, paint.crop.t, paint.crop.r, paint.crop.b) == (0.1, -0.05, 0.25, 0)


def test_pattern_fill_is_a_flat_mix_of_foreground_and_background() -> None:
    fill = _sp_pr('<a:pattFill prst="pct50"><a:fgClr><a:srgbClr val="000000"/></a:fgClr>'
                  '<a:bgClr><a:srgbClr val="FFFFFF"/></a:bgClr></a:pattFill>')
    paint = paint_of(fill, CTX)
    assert paint is not None and paint.kind == "solid" and paint.color == "#808080"


def test_scheme_colour_goes_through_the_colour_map_and_keeps_its_alpha() -> None:
    el = parse_xml(f'<a:solidFill {NS}><a:schemeClr val="bg1"><a:lumMod val="50000"/>'
                   '<a:alpha val="40000"/></a:schemeClr></a:solidFill>'.encode(), "test")
    spec = read_color(el)
    dark = ColorContext(scheme=SCHEME, clr_map={"bg1": "dk1"})  # an inverted colour map
    assert resolve_color(spec, CTX) == "#808080"
    assert resolve_color(spec, dark) == "#000000"
    assert resolve_alpha(spec, CTX) == 0.4
    paint = paint_of(FillData("solid", color=spec), CTX)
    assert paint is not None and paint.alpha == 0.4


THEME = f"""<a:theme {NS}><a:themeElements><a:fmtScheme name="x">
<a:fillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill>
<a:solidFill><a:schemeClr val="phClr"><a:tint val="50000"/></a:schemeClr></a:solidFill>
</a:fillStyleLst>
<a:lnStyleLst><a:ln w="9525"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln>
</a:lnStyleLst>
<a:bgFillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill>
<a:gradFill><a:gsLst><a:gs pos="0"><a:schemeClr val="phClr"/></a:gs>
<a:gs pos="100000"><a:srgbClr val="FFFFFF"/></a:gs></a:gsLst><a:lin ang="0"/></a:gradFill>
</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>"""


def test_bg_ref_1001_and_up_index_the_background_styles_with_the_ref_colour() -> None:
    styles = read_theme_styles(parse_xml(THEME.encode(), "theme"), {})
    c_sld = parse_xml(f'<p:cSld {NS}><p:bg><p:bgRef idx="1002"><a:schemeClr val="tx2"/>'
                      "</p:bgRef></p:bg></p:cSld>".encode(), "slide")
    bg = read_background(c_sld, {})
    assert bg is not None and bg.ref == StyleRef(1002, ColorSpec("scheme", "tx2"))
    paint = ref_paint(bg.ref, styles, CTX)
    assert paint is not None and paint.kind == "gradient" and paint.stops is not None
    assert paint.stops[0].color == "#1F497D"  # phClr = tx2 = dk2
    solid = ref_paint(StyleRef(1001, ColorSpec("srgb", "123456")), styles, CTX)
    assert solid is not None and solid.color == "#123456"
    fill_style = ref_paint(StyleRef(2, ColorSpec("scheme", "accent2")), styles, CTX)
    assert fill_style is not None and fill_style.kind == "solid"
    assert fill_style.color not in (None, "#C0504D")  # tinted towards white
    assert ref_paint(StyleRef(0, ColorSpec("srgb", "FF0000")), styles, CTX) is None


def _doc(part: str, *, bg: Background | None = None, show: bool = True) -> SlideDoc:
    return SlideDoc(part=part, name="", show=True, clr_map={}, shapes=(), parent=None,
                    background=bg, show_master_sp=show)


def _ctx(slide: SlideDoc, layout: SlideDoc, master: SlideDoc) -> SlideContext:
    return SlideContext(slide=slide, layout=layout, master=master, theme=Theme(),
                        tx_styles=TextStyles(), default_style=ListStyle(), colors=CTX)


def test_background_is_the_slides_else_the_layouts_else_the_masters() -> None:
    red = Background(fill=FillData("solid", color=ColorSpec("srgb", "FF0000")))
    blue = Background(fill=FillData("solid", color=ColorSpec("srgb", "0000FF")))
    master = _doc("/m.xml", bg=blue)
    got = background_paint(_ctx(_doc("/s.xml"), _doc("/l.xml"), master))
    assert got is not None and got.color == "#0000FF"
    got = background_paint(_ctx(_doc("/s.xml"), _doc("/l.xml", bg=red), master))
    assert got is not None and got.color == "#FF0000"


def test_show_master_sp_zero_hides_master_art_on_layout_and_all_art_on_slide() -> None:
    master, layout = _doc("/m.xml"), _doc("/l.xml")
    assert [d.part for d in art_docs(_ctx(_doc("/s.xml"), layout, master))] == ["/m.xml",
                                                                                "/l.xml"]
    hidden_layout = _doc("/l.xml", show=False)
    assert [d.part for d in art_docs(_ctx(_doc("/s.xml"), hidden_layout, master))] == ["/l.xml"]
    assert art_docs(_ctx(_doc("/s.xml", show=False), layout, master)) == []


def test_custom_geometry_becomes_svg_path_data_with_arcs_and_guides() -> None:
    from pptxagent.ooxml.custgeom import read_custom_geometry

    sp_pr = parse_xml(
        f'<p:spPr {NS}><a:custGeom><a:pathLst><a:path w="200" h="100">'
        '<a:moveTo><a:pt x="0" y="50"/></a:moveTo>'
        '<a:arcTo wR="100" hR="50" stAng="10800000" swAng="10800000"/>'
        '<a:lnTo><a:pt x="r" y="b"/></a:lnTo><a:close/></a:path>'
        '<a:path w="10" h="10" fill="none" stroke="0"><a:moveTo><a:pt x="0" y="0"/></a:moveTo>'
        '<a:cubicBezTo><a:pt x="1" y="2"/><a:pt x="3" y="4"/><a:pt x="5" y="6"/></a:cubicBezTo>'
        "</a:path></a:pathLst></a:custGeom></p:spPr>".encode(), "test")
    first, second = read_custom_geometry(sp_pr, (0, 0))
    assert (first.w, first.h) == (200, 100)
    # a half turn from the left end of the ellipse over the top to its right end
    assert first.d == "M0 50 A100 50 0 0 1 200 50 L200 100 Z"
    assert second.d == "M0 0 C1 2 3 4 5 6" and not second.fill and not second.stroke
    unknown = parse_xml(
        f'<p:spPr {NS}><a:custGeom><a:pathLst><a:path w="1" h="1"><a:moveTo>'
        '<a:pt x="myGuide" y="0"/></a:moveTo></a:path></a:pathLst></a:custGeom></p:spPr>'.encode(),
        "test")
    assert read_custom_geometry(unknown, (0, 0)) == ()


def test_path_gradient_centre_follows_fill_to_rect() -> None:
    fill = _sp_pr(
        '<a:gradFill><a:gsLst><a:gs pos="0"><a:srgbClr val="FFFFFF"/></a:gs>'
        '<a:gs pos="100000"><a:srgbClr val="000000"/></a:gs></a:gsLst>'
        '<a:path path="circle"><a:fillToRect l="100000" t="100000"/></a:path></a:gradFill>'
    )
    paint = paint_of(fill, CTX)
    assert paint is not None and paint.radial and paint.center == [1.0, 1.0]  # bottom right


def test_outer_shadow_comes_from_the_shape_or_its_effect_style() -> None:
    from pptxagent.inventory.visuals import visual_for
    from pptxagent.ooxml.fills import Shadow, ThemeStyles
    from pptxagent.ooxml.shapes import ShapeData, Xfrm

    red = FillData("solid", color=ColorSpec("srgb", "FF0000"))
    styles = ThemeStyles(shadows=(None, Shadow(38100, 38100, 5400000,
                                               ColorSpec("srgb", "000000", (("alpha", 40000),)))))
    box = Xfrm(0, 0, 914400, 914400)
    shape = ShapeData(1, "s", "sp", None, box, paint=red,
                      effect_ref=StyleRef(2, ColorSpec("scheme", "accent1")))
    visual = visual_for((shape,), box, styles, CTX)
    assert visual is not None and visual.shadow is not None
    assert (visual.shadow.dx, visual.shadow.dy, visual.shadow.alpha) == (0, 4, 0.4)  # down
    own_empty = ShapeData(1, "s", "sp", None, box, paint=red, effect_list=True,
                          effect_ref=StyleRef(2, None))
    empty = visual_for((own_empty,), box, styles, CTX)
    assert empty is not None and empty.shadow is None  # an own a:effectLst overrides the style


def test_colour_transforms_without_a_value_are_kept() -> None:
    el = parse_xml(f'<a:schemeClr {NS} val="bg1"><a:gamma/><a:shade val="46275"/>'
                   '<a:invGamma/><a:alpha val="5"/></a:schemeClr>'.encode(), "test")
    spec = read_color_choice(el)
    assert spec is not None
    assert spec.mods == (("gamma", 0), ("shade", 46275), ("invGamma", 0), ("alpha", 5))


def test_adjust_values_come_from_the_level_that_gives_the_geometry() -> None:
    """A slide's own ellipse does not take its layout roundRect's corner radius (that radius
    would shape the ellipse's text rectangle as if it were the ellipse's own)."""
    from pptxagent.inventory.visuals import visual_for
    from pptxagent.ooxml.fills import ThemeStyles
    from pptxagent.ooxml.shapes import ShapeData, Xfrm

    red = FillData("solid", color=ColorSpec("srgb", "FF0000"))
    box = Xfrm(0, 0, 914400, 914400)
    slide = ShapeData(1, "s", "sp", None, box, paint=red, geometry="ellipse")
    layout = ShapeData(2, "l", "sp", None, box, geometry="roundRect", adjust=(("adj", 50000),))
    visual = visual_for((slide, layout), box, ThemeStyles(), CTX)
    assert visual is not None and (visual.geometry, visual.adjust) == ("ellipse", None)
    plain = ShapeData(1, "s", "sp", None, box, paint=red)  # no geometry: the layout's shape
    inherited = visual_for((plain, layout), box, ThemeStyles(), CTX)
    assert inherited is not None
    assert (inherited.geometry, inherited.adjust) == ("roundRect", {"adj": 50000.0})
