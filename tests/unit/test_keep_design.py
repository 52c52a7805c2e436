"""Repairs keep the template's design (issue 6, point 3).

A graduation template puts the white ``{{name}}`` on a blue ribbon picture; a longer name
made the old repair move the ribbon 218 px down "to resolve the overlap". Now untouched
shapes are frozen, text placed on art is design, and a grown box stays inside the art it
sits on and short of any other art.
"""

from __future__ import annotations

from diag_helpers import dom_from_ir, el, slide

from pptxagent.diagnose import diagnose
from pptxagent.ir import Box, OoxmlRef, SlideIR
from pptxagent.pipeline.guard import TemplateGuard, design_pairs, freeze_untouched
from pptxagent.policy.base import PolicyContext
from pptxagent.policy.fit import FitPolicy
from pptxagent.policy.plan import editable
from pptxagent.policy.room import keep_to_room
from pptxagent.settings import Settings


def _sourced(ir: SlideIR) -> SlideIR:
    for n, e in enumerate(ir.elements, start=1):
        e.source = OoxmlRef(part="/ppt/slides/slide1.xml", shape_id=n, name=e.eid)
    return ir


def _ribbon_slide(chars: int) -> SlideIR:
    ribbon = el("ribbon", "image", 300, 200, 680, 120)
    name = el("name", "text", 340, 220, 600, 80, fs=40, chars=chars)
    photo = el("photo", "image", 440, 340, 400, 300)
    return _sourced(slide(ribbon, name, photo))


def test_untouched_shapes_are_frozen_and_never_edited() -> None:
    ir = freeze_untouched(_ribbon_slide(60), frozenset({"name"}))
    assert not editable(ir.element("ribbon")) and not editable(ir.element("photo"))
    assert editable(ir.element("name"))


def test_freezing_leaves_the_slide_it_was_given_unchanged() -> None:
    ir = _ribbon_slide(60)
    before = ir.model_dump()
    frozen = freeze_untouched(ir, frozenset({"name"}))
    assert ir.model_dump() == before  # the template's own state keeps its flags
    assert frozen.element("ribbon").source is not None and frozen.element("ribbon").source.frozen
    assert frozen.element("name") is ir.element("name")  # what the fill touched is shared


def test_text_the_template_put_on_art_is_design_not_overlap() -> None:
    ir = _ribbon_slide(10)
    assert design_pairs(ir, frozenset({"name"})) == {frozenset({"name", "ribbon"})}
    guard = TemplateGuard(frozenset({"name"}), design=design_pairs(ir, frozenset({"name"})))
    diag = guard.filter(diagnose(ir, dom_from_ir(ir), Settings()), ir)
    assert not [d for d in diag.defects if d.type == "overlap"]


def test_a_grown_box_stays_inside_the_art_it_sits_on() -> None:
    ir = freeze_untouched(_ribbon_slide(10), frozenset({"name"}))
    out = keep_to_room(ir, "name", {"h": 200.0, "y": 220.0})
    box = Box(x=340, y=out.get("y", 220), w=600, h=out["h"])
    assert box.bottom <= 320 + 0.01  # the ribbon's bottom


def test_a_grown_box_stops_short_of_other_art() -> None:
    ir = freeze_untouched(slide(
        el("body", "bullets", 100, 100, 600, 200, fs=24),
        el("logo", "image", 100, 420, 200, 100)), frozenset({"body"}))
    _sourced(ir)
    ir = freeze_untouched(ir, frozenset({"body"}))
    out = keep_to_room(ir, "body", {"h": 400.0})
    assert 100 + out["h"] < 420


def test_fit_policy_shrinks_the_font_instead_of_moving_the_ribbon() -> None:
    ir = freeze_untouched(_ribbon_slide(90), frozenset({"name"}))
    guard = TemplateGuard(frozenset({"name"}), design=design_pairs(ir, frozenset({"name"})))
    settings = Settings().with_overrides({"CONTENT_EDGE_OVERFLOW": True})
    diag = guard.filter(diagnose(ir, dom_from_ir(ir), settings), ir)
    assert [d.type for d in diag.defects] == ["content_overflow"]
    patch = FitPolicy().propose(ir, diag, PolicyContext(settings=settings, iteration=0))
    edited = {e.eid: e for e in patch.edits}
    assert set(edited) == {"name"}
    assert edited["name"].style["fontSize"] < 40
    lay = {**ir.element("name").layout.model_dump(), **edited["name"].layout}
    assert lay["y"] + lay["h"] <= 320 + 0.01 and lay["y"] >= 200 - 0.01


def test_master_art_is_an_obstacle_but_a_full_slide_picture_is_background() -> None:
    from pptxagent.ir import Backdrop

    ir = freeze_untouched(_sourced(slide(el("body", "bullets", 100, 100, 600, 200, fs=24))),
                          frozenset({"body"}))
    band = el("band", "decoration", 0, 600, 1280, 120)
    photo = el("photo", "image", 0, 0, 1280, 720)
    ir.backdrop = Backdrop(art=[photo, band])
    out = keep_to_room(ir, "body", {"h": 600.0})
    assert 100 + out["h"] < 600  # stops above the master's footer band, not at the photo


def test_a_grown_box_keeps_off_the_page_margin_the_template_kept_free() -> None:
    ir = _sourced(slide(el("note", "text", 600, 100, 100, 40, fs=18),
                        el("edge", "text", 5, 600, 200, 40, fs=18)))
    # grown right to the slide's edge: cut at 19.2 px (1.5 % of 1280) from it
    out = keep_to_room(ir, "note", {"w": 680.0}, edge_margin=19.2)
    assert 600 + out["w"] == 1280 - 19.2
    # grown down past the bottom margin: cut there
    out = keep_to_room(ir, "note", {"h": 700.0}, edge_margin=19.2)
    assert 100 + out["h"] == 720 - 19.2
    # only moved (an overlap hint clearing a neighbour): the move stands
    assert keep_to_room(ir, "note", {"y": 675.0}, edge_margin=19.2) == {"y": 675.0}
    # a box the template put nearer the edge keeps its own distance, no nearer
    out = keep_to_room(ir, "edge", {"x": 0.0, "w": 300.0}, edge_margin=19.2)
    assert out["x"] == 5 and out["w"] == 295
    assert keep_to_room(ir, "note", {"w": 680.0}) == {"w": 680.0}  # no margin asked


def test_a_move_into_art_that_leaves_no_room_keeps_the_box() -> None:
    """An overlap hint moved a label up onto a band of art; cut at the band's edge, the box
    was 1 px high (a Korean infographic's label, then shrunk to 25 % on overflow)."""
    ir = _sourced(slide(el("label", "text", 870, 548.8, 96, 19.2, fs=16),
                        el("band", "decoration", 858, 460, 312, 25)))
    ir = freeze_untouched(ir, frozenset({"label"}))
    assert keep_to_room(ir, "label", {"y": 459.8, "w": 205.0, "h": 25.0}) == {}
    # room enough above the band's art: the move stands
    assert keep_to_room(ir, "label", {"y": 520.0}) == {"y": 520.0}


def test_a_connector_is_no_area_a_label_must_stay_in() -> None:
    """A label on a diagonal connector lies inside the connector's box; that box is where the
    line runs, not art the text sits on, so the label may grow past it."""
    from pptxagent.ir import Visual

    def room(geometry: str) -> dict[str, float]:
        under = el("link", "decoration", 640, 470, 60, 43)
        under.visual = Visual(geometry=geometry)
        ir = freeze_untouched(_sourced(slide(el("label", "text", 650, 480, 40, 17, fs=14),
                                             under)), frozenset({"label"}))
        return keep_to_room(ir, "label", {"x": 630.0, "w": 80.0})

    assert room("straightConnector1") == {"x": 630.0, "w": 80.0}
    assert room("rect") == {"x": 640.0, "w": 60.0}  # a painted box: the label stays inside


def test_a_move_the_room_refuses_leaves_no_empty_edit() -> None:
    """Without its move an edit may have nothing left; stepped as a patch it changed nothing,
    was measured again and counted as a stall (the hard fallback never ran)."""
    from pptxagent.ir import Patch
    from pptxagent.ir.patch import Edit

    ir = _sourced(slide(el("label", "text", 870, 548.8, 96, 19.2, fs=16),
                        el("band", "decoration", 858, 460, 312, 25)))
    ir = freeze_untouched(ir, frozenset({"label"}))

    class MoveUp:
        name = "move-up"

        def propose(self, ir: SlideIR, diag: object, ctx: object) -> Patch:
            return Patch(edits=[Edit(eid="label", layout={"y": 459.8, "h": 25.0})])

    settings = Settings()
    diag = diagnose(ir, dom_from_ir(ir), settings)
    patch = FitPolicy(inner=MoveUp()).propose(  # type: ignore[arg-type]
        ir, diag, PolicyContext(settings=settings, iteration=0))
    assert patch.edits == []
