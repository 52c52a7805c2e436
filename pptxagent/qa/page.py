"""Self-contained HTML pages of slides with their QA issues (``pptxagent batch``'s
``review.html``, ``pptxagent qa``'s ``contact-sheet.html``), drawn by the one slide component:
``qa/ui/slide.js`` and ``slide.css``, the files the service UI draws its slides with (served
under ``/qa/``). A page inlines both, read from the package as it is written, and its decks
as a JSON blob: each slide's picture URL (a ``data:`` URL here) and its issues as data
(kind, severity, status, box, slide). How an issue is drawn is the component's alone: only a
live issue (``open``, ``unresolved``) is an alarm, a resolved one a muted green outline, an
accepted one listed, never drawn."""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from pptxagent.ir.qa import QaIssue, QaReport

UI_DIR = Path(__file__).resolve().parent / "ui"
"""The slide component's files (package data)."""
COMPONENT = UI_DIR / "slide.js"
STYLE = UI_DIR / "slide.css"
ISSUE_FIELDS = ("slide", "kind", "severity", "status", "box", "shape", "message")
"""What the component reads of an issue."""
PICTURE_W = 640
_PAGE_CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
margin:24px;color:var(--fg);background:var(--bg);max-width:1800px;overflow-wrap:anywhere}
h1{font-size:20px} .deck{border:1px solid var(--line);border-radius:6px;padding:12px;
margin:14px 0;background:var(--card)} .deck h2{font-size:16px;margin:0 0 6px}
"""


def component_js() -> str:
    return COMPONENT.read_text("utf-8")


def component_css() -> str:
    return STYLE.read_text("utf-8")


def issue_data(issue: QaIssue | Mapping[str, Any]) -> dict[str, Any]:
    """The fields of an issue the component draws it by."""
    raw = issue.model_dump(mode="json") if isinstance(issue, QaIssue) else dict(issue)
    return {k: raw.get(k) for k in ISSUE_FIELDS}


def png_data_url(picture: Image.Image | Path | str, width: int | None = None) -> str | None:
    """A picture (an image, or a PNG file: ``None`` when it is not there) as a ``data:`` URL,
    scaled down to ``width`` px when it is wider."""
    if not isinstance(picture, Image.Image):
        path = Path(picture)
        if not path.is_file():
            return None
        if width is None:
            return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode()
        with Image.open(path) as im:
            return png_data_url(im.convert("RGB"), width)
    image = picture
    if width is not None and image.width > width:
        image = image.resize((width, max(1, round(image.height * width / image.width))))
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def slides_page(title: str, body: str, decks: Sequence[Mapping[str, Any]],
                css: str = "") -> str:
    """A whole page: ``body`` (HTML) holds an element ``id=target`` per deck, which the
    component fills with the deck's slide cards (``drawDecks`` in ``slide.js``). A deck:
    ``target``, ``slide_px`` (``{w, h}``, the unit of the boxes), ``slides`` (``index``,
    ``quality``, ``title``, ``picture``), ``issues`` (``issue_data``)."""
    js, style = component_js(), component_css() + _PAGE_CSS + css
    if "</script" in js.lower() or "</style" in style.lower():
        raise ValueError("the slide component cannot be inlined: it closes its own tag")
    blob = json.dumps({"decks": list(decks)}, ensure_ascii=False).replace("<", "\\u003c")
    return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(title)}</title><style>{style}</style></head><body>{body}"
            f"<script type=application/json id=slide-data>{blob}</script>"
            f"<script type=module>\n{js}\n"
            "drawDecks(JSON.parse(document.getElementById('slide-data').textContent));\n"
            "</script></body></html>\n")


def qa_sheet_html(report: QaReport, pictures: Mapping[int, str | None],
                  slide_px: Mapping[str, float], png: str = "contact-sheet.png") -> str:
    """``pptxagent qa --out``'s ``contact-sheet.html``: every slide (``pictures``: slide
    number → its picture without marks) with the report's issues; ``png`` is the raster of
    the same sheet next to it."""
    e = html.escape
    live = report.open_issues()
    kinds = ", ".join(f"{k} {v}" for k, v in sorted(report.counts.items()))
    name = Path(report.deck).name
    body = (f"<h1>QA: {e(name)}</h1><p>{report.slides} slide(s), {len(live)} open issue(s)"
            f"{': ' + e(kinds) if kinds else ''}. The same sheet as a picture: "
            f"<a href='{e(png)}'>{e(png)}</a>.</p><div class=slides id=deck-1></div>")
    deck = {"target": "deck-1", "slide_px": dict(slide_px),
            "slides": [{"index": n, "picture": pictures[n]} for n in sorted(pictures)],
            "issues": [issue_data(i) for i in report.issues]}
    return slides_page(f"QA: {name}", body, [deck])


__all__ = ["COMPONENT", "ISSUE_FIELDS", "PICTURE_W", "STYLE", "UI_DIR", "component_css",
           "component_js", "issue_data", "png_data_url", "qa_sheet_html", "slides_page"]
