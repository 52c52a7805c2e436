"""Sibling slots of a composed slide (``value-1``, ``value-2`` …) end at one size: the one
the loop shrank sets the others; unrelated shapes and siblings that agree are left alone."""

from __future__ import annotations

from pptxagent.ir import Element, SlideIR
from pptxagent.ir.slide import Layout, OoxmlRef, SlideSize, Style
from pptxagent.pipeline.harmonize import harmonized


def _el(i: int, name: str, px: float) -> Element:
    return Element(eid=f"sp{i}", type="text", priority=80, content="42 %",
                   layout=Layout(x=10 * i, y=10, w=100, h=60),
                   style=Style(fontSize=px, lineHeight=1.0 if px < 58 else 1.2),
                   baseFontSize=58.67,
                   source=OoxmlRef(part="ppt/slides/slide1.xml", name=name, shape_id=i))


def _ir(*els: Element) -> SlideIR:
    return SlideIR(slide=SlideSize(w=1280, h=720), elements=list(els))


TOUCHED = frozenset(f"sp{i}" for i in range(1, 10))


def test_the_shrunk_sibling_sets_the_size_of_the_others() -> None:
    ir = _ir(_el(1, "value-1", 58.67), _el(2, "value-2", 49.87), _el(3, "value-3", 58.67),
             _el(4, "label-1", 26.67), _el(5, "Title", 48.0))
    out = harmonized(ir, TOUCHED)
    assert out is not None
    sizes = {e.source.name: e.style.fontSize for e in out.elements if e.source}
    assert sizes == {"value-1": 49.87, "value-2": 49.87, "value-3": 49.87, "label-1": 26.67,
                     "Title": 48.0}
    assert {e.style.lineHeight for e in out.elements if e.eid in ("sp1", "sp2", "sp3")} == {1.0}


def test_siblings_that_agree_are_left_alone() -> None:
    ir = _ir(_el(1, "value-1", 58.67), _el(2, "value-2", 58.5), _el(3, "Title", 30.0))
    assert harmonized(ir, TOUCHED) is None


def test_untouched_shapes_never_change() -> None:
    ir = _ir(_el(1, "value-1", 58.67), _el(2, "value-2", 40.0))
    assert harmonized(ir, frozenset({"sp1"})) is None


def test_left_and_right_columns_are_siblings() -> None:
    ir = _ir(_el(1, "left-heading", 24.67), _el(2, "right-heading", 32.0),
             _el(3, "left-bullets", 24.0), _el(4, "right-bullets", 24.0))
    out = harmonized(ir, TOUCHED)
    assert out is not None
    assert [e.style.fontSize for e in out.elements] == [24.67, 24.67, 24.0, 24.0]


def test_template_copies_in_a_row_or_column_are_siblings() -> None:
    from pptxagent.pipeline.harmonize import template_sibling_groups

    def box(i: int, x: float, y: float, w: float = 100) -> Element:
        el = _el(i, f"TextBox {i}", 58.67)
        el.layout = Layout(x=x, y=y, w=w, h=60)
        return el

    ir = _ir(box(1, 10, 10), box(2, 300, 10), box(3, 10, 200),  # a row, and 1's column
             box(4, 600, 400),  # alone: no row or column with the others
             box(5, 600, 10, w=120))  # in the row, but a box of another size
    assert template_sibling_groups(ir, TOUCHED) == [frozenset({"sp1", "sp2", "sp3"})]
    assert template_sibling_groups(ir, frozenset({"sp1", "sp4"})) == []  # only filled ones
    ir.elements[1].style.lineHeight = 1.5  # another line spacing: not a copy of the first
    assert template_sibling_groups(ir, TOUCHED) == [frozenset({"sp1", "sp3"})]


def test_a_group_with_a_member_shrunk_on_overflow_is_left_alone() -> None:
    a, b = _el(1, "TextBox 1", 58.67), _el(2, "TextBox 2", 40.0)
    b.style.fitScale = 0.7  # the slide is degraded already: nothing to even out
    assert harmonized(_ir(a, b), TOUCHED, [frozenset({"sp1", "sp2"})]) is None
    b.style.fitScale = None
    out = harmonized(_ir(a, b), TOUCHED, [frozenset({"sp1", "sp2"})])
    assert out is not None and {e.style.fontSize for e in out.elements} == {40.0}
