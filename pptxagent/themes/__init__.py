"""Theme packs of scratch mode (agentic-upgrade §7.2): ``default``, ``dark``, ``corporate``.

A pack (``pptxagent.ir.theme.ThemePack``) is a versioned JSON file: the 12 OOXML scheme
colours, colour roles mapped to theme slots, fonts, shape style, spacing and type scale.
``load_pack`` reads a bundled name or a path and refuses a pack whose role pairs fall below
the contrast floor (``CONTRAST_PAIRS``); ``role_rgb`` resolves a role the way PowerPoint
draws it (see ``pptxagent.themes.color`` for the clrMap and lumMod/lumOff rules).
"""

from pptxagent.themes.color import (
    DARK_MAP,
    LIGHT_MAP,
    apply_lum,
    clr_map,
    contrast,
    contrast_hex,
    luminance,
    ref_rgb,
    resolve_ref,
    role_rgb,
    scheme_slot,
)
from pptxagent.themes.derive import derive_roles, is_dark_hex
from pptxagent.themes.packs import (
    CONTRAST_PAIRS,
    LARGE_MIN,
    TEXT_MIN,
    THEMES_DIR,
    bundled_names,
    contrast_table,
    dump_pack,
    list_packs,
    load_pack,
    validate_pack,
)

__all__ = [
    "CONTRAST_PAIRS",
    "DARK_MAP",
    "LARGE_MIN",
    "LIGHT_MAP",
    "TEXT_MIN",
    "THEMES_DIR",
    "apply_lum",
    "bundled_names",
    "clr_map",
    "contrast",
    "contrast_hex",
    "contrast_table",
    "derive_roles",
    "dump_pack",
    "is_dark_hex",
    "list_packs",
    "load_pack",
    "luminance",
    "ref_rgb",
    "resolve_ref",
    "role_rgb",
    "scheme_slot",
    "validate_pack",
]
