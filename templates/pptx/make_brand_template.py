"""Build ``templates/pptx/brand.pptx``: a corporate template whose master carries simple brand
art, for ``pptxagent theme extract`` (issue 34 item 7).

Its titles are centred, bold and in ``tx2`` (the master's title style). Its master has an
accent band along the top, a title rule in ``tx2`` under the title area, a
footer rule in a literal colour equal to ``dk2``, a logo in the bottom-right corner, and a
gradient ornament (not simple: the extracted pack leaves it out and says so). Two template
slides show the brand's own look. Run it again to regenerate:
``.venv/bin/python templates/pptx/make_brand_template.py``.
"""

from __future__ import annotations

import io
from pathlib import Path

from lxml import etree
from PIL import Image, ImageDraw
from pptx import Presentation
from pptx.util import Emu, Pt

OUT = Path(__file__).with_name("brand.pptx")
W, H = 12_192_000, 6_858_000
NS = ('xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"')
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
SCHEME = {"dk1": "1B1B1B", "lt1": "FFFFFF", "dk2": "14365A", "lt2": "EEF1F5",
          "accent1": "D9480F", "accent2": "1C7C7D", "accent3": "6C757D", "accent4": "F2A541",
          "accent5": "3D5A80", "accent6": "8AA29E", "hlink": "1C64B4", "folHlink": "6B4E9B"}


def _box(x: float, y: float, w: float, h: float) -> str:
    return (f'<a:xfrm><a:off x="{round(x * W)}" y="{round(y * H)}"/>'
            f'<a:ext cx="{round(w * W)}" cy="{round(h * H)}"/></a:xfrm>')


def _band(sid: int, name: str, box: str, fill: str) -> str:
    return (f'<p:sp {NS}><p:nvSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvSpPr/><p:nvPr/>'
            f'</p:nvSpPr><p:spPr>{box}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>{fill}'
            '<a:ln><a:noFill/></a:ln></p:spPr></p:sp>')


def _line(sid: int, name: str, box: str, width_pt: float, color: str) -> str:
    return (f'<p:cxnSp {NS}><p:nvCxnSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvCxnSpPr/>'
            f'<p:nvPr/></p:nvCxnSpPr><p:spPr>{box}<a:prstGeom prst="line"><a:avLst/>'
            f'</a:prstGeom><a:ln w="{round(width_pt * 12700)}"><a:solidFill>{color}'
            '</a:solidFill></a:ln></p:spPr></p:cxnSp>')


def _logo_png() -> bytes:
    img = Image.new("RGB", (360, 120), "#14365A")
    draw = ImageDraw.Draw(img)
    draw.rectangle((18, 18, 102, 102), fill="#D9480F")
    draw.rectangle((126, 44, 340, 76), fill="#FFFFFF")
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def _theme(prs: Presentation) -> None:
    part = prs.slide_master.part.part_related_by(
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme")
    root = etree.fromstring(part.blob)
    scheme = root.find(f"{A}themeElements/{A}clrScheme")
    assert scheme is not None
    scheme.set("name", "Northwind")
    for slot, value in SCHEME.items():
        el = scheme.find(f"{A}{slot}")
        assert el is not None
        for old in list(el):
            el.remove(old)
        etree.SubElement(el, f"{A}srgbClr", val=value)
    fonts = root.find(f"{A}themeElements/{A}fontScheme")
    assert fonts is not None
    for tag, face in (("majorFont", "Cambria"), ("minorFont", "Calibri")):
        latin = fonts.find(f"{A}{tag}/{A}latin")
        assert latin is not None
        latin.set("typeface", face)
    part._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _master(prs: Presentation) -> None:
    master = prs.slide_master
    tree = master._element.find(f"{P}cSld/{P}spTree")
    assert tree is not None
    for ph in master.placeholders:
        if ph.placeholder_format.type == 1:  # the title: above the title rule
            ph.left, ph.top, ph.width, ph.height = (Emu(round(0.05 * W)), Emu(round(0.07 * H)),
                                                    Emu(round(0.9 * W)), Emu(round(0.12 * H)))
        elif ph.placeholder_format.type == 2:  # the body: between the rules
            ph.left, ph.top, ph.width, ph.height = (Emu(round(0.05 * W)), Emu(round(0.25 * H)),
                                                    Emu(round(0.9 * W)), Emu(round(0.64 * H)))
    _, rid = master.part.get_or_add_image_part(io.BytesIO(_logo_png()))
    art = [
        _band(101, "Top band", _box(0, 0, 1, 0.045),
              '<a:solidFill><a:schemeClr val="accent1"/></a:solidFill>'),
        _line(102, "Title rule", _box(0.05, 0.205, 0.9, 0), 1.5, '<a:schemeClr val="tx2"/>'),
        _line(103, "Footer rule", _box(0.05, 0.925, 0.9, 0), 0.75,
              f'<a:srgbClr val="{SCHEME["dk2"]}"/>'),
        _band(104, "Ornament", _box(0.9, 0.06, 0.06, 0.1),
              '<a:gradFill><a:gsLst><a:gs pos="0"><a:schemeClr val="accent2"/></a:gs>'
              '<a:gs pos="100000"><a:schemeClr val="accent4"/></a:gs></a:gsLst></a:gradFill>'),
        (f'<p:pic {NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
         'relationships"><p:nvPicPr><p:cNvPr id="105" name="Logo"/><p:cNvPicPr/><p:nvPr/>'
         f'</p:nvPicPr><p:blipFill><a:blip r:embed="{rid}"/><a:stretch><a:fillRect/>'
         f'</a:stretch></p:blipFill><p:spPr>{_box(0.86, 0.94, 0.09, 0.05)}<a:prstGeom '
         'prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>'),
    ]
    for i, xml in enumerate(art):
        tree.insert(2 + i, etree.fromstring(xml))
    title_run = master._element.find(f"{P}txStyles/{P}titleStyle/{A}lvl1pPr/{A}defRPr")
    assert title_run is not None
    title_run.set("b", "1")
    for old in title_run.findall(f"{A}solidFill"):
        title_run.remove(old)
    fill = etree.Element(f"{A}solidFill")
    etree.SubElement(fill, f"{A}schemeClr", val="tx2")
    title_run.insert(0, fill)


def main() -> None:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(W), Emu(H)
    _theme(prs)
    _master(prs)
    layouts = {layout.name: layout for layout in prs.slide_layouts}
    s = prs.slides.add_slide(layouts["Title and Content"])
    s.shapes.title.text = "Where the quarter went"
    body = s.placeholders[1].text_frame
    body.text = "Revenue grew 14 % on the new contracts"
    for line in ("Churn fell to 3.1 %", "Two regions opened in the north"):
        body.add_paragraph().text = line
    s2 = prs.slides.add_slide(layouts["Title Only"])
    s2.shapes.title.text = "Northwind at a glance"
    box = s2.shapes.add_textbox(Emu(round(0.05 * W)), Emu(round(0.3 * H)),
                                Emu(round(0.9 * W)), Emu(round(0.3 * H)))
    box.text_frame.text = "Founded 1998 · 1 200 people · 14 countries"
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(28)
    prs.save(str(OUT))


if __name__ == "__main__":
    main()
