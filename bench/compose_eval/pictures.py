"""The ``picture`` check: each outline image is a native picture on its own slides, showing
the input picture (same pixel size), cropped to its frame, never stretched (issue 7 §5)."""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

from PIL import Image

from bench.compose_eval.deck import Deck, Slide, q

Failures = dict[int, list[str]]
ASPECT_TOL = 0.02
"""How far (relative) the shown part's aspect may differ from its frame's."""


def _pictures(deck: Deck, slide: Slide) -> list[tuple[tuple[int, int] | None, str]]:
    """(pixel size of the media, why it is distorted or "") of each picture on ``slide``."""
    rels = deck.rels(slide.part)
    out: list[tuple[tuple[int, int] | None, str]] = []
    for pic in slide.xml.iter(q("p:pic")):
        blip = next(pic.iter(q("a:blip")), None)
        rid = blip.get(q("r:embed")) if blip is not None else None
        target = rels.get(rid or "", ("", ""))[1]
        if target not in deck.names:
            out.append((None, "picture without media"))
            continue
        try:
            with Image.open(io.BytesIO(deck.read(target))) as img:
                size = img.size
        except OSError:
            out.append((None, f"{target}: unreadable picture"))
            continue
        out.append((size, _distortion(pic, size)))
    return out


def _distortion(pic: Any, size: tuple[int, int]) -> str:
    ext = next(pic.iter(q("a:ext")), None)
    if ext is None:
        return ""
    cx, cy = int(ext.get("cx", "0")), int(ext.get("cy", "0"))
    src = next(pic.iter(q("a:srcRect")), None)
    crop = {k: int(src.get(k, "0")) / 100000 if src is not None else 0.0
            for k in ("l", "t", "r", "b")}
    shown_w = size[0] * (1 - crop["l"] - crop["r"])
    shown_h = size[1] * (1 - crop["t"] - crop["b"])
    if min(cx, cy, shown_w, shown_h) <= 0:
        return "empty picture frame or crop"
    off = abs(math.log((shown_w / shown_h) / (cx / cy)))
    return f"stretched: shown part {shown_w / shown_h:.3f} in a {cx / cy:.3f} frame" \
        if off > ASPECT_TOL else ""


def check_pictures(deck: Deck, outline: dict[str, Any], base_dir: Path,
                   owners: list[int] | None = None) -> Failures:
    """Every outline ``image`` on a deck slide of its outline slide (anywhere without
    ``owners``), the same pixel size as the file, not stretched; no picture stretched."""
    out: Failures = {}
    found = {s.number: _pictures(deck, s) for s in deck.slides}
    for n, pics in found.items():
        for _, why in pics:
            if why:
                out.setdefault(n, []).append(why)
    for i, spec in enumerate(outline["slides"]):
        if not spec.get("image"):
            continue
        path = base_dir / spec["image"]
        try:
            with Image.open(path) as img:
                want = img.size
        except OSError:
            continue
        numbers = [s.number for k, s in enumerate(deck.slides)
                   if owners is None or owners[k] == i]
        if not any(size == want for n in numbers for size, _ in found[n]):
            blame = numbers[0] if numbers else 1
            out.setdefault(blame, []).append(
                f"outline slide {i + 1}: no picture of {spec['image']} ({want[0]}x{want[1]})")
    return out
