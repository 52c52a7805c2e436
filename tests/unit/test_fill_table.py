"""Table fill: rows added by cloning the last row, removed when fewer, frame shrinks to them."""

from __future__ import annotations

import pytest
from fill_xml import xml

from pptxagent.ooxml.tablefill import fill_table, table_cells
from pptxagent.ooxml.xml import qn


def _cell(text: str, bold: str) -> str:
    return (f"<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang='en-US' b='{bold}'>"
            f"<a:solidFill><a:srgbClr val='112233'/></a:solidFill></a:rPr><a:t>{text}</a:t>"
            "</a:r></a:p></a:txBody><a:tcPr/></a:tc>")


FRAME = f"""<p:graphicFrame><p:nvGraphicFramePr/><p:xfrm><a:off x="0" y="0"/>
<a:ext cx="6000000" cy="1111250"/></p:xfrm><a:graphic>
<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblPr/>
<a:tblGrid><a:gridCol w="3000000"/><a:gridCol w="3000000"/></a:tblGrid>
<a:tr h="370840">{_cell("H1", "1")}{_cell("H2", "1")}</a:tr>
<a:tr h="370840">{_cell("a", "0")}{_cell("b", "0")}</a:tr>
<a:tr h="369570">{_cell("c", "0")}{_cell("d", "0")}</a:tr>
</a:tbl></a:graphicData></a:graphic></p:graphicFrame>"""


def _tbl(frame):  # type: ignore[no-untyped-def]
    return frame.find(f"{qn('a:graphic')}/{qn('a:graphicData')}/{qn('a:tbl')}")


def _cy(frame) -> int:  # type: ignore[no-untyped-def]
    return int(frame.find(f"{qn('p:xfrm')}/{qn('a:ext')}").get("cy"))


def test_rows_added_by_cloning_last_row_and_frame_kept() -> None:
    frame = xml(FRAME)
    rows = [["Region", "Revenue"], ["EMEA", "182"], ["Americas", "240"], ["APAC", "96"],
            ["Total", "518"]]
    fill_table(frame, rows)
    assert table_cells(_tbl(frame)) == rows
    assert _cy(frame) == 1111250  # the template's room: the refinement fits the rows in it
    # cells keep their first run's format: header bold, body not, colour kept
    rprs = list(_tbl(frame).iter(qn("a:rPr")))
    assert rprs[0].get("b") == "1" and rprs[-1].get("b") == "0"
    assert all(r.find(f"{qn('a:solidFill')}/{qn('a:srgbClr')}") is not None for r in rprs)


def test_rows_removed_when_fewer_and_short_rows_blank_the_rest() -> None:
    frame = xml(FRAME)
    fill_table(frame, [["only"]])
    assert table_cells(_tbl(frame)) == [["only", ""]]
    assert _cy(frame) == 370840


def test_a_table_never_loses_its_last_row_or_grows_columns() -> None:
    frame = xml(FRAME)
    with pytest.raises(ValueError, match="at least one row"):
        fill_table(frame, [])
    with pytest.raises(ValueError, match="2 columns"):
        fill_table(frame, [["a", "b", "c"]])
    assert len(_tbl(frame).findall(qn("a:tr"))) == 3


def test_multiline_cell_makes_paragraphs() -> None:
    frame = xml(FRAME)
    fill_table(frame, [["one\ntwo", "x"]])
    assert table_cells(_tbl(frame)) == [["one\ntwo", "x"]]
