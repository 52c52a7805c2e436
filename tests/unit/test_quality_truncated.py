"""A slide whose text the loop's last resort clipped is degraded, whatever a later pass says.

Found on LibreOffice's "Candy" template: three bullets in an item label did not fit; the
loop clipped them in the browser (the .pptx keeps them whole, past the box) and called the
slide degraded; the LibreOffice pass then continued from the clipped drawing, saw nothing
overflow and the report said ``success_with_warnings`` beside "the slide is marked degraded".
"""

from __future__ import annotations

from types import SimpleNamespace

from diag_helpers import el, slide

from pptxagent.fill.apply import FilledSlide
from pptxagent.pipeline.guard import TemplateGuard
from pptxagent.pipeline.job import SlideWork
from pptxagent.pipeline.summary import _quality


def _work(clipped: bool) -> SlideWork:
    body = el("b", "bullets", 400, 120, 250, 70, fs=24)
    if clipped:
        body.style.overflow, body.style.textOverflow = "hidden", "ellipsis"
    ir = slide(body)
    w = SlideWork(FilledSlide(index=1, template_slide=2, part="ppt/slides/slide2.xml"), ir,
                  frozenset({"b"}), TemplateGuard(frozenset({"b"})))
    w.final_ir = ir
    w.lo_outcome = SimpleNamespace(result=SimpleNamespace(quality="success_clean"))  # type: ignore[assignment]
    return w


def test_text_clipped_by_the_last_resort_keeps_the_slide_degraded() -> None:
    assert _quality(_work(clipped=True)) == "degraded"
    assert _quality(_work(clipped=False)) == "success_clean"
