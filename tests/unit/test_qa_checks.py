"""The QA checks on hand-made measured slides (pure: no browser)."""

from __future__ import annotations

import numpy as np
import pytest

from pptxagent.ir import (
    Box,
    Computed,
    DomElement,
    DomSnapshot,
    Element,
    Layout,
    OoxmlRef,
    SlideIR,
    SlideSize,
    Style,
)
from pptxagent.ir.qa import QaIssue, RunGlyphs
from pptxagent.ooxml.media import PictureFit
from pptxagent.qa import DEFAULT_QA_SETTINGS, SlideBaseline, SlideFacts, check_facts
from pptxagent.qa.content import prompt_match
from pptxagent.qa.visual import picture_distortion

W, H = 1280, 720
WHITE = np.full((H, W, 3), 255, dtype=np.uint8)


def el(eid: str, box: tuple[float, float, float, float], text: str = "Some text here",
       *, kind: str = "text", ph: str | None = None, name: str | None = None,
       font: float = 24, shape_kind: str = "sp") -> Element:
    x, y, w, h = box
    return Element(
        eid=eid, type=kind, priority=60, content=text,  # type: ignore[arg-type]
        layout=Layout(x=x, y=y, w=w, h=h), style=Style(fontSize=font),
        source=OoxmlRef(part="/ppt/slides/slide1.xml", shape_id=int(eid[2:]),
                        name=name or eid, ph_type=ph, kind=shape_kind),
    )


def dom(e: Element, text: tuple[float, float, float, float] | None) -> DomElement:
    lay = e.layout
    bbox = Box(x=lay.x, y=lay.y, w=lay.w, h=lay.h)
    tb = None if text is None else Box(x=text[0], y=text[1], w=text[2], h=text[3])
    return DomElement(eid=e.eid, bbox=bbox, safeBox=bbox, contentBox=tb, textBox=tb,
                      zIndex=10, computed=Computed(fontSize=e.style.fontSize or 18,
                                                   lineHeight=1.2))


def run(e: Element, rect: tuple[float, float, float, float], color: tuple[int, int, int],
        font: float = 24) -> RunGlyphs:
    return RunGlyphs(eid=e.eid, run=0, color=(*color, 1.0), font_px=font, bold=False,
                     rects=(Box(x=rect[0], y=rect[1], w=rect[2], h=rect[3]),), text=e.content)


def facts(items: list[tuple[Element, tuple[float, float, float, float] | None]],
          runs: list[RunGlyphs] | None = None, notext: np.ndarray | None = None,
          pictures: dict[tuple[int, int], PictureFit] | None = None) -> SlideFacts:
    ir = SlideIR(slide=SlideSize(w=W, h=H), elements=[e for e, _ in items])
    snap = DomSnapshot(slide=ir.slide, safe_padding=8,
                       elements=[dom(e, t) for e, t in items])
    return SlideFacts(number=3, ir=ir, dom=snap, runs=runs or [], notext=notext,
                      pictures=pictures or {})


def kinds(issues: list[QaIssue]) -> set[tuple[str, str]]:
    return {(i.kind, i.eid) for i in issues if i.status == "open"}


TITLE = el("sp1", (80, 40, 1100, 100), "A title", kind="title", ph="title", font=44)
TITLE_TEXT = (90, 60, 300, 53)


def test_a_clean_slide_has_no_issues() -> None:
    body = el("sp2", (80, 180, 1100, 400), "A body with words")
    f = facts([(TITLE, TITLE_TEXT), (body, (90, 190, 600, 30))])
    assert check_facts(f) == []


def test_overflow_and_cutoff() -> None:
    over = el("sp2", (80, 180, 400, 100))
    off = el("sp3", (1100, 600, 300, 60))
    f = facts([(TITLE, TITLE_TEXT), (over, (85, 185, 300, 123)), (off, (1105, 605, 250, 30))])
    issues = check_facts(f)
    assert kinds(issues) == {("overflow", "sp2"), ("cutoff", "sp3")}
    by = {i.kind: i for i in issues}
    assert by["overflow"].measured == pytest.approx(28)
    assert by["cutoff"].measured == pytest.approx(75)
    # a transparent box spilling over empty slide: major; over a filled box or art: critical
    assert by["overflow"].severity == "major" and by["overflow"].slide == 3
    over.style.backgroundColor = "#eeeeee"
    assert {i.severity for i in check_facts(f) if i.kind == "overflow"} == {"critical"}
    over.style.backgroundColor = None
    art = el("sp9", (80, 290, 200, 100), "", kind="decoration")
    f = facts([(TITLE, TITLE_TEXT), (over, (85, 185, 300, 123)), (art, None)])
    assert {i.severity for i in check_facts(f) if i.kind == "overflow"} == {"critical"}


def test_unwrapped_text_may_leave_its_box_sideways() -> None:
    label = el("sp2", (80, 180, 100, 40))
    label.style.wrap = False
    f = facts([(TITLE, TITLE_TEXT), (label, (85, 185, 300, 30))])
    assert check_facts(f) == []


def test_edge_zone_and_template_baseline() -> None:
    near = el("sp2", (2, 300, 400, 60))
    f = facts([(TITLE, TITLE_TEXT), (near, (4, 310, 300, 30))])
    (issue,) = check_facts(f)
    assert (issue.kind, issue.measured, issue.severity) == ("edge", 4, "major")
    assert issue.threshold == pytest.approx(0.015 * W)
    # the template already puts its own text 4 px from the edge: its design
    assert check_facts(f, baseline=SlideBaseline(edge={"sp2": 4})) == []
    assert kinds(check_facts(f, baseline=SlideBaseline(edge={"sp2": 12}))) == {("edge", "sp2")}
    # the template's glyphs kept 12 px off, but its lines ended 4 px from the edge as these
    # do (right-aligned at the box's inset): the new glyphs' shapes, not the fill's layout
    assert check_facts(f, baseline=SlideBaseline(edge={"sp2": 12}, edge_lines={"sp2": 4})) == []
    assert kinds(check_facts(f, baseline=SlideBaseline(edge={"sp2": 12}, edge_lines={"sp2": 9}))
                 ) == {("edge", "sp2")}


def test_text_overlap_uses_glyph_boxes_not_frames() -> None:
    a = el("sp2", (80, 200, 600, 200))
    b = el("sp3", (80, 300, 600, 200))  # frames overlap by 100 px, glyphs do not
    f = facts([(TITLE, TITLE_TEXT), (a, (85, 205, 400, 30)), (b, (85, 305, 400, 30))])
    assert check_facts(f) == []
    b = el("sp3", (80, 215, 600, 200))
    f = facts([(TITLE, TITLE_TEXT), (a, (85, 205, 400, 30)), (b, (85, 220, 400, 30))])
    (issue,) = check_facts(f)
    assert (issue.kind, issue.eid, issue.other_eid, issue.severity) == (
        "text_overlap", "sp2", "sp3", "critical")
    assert issue.measured == pytest.approx(400 * 15)


def test_a_pile_of_copies_gives_a_few_overlaps_each_not_one_per_pair() -> None:
    # 3 000 copies of a title on each other made 4.5 million issues and 20 GB
    copies = [(el(f"sp{i}", (80, 200, 600, 200)), (85, 205, 400, 30)) for i in range(2, 22)]
    issues = [i for i in check_facts(facts([(TITLE, TITLE_TEXT), *copies]))
              if i.kind == "text_overlap"]
    assert 0 < len(issues) <= 5 * 20 < 20 * 19 / 2
    assert {i.eid for i in issues} == {f"sp{i}" for i in range(2, 21)}  # each still named


def test_one_text_over_many_others_is_reported_against_each() -> None:
    banner = el("sp2", (80, 200, 1100, 100), "BANNER TEXT OVER EVERYTHING", font=60)
    labels = [(el(f"sp{i}", (80 + (i - 3) * 150, 220, 140, 40), f"label {i}"),
               (85 + (i - 3) * 150, 225, 120, 30)) for i in range(3, 10)]
    foot = el("sp10", (80, 240, 600, 40), "Confidential", ph="ftr")
    issues = check_facts(facts([(TITLE, TITLE_TEXT), (banner, (80, 210, 1100, 60)), *labels,
                                (foot, (700, 240, 300, 30))]))
    over = {i.other_eid for i in issues if i.kind == "text_overlap" and i.eid == "sp2"}
    assert over == {f"sp{i}" for i in range(3, 10)}
    assert ("footer_collision", "sp2") in {(i.kind, i.eid) for i in issues}


def test_lines_that_meet_only_in_their_fonts_spare_room_do_not_overlap() -> None:
    # 80 px letters in ~98 px text rects: two lines whose rects share 4 px above and below
    # the letters (the pptxgenjs demo's 48 pt and 60 pt lines, 19 px apart on the slide)
    a = el("sp2", (80, 200, 800, 120), font=80)
    b = el("sp3", (80, 294, 800, 120), font=80)
    ra, rb = run(a, (85, 200, 700, 98), (0, 0, 0), 80), run(b, (85, 294, 700, 98), (0, 0, 0), 80)
    f = facts([(TITLE, TITLE_TEXT), (a, (85, 200, 700, 98)), (b, (85, 294, 700, 98))],
              runs=[ra, rb])
    assert not [i for i in check_facts(f) if i.kind == "text_overlap"]
    rb = run(b, (85, 260, 700, 98), (0, 0, 0), 80)  # letters on letters: 38 px deep
    f = facts([(TITLE, TITLE_TEXT), (a, (85, 200, 700, 98)), (b, (85, 260, 700, 98))],
              runs=[ra, rb])
    (issue,) = [i for i in check_facts(f) if i.kind == "text_overlap"]
    assert issue.measured == pytest.approx(700 * (289 - 269))


def test_footer_and_citation_collisions() -> None:
    footer = el("sp4", (400, 660, 400, 40), "Confidential", ph="ftr", font=12)
    body = el("sp2", (80, 180, 1100, 500))
    f = facts([(TITLE, TITLE_TEXT), (footer, (500, 668, 100, 16)),
               (body, (85, 190, 600, 482))])
    (issue,) = check_facts(f)
    assert (issue.kind, issue.eid, issue.other_eid) == ("footer_collision", "sp2", "sp4")
    cite = el("sp5", (80, 650, 600, 30), "Source: annual report 2023", font=12)
    f = facts([(TITLE, TITLE_TEXT), (cite, (85, 655, 300, 16)),
               (body, (85, 190, 600, 470))])
    assert kinds(check_facts(f)) == {("footer_collision", "sp2")}


def test_hierarchy() -> None:
    empty = el("sp1", (80, 40, 1100, 100), "", kind="decoration", ph="title")
    body = el("sp2", (80, 180, 1100, 400), "A body with words")
    f = facts([(empty, None), (body, (90, 190, 600, 30))])
    assert kinds(check_facts(f)) == {("empty_title", "sp1")}
    big = el("sp3", (80, 300, 1100, 200), "A much larger statement", font=80)
    f = facts([(TITLE, TITLE_TEXT), (big, (90, 310, 900, 96))])
    (issue,) = check_facts(f)
    assert (issue.kind, issue.severity, issue.other_eid) == ("title_not_largest", "minor", "sp3")
    kpi = el("sp4", (80, 300, 300, 200), "42%", font=120)  # a big number is not a rival
    f = facts([(TITLE, TITLE_TEXT), (kpi, (90, 310, 200, 144))])
    assert check_facts(f) == []


@pytest.mark.parametrize("text", ["Click to add text", "click to add title ", "Titre",
                                  "Cliquez pour ajouter un titre", "Lorem ipsum dolor sit",
                                  "单击此处添加标题", "Klicken Sie, um Text hinzuzufügen"])
def test_prompts(text: str) -> None:
    assert prompt_match(text) is not None


@pytest.mark.parametrize("text", ["Quarterly results", "Click the button to continue the demo",
                                  "Title IX compliance review", ""])
def test_not_prompts(text: str) -> None:
    assert prompt_match(text) is None


def test_prompt_and_token_issues() -> None:
    p = el("sp2", (80, 180, 600, 60), "Click to add text")
    t = el("sp3", (80, 300, 600, 60), "Dear {{ client }}, see {% if x %}")
    f = facts([(TITLE, TITLE_TEXT), (p, (85, 185, 200, 30)), (t, (85, 305, 300, 30))])
    issues = check_facts(f)
    assert kinds(issues) == {("prompt_text", "sp2"), ("unresolved_token", "sp3")}
    assert all(i.severity == "major" for i in issues)


def test_picture_distortion_accounts_for_the_crop() -> None:
    pic = el("sp7", (100, 100, 400, 400), "", kind="image", shape_kind="pic")
    fit = PictureFit(shape_id=7, name="Picture", media="/ppt/media/image1.png",
                     image_w=800, image_h=400)
    f = facts([(TITLE, TITLE_TEXT), (pic, None)], pictures={(7, 0): fit})
    got = picture_distortion(pic, f)
    assert got is not None and got[2] == pytest.approx(0.5)
    assert kinds(check_facts(f)) == {("distorted_picture", "sp7")}
    cropped = PictureFit(shape_id=7, name="Picture", media="/ppt/media/image1.png",
                         image_w=800, image_h=400, crop=(0.25, 0, 0.25, 0))
    f = facts([(TITLE, TITLE_TEXT), (pic, None)], pictures={7: cropped})
    assert check_facts(f) == []  # a centre crop to the frame is how PowerPoint "fills"


def test_contrast_absolute_and_template_relative() -> None:
    body = el("sp2", (80, 180, 1100, 400), "Grey words")
    page = WHITE.copy()
    grey = run(body, (90, 190, 600, 30), (0xAA, 0xAA, 0xAA), font=16)  # 2.32:1 on white
    f = facts([(TITLE, TITLE_TEXT), (body, (90, 190, 600, 30))], runs=[grey], notext=page)
    (issue,) = check_facts(f)
    assert (issue.kind, issue.severity, issue.threshold) == ("contrast", "major", 4.5)
    assert issue.measured == pytest.approx(2.32, abs=0.01)
    # the template's own box was as grey: accepted, not a defect of the fill
    (same,) = check_facts(f, baseline=SlideBaseline(contrast={"sp2": 2.4}))
    assert same.status == "accepted"
    # clearly worse than the template's 3.9:1 (below 70% of it): critical
    (worse,) = check_facts(f, baseline=SlideBaseline(contrast={"sp2": 3.9}))
    assert (worse.status, worse.severity, worse.baseline) == ("open", "critical", 3.9)


def test_template_owned_issue_is_accepted_unless_worse() -> None:
    over = el("sp2", (80, 180, 400, 100))
    f = facts([(TITLE, TITLE_TEXT), (over, (85, 185, 300, 123))])
    prior = check_facts(f)
    (accepted,) = check_facts(f, baseline=SlideBaseline(issues=prior))
    assert accepted.status == "accepted"
    f = facts([(TITLE, TITLE_TEXT), (over, (85, 185, 300, 200))])
    (worse,) = check_facts(f, baseline=SlideBaseline(issues=prior))
    assert worse.status == "open" and worse.baseline is None


def test_reconcile_after_a_correction_pass() -> None:
    from pptxagent.qa import reconcile

    def issue(slide: int, kind: str, eid: str, status: str = "open") -> QaIssue:
        return QaIssue(slide=slide, eid=eid, kind=kind, severity="major",  # type: ignore[arg-type]
                       message="m", status=status)  # type: ignore[arg-type]

    before = [issue(1, "overflow", "sp2"), issue(1, "contrast", "sp3"),
              issue(2, "edge", "sp4", "accepted")]
    after = [issue(1, "contrast", "sp3"), issue(2, "text_overlap", "sp5"),
             issue(2, "edge", "sp4", "accepted")]
    got = {(i.slide, i.kind, i.eid): i.status for i in reconcile(before, after)}
    assert got == {(1, "overflow", "sp2"): "resolved", (1, "contrast", "sp3"): "unresolved",
                   (2, "text_overlap", "sp5"): "open", (2, "edge", "sp4"): "accepted"}


def test_text_meeting_a_box_the_template_laid_over_it_is_accepted() -> None:
    # a body placeholder the template leaves empty, with a text box placed on top of it:
    # the filled text meets the text box inside the area the design gave both boxes
    body = el("sp3", (48, 168, 864, 475))
    label = el("sp4", (96, 192, 288, 96), "Our products lead the market")
    f = facts([(TITLE, TITLE_TEXT), (body, (100, 180, 500, 90)), (label, (100, 200, 250, 30))])
    (issue,) = check_facts(f)
    assert (issue.kind, issue.status) == ("text_overlap", "open")
    empty_body = el("sp3", (48, 168, 864, 475), "")
    tpl = facts([(TITLE, TITLE_TEXT), (empty_body, None), (label, (100, 200, 250, 30))])
    from pptxagent.qa.check import baseline_of

    base = baseline_of(tpl)
    (accepted,) = check_facts(f, baseline=base)
    assert (accepted.status, accepted.baseline) == ("accepted", 288 * 96)
    # boxes the template kept apart: the overlap is the fill's doing
    apart = el("sp4", (600, 660, 288, 40), "Our products lead the market")
    moved = facts([(TITLE, TITLE_TEXT), (empty_body, None), (apart, (610, 665, 250, 30))])
    (still,) = check_facts(f, baseline=baseline_of(moved))
    assert still.status == "open"


def test_turned_texts_glyphs_are_where_they_are_drawn() -> None:
    # a 400 × 40 label turned a quarter about its centre (500, 320): its line stands upright
    label = el("sp7", (300, 300, 400, 40), "Side label")
    label = label.model_copy(update={"layout": Layout(x=300, y=300, w=400, h=40,
                                                      rotation=90.0)})
    f = facts([(label, (300, 300, 400, 40))], runs=[run(label, (300, 300, 400, 40), (0, 0, 0))])
    (drawn,) = f.glyph_rects("sp7")
    assert (drawn.x, drawn.y, drawn.w, drawn.h) == pytest.approx((480, 120, 40, 400))
    slanted = label.model_copy(update={"layout": Layout(x=300, y=300, w=400, h=40,
                                                        rotation=45.0)})
    (box,) = facts([(slanted, None)], runs=[run(slanted, (300, 300, 400, 40), (0, 0, 0))]
                   ).glyph_rects("sp7")
    assert box.w == pytest.approx(box.h) and box.w == pytest.approx(440 / 2 ** 0.5)


def test_a_measured_value_never_reads_as_its_threshold() -> None:
    from pptxagent.qa.facts import shown

    assert shown(4.497, 4.5) == 4.49  # "4.50:1 < 4.5:1" would read as no issue
    assert shown(20.004, 20.0) == 20.01
    assert shown(3.126, 4.5) == 3.13 and shown(4.5, 4.5) == 4.5 and shown(None, 1.0) is None


def test_text_drawn_below_six_points_is_tiny() -> None:
    # a body PowerPoint shrinks to 25 % on overflow: 10 pt drawn at 2.5 pt
    body = el("sp2", (80, 180, 1100, 400), "Revenue grew twelve percent", font=13.33)
    note = el("sp3", (80, 600, 1100, 40), "Source: annual report", font=8)
    f = facts([(TITLE, TITLE_TEXT), (body, (90, 190, 300, 5)), (note, (90, 605, 200, 10))],
              runs=[run(body, (90, 190, 300, 5), (0, 0, 0), font=3.33),
                    run(note, (90, 605, 200, 10), (0, 0, 0), font=8)])  # 6 pt: readable
    tiny = [i for i in check_facts(f) if i.kind == "tiny_text"]
    assert [(i.eid, i.severity, i.measured, i.unit) for i in tiny] == [
        ("sp2", "major", 2.5, "pt")]
    assert "2.5 pt, too small to read: 'Revenue grew twelve percent'" in tiny[0].message
    off = check_facts(f, DEFAULT_QA_SETTINGS.model_copy(update={"TINY_TEXT_PT": 0}))
    assert not [i for i in off if i.kind == "tiny_text"]


def test_tiny_text_the_template_had_is_accepted_only_if_no_smaller() -> None:
    def at(px: float, alpha: float = 1.0) -> SlideFacts:  # the template drew it at 7 px
        note = el("sp3", (80, 600, 1100, 40), "Source: annual report", font=px)
        note.baseFontSize = 7
        r = run(note, (90, 605, 200, 8), (0, 0, 0), font=px)
        r = r.model_copy(update={"color": (0, 0, 0, alpha)})
        return facts([(TITLE, TITLE_TEXT), (note, (90, 605, 200, 8))], runs=[r])
    prior = [i for i in check_facts(at(7)) if i.kind == "tiny_text"]  # 5.25 pt in the template
    base = SlideBaseline(issues=prior)
    def status(px: float) -> str:
        (tiny,) = [i for i in check_facts(at(px), baseline=base) if i.kind == "tiny_text"]
        return tiny.status
    assert status(7) == "accepted" and status(7.6) == "accepted"  # as small, or larger
    assert status(2) == "open"  # the fill made it smaller still
    assert not [i for i in check_facts(at(2, alpha=0.0)) if i.kind == "tiny_text"]  # unseen


def test_tiny_text_at_the_size_the_template_gave_its_box_is_the_templates() -> None:
    # a placeholder empty on the template (no baseline issue), designed at 5 pt, filled
    note = el("sp3", (80, 600, 1100, 40), "Source: annual report", font=6.67)
    note.baseFontSize = 6.67
    f = facts([(TITLE, TITLE_TEXT), (note, (90, 605, 200, 8))],
              runs=[run(note, (90, 605, 200, 8), (0, 0, 0), font=6.67)])
    (tiny,) = [i for i in check_facts(f, baseline=SlideBaseline()) if i.kind == "tiny_text"]
    assert tiny.status == "accepted"
    (plain,) = [i for i in check_facts(f) if i.kind == "tiny_text"]  # `pptxagent qa`: shown
    assert plain.status == "open"
    shrunk = note.model_copy(update={"style": note.style.model_copy(update={"fitScale": 0.5})})
    f = facts([(TITLE, TITLE_TEXT), (shrunk, (90, 605, 200, 8))],
              runs=[run(shrunk, (90, 605, 200, 8), (0, 0, 0), font=3.33)])
    (tiny,) = [i for i in check_facts(f, baseline=SlideBaseline()) if i.kind == "tiny_text"]
    assert tiny.status == "open"  # the fill shrank it
