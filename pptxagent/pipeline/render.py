"""``pptxagent render``: every slide of a deck as PNGs from LibreOffice and/or the browser,
and a contact sheet (one cell per slide, the engines side by side)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from pptxagent.engines.libreoffice import get_libreoffice
from pptxagent.errors import DrawingError, EngineError, InputError
from pptxagent.inventory import inventory_deck
from pptxagent.measure import Measurer
from pptxagent.ooxml.package import Package
from pptxagent.render.media import MediaStore

ENGINES = ("libreoffice", "browser")
THUMB_W = 320
LABEL_H = 24
GAP = 8


def render_libreoffice(deck: Path, out_dir: Path) -> list[Path]:
    lo = get_libreoffice()
    try:  # as PowerPoint shows the file: stored autofit, no live shrink hiding an overflow
        return lo.to_pngs_as_stored(deck, out_dir)
    except DrawingError:
        raise  # LibreOffice ran and could not draw this deck: drawing it again will not help
    except EngineError:  # no UNO bridge: a cold soffice draws with its live autofit
        return lo.to_pngs(deck, out_dir)


def render_browser(deck: Path, out_dir: Path, text: bool = True) -> list[Path]:
    """The faithful render: backgrounds, master/layout art, fills and pictures from the
    package, every slide of the deck screenshot from one document (``text=False``: the
    slides without their text, as the visual QA samples what lies behind the glyphs)."""
    pkg = Package.open(deck)
    deck_ir = inventory_deck(pkg)
    out_dir.mkdir(parents=True, exist_ok=True)
    measurer = Measurer(assets_dir=deck.resolve().parent, media=MediaStore.for_package(pkg))
    irs = [deck_ir.slide_ir(s.index) for s in deck_ir.slides]
    paths = [out_dir / f"slide-{s.index}.png" for s in deck_ir.slides]
    return measurer.screenshot_many(irs, paths, text=text)


def render_with(engine: str, deck: Path, out_dir: Path) -> list[Path]:
    """``engine`` (``libreoffice`` or ``browser``) draws every slide into ``out_dir``."""
    if not deck.is_file():
        raise InputError(f"{deck}: no such file")
    try:
        slides = len(Package.open(deck).slide_parts())
    except InputError:
        if engine != "libreoffice":
            raise
        slides = -1  # not a .pptx: LibreOffice reads .odp, .ppt and more
    if slides == 0:  # LibreOffice would draw one blank page
        raise InputError(f"{deck}: the deck has no slides to draw")
    render = render_libreoffice if engine == "libreoffice" else render_browser
    return render(deck, out_dir)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default()


def _thumb(path: Path | None, height: int) -> Image.Image:
    if path is None or not path.exists():
        return Image.new("RGB", (THUMB_W, height), (235, 235, 235))
    with Image.open(path) as im:
        return im.convert("RGB").resize((THUMB_W, height))


def contact_sheet(columns: dict[str, list[Path]], out: Path, per_row: int = 0) -> Path:
    """A grid of slide thumbnails: one cell per slide, the engines' renders side by side, the
    slide number (and engine names when there are several) above each cell."""
    names = list(columns)
    slides = max((len(v) for v in columns.values()), default=0)
    if slides == 0:
        raise InputError(f"{out}: no slide images to put on a contact sheet")
    first = next(p for v in columns.values() for p in v)
    with Image.open(first) as im:
        ratio = im.height / im.width
    th = round(THUMB_W * ratio)
    cell_w = len(names) * THUMB_W + (len(names) - 1) * GAP
    cell_h = LABEL_H + th
    per_row = per_row or max(1, 4 // len(names))
    rows = (slides + per_row - 1) // per_row
    sheet = Image.new(
        "RGB", (per_row * (cell_w + GAP) + GAP, rows * (cell_h + GAP) + GAP), (255, 255, 255)
    )
    draw = ImageDraw.Draw(sheet)
    font = _font(14)
    for i in range(slides):
        x0 = GAP + (i % per_row) * (cell_w + GAP)
        y0 = GAP + (i // per_row) * (cell_h + GAP)
        draw.text((x0, y0 + 4), f"{i + 1}", fill=(0, 0, 0), font=font)
        for j, name in enumerate(names):
            paths = columns[name]
            tx = x0 + j * (THUMB_W + GAP)
            if len(names) > 1:
                draw.text((tx + 40, y0 + 4), name, fill=(110, 110, 110), font=font)
            sheet.paste(_thumb(paths[i] if i < len(paths) else None, th), (tx, y0 + LABEL_H))
            draw.rectangle(
                (tx, y0 + LABEL_H, tx + THUMB_W - 1, y0 + LABEL_H + th - 1), outline=(160, 160, 160)
            )
    out.parent.mkdir(parents=True, exist_ok=True)
    sheet.save(out)
    return out


