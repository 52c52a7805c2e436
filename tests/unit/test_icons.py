"""The bundled icon set: the same words give the same icon, the outline's key chooses or turns
icons off, unknown names are refused with the JSON path, and an icon is written as native
custom geometry stroked in a theme colour (so PowerPoint's Design → Variants recolours it)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from lxml import etree
from scratch_packs import PACKS

from pptxagent import icons
from pptxagent.components import component_for
from pptxagent.errors import IRValidationError
from pptxagent.icons.lexicon import LEXICON
from pptxagent.icons.svgpath import path_segments
from pptxagent.ir.compose import Box, IconSpec, ShapeSpec
from pptxagent.ir.outline import Outline, OutlineSlide, parse_outline
from pptxagent.ooxml.build.shapes import icon_shape
from pptxagent.select import select_slides

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def test_the_set_ships_with_its_licence() -> None:
    here = Path(icons.__file__).parent
    assert "ISC" in (here / "LICENSE-lucide").read_text()
    assert len(icons.names()) > 1000 and icons.exists("rocket")
    assert all(icons.exists(name) for name in LEXICON)


@pytest.mark.parametrize(("text", "icon"), [
    ("Revenue growth", "trending-up"), ("Open two new regions", "globe"),
    ("Net promoter score", "gauge"), ("Partners sell where we cannot", "handshake"),
    ("Small pilots beat big launches", "rocket"), ("Custom roles and permissions", "lock"),
])
def test_same_words_same_icon(text: str, icon: str) -> None:
    assert icons.pick(text) == icon
    assert icons.pick(text) == icons.pick(text.upper() + "  ")  # case and spacing do not count
    assert icons.pick(text, frozenset({icon})) != icon


def test_no_subject_words_no_icon() -> None:
    assert icons.pick("and the of") is None
    assert icons.pick("Xyzzy plugh") is None


def test_a_slide_never_shows_one_icon_twice() -> None:
    slide = OutlineSlide(kind="bullets", title="T", bullets=["Revenue", "Revenue growth"])
    spec = component_for("bullets").compose(slide, PACKS[0], source=0)
    names = [s.icon for s in spec.shapes if isinstance(s, IconSpec)]
    assert names == ["circle-dollar-sign", "trending-up"]
    third = slide.model_copy(update={"bullets": ["Revenue", "Revenue growth", "More revenue"]})
    spec = component_for("bullets").compose(third, PACKS[0], source=0)
    names = [s.icon for s in spec.shapes if isinstance(s, IconSpec)]
    assert len(set(names)) == len(names)  # a third icon, or none on the row


def test_outline_keys_choose_and_turn_off() -> None:
    chosen = OutlineSlide(kind="bullets", title="T", bullets=[
        {"text": "Alpha", "icon": "rocket"}, "Beta"])
    spec = component_for("bullets").compose(chosen, PACKS[0], source=0)
    assert [s.icon for s in spec.shapes if isinstance(s, IconSpec)] == ["rocket",
                                                                        "circle-check"]
    off = chosen.model_copy(update={"icons": False})
    spec = component_for("bullets").compose(off, PACKS[0], source=0)
    assert not any(isinstance(s, IconSpec) for s in spec.shapes)
    strips = [s for s in spec.shapes if isinstance(s, ShapeSpec) and s.name.endswith("-strip")]
    assert len(strips) == 2
    deck = Outline.model_validate({"title": "D", "icons": False, "slides": [
        {"title": "T", "bullets": ["Revenue growth", "Hiring"]}]})
    specs = select_slides(deck, PACKS[0], base_dir=Path("."))
    assert not any(isinstance(s, IconSpec) for sp in specs for s in sp.shapes)
    unmatched = OutlineSlide(kind="bullets", title="T", bullets=["Revenue growth", "Xyzzy"])
    spec = component_for("bullets").compose(unmatched, PACKS[0], source=0)
    assert not any(isinstance(s, IconSpec) for s in spec.shapes)  # a row stays alike


def test_an_unknown_icon_names_the_json_path_and_near_names() -> None:
    with pytest.raises(IRValidationError, match=r"\$\.slides\[0\]\.bullets\[1\]\.icon: .*"
                                                r"'rockt'.*rocket"):
        parse_outline({"title": "x", "slides": [{"bullets": ["a", {"text": "b",
                                                                    "icon": "rockt"}]}]})
    with pytest.raises(IRValidationError, match=r"\$\.slides\[0\]\.items\[0\]\.icon"):
        parse_outline({"title": "x", "slides": [{"items": [{"value": "1", "label": "a",
                                                            "icon": "nope-nope"}]}]})


def test_arcs_and_relative_commands_become_cubics_on_the_arc() -> None:
    subs = path_segments("M2 12a10 10 0 0 1 20 0")  # a half circle of radius 10 about (12, 12)
    segs = subs[0]
    assert segs[0] == ("M", 2.0, 12.0) and all(s[0] == "C" for s in segs[1:])
    end = segs[-1]
    assert math.isclose(end[5], 22.0) and math.isclose(end[6], 12.0, abs_tol=1e-9)
    for s in segs[1:]:  # every curve's end point lies on the circle, above the centre
        assert math.isclose(math.hypot(s[5] - 12, s[6] - 12), 10, rel_tol=1e-6)
        assert s[6] <= 12 + 1e-9
    rel = path_segments("m3 3h4v4h-4z")[0]
    assert rel == [("M", 3.0, 3.0), ("L", 7.0, 3.0), ("L", 7.0, 7.0), ("L", 3.0, 7.0),
                   ("Z",)]


def test_every_icon_converts() -> None:
    for name in icons.names():
        shape = icons.outline(name)
        assert shape.paths, name
        for sub in shape.paths:
            assert sub[0][0] == "M", name
            for seg in sub:
                assert all(-8 <= float(v) <= 32 for v in seg[1:]), name


def test_written_as_stroked_custom_geometry_in_a_theme_slot() -> None:
    pack = PACKS[0]
    spec = IconSpec(name="card-1-icon", box=Box(x=12700, y=12700, w=406400, h=406400),
                    icon="rocket", color="accent")
    sp = icon_shape(spec, pack, 7)
    xml = etree.tostring(sp).decode()
    assert sp.find(f".//{A}custGeom") is not None and sp.find(f".//{A}prstGeom") is None
    paths = sp.findall(f".//{A}path")
    assert paths and all(p.get("fill") == "none" and p.get("w") == "24000" for p in paths)
    ln = sp.find(f".//{A}ln")
    assert ln is not None and ln.get("cap") == "rnd"
    clr = ln.find(f"{A}solidFill/{A}schemeClr")
    assert clr is not None and clr.get("val", "").startswith("accent")
    assert "srgbClr" not in xml
    assert round(int(ln.get("w", "0")) / 12700, 2) == round(2 / 24 * 32, 2)  # 2 of 24 units


def test_compact_flags_and_stray_numbers_end() -> None:
    segs = path_segments("M0 0 a1 1 0 01.5 2")[0]
    assert math.isclose(segs[-1][5], 0.5) and math.isclose(segs[-1][6], 2.0)
    assert path_segments("M0 0 L1 1 Z 2 2") == [[("M", 0.0, 0.0), ("L", 1.0, 1.0), ("Z",)]]
