"""Theme packs and slide specs for the tests of the scratch-mode writer (``ooxml.build``)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import cast

from lxml import etree
from PIL import Image

from pptxagent.ir.compose import (
    Box,
    ChartSpec,
    Para,
    PictureSpec,
    SeriesSpec,
    ShapeSpec,
    SlideSpec,
    TableSpec,
    TextSpec,
)
from pptxagent.ir.outline import ChartType
from pptxagent.ir.theme import ThemePack

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "x": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "rel": "http://schemas.openxmlformats.org/package/2006/relationships",
}
IMAGE_PX = (400, 100)
PICTURE_BOX = Box(x=609_600, y=1_400_000, w=6_000_000, h=4_000_000)
CHARTS = {
    "column": (["North", "South", "East"], [("2024", [1.5, 2.25, 3.0]), ("2025", [4, 5, 6.125])]),
    "pie": (["Cloud", "Licences", "Services"], [("Share", [12.5, 30.0, 57.5])]),
    "line": (["Q1", "Q2", "Q3", "Q4"], [("Revenue", [3.1, 0.1 + 0.2, 2.75, 1e16])]),
    "bar": (["Alpha", "Beta"], [("Units", [-4.0, 9.0]), ("Returns", [0.001, 2.0])]),
}
TABLE_ROWS = [["Region", "Revenue", "Growth"], ["EMEA", "€12.4 m", "+4 %"], ["APAC", "$8 m"]]
NOTES = "Open with the headline.\nThen the numbers."


def pack(dark: bool, logo: str | None = None) -> ThemePack:
    roles = {
        "background": {"slot": "bg1"}, "text": {"slot": "tx1"},
        "muted": {"slot": "tx1", "lum_mod": 65, "lum_off": 35}, "surface": {"slot": "bg2"},
        "on_surface": {"slot": "tx2"}, "primary": {"slot": "accent1"},
        "on_primary": {"slot": "bg1"}, "secondary": {"slot": "accent2"},
        "on_secondary": {"slot": "bg1"}, "accent": {"slot": "accent3"},
        "line": {"slot": "tx1", "lum_mod": 25, "lum_off": 75},
        **{f"chart{i}": {"slot": f"accent{i}"} for i in range(1, 7)},
    }
    return ThemePack.model_validate({
        "name": "night" if dark else "paper", "version": "1.0.0", "dark": dark,
        "colors": {"dk1": "111827", "lt1": "FFFFFF", "dk2": "1F2937", "lt2": "F3F4F6",
                   "accent1": "2563EB", "accent2": "059669", "accent3": "D97706",
                   "accent4": "DC2626", "accent5": "7C3AED", "accent6": "0891B2",
                   "hlink": "2563EB", "folHlink": "7C3AED"},
        "roles": roles,
        "fonts": {"major": {"latin": "Carlito", "ea": "Noto Sans CJK JP", "cs": "Arial"},
                  "minor": {"latin": "Liberation Sans"}},
        "shapes": {"corner_radius": 0.12, "shadow": dark, "outline": True},
        "transition": "fade" if dark else "none", "logo": logo,
    })


def write_image(path: Path, size: tuple[int, int] = IMAGE_PX) -> Path:
    Image.new("RGB", size, (200, 30, 30)).save(path)
    return path


def _box(x: int, y: int, w: int, h: int) -> Box:
    return Box(x=x, y=y, w=w, h=h)


def title(text: str) -> TextSpec:
    return TextSpec(name="Title", box=_box(609_600, 300_000, 10_972_800, 900_000), role="title",
                    placeholder="title", paragraphs=[Para(text=text, size_pt=36, font="major",
                                                          bold=True)])


def _chart_slide(kind: str) -> SlideSpec:
    categories, series = CHARTS[kind]
    chart = ChartSpec(name="Chart", box=_box(609_600, 1_400_000, 7_000_000, 4_800_000),
                      chart_type=cast(ChartType, kind), categories=categories,
                      legend=kind != "line",
                      series=[SeriesSpec(name=n, values=v) for n, v in series])
    return SlideSpec(kind="data", component="data", shapes=[title(f"{kind} chart"), chart])


def specs(image: Path) -> list[SlideSpec]:
    """One slide per kind of spec: title (band behind the title), section without subtitle,
    bullets with a card, four charts, a table, a picture."""
    band = ShapeSpec(name="Band", box=_box(0, 3_900_000, 12_192_000, 2_958_000), fill="primary")
    subtitle = TextSpec(name="Subtitle", box=_box(609_600, 4_300_000, 10_972_800, 800_000),
                        role="subtitle", placeholder="subtitle",
                        paragraphs=[Para(text="Results & outlook", size_pt=24,
                                         color="on_primary")])
    body = TextSpec(name="Body", box=_box(609_600, 1_400_000, 7_000_000, 4_000_000), role="body",
                    anchor="middle", inset_pt=7.2, paragraphs=[
                        Para(text="First point", size_pt=20, bullet=True, space_after_pt=6),
                        Para(text="A sub point", size_pt=18, bullet=True, level=1),
                        Para(text="Plain 日本語\nsecond line", size_pt=20, align="center",
                             italic=True, color="muted")])
    card = ShapeSpec(name="Card", box=_box(8_000_000, 1_400_000, 3_500_000, 2_000_000),
                     rounded=True, shadow=True, fill="surface")
    label = TextSpec(name="Card", box=_box(8_100_000, 1_500_000, 3_300_000, 600_000),
                     role="label", fill="surface",
                     paragraphs=[Para(text="Label", size_pt=18, color="on_surface")])
    rule = ShapeSpec(name="Rule", box=_box(609_600, 1_250_000, 10_972_800, 12_700),
                     preset="line", fill=None, line="accent", line_pt=2)
    return [
        SlideSpec(layout="title", kind="title", component="hero",
                  shapes=[band, title("Quarterly review"), subtitle], notes=NOTES),
        SlideSpec(layout="section", kind="section", component="section",
                  shapes=[title("Part one")]),
        SlideSpec(kind="bullets", component="bullets",
                  shapes=[title("Bullets"), rule, body, card, label]),
        *[_chart_slide(kind) for kind in CHARTS],
        SlideSpec(kind="table", component="table", shapes=[
            title("Table"),
            TableSpec(name="Table", box=_box(609_600, 1_400_000, 10_972_800, 3_000_001),
                      rows=TABLE_ROWS, font_pt=18)]),
        SlideSpec(kind="image", component="image", shapes=[
            title("Image"), PictureSpec(name="Picture", box=PICTURE_BOX, path=str(image))]),
    ]


class Deck:
    """The parts of a written .pptx, parsed."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            self.names = archive.namelist()
            self.parts = {name: archive.read(name) for name in self.names}

    def xml(self, name: str) -> etree._Element:
        return etree.fromstring(self.parts[name])

    def slides(self) -> list[etree._Element]:
        count = sum(1 for n in self.names if n.startswith("ppt/slides/slide"))
        return [self.xml(f"ppt/slides/slide{k}.xml") for k in range(1, count + 1)]

    def rels(self, part: str) -> dict[str, str]:
        folder, _, name = part.rpartition("/")
        root = self.xml(f"{folder}/_rels/{name}.rels")
        return {r.get("Id", ""): r.get("Target", "") for r in root.findall("rel:Relationship", NS)}

    def related(self, part: str, rid: str) -> str:
        folder = part.rpartition("/")[0].split("/")
        for piece in self.rels(part)[rid].split("/"):
            if piece == "..":
                folder.pop()
            else:
                folder.append(piece)
        return "/".join(folder)
