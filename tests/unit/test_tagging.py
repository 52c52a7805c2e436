"""The tagged copy LibreOffice draws for text bounds: every text shape's runs painted its own
colour, autofit off, and the art that moves no text left out — a valid package."""

from __future__ import annotations

from pathlib import Path

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.tagging import COLOUR_BASE, tag_copy
from pptxagent.ooxml.validate import compare_findings, validate_package
from pptxagent.ooxml.xml import qn

TEMPLATE = Path(__file__).parents[2] / "templates" / "pptx" / "quarterly-review.pptx"


def test_text_shapes_get_one_colour_each_and_art_is_left_out(tmp_path: Path) -> None:
    dst = tmp_path / "tagged.pptx"
    tagged = tag_copy(TEMPLATE, dst, colour=True)
    src, out = Package.open(TEMPLATE), Package.open(dst)
    colours = [rgb for by_id in tagged.colours.values() for rgb in by_id.values()]
    assert colours and len(set(colours)) == len(colours)
    assert all(rgb & 0xFF0000 == COLOUR_BASE for rgb in colours)
    for n, part in enumerate(out.slide_parts(), start=1):
        root = out.xml(part)
        assert not list(root.iter(qn("p:pic"))) and not list(root.iter(qn("a:normAutofit")))
        for sid, rgb in tagged.colours.get(n, {}).items():
            shape = next(c.getparent().getparent() for c in root.iter(qn("p:cNvPr"))
                         if c.get("id") == sid)
            fills = {f.get("val") for r in shape.iter(qn("a:r"))
                     for f in r.iter(qn("a:srgbClr"))}
            assert fills == {f"{rgb:06X}"}
            assert next(shape.iter(qn("p:cNvPr"))).get("name") == f"pxa:{sid}"
    assert compare_findings(validate_package(src), validate_package(out)) == []


def test_without_colour_the_drawing_is_kept(tmp_path: Path) -> None:
    dst = tmp_path / "tagged.pptx"
    tagged = tag_copy(TEMPLATE, dst)
    assert tagged.colours == {}
    pics = sum(len(list(Package.open(TEMPLATE).xml(p).iter(qn("p:pic"))))
               for p in Package.open(TEMPLATE).slide_parts())
    kept = sum(len(list(Package.open(dst).xml(p).iter(qn("p:pic"))))
               for p in Package.open(dst).slide_parts())
    assert kept == pics
