"""Fill-key resolution on hand-made inventoried slides."""

from __future__ import annotations

import pytest

from pptxagent.errors import ContentError
from pptxagent.fill.keys import Accepts, assign_keys, resolve_key, role_map, slide_keys
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


def _frame(sid: int, name: str, idx: int | None, x: float, y: float) -> Element:
    return _el(sid, name, None, idx, x, y, kind="graphicFrame")


TAKES = {"sp": (frozenset({"text"}), "a text shape"),
         "table": (frozenset({"table"}), "a table"),
         "chart": (frozenset(), "a chart"),
         "pic": (frozenset({"image"}), "a picture"),
         "empty": (frozenset({"text", "image"}), "an empty placeholder")}


def _accepts(kinds: dict[str, str]) -> Accepts:
    return lambda el: TAKES[kinds.get(el.eid, "sp")]


def _where(key: str) -> str:
    return f"$.slides[0].fill.{key}"


# Title, a content placeholder holding a table (left, first in reading order), a text body
# (right), a picture placeholder below, a chart frame and a plain table outside placeholders.
MIXED = DeckSlide(index=4, elements=[
    _el(2, "Title 1", "title", None, 60, 30),
    _frame(3, "Table Placeholder", 1, 60, 160),
    _el(4, "Text Placeholder", None, 2, 660, 160),
    _el(5, "Picture Placeholder", "pic", 3, 60, 500),
    _frame(6, "Chart", 4, 660, 500),
])
MIXED_KINDS = {"sp3": "table", "sp5": "empty", "sp6": "chart"}


def _assign(wanted: list[tuple[str, str]], slide: DeckSlide = MIXED,
            kinds: dict[str, str] = MIXED_KINDS) -> dict[str, str]:
    return {k: el.eid for k, el in assign_keys(slide, wanted, _accepts(kinds), _where).items()}


def test_text_for_a_body_that_holds_a_table_goes_to_the_first_text_body() -> None:
    assert _assign([("title", "text"), ("body", "text")]) == {"title": "sp2", "body": "sp4"}


def test_each_kind_finds_its_shape_and_exact_positions_win() -> None:
    assert _assign([("body", "text"), ("body2", "table"), ("body3", "image")]) == {
        "body": "sp4", "body2": "sp3", "body3": "sp5"}
    # positions that fit keep their shape: body (table) and body2 (text) as named
    assert _assign([("body", "table"), ("body2", "text")]) == {"body": "sp3", "body2": "sp4"}
    # an image under body goes to the picture placeholder, not over the text placeholder
    assert _assign([("body", "image")]) == {"body": "sp5"}


def test_a_table_value_goes_to_the_first_table_even_without_a_body() -> None:
    slide = DeckSlide(index=1, elements=[_el(2, "Title 1", "title", None, 60, 30),
                                         _frame(9, "Table 8", None, 60, 200)])
    assert _assign([("body", "table")], slide, {"sp9": "table"}) == {"body": "sp9"}


def test_nothing_of_the_kind_names_slide_key_and_offers() -> None:
    with pytest.raises(ContentError) as exc:
        _assign([("body", "table"), ("body2", "table")])
    msg = str(exc.value)
    assert msg.startswith("$.slides[0].fill.body2: the value of key 'body2' is a table")
    assert "template slide 4" in msg
    assert "body = a table 'Table Placeholder' (takes a table (list of rows))" in msg
    assert "body2 = a text shape 'Text Placeholder' (takes text)" in msg
    with pytest.raises(ContentError, match=r"'body' is a picture.*no free shape"):
        _assign([("body", "image")], SLIDE, {})


def test_a_text_key_past_the_bodies_is_still_unknown() -> None:
    with pytest.raises(ContentError, match="'body5' matches nothing on template slide 3"):
        _assign([("body5", "text")], SLIDE, {})


def test_two_keys_for_one_shape_are_refused_not_one_dropped() -> None:
    # "title", "sp2" and "name:Title 1" are three ways to name one shape; the fill kept the
    # last value and dropped the others without a word.
    with pytest.raises(ContentError) as exc:
        _assign([("title", "text"), ("body", "text"), ("name:Title 1", "text")])
    msg = str(exc.value)
    assert msg.startswith('$.slides[0].fill.name:Title 1: keys ')
    assert "'title' and 'name:Title 1' both name the shape 'Title 1'" in msg


def test_a_slide_without_a_layout_says_why_its_placeholders_are_missing() -> None:
    bare = DeckSlide(index=2, part="/ppt/slides/slide2.xml", elements=[],
                     no_layout=True)  # type: ignore[call-arg]  # as inventory marks it
    with pytest.raises(ContentError) as exc:
        resolve_key(bare, "title", "$.slides[0].fill.title")
    msg = str(exc.value)
    assert "template slide 2 (/ppt/slides/slide2.xml has no slide layout" in msg
    assert "no fillable shapes" in msg
    laid = DeckSlide(index=2, part="/ppt/slides/slide2.xml", layout="", elements=[])  # unnamed
    with pytest.raises(ContentError) as exc:
        resolve_key(laid, "title", "$.x")
    assert "no slide layout" not in str(exc.value)
