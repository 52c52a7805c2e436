"""A new slide made from a layout: the layout's placeholders (not its date, footer and slide
number), no geometry of their own unless the layout has two of one kind, and the look a
LibreOffice export writes into the layout's paragraphs (not into list styles)."""

from __future__ import annotations

from pathlib import Path

from lxml import etree
from pptx import Presentation

from pptxagent.ooxml.layoutslide import add_layout_slide, content_layout, layouts
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.xml import qn

LO_DECK = Path("../shared/corpus/pptx/automizer__SlideDimensions1.pptx")


def _shapes(root: etree._Element) -> list[tuple[str, str | None, bool]]:
    """(name, placeholder type, has its own xfrm) of each shape of a slide."""
    out = []
    for sp in root.iter(qn("p:sp")):
        ph = next(sp.iter(qn("p:ph")))
        name = next(sp.iter(qn("p:cNvPr"))).get("name", "")
        out.append((name, ph.get("type"), sp.find(f"{qn('p:spPr')}/{qn('a:xfrm')}") is not None))
    return out


def test_a_powerpoint_layout_gives_its_placeholders_without_date_footer_number(
        tmp_path: Path) -> None:
    path = tmp_path / "t.pptx"
    Presentation().save(str(path))
    pkg = Package.open(path)
    part = next(p for p, n in layouts(pkg) if n == "Title Slide")
    slide = add_layout_slide(pkg, part)
    assert pkg.slide_parts() == [slide]  # a presentation without slides gets its list
    assert _shapes(pkg.xml(slide)) == [("Title 1", "ctrTitle", False),
                                       ("Subtitle 2", "subTitle", False)]
    # no prompt text ("Click to add title") is copied
    assert "".join(t.text or "" for t in pkg.xml(slide).iter(qn("a:t"))) == ""


def test_two_bodies_without_an_index_say_where_they_are() -> None:
    # LibreOffice writes "Title, 2 Content" as two type="body" placeholders with no idx:
    # LibreOffice then drew the left one's text in the right one's place (418 px off)
    pkg = Package.open(LO_DECK)
    part = next(p for p, n in layouts(pkg) if n == "Title, 2 Content")
    assert _shapes(pkg.xml(add_layout_slide(pkg, part))) == [
        ("PlaceHolder 1", "title", False), ("PlaceHolder 2", "body", True),
        ("PlaceHolder 3", "body", True)]


def test_a_libreoffice_layouts_paragraph_look_is_kept_as_the_end_mark() -> None:
    # its title is 36.7 pt bold grey in the layout's paragraph, no list style: the new
    # slide's title was drawn at the 18 pt default in the browser, 36.7 pt by LibreOffice
    pkg = Package.open(LO_DECK)
    part = next(p for p, n in layouts(pkg) if n == "Title Slide")
    title = next(pkg.xml(add_layout_slide(pkg, part)).iter(qn("p:sp")))
    end = title.find(f".//{qn('a:endParaRPr')}")
    assert end is not None and end.get("sz") == "3670" and end.get("b") == "1"
    assert end.get("lang") is None  # the prompt's language is not the content's


def test_the_content_layout_is_the_one_slides_use_else_title_and_content(
        tmp_path: Path) -> None:
    """Not the title slide, not a section header; the layout most slides use wins."""
    path = tmp_path / "t.pptx"
    prs = Presentation()
    prs.save(str(path))
    names = [n for _, n in layouts(Package.open(path))]
    assert content_layout(Package.open(path)) == names.index("Title and Content") + 1
    by_name = {layout.name: layout for layout in prs.slide_layouts}
    for name in ("Title Slide", "Section Header", "Section Header", "Two Content"):
        prs.slides.add_slide(by_name[name])
    prs.save(str(path))
    assert content_layout(Package.open(path)) == names.index("Two Content") + 1
    only_title = tmp_path / "title.pptx"
    prs = Presentation()
    keep = prs.slide_layouts[0]  # the title slide alone
    for layout in list(prs.slide_layouts)[1:]:
        prs.slide_layouts.remove(layout)
    assert list(prs.slide_layouts) == [keep]
    prs.save(str(only_title))
    assert content_layout(Package.open(only_title)) is None
