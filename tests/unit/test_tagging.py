"""The tagged copy LibreOffice draws for text bounds: every text shape's runs painted its own
colour, autofit off, and the art that moves no text left out — a valid package."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

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


def test_a_stored_autofit_scales_its_own_percentage_spacing_in_the_copy(tmp_path: Path) -> None:
    """LibreOffice turns ``a:spcPct`` into a length from the unscaled font as it loads (the
    copy's font scale is applied afterwards, through UNO); PowerPoint takes the share of the
    text it draws. The copy's percentages carry the scale, so both draw the same gaps."""
    src = tmp_path / "scaled.pptx"
    pkg = Package.open(TEMPLATE)
    part = pkg.slide_parts()[1]
    body = next(pkg.xml(part).iter(qn("p:txBody")))
    bpr = body.find(qn("a:bodyPr"))
    bpr.append(etree.Element(qn("a:normAutofit"), fontScale="50000"))
    p = body.find(qn("a:p"))
    ppr = p.find(qn("a:pPr"))
    if ppr is None:
        ppr = etree.Element(qn("a:pPr"))
        p.insert(0, ppr)
    for tag in ("a:spcBef", "a:spcAft"):
        sp = etree.SubElement(ppr, qn(tag))
        etree.SubElement(sp, qn("a:spcPct"), val="20000")
    pkg.mark_dirty(part)
    pkg.save(src)
    tagged = tag_copy(src, tmp_path / "tagged.pptx")
    assert list(tagged.scales.values()) == [(0.5, 0.0)]
    copy = next(Package.open(tmp_path / "tagged.pptx").xml(part).iter(qn("p:txBody")))
    first = copy.find(qn("a:p"))
    vals = [first.find(f"{qn('a:pPr')}/{qn(t)}/{qn('a:spcPct')}").get("val")
            for t in ("a:spcBef", "a:spcAft")]
    assert vals == ["10000", "10000"]
