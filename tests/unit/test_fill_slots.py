"""Text fill: a box whose template text is a heading over a description (a card, a name over
a biography's bullets) keeps that shape: the first new paragraphs take the heading looks, the
others the description's. Before, every paragraph took the heading's bold, large look."""

from __future__ import annotations

from fill_xml import runs, xml

from pptxagent.ooxml.textfill import fill_paragraphs
from pptxagent.ooxml.xml import qn

CARD = """<p:txBody><a:bodyPr/>
<a:p><a:r><a:rPr lang="en-US" sz="2000" b="1"><a:solidFill><a:schemeClr val="accent1"/>
</a:solidFill></a:rPr><a:t>Step 01</a:t></a:r></a:p>
<a:p><a:r><a:rPr lang="en-US" sz="1200"/><a:t>Lorem ipsum dolor sit amet</a:t></a:r></a:p>
</p:txBody>"""

BIO = """<p:txBody><a:bodyPr/>
<a:p><a:pPr marL="5"><a:buNone/></a:pPr><a:r><a:rPr sz="1400" b="1" u="sng"/><a:t>Role</a:t></a:r>
</a:p>
<a:p><a:pPr marL="5"><a:buNone/></a:pPr><a:r><a:rPr sz="1400" b="1"/><a:t>Name</a:t></a:r></a:p>
<a:p><a:pPr marL="5"><a:buChar char="o"/></a:pPr><a:r><a:rPr sz="1400"/><a:t>one</a:t></a:r></a:p>
<a:p><a:pPr marL="5"><a:buChar char="o"/></a:pPr><a:r><a:rPr sz="1400"/><a:t>two</a:t></a:r></a:p>
</p:txBody>"""


def _looks(body):  # type: ignore[no-untyped-def]
    out = []
    for p in body.findall(qn("a:p")):
        (text, rpr), = runs(p)
        bullet = p.find(f"{qn('a:pPr')}/{qn('a:buChar')}") is not None
        out.append((text, rpr.get("sz"), rpr.get("b"), rpr.get("u"), bullet))
    return out


def test_a_card_keeps_its_heading_over_its_description() -> None:
    body = xml(CARD)
    fill_paragraphs(body, [("Discovery", 0), ("We interview users", 0), ("and read logs", 0)])
    assert _looks(body) == [("Discovery", "2000", "1", None, False),
                            ("We interview users", "1200", None, None, False),
                            ("and read logs", "1200", None, None, False)]
    heading = body.find(qn("a:p")).find(f".//{qn('a:schemeClr')}")
    assert heading is not None and heading.get("val") == "accent1"


def test_a_card_given_one_line_gets_its_heading() -> None:
    body = xml(CARD)
    fill_paragraphs(body, [("Discovery", 0)])
    assert _looks(body) == [("Discovery", "2000", "1", None, False)]


def test_a_biography_keeps_role_name_and_bullets() -> None:
    body = xml(BIO)
    fill_paragraphs(body, [("Chief Risk Officer", 0), ("Anna Berg", 0), ("Twelve years", 0),
                           ("Options trader", 0), ("Board member", 0)])
    assert _looks(body) == [("Chief Risk Officer", "1400", "1", "sng", False),
                            ("Anna Berg", "1400", "1", None, False),
                            ("Twelve years", "1400", None, None, True),
                            ("Options trader", "1400", None, None, True),
                            ("Board member", "1400", None, None, True)]


def test_slots_count_within_a_level() -> None:
    # a sub-item between the name and the bullets does not use up the heading slots
    body = xml(BIO)
    fill_paragraphs(body, [("Role", 0), ("x", 1), ("Name", 0), ("y", 0)])
    texts = [(t, r.get("b"), r.get("u")) for p in body.findall(qn("a:p")) for t, r in runs(p)]
    assert texts == [("Role", "1", "sng"), ("x", None, None), ("Name", "1", None),
                     ("y", None, None)]


def test_a_list_of_one_look_is_filled_as_before() -> None:
    body = xml(BIO.replace('b="1" u="sng"', "").replace('b="1"', "")
               .replace("<a:buNone/>", '<a:buChar char="o"/>'))
    fill_paragraphs(body, [("a", 0), ("b", 0)])
    assert [look[1:] for look in _looks(body)] == [("1400", None, None, True)] * 2


LINKED = """<p:txBody><a:bodyPr/>
<a:p><a:r><a:rPr lang="en-US"><a:hlinkClick r:id="rId2"/></a:rPr><a:t>example.com</a:t></a:r>
</a:p></p:txBody>"""


def test_new_text_does_not_keep_the_old_texts_link() -> None:
    # "Our offices open in May" linked to the template's https://example.com/
    body = xml(LINKED)
    fill_paragraphs(body, [("Our offices open in May", 0)])
    (_, rpr), = runs(body.find(qn("a:p")))
    assert rpr.find(qn("a:hlinkClick")) is None and rpr.get("lang") == "en-US"


def test_the_same_text_keeps_its_link() -> None:
    body = xml(LINKED)
    fill_paragraphs(body, [("example.com", 0)])
    (_, rpr), = runs(body.find(qn("a:p")))
    assert rpr.find(qn("a:hlinkClick")) is not None


def test_blank_lines_take_no_heading_slot() -> None:
    # pandoc's reader deck: SKILLS / "" / Specialized workers: / "" / items; the blank line
    # used up the second heading's slot and "Orchestration:" came out as a plain item
    body = xml(BIO)
    fill_paragraphs(body, [("Role", 0), ("", 0), ("Name", 0), ("one", 0)])
    got = [(text, rpr.get("b"), rpr.get("u")) for p in body.findall(qn("a:p"))
           for text, rpr in runs(p)]
    assert got == [("Role", "1", "sng"), ("Name", "1", None), ("one", None, None)]


def test_a_bold_lead_word_does_not_make_the_paragraph_a_heading() -> None:
    # speaker notes like "Strands - the areas of study ...": the new lines came out bold
    lead = ('<a:p><a:r><a:rPr sz="1200" b="1"/><a:t>{0}</a:t></a:r><a:r><a:rPr sz="1200"/>'
            '<a:t> - the areas of study we cover in the course</a:t></a:r></a:p>')
    body = xml('<p:txBody><a:bodyPr/><a:p><a:r><a:rPr sz="1200"/><a:t>Start here</a:t></a:r>'
               "</a:p>" + lead.format("Strands") + lead.format("Topics") + "</p:txBody>")
    fill_paragraphs(body, [("First", 0), ("Second", 0), ("Third", 0)])
    assert [runs(p)[0][1].get("b") for p in body.findall(qn("a:p"))] == [None] * 3


def test_a_lead_line_set_apart_only_by_its_bullet_or_by_off_values_is_no_heading() -> None:
    items = ('<a:p><a:pPr marL="5"><a:buChar char="o"/></a:pPr><a:r><a:rPr sz="1400"/>'
             "<a:t>item</a:t></a:r></a:p>") * 2
    for lead in ('<a:r><a:t>Lead</a:t></a:r>', '<a:r><a:rPr b="0" u="none"/><a:t>Lead</a:t></a:r>'):
        body = xml(f'<p:txBody><a:bodyPr/><a:p><a:pPr marL="5"><a:buNone/></a:pPr>{lead}</a:p>'
                   f"{items}</p:txBody>")
        fill_paragraphs(body, [("a", 0), ("b", 0), ("c", 0)])
        assert all(p.find(f".//{qn('a:buChar')}") is not None
                   for p in body.findall(qn("a:p")))


def test_a_short_footnote_under_the_body_is_not_the_item() -> None:
    body = xml("""<p:txBody><a:bodyPr/>
<a:p><a:r><a:rPr sz="1800"/><a:t>The body text of the box, in a sentence or two</a:t></a:r></a:p>
<a:p><a:r><a:rPr sz="1000" i="1"/><a:t>Source: ACME</a:t></a:r></a:p></p:txBody>""")
    fill_paragraphs(body, [("First", 0), ("Second", 0), ("Third", 0)])
    assert [runs(p)[0][1].get("sz") for p in body.findall(qn("a:p"))] == ["1800"] * 3


def test_notes_and_cells_take_no_heading_slot() -> None:
    body = xml(CARD)
    fill_paragraphs(body, [("Discovery", 0), ("We interview users", 0)], slots=False)
    assert [look[1] for look in _looks(body)] == ["1200", "1200"]


LEFT_TO_MASTER = """<p:txBody><a:bodyPr/>
<a:p><a:r><a:rPr lang="en-IN" sz="2000"/><a:t>Cultural tourism is the subset of tourism concerned
with a country's culture</a:t></a:r></a:p>
<a:p><a:r><a:rPr lang="en-IN"><a:solidFill><a:schemeClr val="accent1"/></a:solidFill></a:rPr>
<a:t>Every race has something to contribute</a:t></a:r></a:p>
<a:p><a:r><a:rPr lang="en-IN"><a:solidFill><a:schemeClr val="accent1"/></a:solidFill></a:rPr>
<a:t>India offers her philosophy</a:t></a:r></a:p>
</p:txBody>"""


def test_a_lead_line_that_leaves_its_colour_to_the_master_is_set_apart() -> None:
    """A white 20 pt lead paragraph (its colour the master's) over green items (their size
    the master's 18 pt): both looks compare through what the master gives. Before, a value
    left to inheritance matched anything, the longer lead became the item, and every new
    paragraph came out white."""
    from pptxagent.ooxml.sublevels import Look

    white = xml('<a:solidFill><a:schemeClr val="tx1"/></a:solidFill>')
    body = xml(LEFT_TO_MASTER)
    fill_paragraphs(body, [("Lead", 0), ("One", 0), ("Two", 0)],
                    looks={0: Look(size=1800, fill=white, size_from=3, fill_from=3)})
    colours = [p.find(f".//{qn('a:schemeClr')}") for p in body.findall(qn("a:p"))]
    assert [c.get("val") if c is not None else None for c in colours] == [
        None, "accent1", "accent1"]
    assert [rpr.get("sz") for p in body.findall(qn("a:p")) for _, rpr in runs(p)] == [
        "2000", None, None]


def test_a_size_spelled_as_the_master_gives_it_sets_nothing_apart() -> None:
    """A paragraph that spells out the master's own 18 pt is not a heading over its
    siblings that leave it to the master."""
    from pptxagent.ooxml.sublevels import Look

    body = xml("<p:txBody><a:bodyPr/>"
               '<a:p><a:r><a:rPr sz="1800"/><a:t>First point, longest of all</a:t></a:r></a:p>'
               "<a:p><a:r><a:rPr/><a:t>Second</a:t></a:r></a:p>"
               "<a:p><a:r><a:rPr/><a:t>Third</a:t></a:r></a:p></p:txBody>")
    fill_paragraphs(body, [("A", 0), ("B", 0), ("C", 0)], looks={0: Look(size=1800)})
    sizes = [rpr.get("sz") for p in body.findall(qn("a:p")) for _, rpr in runs(p)]
    assert sizes == ["1800", "1800", "1800"]  # one look: the item, the first of it
