"""Theme packs: the bundled packs load and meet the contrast floor, roles resolve as
PowerPoint draws them (clrMap, lumMod/lumOff), and a broken pack file is refused with an
exit-2 error naming the file and the JSON path."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest

from pptxagent.errors import InputError, IRValidationError
from pptxagent.fonts import resolve_font
from pptxagent.ir.theme import COLOR_ROLES, SCHEME_SLOTS, SchemeColors, ThemePack
from pptxagent.ooxml.theme import ColorSpec
from pptxagent.ooxml.themeread import TemplateTheme
from pptxagent.pipeline.theme import pack_name, template_is_dark
from pptxagent.themes import (
    CONTRAST_PAIRS,
    THEMES_DIR,
    apply_lum,
    bundled_names,
    contrast,
    contrast_hex,
    derive_roles,
    dump_pack,
    list_packs,
    load_pack,
    role_rgb,
    validate_pack,
)

BUNDLED = ("corporate", "dark", "default")


def _pack_dict(name: str = "default") -> dict[str, Any]:
    data: dict[str, Any] = json.loads((THEMES_DIR / f"{name}.json").read_text("utf-8"))
    return data


def _write(tmp_path: Path, data: dict[str, Any], name: str = "brand.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_bundled_packs_are_listed_sorted_and_versioned() -> None:
    assert bundled_names() == list(BUNDLED)
    packs = list_packs()
    assert [p.name for p in packs] == list(BUNDLED)
    assert all(p.version == "1.0.0" and p.description for p in packs)
    assert [p.dark for p in packs] == [False, True, False]


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_pack_passes_every_contrast_pair(name: str) -> None:
    pack = load_pack(name)
    assert validate_pack(pack) == []
    for fg, bg, floor in CONTRAST_PAIRS:
        assert contrast(pack, fg, bg) >= floor, (fg, bg)
    # text a user reads on the page clears AA comfortably, not by a rounding error
    assert contrast(pack, "text", "background") >= 7.0


@pytest.mark.parametrize("name", BUNDLED)
def test_every_role_resolves_and_charts_are_the_accents(name: str) -> None:
    pack = load_pack(name)
    for role in COLOR_ROLES:
        rgb = role_rgb(pack, role)
        assert len(rgb) == 6 and int(rgb, 16) >= 0
    for i in range(1, 7):
        assert pack.roles[f"chart{i}"].slot == f"accent{i}"  # type: ignore[index]
        assert role_rgb(pack, f"chart{i}") == getattr(pack.colors, f"accent{i}")  # type: ignore[arg-type]


def test_dark_pack_background_resolves_through_the_swapped_clr_map() -> None:
    pack = load_pack("dark")
    assert pack.dark and pack.roles["background"].slot == "bg1"
    assert role_rgb(pack, "background") == pack.colors.dk1  # bg1 -> dk1
    assert role_rgb(pack, "text") == pack.colors.lt1  # tx1 -> lt1
    assert contrast_hex(role_rgb(pack, "background"), "000000") < 1.5  # near black
    light = load_pack("default")
    assert role_rgb(light, "background") == light.colors.lt1 == "FFFFFF"


def test_lum_mod_and_lum_off_follow_ooxml_hsl_luminance() -> None:
    assert apply_lum("FFFFFF", 85, None) == "D9D9D9"  # "White, Background 1, Darker 15%"
    assert apply_lum("000000", 75, 25) == "404040"  # "Black, Text 1, Lighter 25%"
    assert apply_lum("4472C4", 75, None) == "2F5597"  # "Blue, Accent 1, Darker 25%"
    assert apply_lum("4472C4", 40, 60) == "B4C7E7"  # "Blue, Accent 1, Lighter 60%"
    assert apply_lum("1D4ED8", None, None) == "1D4ED8"
    assert contrast_hex("000000", "FFFFFF") == pytest.approx(21.0)


def test_pack_fonts_are_installed_metric_twins() -> None:
    if shutil.which("fc-list") is None:
        pytest.skip("fc-list not available")
    out = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True, check=True)
    installed = {f.strip() for line in out.stdout.splitlines() for f in line.split(",")}
    for pack in list_packs():
        for faces in (pack.fonts.major, pack.fonts.minor):
            assert resolve_font(faces.latin) in installed, (pack.name, faces.latin)
            for face in (faces.ea, faces.cs):
                assert face and resolve_font(face) in installed, (pack.name, face)


def test_dump_pack_round_trips(tmp_path: Path) -> None:
    for pack in list_packs():
        path = tmp_path / f"{pack.name}.json"
        path.write_text(dump_pack(pack), encoding="utf-8")
        assert load_pack(str(path)) == pack
        assert (THEMES_DIR / f"{pack.name}.json").read_text("utf-8") == dump_pack(pack)


def test_missing_role_is_refused_naming_file_and_path(tmp_path: Path) -> None:
    data = _pack_dict()
    del data["roles"]["on_primary"]
    path = _write(tmp_path, data)
    with pytest.raises(IRValidationError) as err:
        load_pack(str(path))
    assert err.value.exit_code == 2
    assert str(path) in err.value.message and "$.roles" in err.value.message
    assert "on_primary" in err.value.message


def test_bad_colour_is_refused_naming_the_json_path(tmp_path: Path) -> None:
    data = _pack_dict("corporate")
    data["colors"]["accent1"] = "navy"
    path = _write(tmp_path, data)
    with pytest.raises(IRValidationError) as err:
        load_pack(str(path))
    assert err.value.path == "$.colors.accent1"
    assert f"{path}: $.colors.accent1" in err.value.message


def test_unknown_slot_and_unknown_field_are_refused(tmp_path: Path) -> None:
    data = _pack_dict()
    data["roles"]["text"] = {"slot": "dk1"}  # a shape references mapped names (tx1), not dk1
    with pytest.raises(IRValidationError) as err:
        load_pack(str(_write(tmp_path, data)))
    assert err.value.path == "$.roles.text.slot"
    data = _pack_dict()
    data["colour"] = {}
    with pytest.raises(IRValidationError, match=r"\$\.colour"):
        load_pack(str(_write(tmp_path, data)))


def test_contrast_fault_is_refused_naming_roles_and_ratio(tmp_path: Path) -> None:
    data = _pack_dict()
    data["roles"]["on_primary"] = {"slot": "accent1"}  # blue text on the same blue
    path = _write(tmp_path, data)
    pack = ThemePack.model_validate(data)
    faults = validate_pack(pack)
    assert len(faults) == 1 and "on_primary on primary" in faults[0] and "1.00:1" in faults[0]
    with pytest.raises(IRValidationError) as err:
        load_pack(str(path))
    assert err.value.exit_code == 2 and err.value.path == "$.roles.on_primary"
    assert str(path) in err.value.message and "below 4.5:1" in err.value.message


def test_logo_resolves_relative_to_the_pack_file(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    data = _pack_dict()
    data["logo"] = "art/logo.png"
    pack = load_pack(str(_write(tmp_path, data)))
    assert pack.logo == str((tmp_path / "art" / "logo.png").resolve())
    data["logo"] = "art/missing.png"
    with pytest.raises(IRValidationError, match=r"\$\.logo: no such file"):
        load_pack(str(_write(tmp_path, data)))


def test_unknown_name_and_missing_file_are_input_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="bundled: corporate, dark, default"):
        load_pack("neon")
    with pytest.raises(InputError, match="no such file"):
        load_pack(str(tmp_path / "nope.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(IRValidationError, match="not valid JSON"):
        load_pack(str(bad))


def _random_scheme(rng: random.Random) -> SchemeColors:
    return SchemeColors.model_validate(
        {slot: f"{rng.randrange(0x1000000):06X}" for slot in SCHEME_SLOTS}
    )


def test_derived_roles_meet_the_floor_for_any_scheme() -> None:
    rng = random.Random(7)
    schemes = [_random_scheme(rng) for _ in range(300)]
    grey = dict.fromkeys(SCHEME_SLOTS, "808080")  # nothing contrasts with anything
    pale = {**dict.fromkeys(SCHEME_SLOTS, "FFF3B0"), "dk1": "000000", "lt1": "FFFFFF"}
    schemes += [SchemeColors.model_validate(grey), SchemeColors.model_validate(pale)]
    base = load_pack("default").model_dump()
    for colors in schemes:
        for dark in (False, True):
            pack = ThemePack.model_validate(
                {**base, "dark": dark, "colors": colors.model_dump(),
                 "roles": derive_roles(colors, dark)}
            )
            assert validate_pack(pack) == [], (colors, dark)


def test_derived_roles_keep_brand_slots_when_they_already_pass() -> None:
    pack = load_pack("corporate")
    roles = derive_roles(pack.colors, dark=False)
    assert roles["background"].slot == "bg1" and roles["text"].slot == "tx1"
    assert roles["primary"].slot == "accent1" and roles["primary"].lum_mod is None
    assert roles["on_primary"].slot == "bg1"  # white on navy
    # a pale accent cannot carry white text: it keeps the brand colour with dark text
    pale = pack.colors.model_copy(update={"accent1": "FFD966"})
    roles = derive_roles(pale, dark=False)
    assert roles["primary"].slot == "accent1" and roles["on_primary"].slot == "tx1"


def test_bundled_packs_are_declared_package_data() -> None:
    root = Path(__file__).resolve().parents[2]
    data = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))
    globs = data["tool"]["setuptools"]["package-data"]["pptxagent.themes"]
    assert all(any(Path(f"{n}.json").match(g) for g in globs) for n in BUNDLED)


def test_derived_surface_is_a_visible_panel() -> None:
    colors = load_pack("default").colors
    same = colors.model_copy(update={"lt2": colors.lt1})  # bg2 == background: no panel
    roles = derive_roles(same, dark=False)
    assert roles["surface"].slot == "bg1" and roles["surface"].lum_mod == 95
    assert derive_roles(colors, dark=False)["surface"].slot == "bg2"
    red = colors.model_copy(update={"lt2": "A60034"})  # a "light 2" that is dark red
    assert derive_roles(red, dark=False)["surface"].slot == "bg1"


def test_extracted_pack_is_dark_when_the_master_map_or_background_is() -> None:
    colors = load_pack("corporate").colors  # accent1 is navy
    light = TemplateTheme(master="m", theme="t", clr_map={"bg1": "lt1", "tx1": "dk1"})
    assert not template_is_dark(light, colors)
    assert template_is_dark(TemplateTheme(master="m", theme="t", clr_map={"bg1": "dk1"}), colors)
    navy_bg = TemplateTheme(master="m", theme="t", clr_map={"bg1": "lt1"},
                            background=ColorSpec("scheme", "accent1"))
    assert template_is_dark(navy_bg, colors)
    pale_bg = TemplateTheme(master="m", theme="t", background=ColorSpec("srgb", "F0F0F0"))
    assert not template_is_dark(pale_bg, colors)
    assert pack_name("ACME Brand (2024) v2") == "ACME-Brand-2024-v2"
    assert pack_name("***") == "template"


def test_schema_2_adds_a_type_scale_and_a_grid_and_schema_1_still_loads(
        tmp_path: Path) -> None:
    pack = load_pack("default")
    assert pack.schema_version == 2 and pack.spacing.columns == 12
    assert pack.spacing.gutter() == 24 and 36 in pack.type.steps()
    old = _pack_dict()
    del old["schema"], old["type"]["scale_pt"], old["spacing"]["columns"]
    del old["spacing"]["gutter_pt"]
    v1 = load_pack(str(_write(tmp_path, old, "old.json")))
    assert v1.schema_version == 1 and v1.spacing.gutter() == v1.spacing.scale_pt[4]
    assert {v1.type.body, v1.type.title, 21.0} <= set(v1.type.steps())
    off = _pack_dict()
    off["type"]["scale_pt"] = [12, 20, 24, 36, 44, 48]  # no 30 for the quote
    with pytest.raises(IRValidationError, match=r"\$\.type.*quote 30"):
        load_pack(str(_write(tmp_path, off, "off.json")))
    later = _pack_dict()
    later["schema"] = 3
    with pytest.raises(IRValidationError, match=r"\$\.schema"):
        load_pack(str(_write(tmp_path, later, "later.json")))


def test_a_grid_too_fine_for_the_slide_is_refused(tmp_path: Path) -> None:
    data = _pack_dict()
    data["spacing"]["columns"], data["spacing"]["gutter_pt"] = 24, 40
    with pytest.raises(IRValidationError, match=r"24 columns with 40 pt gutters"):
        load_pack(str(_write(tmp_path, data, "fine.json")))
