"""``filltarget.remove_shape`` takes a shape off a slide only when nothing names it: a
dangling connector end or animation target makes PowerPoint offer to repair the file."""

from __future__ import annotations

from pathlib import Path

from lxml import etree
from pptx import Presentation
from pptx.enum.shapes import MSO_CONNECTOR, MSO_SHAPE
from pptx.util import Inches

from pptxagent.ooxml.filltarget import remove_shape
from pptxagent.ooxml.package import Package


def _deck(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    a = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(1), Inches(1), Inches(1), Inches(1))
    b = slide.shapes.add_shape(MSO_SHAPE.OVAL, Inches(4), Inches(1), Inches(1), Inches(1))
    free = slide.shapes.add_textbox(Inches(1), Inches(4), Inches(3), Inches(1))
    line = slide.shapes.add_connector(MSO_CONNECTOR.STRAIGHT, 0, 0, 1, 1)
    line.begin_connect(a, 3)
    line.end_connect(b, 1)
    path = tmp_path / "d.pptx"
    prs.save(str(path))
    return path, {"a": a.shape_id, "b": b.shape_id, "free": free.shape_id}


def test_a_shape_a_connector_names_stays_and_a_free_one_goes(tmp_path: Path) -> None:
    path, ids = _deck(tmp_path)
    pkg = Package.open(path)
    part = pkg.slide_parts()[0]
    assert not remove_shape(pkg, part, ids["a"])  # the connector's start
    assert not remove_shape(pkg, part, ids["b"])  # its end
    assert remove_shape(pkg, part, ids["free"])
    assert not remove_shape(pkg, part, ids["free"])  # gone: nothing left to remove
    out = tmp_path / "out.pptx"
    pkg.save(out)
    kept = {s.shape_id for s in Presentation(str(out)).slides[0].shapes}
    assert ids["a"] in kept and ids["b"] in kept and ids["free"] not in kept


def test_a_shape_only_a_build_list_names_stays(tmp_path: Path) -> None:
    """``p:bldP`` (a build step) names its shape by ``spid`` without any ``p:spTgt``."""
    path, ids = _deck(tmp_path)
    pkg = Package.open(path)
    part = pkg.slide_parts()[0]
    sld = pkg.xml(part)
    ns = sld.nsmap["p"]
    timing = etree.SubElement(sld, f"{{{ns}}}timing")
    etree.SubElement(etree.SubElement(timing, f"{{{ns}}}bldLst"), f"{{{ns}}}bldP",
                     spid=str(ids["free"]), grpId="0")
    assert not remove_shape(pkg, part, ids["free"])
