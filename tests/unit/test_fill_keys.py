"""Fill-key resolution on hand-made inventoried slides."""

from __future__ import annotations

import pytest

from pptxagent.errors import ContentError
from pptxagent.fill.keys import resolve_key, role_map, slide_keys
from pptxagent.ir import DeckSlide, Element, Layout, OoxmlRef


def _el(sid: int, name: str, ph: str | None, idx: int | None, x: float, y: float,
        kind: str = "sp") -> Element:
    return Element(eid=f"sp{sid}", type="text", priority=60, layout=Layout(x=x, y=y, w=100, h=50),
                   source=OoxmlRef(part="/ppt/slides/slide1.xml", shape_id=sid, name=name,
                                   ph_type=ph, ph_idx=idx, kind=kind))


SLIDE = DeckSlide(index=3, elements=[
    _el(5, "Content Placeholder 4", None, 2, 660, 160),    # right column
    _el(3, "Content Placeholder 2", None, 1, 60, 160),     # left column: first in reading order
    _el(2, "Title 1", "title", None, 60, 30),
    _el(6, "Footer", "ftr", 11, 400, 680),
    _el(7, "Picture 6", "pic", 13, 60, 400, kind="pic"),
    _el(8, "Text Body", "body", 14, 60, 500),
    _el(9, "Twin", None, None, 0, 0),
    _el(10, "Twin", None, None, 0, 0),
])


def test_roles_in_reading_order() -> None:
    roles = role_map(SLIDE)
    assert {k: v.eid for k, v in roles.items()} == {
        "title": "sp2", "body": "sp3", "body2": "sp5", "body3": "sp8"}


def test_keys_by_role_name_and_eid() -> None:
    assert resolve_key(SLIDE, "body2", "$.x").eid == "sp5"
    assert resolve_key(SLIDE, "name:Picture 6", "$.x").eid == "sp7"
    assert resolve_key(SLIDE, "sp6", "$.x").eid == "sp6"
    assert resolve_key(DeckSlide(index=1, elements=[_el(2, "T", "ctrTitle", None, 0, 0),
                                                    _el(3, "S", "subTitle", 1, 0, 90)]),
                       "subtitle", "$.x").eid == "sp3"


def test_unknown_key_names_slide_key_and_lists_keys() -> None:
    with pytest.raises(ContentError) as exc:
        resolve_key(SLIDE, "subtitle", "$.slides[1].fill.subtitle")
    msg = str(exc.value)
    assert "$.slides[1].fill.subtitle" in msg and "'subtitle'" in msg
    assert "template slide 3" in msg
    assert "title, body, body2, body3" in msg and "name:Footer" in msg and "sp6" in msg
    assert slide_keys(SLIDE)[:4] == ["title", "body", "body2", "body3"]


def test_ambiguous_name_asks_for_an_eid() -> None:
    with pytest.raises(ContentError, match=r"matches 2 shapes .*sp9, sp10"):
        resolve_key(SLIDE, "name:Twin", "$.x")
