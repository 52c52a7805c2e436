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

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFont

from pptxagent.ir.dom import Box
from pptxagent.ir.qa import QaIssue
from pptxagent.qa.page import STYLE

LIVE = frozenset({"open", "unresolved"})
"""The statuses the component draws as alarms (its ``LIVE``)."""


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


def annotate(image: Image.Image, issues: Sequence[QaIssue], scale: float = 1.0) -> Image.Image:
    """A copy of ``image`` (slide px × ``scale``) with every live issue's box outlined."""
    out = image.convert("RGB")
    draw = ImageDraw.Draw(out)
    font = _font(max(10, round(13 * max(scale, 0.8))))
    width = max(2, round(3 * scale))
    for issue in sorted(issues, key=lambda i: i.severity != "minor"):  # critical drawn last
        if issue.box is None or issue.status not in LIVE:
            continue
        color = COLORS[issue.severity]
        b = issue.box
        x0, y0 = max(0.0, b.x * scale), max(0.0, b.y * scale)
        x1 = min(out.width - 1.0, b.right * scale)
        y1 = min(out.height - 1.0, b.bottom * scale)
        if x1 <= x0 or y1 <= y0:
            x0, y0, x1, y1 = 0.0, 0.0, out.width - 1.0, out.height - 1.0
        draw.rectangle((x0, y0, x1, y1), outline=color, width=width)
        text = label(issue)
        tw = draw.textlength(text, font=font)
        ty = y0 - font.size - 4 if y0 >= font.size + 4 else y0 + width  # type: ignore[union-attr]
        draw.rectangle((x0, ty, x0 + tw + 6, ty + font.size + 3), fill=color)  # type: ignore[union-attr]
        draw.text((x0 + 3, ty + 1), text, fill=INK[issue.severity], font=font)
    return out


def thumbnail(pixels: NDArray[np.uint8], issues: Sequence[QaIssue]) -> Image.Image:
    image = Image.fromarray(pixels)
    scale = THUMB_W / image.width
    small = image.resize((THUMB_W, max(1, round(image.height * scale))))
    return annotate(small, issues, scale)


def outline_boxes(png: Path, boxes: Sequence[tuple[Box, str]],
                  color: tuple[int, int, int] = (0, 102, 204)) -> Image.Image:
    """A thumbnail of the slide picture ``png`` with each box (slide px) outlined and its label
    written above it (below it at the slide's top edge), off the text it outlines
    (``pptxagent probe``'s slots and their limits)."""
    with Image.open(png) as image:
        scale = THUMB_W / image.width
        out = image.convert("RGB").resize((THUMB_W, max(1, round(image.height * scale))))
    draw = ImageDraw.Draw(out)
    font = _font(11)
    seen: dict[tuple[float, float, float, float], int] = {}
    for box, text in boxes:
        n = seen.get((box.x, box.y, box.w, box.h), 0)  # a box outlined before: its labels stack
        seen[(box.x, box.y, box.w, box.h)] = n + 1
        x0, y0 = max(0.0, box.x * scale), max(0.0, box.y * scale)
        x1 = min(out.width - 1.0, box.right * scale)
        y1 = min(out.height - 1.0, box.bottom * scale)
        if x1 <= x0 or y1 <= y0:
            continue
        draw.rectangle((x0, y0, x1, y1), outline=color, width=2)
        tw = min(draw.textlength(text, font=font), out.width - x0 - 6)
        ty = y0 - 15 if y0 >= 15 else y1 + 1 if y1 + 16 <= out.height else y0  # off the text
        ty = max(0.0, ty - 16 * n) if ty < y0 else ty + 16 * n
        draw.rectangle((x0, ty, x0 + tw + 6, ty + 15), fill=color)
        draw.text((x0 + 3, ty + 1), text, fill=(255, 255, 255), font=font)
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
