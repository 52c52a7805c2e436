"""Text fill: list items look like the template's list items, and a level the template's text
lacks looks as its layout or master draws that level."""

from __future__ import annotations

from fill_xml import runs, xml

from pptxagent.ooxml.levels import inherited_levels
from pptxagent.ooxml.textfill import fill_paragraphs
from pptxagent.ooxml.xml import qn

# LibreOffice and Google Slides spell out every paragraph's look: indent, bullet, size
SPELLED = """<p:txBody><a:bodyPr/><a:lstStyle/>
<a:p><a:pPr marL="228600" indent="-228600" algn="l"><a:spcBef><a:spcPts val="1001"/></a:spcBef>
<a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>
<a:r><a:rPr lang="en-US" sz="2800"><a:solidFill><a:srgbClr val="112233"/></a:solidFill>
<a:latin typeface="Aptos"/></a:rPr><a:t>Top</a:t></a:r></a:p>
</p:txBody>"""

MASTER = """<p:sldMaster><p:cSld><p:spTree>
<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr>
</p:nvSpPr><p:txBody><a:p><a:pPr lvl="1" marL="1"/><a:r><a:t>no</a:t></a:r></a:p></p:txBody></p:sp>
<p:sp><p:nvSpPr><p:cNvPr id="3" name="Body"/><p:cNvSpPr/><p:nvPr><p:ph type="body" idx="1"/>
</p:nvPr></p:nvSpPr><p:txBody><a:bodyPr/>
<a:p><a:pPr marL="228600" indent="-228600"><a:buChar char="•"/></a:pPr>
<a:r><a:rPr sz="2800"/><a:t>Level 1</a:t></a:r></a:p>
<a:p><a:pPr lvl="1" marL="685800" indent="-228600"><a:spcBef><a:spcPts val="499"/></a:spcBef>
<a:buChar char="–"/></a:pPr><a:r><a:rPr sz="2400"/><a:t>Level 2</a:t></a:r></a:p>
</p:txBody></p:sp></p:spTree></p:cSld></p:sldMaster>"""

SLIDE_SHAPE = """<p:sp><p:nvSpPr><p:cNvPr id="9" name="Body"/><p:cNvSpPr/><p:nvPr><p:ph/></p:nvPr>
</p:nvSpPr></p:sp>"""


def _ppr(p):  # type: ignore[no-untyped-def]
    return p.find(qn("a:pPr"))


def test_a_sub_bullet_takes_its_level_look_from_the_master() -> None:
    levels = inherited_levels([xml(MASTER)], xml(SLIDE_SHAPE))
    assert sorted(levels) == [0, 1]  # the body's levels, not the title's
    body = xml(SPELLED)
    fill_paragraphs(body, [("A", 0), ("a1", 1)], levels)
    top, sub = body.findall(qn("a:p"))
    assert _ppr(top).get("marL") == "228600" and runs(top)[0][1].get("sz") == "2800"
    ppr = _ppr(sub)
    # indented and bulleted as the master's level 2, at its size; the slide's colour, font and
    # alignment kept
    assert (ppr.get("lvl"), ppr.get("marL"), ppr.get("indent")) == ("1", "685800", "-228600")
    assert ppr.find(qn("a:buChar")).get("char") == "–"
    assert ppr.find(f"{qn('a:spcBef')}/{qn('a:spcPts')}").get("val") == "499"
    assert ppr.get("algn") == "l"
    (text, rpr), = runs(sub)
    assert text == "a1" and rpr.get("sz") == "2400"
    assert rpr.find(qn("a:latin")).get("typeface") == "Aptos"
    assert rpr.find(f"{qn('a:solidFill')}/{qn('a:srgbClr')}").get("val") == "112233"


def test_without_an_inherited_level_the_copy_is_as_before() -> None:
    body = xml(SPELLED)
    fill_paragraphs(body, [("a1", 1)], {})
    ppr = _ppr(body.find(qn("a:p")))
    assert ppr.get("lvl") == "1" and ppr.get("marL") == "228600"


def test_list_items_take_the_look_most_template_items_share() -> None:
    # docling's sample: an unbulleted lead line above three bullets; every filled item was
    # drawn without a bullet, as the lead line
    body = xml("""<p:txBody><a:bodyPr/>
<a:p><a:pPr marL="0" indent="0"><a:buNone/></a:pPr>
<a:r><a:rPr lang="en-US"/><a:t>Lead</a:t></a:r></a:p>
<a:p><a:r><a:rPr lang="en-US"/><a:t>one</a:t></a:r></a:p>
<a:p><a:r><a:rPr lang="en-US"/><a:t>two</a:t></a:r></a:p>
<a:p><a:r><a:rPr lang="en-US"/><a:t>three</a:t></a:r></a:p></p:txBody>""")
    fill_paragraphs(body, [("A", 0), ("B", 0)])
    for p in body.findall(qn("a:p")):
        assert _ppr(p) is None or _ppr(p).find(qn("a:buNone")) is None


def test_a_sub_bullet_is_scaled_as_the_slide_scaled_its_parent_level() -> None:
    # POI's aascu deck: a body the designer set at 20 pt where the master says 28 / 24; a
    # sub-bullet at the master's 24 pt was larger than its 20 pt parent
    levels = inherited_levels([xml(MASTER)], xml(SLIDE_SHAPE))
    body = xml(SPELLED.replace('sz="2800"', 'sz="2000"'))
    fill_paragraphs(body, [("A", 0), ("a1", 1)], levels)
    sub = body.findall(qn("a:p"))[1]
    assert runs(sub)[0][1].get("sz") == str(round(2400 * 2000 / 2800))


def _master_with(level2_ppr: str, level2_sz: str = "2400", level1_sz: str = "2800") -> str:
    return (MASTER.replace('<a:rPr sz="2400"/>', f'<a:rPr sz="{level2_sz}"/>')
            .replace('<a:rPr sz="2800"/>', f'<a:rPr sz="{level1_sz}"/>')
            .replace('<a:pPr lvl="1" marL="685800" indent="-228600"><a:spcBef><a:spcPts '
                     'val="499"/></a:spcBef>\n<a:buChar char="–"/></a:pPr>', level2_ppr))


def test_garbage_sizes_and_picture_bullets_in_the_master_are_not_copied() -> None:
    # sz="abc" or a zero base size crashed the fill; a picture bullet's r:embed belongs to
    # the master's relationships and would dangle in the slide
    blip = ('<a:pPr lvl="1" marL="685800"><a:buBlip><a:blip r:embed="rId7"/></a:buBlip>'
            "</a:pPr>")
    for sz2, sz1 in (("abc", "2800"), ("2400", "0"), ("-5", "2800")):
        levels = inherited_levels([xml(_master_with(blip, sz2, sz1))], xml(SLIDE_SHAPE))
        body = xml(SPELLED)
        fill_paragraphs(body, [("A", 0), ("a1", 1)], levels)
        sub = body.findall(qn("a:p"))[1]
        assert sub.find(f".//{qn('a:buBlip')}") is None
        assert _ppr(sub).find(qn("a:buChar")) is None  # level 1's bullet is not kept either
        assert runs(sub)[0][1].get("sz") in ("2400", "2800")


def test_the_slides_spacing_stays_unless_the_master_gives_its_own() -> None:
    levels = inherited_levels([xml(_master_with('<a:pPr lvl="1" marL="685800">'
                                                '<a:buChar char="–"/></a:pPr>'))],
                              xml(SLIDE_SHAPE))
    body = xml(SPELLED)
    fill_paragraphs(body, [("A", 0), ("a1", 1)], levels)
    sub = body.findall(qn("a:p"))[1]
    assert _ppr(sub).find(f"{qn('a:spcBef')}/{qn('a:spcPts')}").get("val") == "1001"
    assert _ppr(sub).find(qn("a:buChar")).get("char") == "–"


def test_text_without_bullets_keeps_none_at_a_deeper_level() -> None:
    levels = inherited_levels([xml(MASTER)], xml(SLIDE_SHAPE))
    body = xml(SPELLED.replace('<a:buFont typeface="Arial"/><a:buChar char="•"/>',
                               "<a:buNone/>"))
    fill_paragraphs(body, [("A", 0), ("a1", 1)], levels)
    ppr = _ppr(body.findall(qn("a:p"))[1])
    assert ppr.find(qn("a:buNone")) is not None and ppr.find(qn("a:buChar")) is None
    assert ppr.get("marL") == "685800"  # indented as the master's level 2 all the same


def test_a_sub_level_only_inherited_looks_like_its_parent() -> None:
    """The layout styles its box's first level alone (centred, white, 16 pt) and leaves
    level 2 to the master (left, black, 24 pt): a new sub-bullet that says nothing itself
    takes its parent's alignment and colour, and never a larger size, also when the
    template's run has no a:rPr (python-pptx's ``tf.text``)."""
    from lxml import etree

    from pptxagent.ooxml.sublevels import Look

    a = "http://schemas.openxmlformats.org/drawingml/2006/main"

    def fill(c: str) -> etree._Element:
        return etree.fromstring(f'<a:solidFill xmlns:a="{a}"><a:srgbClr val="{c}"/>'
                                "</a:solidFill>")

    layout_then_master = {0: Look(1600, "ctr", fill("FFFFFF"), 1, 1, 1),
                          1: Look(2400, None, fill("000000"), 3, 99, 3)}
    for run in ('<a:r><a:rPr b="1"/><a:t>Top</a:t></a:r>', "<a:r><a:t>Top</a:t></a:r>"):
        body = xml(f"<p:txBody><a:bodyPr/><a:p>{run}</a:p></p:txBody>")
        fill_paragraphs(body, [("Top", 0), ("Sub", 1)], {}, layout_then_master)
        top, sub = body.findall(qn("a:p"))
        assert sub.find(qn("a:pPr")).get("algn") == "ctr" and top.find(qn("a:pPr")) is None
        rpr = runs(sub)[0][1]
        assert rpr is not None and rpr.get("sz") == "1600"
        assert rpr.find(f"{qn('a:solidFill')}/{qn('a:srgbClr')}").get("val") == "FFFFFF"
    # the master designs both levels (blue, then orange at 28 pt): the sub-level keeps its own
    both_designed = {0: Look(2400, None, fill("276288"), 3, 99, 3),
                     1: Look(2800, "ctr", fill("E77D23"), 3, 3, 3)}
    body = xml('<p:txBody><a:bodyPr/><a:p><a:r><a:rPr b="1"/><a:t>Top</a:t></a:r></a:p>'
               "</p:txBody>")
    fill_paragraphs(body, [("Top", 0), ("Sub", 1)], {}, both_designed)
    sub = body.findall(qn("a:p"))[1]
    rpr = runs(sub)[0][1]
    assert sub.find(qn("a:pPr")).get("algn") is None and rpr is not None
    assert rpr.get("sz") is None and rpr.find(qn("a:solidFill")) is None
