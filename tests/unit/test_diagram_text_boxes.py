"""SmartArt text is drawn in its own node: PowerPoint writes ``id="0"`` on every shape of a
diagram drawing, so boxes looked up by id all landed on the last node."""

from __future__ import annotations

from pathlib import Path

from pptxagent.inventory import inventory_file

CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"


def test_each_smartart_node_keeps_its_text() -> None:
    ir = inventory_file(CORPUS / "pythonpptx__shp-shapes.pptx").slide_ir(1)
    assert ir.backdrop is not None
    texts = {(el.content or "").strip(): el for el in ir.backdrop.art
             if el.is_text and (el.content or "").strip()}
    first, last = texts["shapes[5]"], texts["Smart Art"]
    assert last.layout.x - first.layout.x > 250  # first node left, third node right
    assert abs(first.layout.y - last.layout.y) < 1
    # the text piece carries no fill of its own: the node's paint is drawn once, under it
    assert first.style.backgroundColor is None and last.style.backgroundColor is None


def test_text_turns_with_its_node_then_by_its_own_angle() -> None:
    """A hexagon turned 90° whose text box is turned -90° reads upright (as PowerPoint and
    LibreOffice draw it); the two a user turned by -41° and +49° carry their text along.
    The text's own angle was taken for the whole turn: every label was drawn sideways."""
    ir = inventory_file(CORPUS / "poi__smartart-rotated-text.pptx").slide_ir(1)
    assert ir.backdrop is not None
    turn = {(el.content or "").strip(): el.text_turn() for el in ir.backdrop.art if el.is_text}
    assert turn["ghi"] == 0
    assert round(turn["abc"]) == 319 and round(turn["def"]) == 49
