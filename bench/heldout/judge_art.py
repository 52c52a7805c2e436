"""The judge's design check: template art not moved (text contrast: ``judge_contrast.py``).

Art: every shape of the template slide that gets no content (pictures, lines, connectors,
untouched text and placeholders, groups) keeps its exact position and size on each output
slide made from it, and the position of every shape on the masters and layouts both decks
hold is unchanged.
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lxml import etree
from pptx import Presentation

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
ART_PARTS = ("ppt/slideMasters/", "ppt/slideLayouts/")
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
