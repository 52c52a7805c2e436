"""The native writer of scratch mode: what a designer opening the deck in PowerPoint and the
held-out judges check on every slide (issue 7 §5)."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image

from pptxagent.errors import InputError
from pptxagent.ir.compose import Box, ChartSpec, PictureSpec, SeriesSpec, SlideSpec
from pptxagent.ooxml.audit import schema_findings
from pptxagent.ooxml.build import build_deck
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.validate import validate_package
from tests.unit.build_specs import (
    CHARTS,
    IMAGE_PX,
    NOTES,
    NS,
    PICTURE_BOX,
    TABLE_ROWS,
    Deck,
    pack,
    specs,
    title,
    write_image,
)

PACKS = {"light": False, "dark": True}


@pytest.fixture(scope="module")
def assets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("assets")
    write_image(folder / "photo.png")
    write_image(folder / "logo.png", (300, 100))
    return folder


@pytest.fixture(scope="module", params=list(PACKS))
def deck(request: pytest.FixtureRequest, assets: Path) -> Deck:
    the_pack = pack(PACKS[request.param], logo="logo.png")
    return Deck(build_deck(specs(assets / "photo.png"), the_pack, title="Review",
                           pack_dir=assets))


def _one(root: etree._Element, path: str) -> etree._Element:
    found = root.xpath(path, namespaces=NS)
    assert found, path
    return found[0]


def _texts(root: etree._Element) -> list[str]:
    return ["".join(p.itertext()) for p in root.iterfind(".//a:p", NS)]


def _layout_types(deck: Deck) -> list[str]:
    return [deck.xml(deck.related(f"ppt/slides/slide{k}.xml", rid)).get("type", "")
            for k in range(1, len(deck.slides()) + 1)
            for rid, target in deck.rels(f"ppt/slides/slide{k}.xml").items()
            if "slideLayout" in target]


def test_every_slide_has_its_title_placeholder_on_one_of_three_layouts(deck: Deck) -> None:
    slides = deck.slides()
    assert len(slides) == 9
    for k, slide in enumerate(slides):
        phs = slide.findall(".//p:sp/p:nvSpPr/p:nvPr/p:ph", NS)
        assert [ph.get("type") for ph in phs if ph.get("type") in ("title", "ctrTitle")], k
    assert _layout_types(deck) == ["title", "secHead", *["titleOnly"] * 7]
    master = deck.xml("ppt/slideMasters/slideMaster1.xml")
    assert len(master.findall(".//p:sldLayoutId", NS)) == 3
    assert sum(n.startswith("ppt/slideLayouts/slideLayout") for n in deck.names) == 3


def test_title_placeholder_takes_the_spec_box_and_text(deck: Deck) -> None:
    slide = deck.slides()[0]
    sp = _one(slide, ".//p:sp[p:nvSpPr/p:nvPr/p:ph[@type='ctrTitle']]")
    assert sp is not None
    off, ext = sp.find("p:spPr/a:xfrm/a:off", NS), sp.find("p:spPr/a:xfrm/a:ext", NS)
    assert (off.get("x"), off.get("y"), ext.get("cx"), ext.get("cy")) == (
        "609600", "300000", "10972800", "900000")
    assert _texts(sp) == ["Quarterly review"]


def test_unused_layout_placeholders_are_removed(deck: Deck) -> None:
    """The section slide fills no subtitle: no empty body placeholder prompts on it."""
    for slide in deck.slides():
        for sp in slide.xpath(".//p:sp[p:nvSpPr/p:nvPr/p:ph]", namespaces=NS):
            assert "".join(_texts(sp)).strip(), etree.tostring(sp)[:200]
    section = deck.slides()[1]
    assert len(section.findall(".//p:ph", NS)) == 1


def test_no_literal_colour_outside_the_theme(deck: Deck) -> None:
    for name, blob in deck.parts.items():
        if name.endswith(".xml") and not name.startswith("ppt/theme/"):
            assert b"srgbClr" not in blob and b"sysClr" not in blob, name
    assert b"schemeClr" in deck.parts["ppt/charts/chart1.xml"]


def test_every_run_has_an_explicit_size_and_theme_font(deck: Deck) -> None:
    runs = 0
    for slide in deck.slides():
        for rpr in slide.iterfind(".//a:r/a:rPr", NS):
            runs += 1
            assert rpr.get("sz"), etree.tostring(rpr)
            assert rpr.get("b") in ("0", "1") and rpr.get("i") in ("0", "1")
            latin = rpr.find("a:latin", NS)
            assert latin is not None and latin.get("typeface") in ("+mj-lt", "+mn-lt")
            assert rpr.find("a:solidFill/a:schemeClr", NS) is not None
        for body in slide.iterfind(".//p:txBody/a:bodyPr", NS):
            assert body.get("wrap") == "square" and body.find("a:noAutofit", NS) is not None
        assert not slide.findall(".//a:normAutofit", NS)
    assert runs > 20


def test_paragraph_typography_bullets_spacing_and_alignment(deck: Deck) -> None:
    body = _one(deck.slides()[2], ".//p:sp[p:nvSpPr/p:cNvPr[@name='Body']]")
    assert body is not None
    assert body.find("p:nvSpPr/p:cNvSpPr", NS).get("txBox") == "1"
    pr = body.find("p:txBody/a:bodyPr", NS)
    assert (pr.get("anchor"), pr.get("lIns"), pr.get("tIns")) == ("ctr", "91440", "91440")
    first, sub, plain = body.findall("p:txBody/a:p", NS)
    assert first.find("a:pPr/a:buChar", NS).get("char") == "•"
    assert first.find("a:pPr/a:buClr/a:schemeClr", NS) is not None
    assert first.find("a:pPr/a:spcAft/a:spcPts", NS).get("val") == "600"
    assert int(sub.find("a:pPr", NS).get("marL")) > int(first.find("a:pPr", NS).get("marL"))
    assert plain.find("a:pPr/a:buNone", NS) is not None
    assert plain.find("a:pPr", NS).get("algn") == "ctr"
    assert plain.find("a:br", NS) is not None and _texts(body)[2] == "Plain 日本語second line"
    muted = plain.find("a:r/a:rPr/a:solidFill/a:schemeClr", NS)
    assert muted.get("val") == "tx1"
    assert muted.find("a:lumMod", NS).get("val") == "65000"
    assert muted.find("a:lumOff", NS).get("val") == "35000"


def test_shapes_are_presets_with_theme_radius_outline_and_unique_names(deck: Deck) -> None:
    slide = deck.slides()[2]
    names = [c.get("name") for c in slide.iterfind(".//p:cNvPr", NS)][1:]
    assert len(names) == len(set(names)) and "Card 2" in names
    card = _one(slide, ".//p:sp[p:nvSpPr/p:cNvPr[@name='Card']]")
    geom = card.find("p:spPr/a:prstGeom", NS)
    assert geom.get("prst") == "roundRect"
    assert geom.find("a:avLst/a:gd", NS).get("fmla") == "val 12000"
    assert card.find("p:spPr/a:ln/a:solidFill/a:schemeClr", NS) is not None
    rule = _one(slide, ".//p:sp[p:nvSpPr/p:cNvPr[@name='Rule']]")
    assert rule.find("p:spPr/a:prstGeom", NS).get("prst") == "line"
    assert rule.find("p:spPr/a:ln", NS).get("w") == "25400"


def test_shadow_only_when_the_pack_and_the_shape_ask(deck: Deck) -> None:
    dark = deck.xml("ppt/slideMasters/slideMaster1.xml").find("p:clrMap", NS).get("bg1") == "dk1"
    card = _one(deck.slides()[2], ".//p:sp[p:nvSpPr/p:cNvPr[@name='Card']]")
    shadow = card.find("p:spPr/a:effectLst/a:outerShdw/a:schemeClr", NS)
    assert (shadow is not None) == dark
    if shadow is not None:
        assert shadow.get("val") == "dk1" and shadow.find("a:alpha", NS) is not None


def test_spec_order_is_z_order_with_placeholders(deck: Deck) -> None:
    tree = deck.slides()[0].find("p:cSld/p:spTree", NS)
    names = [c.get("name") for c in tree.iterfind("*/*/p:cNvPr", NS)]
    assert names == ["Band", "Title", "Subtitle"]


def _sheet_values(workbook: bytes) -> list[list[str | float]]:
    with zipfile.ZipFile(io.BytesIO(workbook)) as archive:
        strings = [
            "".join(si.itertext())
            for si in etree.fromstring(archive.read("xl/sharedStrings.xml")).iterfind("x:si", NS)
        ]
        sheet = etree.fromstring(archive.read("xl/worksheets/sheet1.xml"))
    rows: list[list[str | float]] = []
    for row in sheet.iterfind(".//x:row", NS):
        cells: list[str | float] = []
        for cell in row.iterfind("x:c", NS):
            value = cell.findtext("x:v", default="", namespaces=NS)
            cells.append(strings[int(value)] if cell.get("t") == "s" else float(value))
        rows.append(cells)
    return rows


def test_chart_values_equal_the_input_in_cache_and_workbook(deck: Deck) -> None:
    for k, (kind, (categories, series)) in enumerate(CHARTS.items()):
        part = f"ppt/slides/slide{4 + k}.xml"
        frame = deck.xml(part).find(".//p:graphicFrame//c:chart", NS)
        chart_name = deck.related(part, frame.get(f"{{{NS['r']}}}id"))
        chart = deck.xml(chart_name)
        assert chart.find(".//c:title", NS) is None
        sers = chart.findall(".//c:ser", NS)
        cached = [[float(v) for v in s.xpath("c:val//c:pt/c:v/text()", namespaces=NS)]
                  for s in sers]
        assert cached == [[float(v) for v in values] for _, values in series], kind
        assert sers[0].xpath("c:cat//c:pt/c:v/text()", namespaces=NS) == categories
        book_rid = chart.find("c:externalData", NS).get(f"{{{NS['r']}}}id")
        rows = _sheet_values(deck.parts[deck.related(chart_name, book_rid)])
        assert rows[0] == [name for name, _ in series]
        assert [r[0] for r in rows[1:]] == categories
        assert [[r[1 + s] for r in rows[1:]] for s in range(len(series))] == cached
        fills = chart.xpath(".//c:ser/c:spPr/a:solidFill/a:schemeClr/@val | "
                            ".//c:ser/c:spPr/a:ln/a:solidFill/a:schemeClr/@val", namespaces=NS)
        assert fills[0] == "accent1"
        if kind == "pie":
            points = chart.xpath(".//c:dPt/c:spPr/a:solidFill/a:schemeClr/@val", namespaces=NS)
            assert points == ["accent1", "accent2", "accent3"]
            assert chart.find(".//c:dLbls/c:showVal", NS).get("val") == "1"
        sizes = {d.get("sz") for d in chart.iterfind(".//a:defRPr", NS)}
        assert sizes == {"1400"}
        assert (chart.find(".//c:legend", NS) is not None) == (kind != "line")
        if kind != "pie":  # category labels clear of negative bars; bars read top-down
            assert chart.find(".//c:catAx/c:tickLblPos", NS).get("val") == "low"
            orientation = chart.find(".//c:catAx/c:scaling/c:orientation", NS).get("val")
            assert orientation == ("maxMin" if kind == "bar" else "minMax")


def test_table_is_native_with_the_rows_equal_columns_and_bold_header(deck: Deck) -> None:
    tbl = deck.slides()[7].find(".//a:tbl", NS)
    assert tbl is not None
    rows = [[_texts(tc)[0] for tc in tr.iterfind("a:tc", NS)] for tr in tbl.iterfind("a:tr", NS)]
    assert rows == [TABLE_ROWS[0], TABLE_ROWS[1], [*TABLE_ROWS[2], ""]]
    widths = [int(g.get("w")) for g in tbl.iterfind("a:tblGrid/a:gridCol", NS)]
    assert sum(widths) == 10_972_800 and max(widths) - min(widths) <= 2
    heights = [int(tr.get("h")) for tr in tbl.iterfind("a:tr", NS)]
    assert sum(heights) == 3_000_001
    header = tbl.find("a:tr/a:tc", NS)
    assert header.find(".//a:rPr", NS).get("b") == "1"
    assert header.find("a:tcPr/a:solidFill/a:schemeClr", NS).get("val") == "accent1"
    assert {r.get("sz") for r in tbl.iterfind(".//a:rPr", NS)} == {"1800"}


def test_picture_is_cropped_to_its_frame_not_stretched(deck: Deck) -> None:
    pic = deck.slides()[8].find(".//p:pic", NS)
    rect = pic.find("p:blipFill/a:srcRect", NS)
    crop = {k: int(rect.get(k, "0")) / 100_000 for k in "lrtb"}
    shown_w = IMAGE_PX[0] * (1 - crop["l"] - crop["r"])
    shown_h = IMAGE_PX[1] * (1 - crop["t"] - crop["b"])
    assert shown_w / shown_h == pytest.approx(PICTURE_BOX.w / PICTURE_BOX.h, rel=0.01)
    ext = pic.find("p:spPr/a:xfrm/a:ext", NS)
    assert (int(ext.get("cx")), int(ext.get("cy"))) == (PICTURE_BOX.w, PICTURE_BOX.h)


def test_notes_text(deck: Deck) -> None:
    notes = [n for n in deck.names if n.startswith("ppt/notesSlides/notesSlide")
             and n.endswith(".xml")]
    assert len(notes) == 1
    root = deck.xml(notes[0])
    body = _one(root, ".//p:sp[p:nvSpPr/p:nvPr/p:ph[@type='body']]")
    assert "\n".join(_texts(body)) == NOTES
    assert all(r.get("sz") == "1200" for r in body.iterfind(".//a:rPr", NS))


def test_pack_written_into_theme_master_and_transitions(deck: Deck) -> None:
    master = deck.xml("ppt/slideMasters/slideMaster1.xml")
    dark = master.find("p:clrMap", NS).get("bg1") == "dk1"
    assert master.find("p:clrMap", NS).get("tx1") == ("lt1" if dark else "dk1")
    assert master.find("p:cSld/p:bg/p:bgPr/a:solidFill/a:schemeClr", NS).get("val") == "bg1"
    theme = deck.xml(deck.related("ppt/slideMasters/slideMaster1.xml", next(
        rid for rid, t in deck.rels("ppt/slideMasters/slideMaster1.xml").items() if "theme" in t)))
    assert theme.get("name") == ("night" if dark else "paper")
    scheme = theme.find(".//a:clrScheme", NS)
    assert [c.get("val") for c in scheme.iterfind("*/a:srgbClr", NS)][4] == "2563EB"
    assert len(scheme) == 12
    assert theme.find(".//a:majorFont/a:latin", NS).get("typeface") == "Carlito"
    assert theme.find(".//a:majorFont/a:ea", NS).get("typeface") == "Noto Sans CJK JP"
    assert theme.find(".//a:minorFont/a:latin", NS).get("typeface") == "Liberation Sans"
    size = deck.xml("ppt/presentation.xml").find("p:sldSz", NS)
    assert (size.get("cx"), size.get("cy")) == ("12192000", "6858000")
    for slide in deck.slides():
        tags = [etree.QName(c).localname for c in slide]
        assert tags == (["cSld", "clrMapOvr", "transition"] if dark else ["cSld", "clrMapOvr"])
    logo = master.find(".//p:pic/p:spPr/a:xfrm", NS)
    x, cx = int(logo.find("a:off", NS).get("x")), int(logo.find("a:ext", NS).get("cx"))
    assert int(logo.find("a:ext", NS).get("cy")) <= 548_640
    assert x + cx <= 12_192_000 - 40 * 12_700


def test_same_input_gives_identical_bytes(assets: Path) -> None:
    the_pack = pack(True, logo="logo.png")
    slides = specs(assets / "photo.png")
    first = build_deck(slides, the_pack, title="Review", pack_dir=assets)
    assert build_deck(slides, the_pack, title="Review", pack_dir=assets) == first
    assert re.search(rb"2000-01-01T00:00:00Z", Deck(first).parts["docProps/core.xml"])
    assert b"<Slides>9</Slides>" in Deck(first).parts["docProps/app.xml"]
    assert not [n for n in Deck(first).names if "thumbnail" in n]


def test_validator_and_openxml_audit_find_nothing(deck: Deck, tmp_path: Path) -> None:
    path = tmp_path / "deck.pptx"
    path.write_bytes(deck.data)
    assert validate_package(Package.open(path)) == []
    assert schema_findings(path) == []


def test_missing_image_is_an_input_error_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.png"
    slide = SlideSpec(kind="image", component="image", shapes=[
        title("Image"), PictureSpec(name="Picture", box=PICTURE_BOX, path=str(missing))])
    with pytest.raises(InputError, match=r"nowhere\.png"):
        build_deck([slide], pack(False), title="x")
    with pytest.raises(InputError, match=r"logo\.png"):
        build_deck([], pack(False, logo="logo.png"), title="x", pack_dir=tmp_path)


def test_chart_series_of_the_wrong_length_is_an_input_error() -> None:
    chart = ChartSpec(name="Chart", box=Box(x=0, y=0, w=100, h=100), chart_type="bar",
                      categories=["a", "b"], series=[SeriesSpec(name="s", values=[1.0])])
    slide = SlideSpec(kind="data", component="data", shapes=[title("Data"), chart])
    with pytest.raises(InputError, match="slide 1 chart 'Chart'"):
        build_deck([slide], pack(False), title="x")


def _crop_aspect(pic: etree._Element, width: int, height: int) -> float:
    rect = pic.find("p:blipFill/a:srcRect", NS)
    crop = {k: int(rect.get(k, "0")) / 100_000 for k in "lrtb"}
    return (width * (1 - crop["l"] - crop["r"])) / (height * (1 - crop["t"] - crop["b"]))


def test_rotated_photo_is_turned_upright_and_webp_becomes_png(tmp_path: Path) -> None:
    photo = tmp_path / "camera.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # stored sideways: shown rotated 90° clockwise
    Image.new("RGB", (400, 100), (10, 200, 10)).save(photo, "JPEG", exif=exif)
    webp = tmp_path / "art.webp"
    Image.new("RGB", (300, 300), (10, 10, 200)).save(webp, "WEBP")
    box = Box(x=0, y=0, w=3_000_000, h=2_000_000)
    slides = [SlideSpec(kind="image", component="image", shapes=[
        title("Image"), PictureSpec(name="Picture", box=box, path=str(path))])
        for path in (photo, webp)]
    deck = Deck(build_deck(slides, pack(False), title="x"))
    first, second = (s.find(".//p:pic", NS) for s in deck.slides())
    assert _crop_aspect(first, 100, 400) == pytest.approx(1.5, rel=0.01)
    assert _crop_aspect(second, 300, 300) == pytest.approx(1.5, rel=0.01)
    media = sorted(n for n in deck.names if n.startswith("ppt/media/"))
    assert [Path(n).suffix for n in media] == [".jpg", ".png"]


def test_embedded_workbooks_lose_their_clock_time() -> None:
    """XlsxWriter stamps each workbook with now(): repacked, two builds a second apart match."""
    from pptxagent.ooxml.build.deck import repack

    def package(stamp: str, when: tuple[int, int, int, int, int, int]) -> bytes:
        book = io.BytesIO()
        with zipfile.ZipFile(book, "w") as archive:
            core = f'<cp:coreProperties><dcterms:created xsi:type="x">{stamp}</dcterms:created>'
            archive.writestr(zipfile.ZipInfo("docProps/core.xml", when), core + "</cp:x>")
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as archive:
            archive.writestr(zipfile.ZipInfo("ppt/embeddings/book1.xlsx", when), book.getvalue())
            archive.writestr(zipfile.ZipInfo("[Content_Types].xml", when), "<Types/>")
        return out.getvalue()

    first = repack(package("2026-11-22T20:00:00Z", (2026, 11, 22, 20, 0, 0)))
    assert first == repack(package("2026-11-22T20:00:01Z", (2026, 11, 22, 20, 0, 2)))
    assert zipfile.ZipFile(io.BytesIO(first)).namelist()[0] == "[Content_Types].xml"


def test_layout_placeholders_sit_inside_the_pack_margins(deck: Deck) -> None:
    """A slide a designer adds in PowerPoint lines up with the composed ones."""
    margin = 40 * 12_700
    parts = ["ppt/slideMasters/slideMaster1.xml",
             *[n for n in deck.names if re.fullmatch(r"ppt/slideLayouts/slideLayout\d+\.xml", n)]]
    for part in parts:
        for sp in deck.xml(part).xpath(".//p:sp[p:nvSpPr/p:nvPr/p:ph[not(@type) or @type='title'"
                                       " or @type='ctrTitle' or @type='subTitle'"
                                       " or @type='body']]", namespaces=NS):
            off, ext = sp.find("p:spPr/a:xfrm/a:off", NS), sp.find("p:spPr/a:xfrm/a:ext", NS)
            x, y = int(off.get("x")), int(off.get("y"))
            assert x == margin and x + int(ext.get("cx")) == 12_192_000 - margin, part
            assert margin <= y and y + int(ext.get("cy")) <= 6_858_000 - margin, part
