"""Tokens in a chart: its title, series and category names, and the workbook behind them.

A report template titles its chart "{{report.year}} revenue"; before, the token stayed in the
chart and the report listed nothing (the slide was labelled clean)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Emu

from pptxagent.errors import ContentError
from pptxagent.fill.apply import apply_content
from pptxagent.fill.content import parse_content
from pptxagent.ooxml.package import Package

TOKENS = {"report": {"year": 2025, "title": "Quarterly results"},
          "steps": [{"name": "Plan"}, {"name": "Build"}]}


def _template(path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()  # type: ignore[no-untyped-call]
    data.categories = ["{{steps[0].name}}", "{{steps[1].name}}", "{{ steps | length }}"]
    data.add_series("{{report.year}} revenue", (1.0, 2.0, 3.0))  # type: ignore[no-untyped-call]
    frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Emu(500000), Emu(500000),
                                   Emu(6000000), Emu(4000000), data)
    frame.name = "Revenue chart"
    chart = frame.chart
    chart.has_title = True
    tf = chart.chart_title.text_frame
    tf.text = "{{report.title}}"
    run = tf.paragraphs[0].add_run()
    run.text = " for {{report."  # a token split across runs, as PowerPoint splits them
    run = tf.paragraphs[0].add_run()
    run.text = "year}}"
    prs.save(str(path))


def _texts(out: Path) -> tuple[str, list[str], str]:
    chart = Presentation(str(out)).slides[0].shapes[0].chart
    title = chart.chart_title.text_frame.text
    cats = [str(c) for c in chart.plots[0].categories]
    return title, cats, chart.series[0].name


def _workbook_strings(out: Path) -> str:
    with zipfile.ZipFile(out) as z:
        name = next(n for n in z.namelist() if n.startswith("ppt/embeddings/"))
        with zipfile.ZipFile(io.BytesIO(z.read(name))) as wb:
            return wb.read("xl/sharedStrings.xml").decode()


def test_chart_title_series_categories_and_workbook_are_filled(tmp_path: Path) -> None:
    src, out = tmp_path / "t.pptx", tmp_path / "out.pptx"
    _template(src)
    pkg = Package.open(src)
    plan = apply_content(pkg, parse_content({"tokens": TOKENS}), tmp_path, strict=False)
    pkg.save(out)
    title, cats, series = _texts(out)
    assert title == "Quarterly results for 2025"
    assert series == "2025 revenue"
    assert cats == ["Plan", "Build", "{{ steps | length }}"]
    strings = _workbook_strings(out)  # "Edit Data" in PowerPoint shows the values too
    assert "2025 revenue" in strings and "Plan" in strings and "{{report" not in strings
    [left] = plan.unresolved
    assert (left.token, left.where, left.shape, left.slide) == (
        "{{ steps | length }}", "chart", "Revenue chart", 1)
    assert left.eid is not None and "chart" in left.describe()
    Presentation(str(out))  # still a deck python-pptx opens


def test_strict_names_the_chart(tmp_path: Path) -> None:
    src = tmp_path / "t.pptx"
    _template(src)
    with pytest.raises(ContentError, match=r"slide 1 chart, shape 'Revenue chart'.*length"):
        apply_content(Package.open(src), parse_content({"tokens": TOKENS}), tmp_path,
                      strict=True)


CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"
WITH_TABLE = CORPUS / "pythonpptx__ph-populated-placeholders.pptx"


def _inner(zip_bytes: bytes, name: str) -> str:
    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as z:
        return z.read(name).decode()


Edit = Callable[[str, bytes], bytes]


def _rezip(data: bytes, edit: Edit) -> bytes:
    """The zip ``data`` with each member passed through ``edit(name, body)``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, \
            zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info, edit(info.filename, src.read(info)))
    return buf.getvalue()


def _stage(src: Path, dst: Path, deck: Edit, workbook: Edit | None = None) -> None:
    """``src`` with its parts edited by ``deck`` and its embedded workbooks' by ``workbook``."""
    def edit(name: str, body: bytes) -> bytes:
        body = deck(name, body)
        if workbook is not None and name.startswith("ppt/embeddings/"):
            body = _rezip(body, workbook)
        return body

    dst.write_bytes(_rezip(src.read_bytes(), edit))


@pytest.mark.skipif(not WITH_TABLE.exists(), reason="corpus not available")
def test_the_workbook_table_keeps_its_column_names_in_step(tmp_path: Path) -> None:
    """PowerPoint's chart workbooks hold a table whose column names must match the header
    cells, or Excel repairs the workbook when the user clicks Edit Data."""
    src, out = tmp_path / "t.pptx", tmp_path / "out.pptx"

    def edit_chart(name: str, body: bytes) -> bytes:
        if name != "ppt/charts/chart1.xml":
            return body
        return body.replace(b"<c:v>Sales</c:v>", b"<c:v>{{metric}}</c:v>")

    def edit_workbook(name: str, body: bytes) -> bytes:
        body = body.replace(b"<t>Sales</t>", b"<t>{{metric}}</t>")
        return body.replace(b'name="Sales"', b'name="{{metric}}"')

    _stage(WITH_TABLE, src, edit_chart, edit_workbook)
    pkg = Package.open(src)
    plan = apply_content(pkg, parse_content({"tokens": {"metric": "Revenue"}}), tmp_path,
                         strict=True)
    pkg.save(out)
    assert plan.unresolved == []
    with zipfile.ZipFile(out) as z:
        chart = z.read("ppt/charts/chart1.xml").decode()
        workbook = z.read(next(n for n in z.namelist() if n.startswith("ppt/embeddings/")))
    assert "<c:v>Revenue</c:v>" in chart
    assert "<t>Revenue</t>" in _inner(workbook, "xl/sharedStrings.xml")
    assert 'name="Revenue"' in _inner(workbook, "xl/tables/table1.xml")


def test_multi_level_categories_are_filled(tmp_path: Path) -> None:
    src, out = tmp_path / "t.pptx", tmp_path / "out.pptx"
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()  # type: ignore[no-untyped-call]
    first = data.add_category("{{steps[0].name}}")  # type: ignore[no-untyped-call]
    first.add_sub_category("North")
    second = data.add_category("{{steps[1].name}}")  # type: ignore[no-untyped-call]
    second.add_sub_category("South")
    data.add_series("Sales", (1.0, 2.0))  # type: ignore[no-untyped-call]
    slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Emu(500000), Emu(500000),
                           Emu(6000000), Emu(4000000), data)
    prs.save(str(src))
    pkg = Package.open(src)
    plan = apply_content(pkg, parse_content({"tokens": TOKENS}), tmp_path, strict=True)
    pkg.save(out)
    assert plan.unresolved == []
    with zipfile.ZipFile(out) as z:
        chart = z.read("ppt/charts/chart1.xml").decode()
    assert "<c:v>Plan</c:v>" in chart and "<c:v>Build</c:v>" in chart and "{{" not in chart


WATERFALL = CORPUS / "automizer__ChartWaterfall.pptx"


@pytest.mark.skipif(not WATERFALL.exists(), reason="corpus not available")
def test_office_2016_chart_names_are_filled(tmp_path: Path) -> None:
    """A waterfall chart (``cx:chartSpace``): category and series names."""
    src, out = tmp_path / "t.pptx", tmp_path / "out.pptx"

    def edit_chart(name: str, body: bytes) -> bytes:
        if name != "ppt/charts/chartEx1.xml":
            return body
        body = body.replace(b">Kategorie 1<", b">{{steps[0].name}}<")
        return body.replace(b"<cx:v>Datenreihe1</cx:v>", b"<cx:v>{{report.year}}</cx:v>")

    _stage(WATERFALL, src, edit_chart)
    pkg = Package.open(src)
    plan = apply_content(pkg, parse_content({"tokens": TOKENS, "slides": [{"template_slide": 1}]}),
                         tmp_path, strict=True)
    pkg.save(out)
    assert plan.unresolved == []
    with zipfile.ZipFile(out) as z:
        chart = z.read("ppt/charts/chartEx1.xml").decode()
    assert ">Plan<" in chart and "<cx:v>2025</cx:v>" in chart and "{{" not in chart


C15 = "http://schemas.microsoft.com/office/drawing/2012/chart"


def test_labels_from_cells_and_tokens_split_in_the_workbook(tmp_path: Path) -> None:
    """Data labels taken from cells (``c15:dlblRangeCache``) and a workbook string whose token
    spans two rich-text runs."""
    src, out = tmp_path / "t.pptx", tmp_path / "out.pptx"
    _template(src)
    staged = tmp_path / "staged.pptx"

    def edit_chart(name: str, body: bytes) -> bytes:
        if not (name.startswith("ppt/charts/chart") and name.endswith(".xml")):
            return body
        labels = (f'<c:extLst><c:ext uri="{{02D57815-91ED-43cb-92C2-25804820EDAC}}" '
                  f'xmlns:c15="{C15}"><c15:datalabelsRange><c15:f>Sheet1!$C$2</c15:f>'
                  '<c15:dlblRangeCache><c:ptCount val="1"/><c:pt idx="0">'
                  "<c:v>{{report.title}}</c:v></c:pt></c15:dlblRangeCache>"
                  "</c15:datalabelsRange></c:ext></c:extLst></c:ser>")
        return body.replace(b"</c:ser>", labels.encode(), 1)

    def edit_workbook(name: str, body: bytes) -> bytes:
        if name != "xl/sharedStrings.xml":
            return body
        return body.replace(b"<t>{{steps[0].name}}</t>",
                            b"<r><t>{{steps[0]</t></r><r><rPr><b/></rPr><t>.name}}</t></r>")

    _stage(src, staged, edit_chart, edit_workbook)
    pkg = Package.open(staged)
    apply_content(pkg, parse_content({"tokens": TOKENS}), tmp_path, strict=False)
    pkg.save(out)
    with zipfile.ZipFile(out) as z:
        chart = z.read(next(n for n in z.namelist() if n.startswith("ppt/charts/chart"))).decode()
        workbook = z.read(next(n for n in z.namelist() if n.startswith("ppt/embeddings/")))
    assert "<c:v>Quarterly results</c:v>" in chart
    strings = _inner(workbook, "xl/sharedStrings.xml")
    assert "Plan" in strings and "{{steps[0]" not in strings and ".name}}" not in strings


def test_bracketed_names_in_the_workbook_are_filled_too() -> None:
    """``[Region]`` filled in the chart must be filled in its workbook: PowerPoint's "Edit
    Data" would bring the bracket back."""
    from pptxagent.ooxml.graphictokens import _strings_replaced
    from pptxagent.ooxml.tokens import Miss

    ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    body = f'<sst xmlns="{ns}"><si><t>[Region]</t></si><si><t>[1]</t></si></sst>'.encode()
    out = _strings_replaced(body, lambda name: "EMEA" if name == "Region" else Miss("", True))
    assert out is not None and b"<t>EMEA</t>" in out and b"<t>[1]</t>" in out
