"""IR → one self-contained HTML document (spec §1: every element carries ``data-eid``).

``render_slide`` draws one slide container ``#slide``; ``render_deck`` stacks N containers
(``class="slide" data-slide="i"``) in one document so a whole deck is measured with one
``evaluate`` call. Containers never clip: elements outside the slide stay measurable.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import jinja2

from pptxagent.ir import SlideIR
from pptxagent.render.art import ArtContext
from pptxagent.render.images import ImageTable
from pptxagent.render.media import MediaStore
from pptxagent.render.view import SLIDE_GAP_PX, SlideView, slide_view

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"
DOCUMENT_TEMPLATE = "document.html.j2"
PAGE_PAD_PX = 200
"""Room right of and below the slides, so out-of-bounds elements stay on the page."""


@functools.lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=False,
        lstrip_blocks=False,
    )


def _document(views: list[SlideView], images: ImageTable, title: str, text: bool) -> str:
    template = _environment().get_template(DOCUMENT_TEMPLATE)
    return template.render(slides=views, images=images.rules(), title=title, gap=SLIDE_GAP_PX,
                           page_pad=PAGE_PAD_PX, text=text)


def render_slide(
    ir: SlideIR, *, assets_dir: Path | None = None, media: MediaStore | None = None,
    art: bool = True, text: bool = True,
) -> str:
    """One slide as a document whose ``#slide`` container is ``ir.slide.w × ir.slide.h`` px.

    ``art`` draws backgrounds, master/layout art, fills, outlines and pictures (pictures of
    the package through ``media``); ``text=False`` gives the same document with every glyph
    transparent (``body.notext``), for sampling the pixels behind the text."""
    return render_deck([ir], assets_dir=assets_dir, media=media, art=art, text=text,
                       title="slide")


def render_deck(
    irs: Sequence[SlideIR], *, assets_dir: Path | None = None, media: MediaStore | None = None,
    art: bool = True, text: bool = True, title: str | None = None,
) -> str:
    """N slides in one document; container ``i`` has ``data-slide="i"`` (0-based)."""
    images = ImageTable()
    ctx = ArtContext(images, media) if art else None
    views = [slide_view(ir, i, assets_dir, images, ctx) for i, ir in enumerate(irs)]
    return _document(views, images, title or f"deck of {len(views)} slides", text)
