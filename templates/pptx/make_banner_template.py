"""Build ``templates/pptx/banner.pptx``: a cover whose white title sits on a navy banner.

The title's text box reaches below the banner (as template boxes often do), so a title that
wraps to more lines than the template's puts white text on the white page: no layout defect
(the text is inside its box), but a person cannot read it. The visual QA finds it and the
correction pass keeps the title on its banner. Run it again to regenerate:
``.venv/bin/python templates/pptx/make_banner_template.py``.
"""

from __future__ import annotations

from pathlib import Path

from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE
from pptx.enum.text import MSO_ANCHOR
from pptx.util import Emu, Pt

OUT = Path(__file__).with_name("banner.pptx")
NAVY = RGBColor(0x1F, 0x3A, 0x5F)
WHITE = RGBColor(0xFF, 0xFF, 0xFF)
GREY = RGBColor(0x40, 0x40, 0x40)
PX = 9525  # EMU per CSS px


def main() -> None:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(1280 * PX), Emu(720 * PX)
    s = prs.slides.add_slide(prs.slide_layouts[6])
    banner = s.shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, Emu(120 * PX), prs.slide_width,
                                Emu(200 * PX))
    banner.name = "Banner"
    banner.fill.solid()
    banner.fill.fore_color.rgb = NAVY
    banner.line.fill.background()
    title = s.shapes.add_textbox(Emu(80 * PX), Emu(150 * PX), Emu(1120 * PX), Emu(330 * PX))
    title.name = "Cover Title"
    tf = title.text_frame
    tf.word_wrap = True
    tf.vertical_anchor = MSO_ANCHOR.TOP
    run = tf.paragraphs[0].add_run()
    run.text = "{{title}}"
    run.font.size, run.font.bold, run.font.color.rgb = Pt(48), True, WHITE
    note = s.shapes.add_textbox(Emu(80 * PX), Emu(560 * PX), Emu(1120 * PX), Emu(60 * PX))
    note.name = "Presenter"
    run = note.text_frame.paragraphs[0].add_run()
    run.text = "{{presenter}}"
    run.font.size, run.font.color.rgb = Pt(24), GREY
    prs.save(str(OUT))


if __name__ == "__main__":
    main()
