"""``pptxagent render --engine both``: art LibreOffice's own templates use is drawn by the
browser as LibreOffice draws it (a deck built here, each slide one kind of art on its own).

* bars that a ``c:dPt`` fills on its own (Freshes: white bars in a teal series);
* a picture fill cut to a custom path (Grey Elegant: a photo in a diamond);
* a path gradient off centre (Lights: a glow near the bottom), a circle of half the box's
  diagonal, not an ellipse stretched to the box.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.enum.shapes import MSO_SHAPE
from pptx.util import Emu

from pptxagent.cli.main import cli

pytestmark = [pytest.mark.libreoffice, pytest.mark.browser]
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
AGREE = 0.06
"""Mean luminance difference (share of 255) within which the two pictures agree."""


def _fill(shape_el: etree._Element, xml: str) -> None:
    sp_pr = shape_el.find(f"{{{P}}}spPr")
    assert sp_pr is not None
    for child in list(sp_pr):
        if etree.QName(child).localname in ("solidFill", "ln", "prstGeom", "custGeom"):
            sp_pr.remove(child)
    for el in reversed(etree.fromstring(f'<x xmlns:a="{A}" xmlns:r="{R}">{xml}</x>')):
        sp_pr.insert(1, el)
    for style in shape_el.findall(f"{{{P}}}style"):
        shape_el.remove(style)


def _deck(path: Path) -> None:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    blank = prs.slide_layouts[6]
    w, h = prs.slide_width, prs.slide_height

    s1 = prs.slides.add_slide(blank)  # white bars in a teal series, on teal
    bg = s1.shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, 0, w, h)
    _fill(bg._element, '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill>'
                       '<a:srgbClr val="1199BB"/></a:solidFill><a:ln><a:noFill/></a:ln>')
    data = CategoryChartData()
    data.categories = ["2016", "2017", "2018", "2019"]
    data.add_series("Sales", (25, 15, 40, 20))
    chart = s1.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Emu(600000), Emu(600000),
                                Emu(9000000), Emu(5600000), data).chart
    chart.has_legend = False
    ser = chart.plots[0].series[0]._element
    sp = etree.fromstring(f'<c:spPr xmlns:c="{C}" xmlns:a="{A}"><a:solidFill>'
                         '<a:srgbClr val="2499BE"/></a:solidFill></c:spPr>')
    tx = ser.find(f"{{{C}}}tx")
    assert tx is not None
    tx.addnext(sp)
    for k in reversed(range(4)):
        sp.addnext(etree.fromstring(
            f'<c:dPt xmlns:c="{C}" xmlns:a="{A}"><c:idx val="{k}"/><c:invertIfNegative val="0"/>'
            '<c:bubble3D val="0"/><c:spPr><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill>'
            "</c:spPr></c:dPt>"))

    s2 = prs.slides.add_slide(blank)  # a dark photo cut to a diamond on white
    buf = io.BytesIO()
    Image.new("RGB", (64, 64), (20, 40, 30)).save(buf, "PNG")
    pic = s2.shapes.add_picture(io.BytesIO(buf.getvalue()), 0, 0, Emu(100), Emu(100))
    rid = pic._element.blipFill.blip.rEmbed
    pic._element.getparent().remove(pic._element)
    diamond = s2.shapes.add_shape(MSO_SHAPE.RECTANGLE, Emu(3000000), Emu(600000),
                                  Emu(5600000), Emu(5600000))
    _fill(diamond._element,
          '<a:custGeom><a:avLst/><a:gdLst/><a:ahLst/><a:cxnLst/><a:rect l="0" t="0" r="r" b="b"/>'
          '<a:pathLst><a:path w="100" h="100"><a:moveTo><a:pt x="0" y="50"/></a:moveTo>'
          '<a:lnTo><a:pt x="50" y="0"/></a:lnTo><a:lnTo><a:pt x="100" y="50"/></a:lnTo>'
          '<a:lnTo><a:pt x="50" y="100"/></a:lnTo><a:close/></a:path></a:pathLst></a:custGeom>'
          f'<a:blipFill rotWithShape="0"><a:blip r:embed="{rid}"/><a:stretch/></a:blipFill>'
          "<a:ln><a:noFill/></a:ln>")

    s3 = prs.slides.add_slide(blank)  # black glow near the bottom, white far from it
    glow = s3.shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, 0, w, h)
    _fill(glow._element,
          '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:gradFill rotWithShape="0"><a:gsLst>'
          '<a:gs pos="0"><a:srgbClr val="000000"/></a:gs><a:gs pos="100000">'
          '<a:srgbClr val="FFFFFF"/></a:gs></a:gsLst><a:path path="circle">'
          '<a:fillToRect l="50000" t="85000" r="50000" b="15000"/></a:path></a:gradFill>'
          "<a:ln><a:noFill/></a:ln>")
    prs.save(str(path))


def _grey(png: Path) -> np.ndarray:
    with Image.open(png) as im:
        out: np.ndarray = np.asarray(im.convert("L").resize((320, 180)), dtype=float)
    return out


def test_lo_template_art_is_drawn_by_the_browser_as_libreoffice_draws_it(tmp_path: Path
                                                                         ) -> None:
    deck = tmp_path / "art.pptx"
    _deck(deck)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["render", str(deck), "--out", str(out)])
    assert result.exit_code == 0, result.output
    apart = {}
    for n, what in enumerate(("white bars", "photo in a diamond", "glow off centre"), start=1):
        browser, lo = _grey(out / "browser" / f"slide-{n}.png"), _grey(
            out / "libreoffice" / f"slide-{n}.png")
        apart[what] = round(float(np.abs(browser - lo).mean()) / 255, 3)
    assert all(d < AGREE for d in apart.values()), f"browser vs LibreOffice: {apart}"
    bars = _grey(out / "browser" / "slide-1.png")
    assert bars[120:140, 80:240].max() > 240  # the bars are white, not the series' teal
    diamond = _grey(out / "browser" / "slide-2.png")
    assert diamond[20, 90] > 240 and diamond[90, 160] < 60  # white corner, dark middle
