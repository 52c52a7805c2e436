"""``pptxagent themes list`` and ``pptxagent theme extract``: the bundled theme packs, and a
theme pack derived from a corporate template (colours, fonts, dark or light, logo).

Extraction keeps the template's 12 scheme colours and its theme font names as they are (the
renderers map fonts to installed metric twins through ``pptxagent.fonts``) and picks colour
roles that meet the contrast floor (``pptxagent.themes.derive``). Nothing is written until
everything has been read and checked; a bad template or output path is an ``InputError``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pptxagent.errors import InputError
from pptxagent.inventory.colors import ColorContext, resolve_color
from pptxagent.ir.brand import too_deep
from pptxagent.ir.theme import (
    SCHEME_SLOTS,
    SLIDE_H_PT,
    SLIDE_W_PT,
    TYPE_STEPS,
    ColorRef,
    FontFaces,
    Fonts,
    SchemeColors,
    Spacing,
    ThemePack,
    TitleStyle,
    TypeScale,
)
from pptxagent.ooxml.brandart import RASTER
from pptxagent.ooxml.themeread import TemplateTheme, read_template_theme
from pptxagent.ooxml.zipsafe import write_atomic
from pptxagent.pipeline.brandart import brand_art, rounded_box
from pptxagent.pipeline.brandtitle import title_look
from pptxagent.themes import (
    contrast_table,
    derive_roles,
    dump_pack,
    is_dark_hex,
    list_packs,
    load_pack,
    validate_pack,
)

OFFICE_SCHEME: dict[str, str] = {
    "dk1": "000000", "lt1": "FFFFFF", "dk2": "44546A", "lt2": "E7E6E6",
    "accent1": "4472C4", "accent2": "ED7D31", "accent3": "A5A5A5", "accent4": "FFC000",
    "accent5": "5B9BD5", "accent6": "70AD47", "hlink": "0563C1", "folHlink": "954F72",
}  # fmt: skip
"""PowerPoint's default "Office" scheme: stands in for a slot a theme leaves out."""
DEFAULT_FACE = "Calibri"
EXTRACT_VERSION = "1.0.0"
GUTTER_PT = 24.0
"""The grid gutter of an extracted pack (schema 2), as the bundled packs have."""


def themes_list() -> list[dict[str, Any]]:
    """One row per bundled pack, sorted by name: name, version, description, dark, and the
    measured contrast of every checked role pair."""
    return [
        {
            "name": p.name,
            "version": p.version,
            "description": p.description,
            "dark": p.dark,
            "contrast": contrast_table(p),
        }
        for p in list_packs()
    ]


def _scheme(facts: TemplateTheme) -> SchemeColors:
    plain = ColorContext(scheme={}, clr_map={})
    out: dict[str, str] = {}
    for slot in SCHEME_SLOTS:
        spec = facts.scheme.get(slot)
        hexed = resolve_color(spec, plain) if spec is not None else None
        out[slot] = (hexed or OFFICE_SCHEME[slot]).lstrip("#").upper()
    return SchemeColors.model_validate(out)


def template_is_dark(facts: TemplateTheme, colors: SchemeColors) -> bool:
    """Dark when the master maps ``bg1`` to a dark slot or paints a dark background."""
    if facts.clr_map.get("bg1", "lt1").startswith("dk"):
        return True
    if facts.background is None:
        return False
    scheme = colors.model_dump()
    hexed = resolve_color(facts.background, ColorContext(scheme=scheme, clr_map=facts.clr_map))
    return hexed is not None and is_dark_hex(hexed.lstrip("#"))


def _faces(own: dict[str, str], other: dict[str, str]) -> FontFaces:
    latin = own.get("latin") or other.get("latin") or DEFAULT_FACE
    return FontFaces(latin=latin, ea=own.get("ea", ""), cs=own.get("cs", ""))


def pack_name(stem: str) -> str:
    """A file stem made into a pack name (``A-Z a-z 0-9 _ . -``)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", stem).strip("-.")
    return name or "template"


def _check_paths(template: Path, out: Path) -> None:
    if not template.exists():
        raise InputError(f"{template}: no such file")
    if not template.is_file():
        raise InputError(f"{template}: is a directory, not a file; expected a .pptx")
    if out.exists() and out.is_dir():
        raise InputError(f"{out}: is a directory; give the output .json file (-o brand.json)")
    if not out.parent.is_dir():
        raise InputError(f"{out}: the output folder {out.parent} does not exist")
    if out.resolve() == template.resolve():
        raise InputError(f"{out}: the output would overwrite the template; choose another name")


@dataclass(frozen=True)
class Extracted:
    """What ``theme extract`` wrote: the pack as ``load_pack`` reads it back, and the master
    shapes it did not keep as art (``"<name>: <why>"``)."""

    pack: ThemePack
    left_out: tuple[str, ...]
    titles: str = ""
    """How the pack sets titles and where that came from (``center bold 44 pt tx2``; the
    pack's default when the template has no content layout; why a colour was not kept)."""


def extract_theme(template: Path, out: Path) -> Extracted:
    """Derive a theme pack from ``template``'s first slide master and write it to ``out``,
    with the master's logo picture next to it as ``<out stem>-logo.<ext>`` and its picture
    strips as ``<out stem>-art-<n>.<ext>``; the pack keeps the master's simple art (bands,
    rules, strips) in theme slots and the logo's corner."""
    template, out = Path(template), Path(out)
    _check_paths(template, out)
    facts = read_template_theme(template)
    colors = _scheme(facts)
    dark = template_is_dark(facts, colors)
    logo_path: Path | None = None
    art, files, left_out = brand_art(facts, colors, dark, out)
    if facts.logo is not None and facts.logo.ext in RASTER:
        logo_path = out.with_name(f"{out.stem}-logo.{facts.logo.ext}")
    elif facts.logo is not None:
        left_out.append(f"the logo {facts.logo.part}: {facts.logo.ext.upper()} (a pack's "
                        "logo is PNG, JPEG, GIF or BMP)")
    for path in [logo_path, *files]:
        if path is not None and path.resolve() == template.resolve():
            raise InputError(f"{path}: would overwrite the template; choose another name")
    logo_box = rounded_box(facts.logo_box) if logo_path is not None else None
    if logo_box is not None and too_deep(logo_box, SLIDE_W_PT, SLIDE_H_PT):
        left_out.append("the logo's place: too far into the slide (it goes top right)")
        logo_box = None
    look = title_look(template, colors, dark)
    roles = derive_roles(colors, dark)
    if look is not None and look.slot is not None:
        roles["title"] = ColorRef.model_validate({"slot": look.slot})
    fields: dict[str, Any] = {
        "name": pack_name(template.stem), "version": EXTRACT_VERSION, "schema_version": 2,
        "type": TypeScale(scale_pt=TYPE_STEPS,
                          title=look.size_pt if look is not None else TypeScale().title),
        "spacing": Spacing(gutter_pt=GUTTER_PT),
        "title": look.style if look is not None else TitleStyle(),
        "description": f"Extracted from {template.name}", "dark": dark, "colors": colors,
        "roles": roles,
        "fonts": Fonts(major=_faces(facts.major, facts.minor),
                       minor=_faces(facts.minor, facts.major)),
        "logo": logo_path.name if logo_path is not None else None, "logo_box": logo_box,
    }
    try:
        pack = ThemePack(**fields, art=tuple(art))
    except ValidationError as exc:  # the art together leaves the content too little room
        why = exc.errors()[0]["msg"].removeprefix("Value error, ")
        left_out += [f"all master art: together {why}"]
        art, files = [], {}
        pack = ThemePack(**fields)
    faults = validate_pack(pack)
    faint = next((f for f in faults if f.startswith("$.roles.title:")), None)
    if faint is not None:  # titles read too faintly: drawn in the pack's text colour
        pack = pack.model_copy(update={"roles": {
            k: v for k, v in pack.roles.items() if k != "title"}})
        faults = validate_pack(pack)
    if faults:  # derive_roles always meets the floor; say so plainly if it ever does not
        raise InputError(f"{template}: no readable colour roles: " + "; ".join(faults))
    written: list[Path] = []
    try:
        if logo_path is not None and facts.logo is not None:
            write_atomic(logo_path, facts.logo.data)
            written.append(logo_path)
        for path, data in files.items():
            write_atomic(path, data)
            written.append(path)
        write_atomic(out, dump_pack(pack).encode("utf-8"))
    except OSError as exc:
        for path in written:
            path.unlink(missing_ok=True)
        raise InputError(f"{out}: cannot write: {exc.strerror or exc}") from exc
    return Extracted(pack=load_pack(out), left_out=tuple(left_out),
                     titles=titles_line(pack, look is not None, faint))


def titles_line(pack: ThemePack, found: bool, faint: str | None) -> str:
    """What ``theme extract`` says of the pack's titles."""
    if not found:
        return "the pack's default (no content layout with a title in the template)"
    t = pack.title
    colour = pack.roles["title"].slot if "title" in pack.roles else "text"
    line = " ".join([t.align, *(["bold"] if t.bold else []), *(["capitals"] if t.caps else []),
                     f"{pack.type.title:g} pt", colour])
    if faint is not None:
        line += " (the template's title colour: " + faint.split(": ", 1)[1] + ")"
    return line
