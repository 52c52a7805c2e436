"""Decks with planted visual defects, built with python-pptx (one defect per slide)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.slide import Slide
from pptx.util import Inches, Pt

PLANTED: dict[int, tuple[str, str]] = {
    2: ("contrast", "Ghost"),
    3: ("footer_collision", "Stamp"),
    4: ("edge", "Edge note"),
    5: ("prompt_text", "Leftover"),
    6: ("unresolved_token", "Greeting"),
    7: ("distorted_picture", "Stretched"),
    8: ("empty_title", "Title 1"),
    9: ("text_overlap", "Upper"),
    10: ("overflow", "Crammed"),
    12: ("contrast", "Ghost table"),
    13: ("cutoff", "Slanted"),
    14: ("cutoff", "Below the fold"),
}
"""slide → (kind, shape name) of its one planted defect; slide 1 and 11 are clean."""
CLEAN_SLIDES = (1, 11)


def _textbox(slide: Slide, x: float, y: float, w: float, h: float, text: str, name: str,
             color: tuple[int, int, int] | None = None, size: int = 18) -> None:
    tb = slide.shapes.add_textbox(Inches(x), Inches(y), Inches(w), Inches(h))
    tb.name = name
    tb.text_frame.text = text
    run = tb.text_frame.paragraphs[0].runs[0]
    run.font.size = Pt(size)
    if color is not None:
        run.font.color.rgb = RGBColor(*color)


def _titled(prs: Presentation, title: str, body: str) -> Slide:  # type: ignore[valid-type]
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = title
    slide.placeholders[1].text = body
    return slide


def _png(w: int, h: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (40, 90, 160)).save(buf, format="PNG")
    return buf.getvalue()


def planted_deck(path: Path) -> Path:
    prs = Presentation()
    _titled(prs, "Quarterly review", "Revenue grew in every region\nCosts fell")
    s = _titled(prs, "Invisible words", "The body is fine")
    _textbox(s, 1, 6.2, 6, 0.6, "White text nobody can read", "Ghost", color=(255, 255, 255))
    s = _titled(prs, "Footer clash", "The body is fine")
    layout_footer = next(p for p in prs.slide_layouts[1].placeholders
                         if p.placeholder_format.idx == 11)
    s.shapes.clone_placeholder(layout_footer)
    footer = next(p for p in s.placeholders if p.placeholder_format.idx == 11)
    footer.text = "Company confidential"
    left, top = footer.left, footer.top
    _textbox(s, left / 914400, top / 914400 - 0.05, 3, 0.5, "Stamped over the footer text",
             "Stamp")
    s = _titled(prs, "Edge", "The body is fine")
    _textbox(s, 0.0, 6.3, 3, 0.5, "Hugging the edge", "Edge note")
    s.shapes[-1].text_frame.margin_left = 0
    s = _titled(prs, "Prompt", "The body is fine")
    _textbox(s, 5.5, 6.3, 3.5, 0.5, "Click to add text", "Leftover")
    s = _titled(prs, "Tokens", "The body is fine")
    _textbox(s, 5.5, 6.3, 3.5, 0.5, "Dear {{ client }}", "Greeting")
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Stretched picture"
    pic = s.shapes.add_picture(io.BytesIO(_png(400, 200)), Inches(2), Inches(2.5),
                               Inches(4), Inches(4))
    pic.name = "Stretched"
    s = prs.slides.add_slide(prs.slide_layouts[1])
    s.placeholders[1].text = "A body without a title"
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Overlap"
    _textbox(s, 1, 3, 6, 0.6, "Two texts on top of each other", "Upper", size=24)
    _textbox(s, 1.3, 3.1, 6, 0.6, "Another text drawn over it", "Lower", size=24)
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Overflow"
    tb = s.shapes.add_textbox(Inches(1), Inches(3), Inches(3), Inches(0.5))
    tb.name = "Crammed"
    tb.text_frame.word_wrap = True
    tb.text_frame.text = "\n".join(f"Line {n} of text that does not fit" for n in range(6))
    tb.fill.solid()  # a visible box: the text visibly leaves it
    tb.fill.fore_color.rgb = RGBColor(0xDD, 0xEE, 0xFF)
    _titled(prs, "Clean again", "Nothing wrong here")
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "White cells"
    frame = s.shapes.add_table(2, 2, Inches(1), Inches(3), Inches(6), Inches(1))
    frame.name = "Ghost table"
    for cell in (frame.table.cell(r, c) for r in range(2) for c in range(2)):
        cell.fill.solid()
        cell.fill.fore_color.rgb = RGBColor(255, 255, 255)
        cell.text = "unreadable"
        cell.text_frame.paragraphs[0].runs[0].font.color.rgb = RGBColor(255, 255, 255)
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Slanted"
    _slanted(s, 0.1, "Slanted")  # its right end rises off the top of the slide
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Below the fold"
    _textbox(s, 1, 6.4, 6, 0.5, "The last line you can see", "Below the fold")
    tf = s.shapes[-1].text_frame
    p = tf.add_paragraph()  # a whole line past the slide's bottom, the one above clear of it
    p.text = "A line nobody will ever read"
    p.space_before = Pt(60)
    prs.save(str(path))
    return path


def _slanted(slide: Slide, top: float, name: str) -> None:
    """A one-line banner turned 10° up to the right, its text filling its box to a right
    end 0.2 in from the slide's edge."""
    _textbox(slide, 5.9, top, 3.9, 0.6, "A banner turned to the right", name, size=24)
    slide.shapes[-1].rotation = -10


def clean_deck(path: Path) -> Path:
    prs = Presentation()
    _titled(prs, "All good", "First point\nSecond point")
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "A picture at its own aspect"
    s.shapes.add_picture(io.BytesIO(_png(400, 200)), Inches(2), Inches(2.5), Inches(4),
                         Inches(2))
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Tables as PowerPoint styles them"
    frame = s.shapes.add_table(3, 2, Inches(1), Inches(2.5), Inches(6), Inches(1.5))
    for r in range(3):
        for c in range(2):
            frame.table.cell(r, c).text = "Region" if r == 0 else f"{r * 10 + c} units"
    frame = s.shapes.add_table(2, 2, Inches(1), Inches(4.5), Inches(6), Inches(1))
    for c in range(2):  # Office 2013's header: white on its blue, 2.96:1 (WCAG asks 3:1)
        head = frame.table.cell(0, c)
        head.fill.solid()
        head.fill.fore_color.rgb = RGBColor(0x5B, 0x9B, 0xD5)
        head.text = "Quarter"
        frame.table.cell(1, c).text = "Q3"
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "A slanted banner inside the slide"
    _slanted(s, 3.2, "Banner")
    prs.save(str(path))
    return path


def body_fill(tmp: Path, prs: Presentation, lines: list[str],  # type: ignore[valid-type]
              title: str | None = None) -> tuple[Path, Path]:
    """``prs`` with one Title and Content slide saved as ``tmp/tpl.pptx``, and a content
    filling its body with ``lines`` (and its title) as ``tmp/content.json``."""
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Title"
    slide.placeholders[1].text = "Body"
    prs.save(str(tmp / "tpl.pptx"))
    fill: dict[str, object] = {"body": lines, **({"title": title} if title else {})}
    (tmp / "content.json").write_text(json.dumps({"slides": [
        {"template_slide": 1, "fill": fill}]}))
    return tmp / "tpl.pptx", tmp / "content.json"
