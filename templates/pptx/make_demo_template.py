"""Build ``templates/pptx/quarterly-review.pptx``, the bundled demo template.

It starts from PowerPoint's own default template (shipped inside python-pptx), so masters,
layouts, theme fonts (Calibri) and bullets are PowerPoint's. Run it again to regenerate:
``.venv/bin/python templates/pptx/make_demo_template.py``.
"""

from __future__ import annotations

from pathlib import Path

from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE
from pptx.util import Emu, Pt

OUT = Path(__file__).with_name("quarterly-review.pptx")
NAVY = RGBColor(0x1F, 0x3A, 0x5F)
PLACEHOLDER_IMAGE = Path(__file__).with_name("placeholder-photo.png")


def band(slide: object, prs: Presentation) -> None:
    shapes = slide.shapes  # type: ignore[attr-defined]
    bar = shapes.add_shape(MSO_SHAPE.RECTANGLE, 0, prs.slide_height - Emu(228600),
                           prs.slide_width, Emu(228600))
    bar.name = "Brand Band"
    bar.fill.solid()
    bar.fill.fore_color.rgb = NAVY
    bar.line.fill.background()


def main() -> None:
    prs = Presentation()
    title_layout, content_layout, _, two_layout, _, title_only, _, _, pic_layout = (
        prs.slide_layouts[i] for i in range(9)
    )

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "{{client}} Quarterly Review"
    sub = s.placeholders[1].text_frame.paragraphs[0]
    # PowerPoint often splits a token across runs after spell-checking: keep that here.
    for text, bold in (("Prepared for {{cli", False), ("ent}} by ", False), ("{{ author }}", True)):
        r = sub.add_run()
        r.text = text
        r.font.bold = bold
    band(s, prs)

    s = prs.slides.add_slide(content_layout)
    s.shapes.title.text = "Highlights"
    tf = s.placeholders[1].text_frame
    tf.text = "Revenue grew in every region"
    p = tf.add_paragraph()
    p.text = "Details by region"
    p.level = 1
    band(s, prs)

    s = prs.slides.add_slide(two_layout)
    s.shapes.title.text = "Before and after"
    s.placeholders[1].text_frame.text = "Before"
    s.placeholders[2].text_frame.text = "After"
    band(s, prs)

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Numbers"
    rows, cols = 3, 3
    tbl = s.shapes.add_table(rows, cols, Emu(457200), Emu(1600200), Emu(8229600), Emu(1111250))
    tbl.name = "Figures"
    for r in range(rows):
        for c in range(cols):
            tbl.table.cell(r, c).text = f"r{r}c{c}"
    band(s, prs)

    s = prs.slides.add_slide(pic_layout)
    s.shapes.title.text = "Our team"
    s.placeholders[2].text_frame.text = "Caption"
    s.placeholders[1].insert_picture(str(PLACEHOLDER_IMAGE))
    band(s, prs)

    for slide in prs.slides:
        for shape in slide.shapes:
            if shape.has_text_frame:
                for para in shape.text_frame.paragraphs:
                    for run in para.runs:
                        if run.font.size is None and shape.name == "Brand Band":
                            run.font.size = Pt(10)
    # A real template carries a notes master; python-pptx creates it with the first notes page.
    prs.slides[0].notes_slide.notes_text_frame.text = "Speaker notes"
    prs.save(str(OUT))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
