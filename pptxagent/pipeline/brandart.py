"""A template master's simple art made into a brand pack's ``art`` (issue 34 item 7): each
colour becomes the theme slot the composed master maps it to (``bg1`` … ``accent6``), so the
art recolours with the theme; a colour no slot carries, or one with modifiers other than
``lumMod``/``lumOff``, is left out and said so. Picture strips are written next to the pack.
"""

from __future__ import annotations

import re
from pathlib import Path

from pptxagent.ir.brand import ArtColor, ArtShape, Box
from pptxagent.ir.theme import SchemeColors
from pptxagent.ooxml.brandart import ArtFact
from pptxagent.ooxml.theme import ColorSpec
from pptxagent.ooxml.themeread import TemplateTheme

_HEX = re.compile(r"^[0-9A-Fa-f]{6}$")
SRGB_TOLERANCE = 6
"""A literal colour this close (per channel, 0–255) to a theme colour is that colour."""
_LIGHT = {"lt1": "bg1", "dk1": "tx1", "lt2": "bg2", "dk2": "tx2"}
_DARK = {"dk1": "bg1", "lt1": "tx1", "dk2": "bg2", "lt2": "tx2"}
_PLAIN = ("accent1", "accent2", "accent3", "accent4", "accent5", "accent6", "hlink",
          "folHlink")


def rounded_box(box: Box | None) -> Box | None:
    return None if box is None else (round(box[0], 4), round(box[1], 4), round(box[2], 4),
                                     round(box[3], 4))


def _mapped(slot: str, dark: bool) -> str | None:
    """A scheme slot (``lt1``, ``accent2``) as the composed master's mapped name."""
    if slot in _PLAIN:
        return slot
    return (_DARK if dark else _LIGHT).get(slot)


def _nearest(hexed: str, colors: SchemeColors) -> str | None:
    if not _HEX.match(hexed):
        return None
    want = [int(hexed[i:i + 2], 16) for i in (0, 2, 4)]
    best: tuple[int, str] | None = None
    for slot, value in colors.model_dump().items():
        have = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
        far = max(abs(a - b) for a, b in zip(want, have, strict=True))
        if far <= SRGB_TOLERANCE and (best is None or far < best[0]):
            best = (far, slot)
    return best[1] if best is not None else None


def slot_of(hexed: str, colors: SchemeColors, dark: bool) -> str | None:
    """The composed master's mapped slot (``tx2``, ``accent1``) that draws ``RRGGBB``, or
    ``None`` when no theme colour is that colour."""
    slot = _nearest(hexed.lstrip("#").upper(), colors)
    return _mapped(slot, dark) if slot is not None else None


def art_color(spec: ColorSpec, facts: TemplateTheme, colors: SchemeColors,
              dark: bool) -> ArtColor | str:
    """``spec`` as a slot of the composed theme, or why it cannot be one."""
    mods = dict(spec.mods)
    extra = sorted(set(mods) - {"lumMod", "lumOff"})
    if extra:
        return f"its colour has {', '.join(extra)} (only lumMod/lumOff are kept)"
    lum_mod, lum_off = mods.get("lumMod"), mods.get("lumOff")
    if (lum_mod is not None and not 0 <= lum_mod <= 100_000) or (
            lum_off is not None and not -100_000 <= lum_off <= 100_000):
        return "its colour's lumMod/lumOff is outside 0…100 %"
    if spec.kind == "sys" and not _HEX.match(spec.value.lstrip("#")):
        return f"a system colour {spec.value} without its last colour"
    if spec.kind == "scheme":
        slot = facts.clr_map.get(spec.value, spec.value)
    elif spec.kind in ("srgb", "sys"):
        found = _nearest(spec.value.lstrip("#").upper(), colors)
        if found is None:
            return f"its colour #{spec.value.upper()} is none of the theme's colours"
        slot = found
    else:
        return f"a {spec.kind} colour"
    mapped = _mapped(slot, dark)
    if mapped is None:
        return f"its colour {spec.value} is no theme slot"
    return ArtColor.model_validate({
        "slot": mapped,
        "lum_mod": round(lum_mod / 1000) if lum_mod is not None else None,
        "lum_off": round(lum_off / 1000) if lum_off is not None else None,
    })


def brand_art(facts: TemplateTheme, colors: SchemeColors, dark: bool,
              out: Path) -> tuple[list[ArtShape], dict[Path, bytes], list[str]]:
    """The pack's art, the picture files to write next to ``out``, and what was left out."""
    art: list[ArtShape] = []
    files: dict[Path, bytes] = {}
    left_out = list(facts.art.left_out)
    for fact in facts.art.art:
        shape = _shape(fact, facts, colors, dark, out, len(files) + 1)
        if isinstance(shape, str):
            left_out.append(f"{fact.name}: {shape}")
            continue
        if shape.image is not None:
            files[out.with_name(shape.image)] = fact.image
        art.append(shape)
    return art, files, left_out


def _shape(fact: ArtFact, facts: TemplateTheme, colors: SchemeColors, dark: bool, out: Path,
           n: int) -> ArtShape | str:
    box = rounded_box(fact.box)
    assert box is not None
    if fact.kind == "picture":
        return ArtShape(kind="picture", box=box, image=f"{out.stem}-art-{n}.{fact.ext}")
    assert fact.color is not None
    color = art_color(fact.color, facts, colors, dark)
    if isinstance(color, str):
        return color
    return ArtShape(kind="rule" if fact.kind == "rule" else "band", box=box, color=color,
                    line_pt=fact.line_pt)
