"""IR → HTML for the browser (Jinja2 templates in ``templates/`` here, package data)."""

from pptxagent.render.html import TEMPLATE_DIR, render_deck, render_slide

__all__ = ["TEMPLATE_DIR", "render_deck", "render_slide"]
