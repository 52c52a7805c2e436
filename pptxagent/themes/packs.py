"""Load, list, validate and write theme packs (``pptxagent/themes/<name>.json``).

``load_pack`` takes a bundled name (``default``, ``dark``, ``corporate``) or a path to a
``.json`` file; a pack that breaks the schema, names a logo that is not there, or pairs
colour roles below the contrast floor is refused with an ``InputError`` (exit 2) naming the
file and the JSON path. A pack's ``logo`` is relative to the pack file; the loaded pack holds
it as an absolute path.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pptxagent.errors import InputError, IRValidationError
from pptxagent.ir.load import read_json, validate
from pptxagent.ir.theme import COLOR_ROLES, ColorRole, ThemePack, TitleStyle
from pptxagent.themes.color import contrast, role_rgb

THEMES_DIR = Path(__file__).resolve().parent
"""Where the bundled packs live (package data)."""

TEXT_MIN = 4.5
"""WCAG AA for body text."""
LARGE_MIN = 3.0
"""WCAG AA for large text (≥ 18 pt, or 14 pt bold) and graphics."""

CONTRAST_PAIRS: tuple[tuple[ColorRole, ColorRole, float], ...] = (
    ("text", "background", TEXT_MIN),
    ("muted", "background", TEXT_MIN),
    ("on_surface", "surface", TEXT_MIN),
    ("on_primary", "primary", TEXT_MIN),
    ("on_secondary", "secondary", TEXT_MIN),
    ("accent", "background", LARGE_MIN),
    ("title", "background", LARGE_MIN),
)
"""(foreground role, background role, minimum ratio) every pack must meet. ``accent`` may
colour large text (KPI values) and graphics on the background, so it needs 3:1; so does
``title`` (titles are at least 27 pt; a pack without it draws titles in ``text``)."""


def bundled_names() -> list[str]:
    """The names of the packs shipped with pptxagent, sorted."""
    return sorted(p.stem for p in THEMES_DIR.glob("*.json"))


def _faults(pack: ThemePack) -> list[tuple[ColorRole, str]]:
    out: list[tuple[ColorRole, str]] = []
    for fg, bg, floor in CONTRAST_PAIRS:
        ratio = contrast(pack, fg, bg)
        if ratio < floor:
            out.append((fg, (
                f"$.roles.{fg}: {fg} on {bg} has contrast {ratio:.2f}:1, below {floor:g}:1 "
                f"(#{role_rgb(pack, fg)} on #{role_rgb(pack, bg)})"
            )))
    return out


def validate_pack(pack: ThemePack) -> list[str]:
    """Every contrast fault of ``pack`` as a message naming the roles and the ratio (empty
    when it passes)."""
    return [message for _, message in _faults(pack)]


def contrast_table(pack: ThemePack) -> dict[str, float]:
    """``{"text/background": 14.68, ...}`` for every checked pair (rounded to 0.01)."""
    return {f"{fg}/{bg}": round(contrast(pack, fg, bg), 2) for fg, bg, _ in CONTRAST_PAIRS}


def _resolve(name_or_path: str) -> Path:
    text = name_or_path.strip()
    if not text:
        raise InputError("theme: empty name; bundled: " + ", ".join(bundled_names()))
    looks_like_path = text.lower().endswith(".json") or "/" in text or "\\" in text
    if not looks_like_path:
        if text in bundled_names():
            return THEMES_DIR / f"{text}.json"
        candidate = Path(text)
        if not candidate.is_file():
            raise InputError(
                f"theme {text!r}: no bundled pack of that name and no such file; bundled: "
                + ", ".join(bundled_names())
            )
        return candidate
    return Path(text)


def _beside(path: Path, name: str, where: str) -> str:
    """A file the pack names, made absolute against the pack's folder; refused if missing."""
    file = Path(name)
    if not file.is_absolute():
        file = path.resolve().parent / file
    if not file.is_file():
        raise IRValidationError(f"{path}: {where}: no such file {file}", path=where)
    return str(file)


def _with_logo(pack: ThemePack, path: Path) -> ThemePack:
    """The logo and the picture art as absolute paths."""
    update: dict[str, object] = {}
    if pack.logo is not None:
        update["logo"] = _beside(path, pack.logo, "$.logo")
    if any(a.image for a in pack.art):
        update["art"] = tuple(
            a.model_copy(update={"image": _beside(path, a.image, f"$.art[{i}].image")})
            if a.image else a for i, a in enumerate(pack.art))
    return pack.model_copy(update=update) if update else pack


def load_pack(name_or_path: str | Path) -> ThemePack:
    """A bundled pack by name, or a pack file; refused (exit 2) when it breaks the schema,
    its logo is missing, or a colour-role pair is below the contrast floor."""
    path = name_or_path if isinstance(name_or_path, Path) else _resolve(name_or_path)
    data = read_json(path)
    roles = data.get("roles") if isinstance(data, dict) else None
    if isinstance(roles, dict):
        missing = [r for r in COLOR_ROLES if r not in roles]
        if missing:
            raise IRValidationError(
                f"{path}: $.roles.{missing[0]}: colour role missing (missing: "
                f"{', '.join(missing)}; every pack maps all of {', '.join(COLOR_ROLES)})",
                path=f"$.roles.{missing[0]}",
            )
    pack = validate(ThemePack, data, source=str(path))
    faults = _faults(pack)
    if faults:
        raise IRValidationError(
            f"{path}: " + "; ".join(m for _, m in faults), path=f"$.roles.{faults[0][0]}"
        )
    return _with_logo(pack, path)


def list_packs() -> list[ThemePack]:
    """Every bundled pack, loaded and validated, sorted by name."""
    return [load_pack(THEMES_DIR / f"{name}.json") for name in bundled_names()]


def _dump(value: Any, indent: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    scalars = isinstance(value, dict | list) and not any(
        isinstance(v, dict | list) for v in (value.values() if isinstance(value, dict) else value)
    )
    if not isinstance(value, dict | list) or (scalars and len(flat) + indent <= 88):
        return flat
    pad, inner = " " * indent, " " * (indent + 2)
    if isinstance(value, list):
        items = [inner + _dump(v, indent + 2) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    rows = [f"{inner}{json.dumps(k)}: {_dump(v, indent + 2)}" for k, v in value.items()]
    return "{\n" + ",\n".join(rows) + "\n" + pad + "}"


def dump_pack(pack: ThemePack) -> str:
    """The pack as JSON text (2-space indent, small objects on one line), ending in a
    newline; unset optional fields are left out."""
    data = pack.model_dump(mode="json", exclude_none=True, by_alias=True)
    if not data.get("art"):
        data.pop("art", None)
    if pack.title == TitleStyle():
        data.pop("title", None)
    return _dump(data, 0) + "\n"
