"""A brand pack looks like the brand (issue 34 item 7), from the CLI on the real engines:
``theme extract`` on the bundled brand template keeps its top band, title rule, footer rule
(a literal colour mapped onto its theme slot) and logo corner, leaves the gradient ornament
out and says so; the deck composed in that pack carries the art on its master in theme slots,
keeps every box clear of it, puts titles above the template's title rule, sets them as the
template sets its own (centred, bold, 44 pt, in ``tx2``), and, drawn by LibreOffice, shows the
same band, rules and logo as the template's own slides."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat
from test_compose_cli import ROOT, run_cli

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapes import read_slide_doc

BRAND = ROOT / "templates" / "pptx" / "brand.pptx"
FEW = ROOT / "fixtures" / "outline_few.json"

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


@pytest.fixture(scope="module")
def brand(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    d = tmp_path_factory.mktemp("brand")
    pack = d / "brand.json"
    proc = run_cli("theme", "extract", BRAND, "-o", pack)
    assert proc.returncode == 0, proc.stderr
    deck, report = d / "deck.pptx", d / "report.json"
    made = run_cli("compose", FEW, "-o", deck, "--theme", pack, "--report", report)
    assert made.returncode == 0, made.stderr
    for name, src in (("template", BRAND), ("composed", deck)):
        drawn = run_cli("render", src, "--out", d / name, "--engine", "libreoffice")
        assert drawn.returncode == 0, drawn.stderr
    return {"dir": d, "stdout": proc.stdout, "pack": json.loads(pack.read_text()),
            "deck": deck, "report": json.loads(report.read_text())}


def test_extract_keeps_the_simple_master_art(brand: dict[str, Any]) -> None:
    pack = brand["pack"]
    art = [(a["kind"], a["color"]["slot"]) for a in pack["art"]]
    assert art == [("band", "accent1"), ("rule", "tx2"), ("rule", "tx2")]
    assert pack["art"][1]["line_pt"] == 1.5 and pack["art"][0]["box"] == [0, 0, 1, 0.045]
    assert pack["logo_box"] == [0.86, 0.94, 0.09, 0.05]
    assert (brand["dir"] / "brand-logo.png").is_file()
    assert "3 piece(s) of master art" in brand["stdout"]
    assert "master art left out: Ornament: not a solid fill" in brand["stdout"]


def test_composed_master_carries_the_art_in_theme_slots(brand: dict[str, Any]) -> None:
    with zipfile.ZipFile(brand["deck"]) as z:
        master = z.read("ppt/slideMasters/slideMaster1.xml").decode()
    names = re.findall(r'name="(Brand [a-z]+ \d|Logo)"', master)
    assert names == ["Brand band 1", "Brand rule 2", "Brand rule 3", "Logo"]
    band = re.search(r'name="Brand band 1".*?</p:sp>', master)
    assert band is not None and '<a:schemeClr val="accent1"/>' in band.group(0)
    assert "srgbClr" not in master.split("<p:txStyles>")[0]


def test_titles_are_set_as_the_template_sets_its_own(brand: dict[str, Any]) -> None:
    pack = brand["pack"]
    assert pack["title"] == {"align": "center", "bold": True, "caps": False}
    assert pack["roles"]["title"] == {"slot": "tx2"} and pack["type"]["title"] == 44
    assert "  titles: center bold 44 pt tx2\n" in brand["stdout"]
    _, shapes = _boxes(brand["deck"])
    titles = [box for index, name, box in shapes if name == "title" and index > 1]
    assert titles and all(abs((left + right) / 2 - 0.5) < 0.01 for left, _, right, _ in titles)
    with zipfile.ZipFile(brand["deck"]) as z:
        slide = z.read("ppt/slides/slide2.xml").decode()
    title = re.search(r'<p:ph type="title"/>.*?</p:sp>', slide, re.S)
    assert title is not None
    run = re.search(r"<a:rPr [^>]*>.*?</a:rPr>", title.group(0))
    assert run is not None and 'b="1"' in run.group(0) and 'sz="4400"' in run.group(0)
    assert '<a:schemeClr val="tx2"/>' in run.group(0) and 'algn="ctr"' in title.group(0)


def _boxes(deck: Path) -> tuple[list[tuple[float, float, float, float]],
                                list[tuple[int, str, tuple[float, float, float, float]]]]:
    pkg = Package.open(deck)
    cx, cy = pkg.slide_size_emu()
    parts = pkg.slide_parts()
    slide = read_slide_doc(pkg, parts[1])
    layout = read_slide_doc(pkg, slide.parent) if slide.parent else None
    master = read_slide_doc(pkg, layout.parent) if layout and layout.parent else None
    assert master is not None
    art = [(s.xfrm.x / cx, s.xfrm.y / cy, (s.xfrm.x + s.xfrm.w) / cx,
            (s.xfrm.y + s.xfrm.h) / cy) for s in master.shapes
           if s.ph is None and s.xfrm is not None]
    shapes = []
    for i, part in enumerate(parts, 1):
        for s in read_slide_doc(pkg, part).shapes:
            if s.xfrm is not None and s.text is not None and s.text.text.strip():
                shapes.append((i, s.name, (s.xfrm.x / cx, s.xfrm.y / cy,
                                           (s.xfrm.x + s.xfrm.w) / cx,
                                           (s.xfrm.y + s.xfrm.h) / cy)))
    return art, shapes


def test_content_keeps_clear_of_the_art(brand: dict[str, Any]) -> None:
    art, shapes = _boxes(brand["deck"])
    assert len(art) == 4
    for index, name, (l1, t1, r1, b1) in shapes:
        for l2, t2, r2, b2 in art:
            hit = min(r1, r2) - max(l1, l2) > 0.002 and min(b1, b2) - max(t1, t2) > -0.001
            assert not hit, (index, name, (l1, t1, r1, b1), (l2, t2, r2, b2))
    titles = [box for index, name, box in shapes if name == "title" and index > 1]
    assert titles and all(b < 0.205 for _, _, _, b in titles)  # above the title rule
    for s in brand["report"]["slides"]:
        assert s["quality"] in ("success_clean", "success_with_warnings"), s


def _region(png: Path, box: tuple[float, float, float, float]) -> Image.Image:
    with Image.open(png) as im:
        w, h = im.size
        return im.convert("RGB").crop((round(box[0] * w), round(box[1] * h),
                                       round(box[2] * w), round(box[3] * h)))


@pytest.mark.parametrize("box", [
    (0.0, 0.0, 1.0, 0.04),      # the top band
    (0.1, 0.195, 0.9, 0.215),   # the title rule
    (0.1, 0.915, 0.8, 0.935),   # the footer rule
    (0.86, 0.94, 0.95, 0.99),   # the logo corner
])
def test_composed_slides_sit_beside_the_template(brand: dict[str, Any],
                                                 box: tuple[float, float, float, float]
                                                 ) -> None:
    d = brand["dir"]
    template = _region(d / "template" / "libreoffice" / "slide-1.png", box)
    for n in (2, 5, 8):
        composed = _region(d / "composed" / "libreoffice" / f"slide-{n}.png", box)
        composed = composed.resize(template.size)
        diff = ImageStat.Stat(ImageChops.difference(template, composed)).mean
        assert max(diff) < 12, (n, box, diff)
