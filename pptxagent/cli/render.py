"""``pptxagent render DECK.pptx --out DIR [--engine browser|libreoffice|both]``.

Writes ``DIR/libreoffice/slide-N.png`` (LibreOffice's PDF export, hidden slides included),
``DIR/browser/slide-N.png`` (the deck's IR drawn by Chromium) and ``DIR/contact-sheet.png``:
one cell per slide with its number, the engines side by side.
"""

from __future__ import annotations

import time
from pathlib import Path

import click
from PIL import Image, ImageDraw, ImageFont

from pptxagent.cli.common import handle_errors
from pptxagent.errors import InputError

ENGINES = ("libreoffice", "browser")
THUMB_W = 320
LABEL_H = 24
GAP = 8


def render_libreoffice(deck: Path, out_dir: Path) -> list[Path]:
    from pptxagent.engines.libreoffice import get_libreoffice
    from pptxagent.errors import EngineError

    lo = get_libreoffice()
    try:  # as PowerPoint shows the file: stored autofit, no live shrink hiding an overflow
        return lo.to_pngs_as_stored(deck, out_dir)
    except EngineError:  # no warm server: a cold soffice draws with its live autofit
        return lo.to_pngs(deck, out_dir)


def render_browser(deck: Path, out_dir: Path, text: bool = True) -> list[Path]:
    """The faithful render: backgrounds, master/layout art, fills and pictures from the
    package, every slide of the deck screenshot from one document."""
    from pptxagent.inventory import inventory_deck
    from pptxagent.measure import Measurer
    from pptxagent.ooxml.package import Package
    from pptxagent.render.media import MediaStore

    pkg = Package.open(deck)
    deck_ir = inventory_deck(pkg)
    out_dir.mkdir(parents=True, exist_ok=True)
    measurer = Measurer(assets_dir=deck.resolve().parent, media=MediaStore.for_package(pkg))
    irs = [deck_ir.slide_ir(s.index) for s in deck_ir.slides]
    paths = [out_dir / f"slide-{s.index}.png" for s in deck_ir.slides]
    return measurer.screenshot_many(irs, paths, text=text)


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


@click.command("render")
@click.argument("deck", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--out",
    "out_dir",
    required=True,
    type=click.Path(path_type=Path, file_okay=False),
    help="Directory for libreoffice/, browser/ and contact-sheet.png.",
)
@click.option(
    "--engine",
    type=click.Choice(["browser", "libreoffice", "both"]),
    default="both",
    show_default=True,
    help="Which renderer(s) to draw the slides with.",
)
@handle_errors
def command(deck: Path, out_dir: Path, engine: str) -> None:
    """Draw every slide of DECK.pptx as PNGs (LibreOffice and/or the browser) plus a contact
    sheet."""
    if not deck.is_file():
        raise InputError(f"{deck}: no such file")
    chosen = ENGINES if engine == "both" else (engine,)
    columns: dict[str, list[Path]] = {}
    for name in chosen:
        started = time.perf_counter()
        render = render_libreoffice if name == "libreoffice" else render_browser
        columns[name] = render(deck, out_dir / name)
        click.echo(
            f"{name}: {len(columns[name])} slides -> {out_dir / name} "
            f"({time.perf_counter() - started:.1f} s)"
        )
    sheet = contact_sheet(columns, out_dir / "contact-sheet.png")
    click.echo(f"contact sheet: {sheet}")
