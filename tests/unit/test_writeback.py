"""Write-back of refined elements into the OOXML: font, line spacing, geometry, autogrow."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from pptxagent.inventory import inventory_slide
from pptxagent.ir import Element
from pptxagent.ooxml.filltarget import find_shape
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.writeback import write_back
from pptxagent.ooxml.xml import SCHEMA_ORDER, order_ranks, qn
from pptxagent.units import px_to_emu

TEMPLATE = Path(__file__).parents[2] / "templates" / "pptx" / "quarterly-review.pptx"
SLIDE2 = "/ppt/slides/slide2.xml"


def _open() -> Package:
    return Package.open(TEMPLATE)


def _element(pkg: Package, eid: str) -> Element:
    return next(e for e in inventory_slide(pkg, SLIDE2, 2).elements if e.eid == eid)


def _shape(pkg: Package, sid: int) -> etree._Element:
    shape = find_shape(pkg.xml(SLIDE2), sid)
    assert shape is not None
    return shape


def _in_schema_order(parent: etree._Element, order_key: str) -> bool:
    ranks = order_ranks(SCHEMA_ORDER[order_key])
    seen = [ranks[c.tag] for c in parent if c.tag in ranks]
    return seen == sorted(seen)


def _scaled(el: Element, **style: float) -> Element:
    after = el.model_copy(deep=True)
    for k, v in style.items():
        setattr(after.style, k, v)
    return after


def test_font_scale_writes_explicit_sz_on_every_run_and_end() -> None:
    pkg = _open()
    body = _element(pkg, "sp3")  # Content Placeholder 2: sizes inherited from the master
    assert body.baseFontSize == pytest.approx(32 * 4 / 3, abs=0.01)
    before_sizes = [r.fontSize for p in body.paragraphs or [] for r in p.runs]
    after = _scaled(body, fontSize=28 * 4 / 3)
    changes = write_back(pkg, body, after)
    assert [c.text for c in changes] == ["font 32 → 28 pt (−13%)"]
    assert changes[0].shape == "Content Placeholder 2" and changes[0].what == "font"
    shape = _shape(pkg, 3)
    szs = [int(r.get("sz")) for r in shape.iter(qn("a:rPr"))]
    want = [round(s * 28 / 32 * 0.75 * 100) for s in before_sizes if s]
    assert szs == want == [2800, 2450]  # level 0: 32 → 28 pt, level 1: 28 → 24.5 pt
    for p in shape.iter(qn("a:p")):
        assert p.find(qn("a:endParaRPr")).get("sz")
        assert _in_schema_order(p, "a:p")
    # saved and re-read: the inventory now sees the new size
    reread = _element(pkg, "sp3")
    assert reread.baseFontSize == pytest.approx(28 * 4 / 3, abs=0.01)


def test_normautofit_scale_removed_and_sizes_final() -> None:
    pkg = _open()
    shape = _shape(pkg, 3)
    bpr = shape.find(f"{qn('p:txBody')}/{qn('a:bodyPr')}")
    auto = etree.SubElement(bpr, qn("a:normAutofit"), fontScale="90000", lnSpcReduction="10000")
    body = _element(pkg, "sp3")
    assert body.baseFontSize == pytest.approx(32 * 4 / 3 * 0.9, abs=0.01)
    write_back(pkg, body, _scaled(body, fontSize=body.baseFontSize * 0.9))  # type: ignore[operator]
    assert auto.get("fontScale") is None and auto.get("lnSpcReduction") is None
    first = shape.find(f".//{qn('a:rPr')}")
    assert int(first.get("sz")) == round(32 * 0.9 * 0.9 * 100)
    # the spacing the removed reduction gave is written explicitly (100% − 10% = 90%)
    pcts = shape.findall(f".//{qn('a:lnSpc')}/{qn('a:spcPct')}")
    assert pcts and {p.get("val") for p in pcts} == {"90000"}


def test_line_height_writes_lnspc_first_in_ppr() -> None:
    pkg = _open()
    shape = _shape(pkg, 3)
    for ppr in shape.iter(qn("a:pPr")):
        etree.SubElement(ppr, qn("a:buChar"), char="•")
    body = _element(pkg, "sp3")
    assert body.style.lineHeight == pytest.approx(1.2)  # single spacing
    changes = write_back(pkg, body, _scaled(body, lineHeight=1.08))
    assert [c.what for c in changes] == ["line_height"]
    assert changes[0].text == "line spacing 100% → 90% (−10%)"
    for p in shape.iter(qn("a:p")):
        ppr = p.find(qn("a:pPr"))
        assert ppr is not None and _in_schema_order(ppr, "a:pPr")
        assert etree.QName(ppr[0]).localname == "lnSpc"
        assert ppr[0][0].get("val") == "90000"
        assert _in_schema_order(p, "a:p")


def test_geometry_adds_inherited_xfrm_at_its_schema_position() -> None:
    pkg = _open()
    shape = _shape(pkg, 2)  # Title 1: position inherited from the layout
    sppr = shape.find(qn("p:spPr"))
    assert sppr.find(qn("a:xfrm")) is None
    etree.SubElement(sppr, qn("a:prstGeom"), prst="rect")
    title = _element(pkg, "sp2")
    after = title.model_copy(deep=True)
    after.layout.y += 20
    after.layout.h -= 10
    changes = write_back(pkg, title, after)
    assert [c.what for c in changes] == ["move", "resize"]
    assert changes[0].text == "moved by (0, 20) px"
    assert changes[1].text.startswith(f"resized {round(title.layout.w)}×")
    assert [etree.QName(c).localname for c in sppr] == ["xfrm", "prstGeom"]
    off = sppr.find(f"{qn('a:xfrm')}/{qn('a:off')}")
    assert int(off.get("y")) == px_to_emu(title.layout.y + 20)
    assert _element(pkg, "sp2").layout.y == pytest.approx(title.layout.y + 20, abs=0.01)


def test_autogrow_shape_height_follows_measured_text() -> None:
    pkg = _open()
    shape = _shape(pkg, 3)
    bpr = shape.find(f"{qn('p:txBody')}/{qn('a:bodyPr')}")
    etree.SubElement(bpr, qn("a:spAutoFit"))
    body = _element(pkg, "sp3")
    changes = write_back(pkg, body, body.model_copy(deep=True), text_height_px=200)
    assert [c.what for c in changes] == ["autofit_height"]
    ext = shape.find(f"{qn('p:spPr')}/{qn('a:xfrm')}/{qn('a:ext')}")
    assert int(ext.get("cy")) == px_to_emu(200 + 9.6)  # + default top/bottom insets


def test_unchanged_element_writes_nothing() -> None:
    pkg = _open()
    body = _element(pkg, "sp3")
    before = pkg.read_bytes(SLIDE2)
    assert write_back(pkg, body, body.model_copy(deep=True)) == []
    assert pkg.read_bytes(SLIDE2) == before


def test_an_empty_paragraph_sized_by_its_ppr_defrpr_is_scaled_from_that_size() -> None:
    """A spacer paragraph sized only by ``a:pPr/a:defRPr`` (40 pt) keeps what it was
    measured at, scaled, not the box's base size."""
    pkg = _open()
    shape = _shape(pkg, 3)
    p = etree.SubElement(shape.find(qn("p:txBody")), qn("a:p"))
    ppr = etree.SubElement(p, qn("a:pPr"))
    etree.SubElement(ppr, qn("a:defRPr"), sz="4000")
    pkg.mark_dirty(SLIDE2)
    body = _element(pkg, "sp3")
    assert (body.paragraphs or [])[-1].model_extra["endFontSize"] == pytest.approx(53.33, 0.01)
    write_back(pkg, body, _scaled(body, fontSize=16 * 4 / 3))  # half of 32 pt
    end = _shape(pkg, 3).findall(f"{qn('p:txBody')}/{qn('a:p')}")[-1].find(qn("a:endParaRPr"))
    assert end is not None and end.get("sz") == "2000"


def test_shrink_on_overflow_writes_normautofit_over_sizes_at_the_min_font() -> None:
    """The fallback's autofit scale: ``a:normAutofit fontScale`` (an ``a:spAutoFit`` the box
    had is replaced: one autofit choice per body, at its schema position), the runs at the
    font the loop reached, and the change said in points."""
    pkg = _open()
    shape = _shape(pkg, 3)
    bpr = shape.find(f"{qn('p:txBody')}/{qn('a:bodyPr')}")
    etree.SubElement(bpr, qn("a:spAutoFit"))
    body = _element(pkg, "sp3")
    after = _scaled(body, fontSize=20.0, fitScale=0.55)
    changes = write_back(pkg, body, after)
    assert [c.what for c in changes] == ["font", "shrink_on_overflow"]
    assert "55% (8.2 pt, below the min font)" in changes[1].text
    fits = [c for c in bpr if etree.QName(c).localname.endswith(("Autofit", "AutoFit"))]
    assert [(etree.QName(c).localname, c.get("fontScale")) for c in fits] == [
        ("normAutofit", "55000")]
    assert _in_schema_order(bpr, "a:bodyPr")
    assert int(shape.find(f".//{qn('a:rPr')}").get("sz")) == 1500  # 20 px, not 8.2 pt
    # the 20 % space before the master gives, written on each paragraph (same look), so a
    # copy LibreOffice draws can scale it with the autofit as PowerPoint does
    for p in shape.iter(qn("a:p")):
        pct = p.find(f"{qn('a:pPr')}/{qn('a:spcBef')}/{qn('a:spcPct')}")
        assert pct is not None and pct.get("val") == "20000"
        assert _in_schema_order(p.find(qn("a:pPr")), "a:pPr")
    reread = _element(pkg, "sp3")  # the inventory draws what PowerPoint shows
    assert reread.baseFontSize == pytest.approx(20.0 * 0.55, abs=0.01)
    assert [p.spaceBeforePct for p in reread.paragraphs or []] == [0.2, 0.2]


def test_a_shrunk_font_takes_its_exact_line_pitch_with_it() -> None:
    """An exact pitch (``a:spcPts``) is measured as a share of the font, so the loop's
    shrunk font drew its lines closer in the browser; written back in the old points,
    PowerPoint and LibreOffice drew the text longer than measured (a Canva cover: 3.9 px out
    of its box in LibreOffice, the slide degraded)."""
    pkg = _open()
    shape = _shape(pkg, 3)
    for p in shape.iter(qn("a:p")):
        ppr = p.find(qn("a:pPr"))
        if ppr is None:
            ppr = etree.Element(qn("a:pPr"))
            p.insert(0, ppr)
        ln = etree.SubElement(ppr, qn("a:lnSpc"))
        etree.SubElement(ln, qn("a:spcPts"), val="4800")  # exactly 48 pt
    body = _element(pkg, "sp3")
    paras = body.paragraphs or []
    assert paras and (paras[0].model_extra or {}).get("lineExactPx") == pytest.approx(64)
    write_back(pkg, body, _scaled(body, fontSize=28 * 4 / 3))  # 32 → 28 pt
    vals = [p.get("val") for p in shape.iter(qn("a:spcPts"))
            if p.getparent().tag == qn("a:lnSpc")]
    assert vals and set(vals) == {"4200"}  # 48 pt × 28/32
    reread = _element(pkg, "sp3")  # what PowerPoint draws is what was measured
    assert (reread.paragraphs or [])[0].lineHeight == pytest.approx(paras[0].lineHeight or 0,
                                                                    abs=0.001)
