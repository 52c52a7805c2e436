"""Pictures of the issues: each issue outlined on its slide (red critical, orange major,
yellow minor) with a short label, and a contact sheet of every slide.

The PNG is a raster of the slide component's rules (``qa/ui/slide.js``, the one place an issue
is drawn in HTML: the service UI, ``review.html``, ``contact-sheet.html``): only a live issue
(``open``, ``unresolved``) is outlined, in its severity's colour from the component's
``slide.css``; a resolved or accepted one is never drawn (the PNG has no picture from before
the QA correction pass to show a resolved one on)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFont

from pptxagent.ir.dom import Box
from pptxagent.ir.qa import LIVE_STATUSES, QaIssue
from pptxagent.qa.page import STYLE


def _severity_colors() -> dict[str, tuple[int, int, int]]:
    """``--critical``, ``--major``, ``--minor`` of the component's ``slide.css``."""
    css = STYLE.read_text("utf-8")
    out: dict[str, tuple[int, int, int]] = {}
    for severity in ("critical", "major", "minor"):
        m = re.search(rf"--{severity}:\s*#([0-9a-fA-F]{{6}})\b", css)
        if m is None:
            raise ValueError(f"{STYLE}: no --{severity} colour")
        out[severity] = (int(m[1][0:2], 16), int(m[1][2:4], 16), int(m[1][4:6], 16))
    return out


COLORS = _severity_colors()
INK: dict[str, tuple[int, int, int]] = {
    "critical": (255, 255, 255), "major": (29, 35, 43), "minor": (29, 35, 43)}
"""A label's text on its severity's colour (white on red, dark on orange and yellow), as
``slide.css`` writes it."""
THUMB_W = 400
LABEL_H = 22
GAP = 10
PER_ROW = 4


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default()


def label(issue: QaIssue) -> str:
    if issue.kind == "contrast" and issue.measured is not None:
        return f"contrast {issue.measured:.1f}"
    if issue.kind in ("overflow", "cutoff", "edge") and issue.measured is not None:
        return f"{issue.kind} {issue.measured:.0f}px"
    return issue.kind.replace("_", " ")


def _clip(box: Box, scale: float, out: Image.Image) -> tuple[float, float, float, float] | None:
    """``box`` (slide px) on the picture ``out`` (slide px × ``scale``), cut to it; None off
    it."""
    x0, y0 = max(0.0, box.x * scale), max(0.0, box.y * scale)
    x1, y1 = min(out.width - 1.0, box.right * scale), min(out.height - 1.0, box.bottom * scale)
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def _tag(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, font: Any, h: float,
         fill: tuple[int, int, int], ink: tuple[int, int, int], max_w: float) -> None:
    """A label: ``text`` in ``ink`` on a ``fill`` strip ``h`` high from (x, y)."""
    tw = min(draw.textlength(text, font=font), max_w)
    draw.rectangle((x, y, x + tw + 6, y + h), fill=fill)
    draw.text((x + 3, y + 1), text, fill=ink, font=font)


def _thumb(image: Image.Image) -> tuple[Image.Image, float]:
    """``image`` at the contact sheet's width (RGB), and its scale."""
    scale = THUMB_W / image.width
    return image.convert("RGB").resize((THUMB_W, max(1, round(image.height * scale)))), scale


def annotate(image: Image.Image, issues: Sequence[QaIssue], scale: float = 1.0) -> Image.Image:
    """A copy of ``image`` (slide px × ``scale``) with every live issue's box outlined."""
    out = image.convert("RGB")
    draw = ImageDraw.Draw(out)
    font = _font(max(10, round(13 * max(scale, 0.8))))
    size: int = getattr(font, "size", 13)
    width = max(2, round(3 * scale))
    for issue in sorted(issues, key=lambda i: i.severity != "minor"):  # critical drawn last
        if issue.box is None or issue.status not in LIVE_STATUSES:
            continue
        color = COLORS[issue.severity]
        x0, y0, x1, y1 = (_clip(issue.box, scale, out)
                          or (0.0, 0.0, out.width - 1.0, out.height - 1.0))  # off: the slide
        draw.rectangle((x0, y0, x1, y1), outline=color, width=width)
        ty = y0 - size - 4 if y0 >= size + 4 else y0 + width
        _tag(draw, x0, ty, label(issue), font, size + 3, color, INK[issue.severity], out.width)
    return out


def thumbnail(pixels: NDArray[np.uint8], issues: Sequence[QaIssue]) -> Image.Image:
    small, scale = _thumb(Image.fromarray(pixels))
    return annotate(small, issues, scale)


def outline_boxes(png: Path, boxes: Sequence[tuple[Box, str]],
                  color: tuple[int, int, int] = (0, 102, 204)) -> Image.Image:
    """A thumbnail of the slide picture ``png`` with each box (slide px) outlined and its label
    written above it (below it at the slide's top edge), off the text it outlines
    (``pptxagent probe``'s slots and their limits)."""
    with Image.open(png) as image:
        out, scale = _thumb(image)
    draw = ImageDraw.Draw(out)
    font = _font(11)
    seen: dict[tuple[float, float, float, float], int] = {}
    for box, text in boxes:
        n = seen.get((box.x, box.y, box.w, box.h), 0)  # a box outlined before: its labels stack
        seen[(box.x, box.y, box.w, box.h)] = n + 1
        clipped = _clip(box, scale, out)
        if clipped is None:
            continue
        x0, y0, x1, y1 = clipped
        draw.rectangle((x0, y0, x1, y1), outline=color, width=2)
        ty = y0 - 15 if y0 >= 15 else y1 + 1 if y1 + 16 <= out.height else y0  # off the text
        ty = max(0.0, ty - 16 * n) if ty < y0 else ty + 16 * n
        _tag(draw, x0, ty, text, font, 15, color, (255, 255, 255), out.width - x0 - 6)
    return out


def contact_sheet(thumbs: Sequence[tuple[int | str, Image.Image, int]], out: Path) -> Path:
    """``thumbs``: (slide number or label, annotated thumbnail, open issue count) per slide."""
    if not thumbs:
        raise ValueError("no slides for a contact sheet")
    th = max(t[1].height for t in thumbs)
    per_row = min(PER_ROW, len(thumbs))
    rows = (len(thumbs) + per_row - 1) // per_row
    cell_w, cell_h = THUMB_W, LABEL_H + th
    sheet = Image.new("RGB", (per_row * (cell_w + GAP) + GAP, rows * (cell_h + GAP) + GAP),
                      (255, 255, 255))
    draw = ImageDraw.Draw(sheet)
    font = _font(14)
    for k, (number, im, count) in enumerate(thumbs):
        x0 = GAP + (k % per_row) * (cell_w + GAP)
        y0 = GAP + (k // per_row) * (cell_h + GAP)
        note = f"{number}" + (f"  ({count} issue{'s' if count != 1 else ''})" if count else "")
        draw.text((x0, y0 + 3), note, fill=(200, 0, 0) if count else (0, 0, 0), font=font)
        sheet.paste(im, (x0, y0 + LABEL_H))
        draw.rectangle((x0, y0 + LABEL_H, x0 + im.width - 1, y0 + LABEL_H + im.height - 1),
                       outline=(160, 160, 160))
    out.parent.mkdir(parents=True, exist_ok=True)
    sheet.save(out)
    return out
