"""The judge's design checks: template art not moved, text contrast as LibreOffice draws it.

Art: every shape of the template slide that gets no content (pictures, lines, connectors,
untouched text and placeholders, groups) keeps its exact position and size on each output
slide made from it, and the position of every shape on the masters and layouts both decks
hold is unchanged.

Contrast: LibreOffice draws the template and the output (as PowerPoint shows them, stored
autofit scales, no live shrink); inside the box where LibreOffice drew each filled shape's
text, the backdrop is the box's most common colour and the text colours the main colours of
the pixels that differ from it. The WCAG contrast of the output text's weakest colour on its
backdrop must not fall below 70% of the same for the template's own text in that shape (a
template mixing a red heading with black text is judged by its red, as the fill's text in the
heading's format is). Shapes the template leaves empty have nothing to compare with and are
not judged.
"""

from __future__ import annotations

import tempfile
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from lxml import etree
from PIL import Image
from pptx import Presentation

from pptxagent.engines.libreoffice import TextBounds, TextBox, get_libreoffice

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
CONTRAST_KEEP = 0.70
"""The output's text contrast must stay at least this share of the template's."""
ART_PARTS = ("ppt/slideMasters/", "ppt/slideLayouts/")
PLAIN_SHARE = 0.4
"""A box is judged when its backdrop colour covers at least this share of it (text on a
picture or a gradient has no one backdrop colour to measure against: not judged)."""
INK_SHARE = 0.2
"""A text colour counts when it covers at least this share of the text's pixels (a thin rule
of template art inside the text box is no text colour), and is not a
blend of the backdrop and a stronger text colour (the antialiased edges of small black text
on white are greys on the white-black line: judged as a pale text colour they made black on
white 1.5:1)."""
BLEND_TOLERANCE = 12.0
"""How far (0-255 levels) a colour may lie off the backdrop-ink line and still be a blend."""
Geometry = tuple[Any, ...]


def _geometry(shape: Any) -> Geometry:
    return (shape.left, shape.top, shape.width, shape.height,
            getattr(shape, "rotation", 0.0))


def _kind(shape: Any) -> str:
    return str(getattr(shape, "shape_type", None) or "shape").split(" ")[0].lower()


def check_art(template: Path, out: Path, template_slides: Sequence[int],
              filled: Sequence[set[str]]) -> list[str]:
    """Shapes the fill did not touch keep their exact geometry; so does master/layout art.
    ``template_slides[i]`` is the template slide output slide i+1 came from, ``filled[i]``
    the shape ids the case filled on it."""
    tpl, prs = Presentation(str(template)), Presentation(str(out))
    why: list[str] = []
    for i, (n, ids) in enumerate(zip(template_slides, filled, strict=True), start=1):
        if i > len(prs.slides):
            break
        have = {str(s.shape_id): s for s in prs.slides[i - 1].shapes}
        for shape in tpl.slides[n - 1].shapes:
            sid = str(shape.shape_id)
            if sid in ids:
                continue
            got = have.get(sid)
            if got is None:
                if not shape.is_placeholder:
                    why.append(f"slide {i}: template {_kind(shape)} sp{sid} removed")
                continue
            if _geometry(got) != _geometry(shape):
                why.append(f"slide {i}: template {_kind(shape)} sp{sid} moved "
                           f"{_geometry(shape)} -> {_geometry(got)}")
    return why + _check_master_art(template, out)


def _offsets(xml: bytes) -> list[tuple[str | None, ...]]:
    root = etree.fromstring(xml)
    return [(e.get("x"), e.get("y"), e.get("cx"), e.get("cy"))
            for e in root.iter(f"{{{A}}}off", f"{{{A}}}ext")]


def _check_master_art(template: Path, out: Path) -> list[str]:
    with zipfile.ZipFile(template) as zt, zipfile.ZipFile(out) as zo:
        names = set(zt.namelist()) & set(zo.namelist())
        return [f"{name}: master/layout art moved" for name in sorted(names)
                if name.startswith(ART_PARTS) and name.endswith(".xml")
                and _offsets(zt.read(name)) != _offsets(zo.read(name))]


def _luminance(rgb: np.ndarray) -> np.ndarray:
    c = rgb / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    out: np.ndarray = lin @ np.array([0.2126, 0.7152, 0.0722])
    return out


def _ratio(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    la, lb = _luminance(a), _luminance(b)
    out: np.ndarray = (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)
    return out


def _pixels(image: Image.Image, box: TextBox) -> np.ndarray | None:
    x0, y0 = max(0, int(box.x)), max(0, int(box.y))
    x1, y1 = min(image.width, int(box.x + box.w + 1)), min(image.height, int(box.y + box.h + 1))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    px: np.ndarray = np.asarray(image.convert("RGB").crop((x0, y0, x1, y1)),
                                dtype=float).reshape(-1, 3)
    return px


def backdrop(px: np.ndarray) -> np.ndarray:
    """The most common colour of a region (what is drawn behind the text in it)."""
    bins = (px // 16).astype(int) @ np.array([256, 16, 1])
    bg: np.ndarray = px[bins == np.bincount(bins).argmax()].mean(axis=0)
    return bg


def text_inks(image: Image.Image, box: TextBox) -> tuple[list[np.ndarray], np.ndarray] | None:
    """The text's colours (each covering ``INK_SHARE`` of the pixels that differ from the
    backdrop; antialiasing blends spread thin and drop out) and the backdrop LibreOffice drew
    in ``box``; None on a busy backdrop."""
    px = _pixels(image, box)
    if px is None:
        return None
    bg = backdrop(px)
    ink = px[_ratio(px, bg[None, :]) > 1.15]
    if len(ink) < 4 or len(ink) > (1 - PLAIN_SHARE) * len(px):
        return None  # a busy backdrop (picture, gradient): no single colour stands behind
    bins = (ink // 32).astype(int) @ np.array([64, 8, 1])
    counts = np.bincount(bins)
    inks = [ink[bins == b].mean(axis=0) for b in np.flatnonzero(counts >= INK_SHARE * len(ink))]
    return [c for c in inks if not _blend(c, bg, inks)], bg


def _blend(c: np.ndarray, bg: np.ndarray, inks: list[np.ndarray]) -> bool:
    """``c`` lies between the backdrop and a colour further from it (an antialiased edge)."""
    for d in inks:
        span = d - bg
        length = float(span @ span)
        if length <= float((c - bg) @ (c - bg)):
            continue
        t = float((c - bg) @ span) / length
        if 0.0 < t < 1.0 and float(np.linalg.norm(bg + t * span - c)) <= BLEND_TOLERANCE:
            return True
    return False


def text_contrast(image: Image.Image, box: TextBox) -> float | None:
    """The lowest contrast of the text colours LibreOffice drew in ``box`` against what it
    drew behind them."""
    found = text_inks(image, box)
    if found is None or not found[0]:
        return None
    inks, bg = found
    return float(min(_ratio(c[None, :], bg[None, :])[0] for c in inks))


def _render(deck: Path, folder: Path) -> list[Image.Image]:
    paths = get_libreoffice().to_pngs_as_stored(deck, folder)
    return [Image.open(p) for p in paths]


def check_contrast(template: Path, out: Path, out_bounds: TextBounds,
                   template_slides: Sequence[int], filled: Sequence[Iterable[str]]) -> list[str]:
    """Each filled text keeps >= 70% of its template contrast as LibreOffice draws both."""
    lo = get_libreoffice()
    tpl_bounds = lo.text_bounds(template)
    why: list[str] = []
    with tempfile.TemporaryDirectory(prefix="judge-contrast-") as tmp:
        timgs = _render(template, Path(tmp) / "template")
        oimgs = _render(out, Path(tmp) / "out")
        for i, (n, ids) in enumerate(zip(template_slides, filled, strict=True), start=1):
            if i > len(oimgs) or n > len(timgs):
                continue
            why += _slide_contrast(i, ids, timgs[n - 1], tpl_bounds.get(n, {}),
                                   oimgs[i - 1], out_bounds.get(i, {}))
    return why


def _slide_contrast(i: int, ids: Iterable[str], timg: Image.Image,
                    tboxes: Mapping[str, TextBox], oimg: Image.Image,
                    oboxes: Mapping[str, TextBox]) -> list[str]:
    why: list[str] = []
    for sid in ids:
        tbox, obox = tboxes.get(sid), oboxes.get(sid)
        if tbox is None or obox is None:
            continue
        before, after = text_contrast(timg, tbox), text_contrast(oimg, obox)
        if before is None or after is None:
            continue
        if after < CONTRAST_KEEP * before:
            why.append(f"slide {i}: sp{sid} text contrast {after:.2f} < 70% of the "
                       f"template's {before:.2f} (as LibreOffice draws it)")
    return why
