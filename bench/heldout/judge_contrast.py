"""The judge's text-contrast check, on the pixels LibreOffice draws.

LibreOffice draws each deck three times, as PowerPoint shows it (stored autofit scales, no
live shrink), at twice the slide's px size:

* as it is: the colour of the text, where the text is;
* with every judged shape's text painted its own mask colour: which pixels are the shape's
  glyphs (only pixels drawn exactly in the mask colour, so the glyph's core, no antialiased
  edge);
* with every judged shape's text blanked (shape, fill and art untouched): what is drawn
  behind each glyph pixel.

A glyph pixel's contrast is the WCAG ratio of its text colour to the backdrop behind it.
Text art, pictures or rules that merely share the text's box are never mistaken for text,
and text drawn partly over a dark ribbon and partly over white is judged where it is drawn.
A shape's contrast is its weakest text colour's (each colour covering ``INK_SHARE`` of its
glyph pixels: a template mixing a red word with black text is judged by its red, as the
fill's text in the red word's format is), each colour by the contrast of the ``WORST_SHARE``
of its pixels that stand out least (text that ran off its dark ribbon onto white fails even
when its first lines are still on the ribbon). The output's text contrast must stay at least
``CONTRAST_KEEP`` of the template's in the same shape; shapes the template leaves empty have
nothing to compare with and are not judged.
"""

from __future__ import annotations

import posixpath
import tempfile
import threading
import zipfile
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np
from lxml import etree
from PIL import Image

from pptxagent.engines.libreoffice import get_libreoffice

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
EMU_PX = 9525
SCALE = 2
"""Drawn at twice the slide's px size: small text's strokes keep pixels fully covered."""
CONTRAST_KEEP = 0.70
"""The output's text contrast must stay at least this share of the template's."""
INK_SHARE = 0.01
"""A text colour counts when it covers at least this share of the shape's glyph pixels."""
WORST_SHARE = 0.10
"""A text colour's contrast is that of the least-standing-out share of its pixels."""
MIN_GLYPH_PX = 24
"""Fewer glyph pixels than this: nothing drawn to judge."""
MASK_BASE = 0x01FE00
"""Mask colours are ``MASK_BASE | k`` (k = 1, 2, ...): a green no template text or art uses
exactly."""
_FILLS = tuple(f"{{{A}}}{t}" for t in
               ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill"))
Shapes = Mapping[int, Iterable[str]]
"""Slide number (1-based) → the shape ids to judge on it."""
Drawn = dict[int, dict[str, tuple[np.ndarray, np.ndarray]]]
"""Slide number → shape id → (text colours, backdrop colours) of its glyph pixels (N × 3)."""


def _luminance(rgb: np.ndarray) -> np.ndarray:
    c = rgb / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    out: np.ndarray = lin @ np.array([0.2126, 0.7152, 0.0722])
    return out


def ratio(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """WCAG contrast ratio of each row of ``a`` against the same row of ``b`` (RGB 0-255)."""
    la, lb = _luminance(a), _luminance(b)
    out: np.ndarray = (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)
    return out


def text_contrast(ink: np.ndarray, back: np.ndarray) -> float | None:
    """The contrast of a shape's text from its glyph pixels: ``ink[i]`` the text colour drawn
    at pixel i, ``back[i]`` what is drawn there without the text. The weakest text colour's
    (see the module's docstring); None when too little text was drawn to judge."""
    if len(ink) < MIN_GLYPH_PX:
        return None
    each = ratio(ink, back)
    bins = (ink // 16).astype(int) @ np.array([256, 16, 1])
    counts = np.bincount(bins)
    worst = [float(np.quantile(each[bins == b], WORST_SHARE))
             for b in np.flatnonzero(counts >= max(INK_SHARE * len(ink), 1))]
    return min(worst) if worst else None


def _slide_parts(deck: Path) -> dict[int, str]:
    """Slide number → its part's name in the zip."""
    with zipfile.ZipFile(deck) as z:
        pres = etree.fromstring(z.read("ppt/presentation.xml"))
        rels = etree.fromstring(z.read("ppt/_rels/presentation.xml.rels"))
    target = {r.get("Id"): r.get("Target") or "" for r in rels}
    ids = [e.get(f"{{{R}}}id") for e in pres.iter(f"{{{P}}}sldId")]
    return {n: (target[i].lstrip("/") if target[i].startswith("/")
                else posixpath.normpath(posixpath.join("ppt", target[i])))
            for n, i in enumerate(ids, start=1)}


def _text_bodies(root: etree._Element, sid: str) -> Iterable[etree._Element]:
    for nv in root.iter(f"{{{P}}}cNvPr"):
        if nv.get("id") != sid:
            continue
        holder = nv.getparent()
        shape = holder.getparent() if holder is not None else None
        if shape is not None:
            yield from shape.iter(f"{{{P}}}txBody")


def _paint(txbody: etree._Element, rgb: int) -> None:
    for run in txbody.iter(f"{{{A}}}r", f"{{{A}}}fld"):
        rpr = run.find(f"{{{A}}}rPr")
        if rpr is None:
            rpr = etree.Element(f"{{{A}}}rPr")
            run.insert(0, rpr)
        for old in [c for c in rpr if c.tag in _FILLS]:
            rpr.remove(old)
        fill = etree.Element(f"{{{A}}}solidFill")
        etree.SubElement(fill, f"{{{A}}}srgbClr", val=f"{rgb:06X}")
        ln = rpr.find(f"{{{A}}}ln")
        rpr.insert(0 if ln is None else list(rpr).index(ln) + 1, fill)


def _blank(txbody: etree._Element) -> None:
    for t in txbody.iter(f"{{{A}}}t"):
        t.text = ""


def _rewrite(deck: Path, dst: Path, masks: Mapping[int, Mapping[str, int]],
             blank: bool) -> None:
    """``dst``: ``deck`` with the text of ``masks[n]``'s shapes on slide n painted their mask
    colour (or blanked); every other byte of the package as it was."""
    parts = _slide_parts(deck)
    with zipfile.ZipFile(deck) as z:
        edits: dict[str, bytes] = {}
        for n, by_id in masks.items():
            if n not in parts:
                continue
            root = etree.fromstring(z.read(parts[n]))
            for sid, rgb in by_id.items():
                for txbody in _text_bodies(root, sid):
                    _blank(txbody) if blank else _paint(txbody, rgb)
            edits[parts[n]] = etree.tostring(root, xml_declaration=True, encoding="UTF-8",
                                             standalone=True)
        with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as out:
            for info in z.infolist():
                out.writestr(info, edits.get(info.filename) or z.read(info.filename))


def _width(deck: Path) -> int:
    with zipfile.ZipFile(deck) as z:
        size = etree.fromstring(z.read("ppt/presentation.xml")).find(f"{{{P}}}sldSz")
    cx = int(size.get("cx", "9144000")) if size is not None else 9144000
    return round(cx / EMU_PX * SCALE)


def _draw(deck: Path, folder: Path, pages: Collection[int]) -> dict[int, np.ndarray]:
    """Slide number → its pixels, for the slides in ``pages`` only (a template has many)."""
    paths = get_libreoffice().to_pngs_as_stored(deck, folder, _width(deck), pages)
    return {int(p.stem.rsplit("-", 1)[1]): np.asarray(Image.open(p).convert("RGB"),
                                                      dtype=np.uint8) for p in paths}


def drawn_text(deck: Path, shapes: Shapes) -> Drawn:
    """For each shape to judge: the text colour and the backdrop at each of its glyph
    pixels, as LibreOffice draws ``deck``."""
    masks: dict[int, dict[str, int]] = {}
    k = 0
    for n, ids in shapes.items():
        for sid in ids:
            k += 1
            masks.setdefault(n, {})[sid] = MASK_BASE | k
    if k > 255:
        raise ValueError(f"{deck}: more than 255 shapes to judge at once")
    with tempfile.TemporaryDirectory(prefix="judge-contrast-") as tmp:
        folder = Path(tmp)
        _rewrite(deck, folder / "mask.pptx", masks, blank=False)
        _rewrite(deck, folder / "blank.pptx", masks, blank=True)
        shown = _draw(deck, folder / "shown", masks)
        masked = _draw(folder / "mask.pptx", folder / "mask", masks)
        behind = _draw(folder / "blank.pptx", folder / "blank", masks)
    out: Drawn = {}
    for n, by_id in masks.items():
        if n not in shown or n not in masked or n not in behind:
            continue
        s, m, b = shown[n], masked[n], behind[n]
        if not s.shape == m.shape == b.shape:
            continue
        for sid, rgb in by_id.items():
            want = np.array([(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255])
            glyph = np.all(m == want, axis=2)
            out.setdefault(n, {})[sid] = (s[glyph].astype(float), b[glyph].astype(float))
    return out


_cache: dict[tuple[str, int, tuple[tuple[int, tuple[str, ...]], ...]], Drawn] = {}
_cache_lock = threading.Lock()


def _template_text(template: Path, shapes: Shapes) -> Drawn:
    """``drawn_text`` of a template, once per template and shape set (cases share them)."""
    key = (str(template.resolve()), template.stat().st_mtime_ns,
           tuple(sorted((n, tuple(sorted(ids))) for n, ids in shapes.items())))
    with _cache_lock:
        if key in _cache:
            return _cache[key]
    found = drawn_text(template, shapes)
    with _cache_lock:
        _cache[key] = found
    return found


def check_contrast(template: Path, out: Path, template_slides: Sequence[int],
                   filled: Sequence[Iterable[str]]) -> list[str]:
    """Each filled text keeps >= 70% of its template contrast as LibreOffice draws both.
    ``template_slides[i]`` is the template slide output slide i+1 came from, ``filled[i]`` the
    text shape ids the case filled on it."""
    wanted = [set(ids) for ids in filled]
    on_template: dict[int, set[str]] = {}
    for n, ids in zip(template_slides, wanted, strict=True):
        on_template.setdefault(n, set()).update(ids)
    before_all = _template_text(template, on_template)
    after_all = drawn_text(out, {i: ids for i, ids in enumerate(wanted, start=1) if ids})
    why: list[str] = []
    for i, (n, ids) in enumerate(zip(template_slides, wanted, strict=True), start=1):
        for sid in sorted(ids):
            tpl_px, out_px = before_all.get(n, {}).get(sid), after_all.get(i, {}).get(sid)
            if tpl_px is None or out_px is None:
                continue
            before, after = text_contrast(*tpl_px), text_contrast(*out_px)
            if before is None or after is None:
                continue
            if after < CONTRAST_KEEP * before:
                why.append(f"slide {i}: sp{sid} text contrast {after:.2f} < 70% of the "
                           f"template's {before:.2f} (as LibreOffice draws it)")
    return why
