"""A composed deck opens in the real LibreOffice: every slide drawn, the pack's background,
text inside its boxes, the cropped picture filling its frame."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pptxagent.engines.libreoffice import get_libreoffice
from pptxagent.ooxml.build import build_deck
from tests.unit.build_specs import NS, PICTURE_BOX, Deck, pack, specs, write_image

pytestmark = pytest.mark.libreoffice
PX = 9525


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_libreoffice_draws_every_slide_in_the_pack(dark: bool, tmp_path: Path) -> None:
    photo = write_image(tmp_path / "photo.png")
    data = build_deck(specs(photo), pack(dark), title="Review")
    deck_path = tmp_path / "deck.pptx"
    deck_path.write_bytes(data)
    engine = get_libreoffice()
    pngs = engine.to_pngs(deck_path, tmp_path / "png")
    assert len(pngs) == 9
    with Image.open(pngs[2]) as page:
        background = page.convert("RGB").getpixel((page.width - 5, page.height - 5))
    assert isinstance(background, tuple)
    assert (sum(background) < 3 * 80) == dark, background
    with Image.open(pngs[8]) as page:
        mid = page.convert("RGB").getpixel(((PICTURE_BOX.x + PICTURE_BOX.w // 2) // PX,
                                            (PICTURE_BOX.y + PICTURE_BOX.h // 2) // PX))
    assert mid == (200, 30, 30)
    bounds = engine.text_bounds(deck_path)
    deck = Deck(data)
    checked = 0
    for number, slide in enumerate(deck.slides(), start=1):
        for sp in slide.iterfind(".//p:sp", NS):
            sid = sp.find("p:nvSpPr/p:cNvPr", NS).get("id", "")
            drawn = bounds.get(number, {}).get(sid)
            xfrm = sp.find("p:spPr/a:xfrm", NS)
            if drawn is None or xfrm is None:
                continue
            x = int(xfrm.find("a:off", NS).get("x", "0")) / PX
            y = int(xfrm.find("a:off", NS).get("y", "0")) / PX
            w = int(xfrm.find("a:ext", NS).get("cx", "0")) / PX
            h = int(xfrm.find("a:ext", NS).get("cy", "0")) / PX
            assert x - 1 <= drawn.x and drawn.x + drawn.w <= x + w + 1, (number, sid)
            assert y - 1 <= drawn.y and drawn.y + drawn.h <= y + h + 1, (number, sid)
            checked += 1
    assert checked >= 12
