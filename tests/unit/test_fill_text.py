"""Text fill: per-level template paragraphs, runs kept, shorter/longer lists."""

from __future__ import annotations

from fill_xml import child_tags, runs, xml

from pptxagent.ooxml.textfill import body_text, ensure_txbody, fill_paragraphs
from pptxagent.ooxml.xml import qn

BODY = """<p:txBody><a:bodyPr/><a:lstStyle/>
<a:p><a:pPr marL="342900" indent="-342900"><a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>
<a:r><a:rPr lang="en-US" sz="2800" b="1"><a:latin typeface="Georgia"/></a:rPr><a:t>Top </a:t></a:r>
<a:r><a:rPr lang="en-US" i="1"/><a:t>level</a:t></a:r><a:endParaRPr lang="en-US" sz="2800"/></a:p>
<a:p><a:pPr lvl="1" marL="742950"><a:buChar char="–"/></a:pPr>
<a:r><a:rPr lang="en-US" sz="2000"/><a:t>Second</a:t></a:r></a:p>
</p:txBody>"""


def _paras(body):  # type: ignore[no-untyped-def]
    return body.findall(qn("a:p"))


def test_levels_take_their_levels_ppr_and_rpr() -> None:
    body = xml(BODY)
    fill_paragraphs(body, [("A", 0), ("a1", 1), ("a2", 1), ("B", 0)])
    ps = _paras(body)
    assert body_text(body) == "A\na1\na2\nB"
    top, sub = ps[0], ps[1]
    assert top.find(f"{qn('a:pPr')}/{qn('a:buChar')}").get("char") == "•"
    assert sub.find(f"{qn('a:pPr')}/{qn('a:buChar')}").get("char") == "–"
    assert sub.find(qn("a:pPr")).get("lvl") == "1"
    # first run's rPr kept (bold, Georgia, 28 pt), the other runs dropped
    (text, rpr), = runs(top)
    assert text == "A" and rpr.get("b") == "1" and rpr.get("sz") == "2800"
    assert rpr.find(qn("a:latin")).get("typeface") == "Georgia"
    assert runs(sub)[0][1].get("sz") == "2000"
    # a:endParaRPr kept, after the run
    assert child_tags(top) == ["pPr", "r", "endParaRPr"]


def test_deeper_level_falls_back_to_nearest_lower_level() -> None:
    body = xml(BODY)
    fill_paragraphs(body, [("deep", 3)])
    p = _paras(body)[0]
    assert p.find(qn("a:pPr")).get("lvl") == "3"
    assert p.find(f"{qn('a:pPr')}/{qn('a:buChar')}").get("char") == "–"  # from level 1
    assert runs(p)[0][1].get("sz") == "2000"


def test_longer_and_shorter_lists() -> None:
    body = xml(BODY)
    fill_paragraphs(body, [(f"item {i}", 0) for i in range(7)])
    assert len(_paras(body)) == 7
    fill_paragraphs(body, [("only", 0)])
    assert body_text(body) == "only"
    fill_paragraphs(body, [])
    ps = _paras(body)
    assert len(ps) == 1 and body_text(body) == ""  # a text body keeps one paragraph
    assert ps[0].find(qn("a:endParaRPr")) is not None


def test_empty_template_paragraph_takes_end_para_format() -> None:
    body = xml("<p:txBody><a:bodyPr/><a:p><a:endParaRPr lang='de-DE' sz='1800' b='1'/>"
               "</a:p></p:txBody>")
    fill_paragraphs(body, [("Hallo", 0)])
    (text, rpr), = runs(_paras(body)[0])
    assert text == "Hallo" and rpr is not None and rpr.get("sz") == "1800"
    assert child_tags(_paras(body)[0]) == ["r", "endParaRPr"]


def test_missing_txbody_is_created_in_schema_order() -> None:
    sp = xml("<p:sp><p:nvSpPr/><p:spPr/><p:style/></p:sp>")
    ensure_txbody(sp)
    assert child_tags(sp) == ["nvSpPr", "spPr", "style", "txBody"]


def test_spell_error_mark_is_dropped_with_the_old_text() -> None:
    body = xml("<p:txBody><a:p><a:r><a:rPr err='1' b='1'/><a:t>Teh</a:t></a:r></a:p></p:txBody>")
    fill_paragraphs(body, [("The", 0)])
    rpr = runs(_paras(body)[0])[0][1]
    assert rpr.get("err") is None and rpr.get("b") == "1"


def test_an_empty_first_paragraph_does_not_lend_its_bare_format() -> None:
    # LibreOffice's capstone deck: an empty paragraph above bullets that carry the format.
    body = xml(
        "<p:txBody><a:bodyPr/><a:p><a:endParaRPr/></a:p>"
        '<a:p><a:pPr><a:buChar char="•"/></a:pPr><a:r><a:rPr lang="en-US" sz="2800">'
        '<a:latin typeface="Times New Roman"/></a:rPr><a:t>Who is the client?</a:t></a:r></a:p>'
        "</p:txBody>"
    )
    fill_paragraphs(body, [("Revenue grew", 0), ("Driven by new accounts", 1)])
    ps = body.findall(qn("a:p"))
    assert [t for p in ps for t, _ in runs(p)] == ["Revenue grew", "Driven by new accounts"]
    for p in ps:
        (_, rpr), = runs(p)
        assert rpr is not None and rpr.get("sz") == "2800"
        assert rpr.find(qn("a:latin")).get("typeface") == "Times New Roman"
        assert p.find(f"{qn('a:pPr')}/{qn('a:buChar')}") is not None


def test_the_text_takes_the_format_of_the_first_run_that_shows_text() -> None:
    # poi customGeo: an empty black run and a line break before the white title text.
    body = xml(
        "<p:txBody><a:bodyPr/><a:p>"
        '<a:r><a:rPr lang="en-US"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill></a:rPr>'
        "<a:t/></a:r><a:br/>"
        '<a:r><a:rPr lang="en-US"><a:solidFill><a:schemeClr val="bg1"/></a:solidFill></a:rPr>'
        "<a:t>Session Objectives</a:t></a:r></a:p></p:txBody>"
    )
    fill_paragraphs(body, [("Quarterly results", 0)])
    (p,) = body.findall(qn("a:p"))
    ((text, rpr),) = runs(p)
    assert text == "Quarterly results"
    assert rpr is not None
    assert rpr.find(f"{qn('a:solidFill')}/{qn('a:schemeClr')}").get("val") == "bg1"
    assert p.find(qn("a:br")) is None


def test_a_blank_line_that_ends_the_template_text_ends_the_new_text() -> None:
    """poi aptia's title ends with a break that lifts it off an orange rule; the fill keeps
    it (the template's spacing), only the words change."""
    from lxml import etree

    from pptxagent.ooxml.textfill import body_text, fill_paragraphs

    ns = ('xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
          'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"')
    body = etree.fromstring(
        f'<p:txBody {ns}><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-AU"/>'
        '<a:t>Award stage</a:t></a:r><a:r><a:rPr/><a:t/></a:r><a:br><a:rPr lang="en-AU"/>'
        '</a:br><a:endParaRPr lang="en-AU"/></a:p></p:txBody>')
    fill_paragraphs(body, [("Quarterly results", 0)])
    assert body_text(body) == "Quarterly results\n"
    fill_paragraphs(body, [("One", 0), ("Two", 1)])
    assert body_text(body) == "One\nTwo\n"
    fill_paragraphs(body, [])  # emptied: no stray blank line
    assert body_text(body) == ""
    plain = etree.fromstring(f'<p:txBody {ns}><a:bodyPr/><a:p><a:r><a:t>A</a:t></a:r><a:br/>'
                             '<a:r><a:t>B</a:t></a:r></a:p></p:txBody>')
    fill_paragraphs(plain, [("New", 0)])  # a break inside the text is content, not spacing
    assert body_text(plain) == "New"


def test_blank_lines_around_a_centred_title_both_go() -> None:
    """poi customGeo's title sits between a blank line above and one below (centred): keeping
    only the one below would lift the new title half a line; both go, as before."""
    from lxml import etree

    from pptxagent.ooxml.textfill import body_text, fill_paragraphs

    ns = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
    body = etree.fromstring(
        f'<a:txBody {ns}><a:bodyPr/><a:p><a:r><a:t/></a:r><a:br/><a:r><a:t>Session</a:t></a:r>'
        '<a:r><a:t/></a:r><a:br/></a:p></a:txBody>')
    fill_paragraphs(body, [("Quarterly results", 0)])
    assert body_text(body) == "Quarterly results"


AGENDA = """<p:txBody><a:bodyPr/><a:lstStyle/>
<a:p><a:r><a:rPr lang="en-US" b="1"/><a:t>About the brand</a:t></a:r><a:br><a:rPr/></a:br>
<a:r><a:rPr lang="en-US"/><a:t>Market analysis</a:t></a:r><a:br><a:rPr lang="en-US"/></a:br>
<a:r><a:rPr lang="en-US"/><a:t>Core values</a:t></a:r><a:br><a:rPr lang="en-US"/></a:br>
<a:endParaRPr lang="en-US"/></a:p>
<a:p><a:r><a:rPr lang="en-US" b="1"/><a:t>Marketing</a:t></a:r><a:br><a:rPr lang="en-US"/></a:br>
<a:r><a:rPr lang="en-US"/><a:t>Brand positioning</a:t></a:r><a:br><a:rPr lang="en-US"/></a:br>
<a:endParaRPr lang="en-US"/></a:p>
<a:p><a:r><a:rPr lang="en-US" b="1"/><a:t>Final thoughts</a:t></a:r><a:br><a:rPr/></a:br>
<a:r><a:rPr lang="en-US"/><a:t>Q&amp;A session</a:t></a:r></a:p>
</p:txBody>"""


def test_a_newline_in_a_paragraph_is_a_line_break_in_the_template_lines_looks() -> None:
    """An agenda card (a Google Slides-made proposal): each paragraph is a bold heading line
    over plain lines, split by line breaks. A new paragraph's newlines are line breaks, never
    a raw newline in ``a:t`` (LibreOffice drew each as a new paragraph); line k takes the
    look of the template's line k, lines past them the last line's."""
    body = xml(AGENDA)
    fill_paragraphs(body, [("Who we are\nOur market\nOur values\nOur people", 0),
                           ("Plans\nPositioning", 0), ("Close\nQuestions", 0)])
    assert body_text(body) == ("Who we are\nOur market\nOur values\nOur people\n\n"
                               "Plans\nPositioning\n\nClose\nQuestions")
    first = _paras(body)[0]
    assert [(t, r.get("b")) for t, r in runs(first)] == [
        ("Who we are", "1"), ("Our market", None), ("Our values", None), ("Our people", None)]
    assert all("\n" not in (t.text or "") for t in body.iter(qn("a:t")))


def test_a_blank_line_between_groups_stays_between_them() -> None:
    """The same card keeps its blank line under every group but the last: the break that
    ends a template paragraph above another is its spacing, as a trailing break is."""
    body = xml(AGENDA)
    fill_paragraphs(body, [("A\na", 0), ("B\nb", 0), ("C\nc", 0), ("D\nd", 0)])
    assert body_text(body) == "A\na\n\nB\nb\n\nC\nc\n\nD\nd"
    fill_paragraphs(body, [("Only", 0)])  # the last paragraph: the template's last one's end
    assert body_text(body) == "Only"


def test_spaces_that_end_a_new_line_are_dropped() -> None:
    body = xml(AGENDA)
    fill_paragraphs(body, [("Growing list as #1 IT Services Player \n(2019-2021) ", 0)])
    assert body_text(body) == "Growing list as #1 IT Services Player\n(2019-2021)"


def test_one_stray_break_after_a_bullet_is_no_spacing_between_items() -> None:
    """A Shift+Enter left after one bullet of three is not the template's spacing: only a
    break that ends every paragraph above another is (a reviewer's case: every new bullet
    got a blank line under it and the body shrank 12 %)."""
    body = xml("<p:txBody><a:bodyPr/>"
               "<a:p><a:r><a:t>Revenue grew in every region this year</a:t></a:r><a:br/></a:p>"
               "<a:p><a:r><a:t>Margins held</a:t></a:r></a:p>"
               "<a:p><a:r><a:t>New hires</a:t></a:r></a:p></p:txBody>")
    fill_paragraphs(body, [("One", 0), ("Two", 0), ("Three", 0), ("Four", 0)])
    assert body_text(body) == "One\nTwo\nThree\nFour"


def test_the_blank_line_between_groups_is_not_added_around_blank_or_deeper_items() -> None:
    body = xml(AGENDA)
    fill_paragraphs(body, [("A", 0), ("", 0), ("B", 0), ("b", 1), ("C", 0)])
    assert body_text(body) == "A\n\nB\nb\nC"


def test_blank_text_is_no_text() -> None:
    """Spaces alone take no heading slot and no spacing: the paragraph is empty."""
    body = xml(AGENDA)
    fill_paragraphs(body, [("   ", 0), ("Only\nline", 0)])
    assert body_text(body) == "\nOnly\nline"
    first = _paras(body)[0]
    assert first.find(qn("a:r")) is None


def test_a_line_takes_the_look_of_the_template_line_of_its_rank_among_lines_with_text() -> None:
    body = xml("<p:txBody><a:bodyPr/><a:p>"
               '<a:r><a:rPr sz="2800" b="1"/><a:t>Jane Doe</a:t></a:r><a:br/>'
               '<a:r><a:rPr sz="1800"/><a:t>Chief Executive</a:t></a:r><a:br/>'
               '<a:r><a:rPr sz="800"/><a:t> </a:t></a:r><a:br/>'
               '<a:r><a:rPr sz="1000"/><a:t>ACME Corp</a:t></a:r></a:p></p:txBody>')
    fill_paragraphs(body, [("Bob\n\nCEO\nGlobex", 0)])
    (p,) = _paras(body)
    # the blank new line takes no look; the template's line of spaces is none either
    assert [(t, r.get("sz")) for t, r in runs(p)] == [("Bob", "2800"), ("CEO", "1800"),
                                                      ("Globex", "1000")]


def test_a_text_box_that_sets_bullets_takes_a_strings_lines_as_items() -> None:
    from pptxagent.ooxml.textfill import one_paragraph_of_lines

    lines = ("<a:p>{ppr}<a:r><a:t>First point</a:t></a:r><a:br/>"
             "<a:r><a:t>continued</a:t></a:r></a:p>")
    dot = lines.format(ppr='<a:pPr><a:buChar char="•"/></a:pPr>')
    bulleted = xml(f"<p:txBody><a:bodyPr/><a:lstStyle/>{dot}</p:txBody>")
    listed = xml('<p:txBody><a:bodyPr/><a:lstStyle><a:lvl1pPr><a:buAutoNum type="arabicPeriod"/>'
                 f"</a:lvl1pPr></a:lstStyle>{lines.format(ppr='')}</p:txBody>")
    plain = xml(f"<p:txBody><a:bodyPr/><a:lstStyle/>{lines.format(ppr='')}</p:txBody>")
    assert not one_paragraph_of_lines(bulleted, False)
    assert not one_paragraph_of_lines(listed, False)
    assert one_paragraph_of_lines(plain, False)
