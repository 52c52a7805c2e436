"""The faithful render's HTML: art in paint nodes outside the measured elements."""

from __future__ import annotations

import base64
import io
import re

import pytest
from PIL import Image

from pptxagent.ir import SlideIR
from pptxagent.render import render_deck, render_slide
from pptxagent.render.art import lum_transfer
from pptxagent.render.geometry import shape_svg
from pptxagent.render.media import MediaStore, convert


def _png(w: int = 4, h: int = 2, colour: tuple[int, int, int] = (0, 0, 0)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), colour).save(buf, "PNG")
    return buf.getvalue()


def _ir() -> SlideIR:
    return SlideIR.model_validate({
        "elements": [
            {"eid": "t", "type": "title", "priority": 100, "content": "Title",
             "layout": {"x": 10, "y": 20, "w": 300, "h": 50},
             "style": {"backgroundColor": "#112233"},
             "visual": {"fill": {"kind": "solid", "color": "#112233", "alpha": 0.5},
                        "line": {"color": "#FF0000", "width": 2, "dash": "dash"},
                        "geometry": "roundRect"}},
            {"eid": "p", "type": "image", "priority": 40, "content": "/ppt/media/image1.png",
             "layout": {"x": 100, "y": 100, "w": 200, "h": 100},
             "visual": {"fill": {"kind": "picture", "image": "pkg:/ppt/media/image1.png",
                                 "crop": {"l": 0.5}}, "flipH": True}},
        ],
        "backdrop": {
            "fill": {"kind": "gradient", "angle": 90, "stops": [
                {"pos": 0, "color": "#000000"}, {"pos": 1, "color": "#FFFFFF"}]},
            "art": [{"eid": "m0", "type": "text", "priority": 60, "content": "Confidential",
                     "layout": {"x": 0, "y": 680, "w": 300, "h": 30}}],
        },
    })


MEDIA = MediaStore(lambda name: _png() if name == "/ppt/media/image1.png" else None)


def test_paint_nodes_are_outside_every_measured_element_and_precede_their_element() -> None:
    html = render_slide(_ir(), media=MEDIA)
    for m in re.finditer(r'<div data-eid="[^"]+"[^>]*>(.*?)</div>', html):
        assert "paint" not in m.group(1) and "<svg" not in m.group(1)
    assert html.index('class="paint"') < html.index('data-eid="t"')
    title = re.search(r'<div data-eid="t"[^>]*>', html)
    assert title is not None and "background-color" not in title.group(0)  # moved to paint
    assert "fill-opacity=\"0.5\"" in html and "stroke-dasharray" in html and " rx=" in html
    # the master's text is drawn, but never measured
    assert "Confidential" in html and 'data-eid="m0"' not in html
    assert "linearGradient" in html and "scale(-1,1)" in html


def test_picture_crop_scales_and_offsets_the_background_and_is_embedded_once() -> None:
    ir = _ir()
    html = render_deck([ir, ir], media=MEDIA)
    assert html.count("data:image/png;base64,") == 1
    # l = 0.5: the picture is drawn 2x as wide and shifted left by half of that
    assert "background-size:400px 100px" in html and "background-position:-200px 0px" in html


def test_art_off_draws_bare_boxes_as_before() -> None:
    html = render_slide(_ir(), media=MEDIA, art=False)
    assert 'class="paint"' not in html and "Confidential" not in html
    assert "background-color:#112233" in html


def test_notext_document_makes_every_glyph_transparent_but_keeps_paint() -> None:
    html = render_slide(_ir(), media=MEDIA, text=False)
    assert '<body class="notext">' in html
    assert re.search(r"body\.notext \.slide \* \{ color: transparent !important", html)
    assert 'class="paint"' in html
    assert "currentColor" not in html and "<text" not in html
    assert '<body class="notext">' not in render_slide(_ir(), media=MEDIA)


def test_undrawable_or_missing_pictures_are_a_neutral_fill() -> None:
    emf = b"\x01\x00\x00\x00" + b"\x00" * 100
    assert convert("/ppt/media/image9.emf", emf) is None
    html = render_slide(_ir(), media=MediaStore(lambda name: None))
    assert "background-color:#F2F2F2" in html


def test_big_photos_are_scaled_down_and_tiff_becomes_png() -> None:
    buf = io.BytesIO()
    Image.new("RGB", (3000, 1000), (200, 10, 10)).save(buf, "TIFF")
    pic = convert("/ppt/media/image2.tiff", buf.getvalue(), max_px=600)
    assert pic is not None and pic.uri.startswith("data:image/png;base64,")
    with Image.open(io.BytesIO(base64.b64decode(pic.uri.split(",", 1)[1]))) as im:
        assert im.size == (600, 200)


def test_preset_geometries_have_their_outline() -> None:
    d, clip, line = shape_svg("rightArrow", 100, 50, {})
    assert clip is not None and "100 25" in d and not line
    d, _, line = shape_svg("line", 100, 50, {})
    assert line and "M0 0 L100 50" in d
    d, _, _ = shape_svg("notchedRightArrow", 200, 50, {})  # SmartArt's timeline arrow
    assert "L200 25" in d and "L0 37.5 L12.5 25 Z" in d
    d, clip, _ = shape_svg("cloud", 100, 50, {})
    assert d.startswith("<rect") and clip is None


def test_a_horizontal_line_gets_an_svg_with_area_and_no_fill() -> None:
    ir = SlideIR.model_validate({"elements": [
        {"eid": "l", "type": "decoration", "priority": 20,
         "layout": {"x": 10, "y": 100, "w": 500, "h": 0},
         "visual": {"line": {"color": "#F77F00", "width": 4}, "geometry": "line"}}]})
    html = render_slide(ir)
    svg = re.search(r"<svg width=\"([0-9.]+)\" height=\"([0-9.]+)\"", html)
    assert svg is not None and float(svg.group(2)) >= 8  # Chromium skips an <svg> of no area
    assert 'stroke="#F77F00"' in html and "fill=" in html and 'fill="#' not in html


def test_duotone_picture_gets_a_luminance_recolouring_filter() -> None:
    ir = _ir()
    ir.elements[1].visual.fill.duotone = ["#000000", "#C08040"]  # type: ignore[union-attr]
    html = render_slide(ir, media=MEDIA)
    assert "feColorMatrix" in html and re.search(r"filter:url\(#g\d+\)", html)
    assert 'feFuncR type="linear" slope="0.753" intercept="0"' in html


def test_custom_paths_in_emu_keep_a_visible_scale() -> None:
    ir = SlideIR.model_validate({"elements": [
        {"eid": "c", "type": "decoration", "priority": 20,
         "layout": {"x": 964, "y": 0, "w": 315.67, "h": 720},
         "visual": {"fill": {"kind": "solid", "color": "#90C226", "alpha": 0.3},
                    "geometry": "custom",
                    "paths": [{"w": 3007349, "h": 6866467,
                               "d": "M2045532 0 L3007349 0 L0 6866467 Z"}]}}]})
    html = render_slide(ir)
    m = re.search(r'transform="scale\(([^ ]+) ([^)]+)\)"', html)
    assert m is not None and float(m.group(1)) > 1e-4 and float(m.group(2)) > 1e-4
    assert 'fill-opacity="0.3"' in html


def test_connectors_bend_and_carry_their_arrow_heads() -> None:
    d, _, line = shape_svg("bentConnector3", 100, 40, {})
    assert line and "M0 0 L50 0 L50 40 L100 40" in d
    ir = SlideIR.model_validate({"elements": [
        {"eid": "c", "type": "decoration", "priority": 20,
         "layout": {"x": 0, "y": 0, "w": 100, "h": 40},
         "visual": {"geometry": "straightConnector1",
                    "line": {"color": "#C00000", "width": 1, "tail": "triangle"}}}]})
    html = render_slide(ir)
    assert re.search(r'marker-end="url\(#g\d+\)"', html) and "marker-start" not in html
    assert '<marker id="g' in html and 'fill="#C00000"' in html


def test_a_hairlines_arrow_is_as_big_as_a_2pt_lines_with_its_tip_on_the_end() -> None:
    def marker(width: float, kind: str) -> tuple[float, str]:
        ir = SlideIR.model_validate({"elements": [
            {"eid": "c", "type": "decoration", "priority": 20,
             "layout": {"x": 0, "y": 0, "w": 100, "h": 40},
             "visual": {"geometry": "line",
                        "line": {"color": "#000088", "width": width, "tail": kind}}}]})
        m = re.search(r'<marker [^>]*refX="(\d+)"[^>]*markerWidth="([\d.]+)"', render_slide(ir))
        assert m
        return float(m.group(2)) * width, m.group(1)

    hair, ref = marker(1.0, "triangle")
    assert hair == pytest.approx(marker(2.0, "triangle")[0], abs=0.01)  # both at 0.7 mm
    assert 7.5 < hair < 8.5  # 3 × 0.7 mm, in px
    assert ref == "10"  # the point ends where the line ends
    assert marker(6.0, "triangle")[0] == pytest.approx(18)  # a thick line's head grows with it
    assert marker(1.0, "oval")[1] == "5"  # a dot is centred on the end


def test_washed_out_picture_is_mapped_as_office_maps_it() -> None:
    assert lum_transfer(0, 0) == (1.0, 0.0)
    slope, intercept = lum_transfer(70, -70)  # PowerPoint's Washout
    assert round(intercept * 255) == 205  # black becomes light grey
    assert slope + intercept > 1  # white stays white (the filter clamps)
    slope, intercept = lum_transfer(-50, 0)
    assert slope == 1 and round(intercept * 255) == -128  # half as bright: shifted down
    ir = _ir()
    ir.elements[1].visual.fill.lum = [70, -70]  # type: ignore[union-attr]
    html = render_slide(ir, media=MEDIA)
    assert re.search(r'<feFuncR type="linear" slope="0.305" intercept="0.80\d*"/>', html)
    assert re.search(r"filter:url\(#g\d+\)", html)
