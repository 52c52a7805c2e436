"""``pptxagent theme extract`` and ``pptxagent themes list`` through the real CLI on corpus
decks: the pack carries the template's theme colours and fonts, light or dark as its master
draws, the master's logo next to it, loads back and passes the contrast floor; broken decks
and bad output paths exit 2 with one line and write nothing."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapes import read_slide_doc
from pptxagent.ooxml.theme import read_theme
from pptxagent.ooxml.themeread import first_master
from pptxagent.themes import load_pack, role_rgb, validate_pack

CORPUS = Path("../shared/corpus/pptx")
# (deck, dark, major latin, minor latin, logo on the master)
DECKS = (
    ("shapecrawler__020.pptx", False, "Cambria", "Calibri", False),  # a band, not a logo
    ("shapecrawler__024_chart.pptx", False, "Arial", "Arial", True),
    ("poi__60810.pptx", False, "Calibri", "Calibri", True),
    ("pandoc__footer-basic-output.pptx", True, "Corbel", "Corbel", False),
    ("openxmlsdk__typical.pptx", False, "Tahoma", "Tahoma", False),
)
BROKEN = (
    "poi__Divino_Revelado.pptx",  # truncated zip
    "openxmlsdk__encrypted_pptx.pptx",  # encrypted (OLE compound file)
    "phppres__Sample_01_Simple.pptx",  # malformed XML in the slide master
)


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", *map(str, args)],
        capture_output=True, text=True, timeout=120, check=False,
    )


def _theme_part(deck: Path) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    pkg = Package.open(deck)
    master = read_slide_doc(pkg, first_master(pkg))
    assert master.theme is not None
    theme = read_theme(pkg, master.theme)
    return theme.colors, theme.major, theme.minor


@pytest.mark.parametrize(("deck", "dark", "major", "minor", "has_logo"), DECKS)
def test_extract_keeps_the_template_theme(
    tmp_path: Path, deck: str, dark: bool, major: str, minor: str, has_logo: bool
) -> None:
    out = tmp_path / "brand.json"
    run = cli("theme", "extract", CORPUS / deck, "-o", out)
    assert run.returncode == 0, run.stderr
    assert str(out) in run.stdout
    raw = json.loads(out.read_text("utf-8"))
    assert raw["version"] == "1.0.0" and raw["name"] == Path(deck).stem
    pack = load_pack(str(out))
    assert validate_pack(pack) == []
    colors, major_fonts, minor_fonts = _theme_part(CORPUS / deck)
    assert pack.colors.model_dump() == colors  # all 12, exactly as the theme part says
    assert pack.fonts.major.latin == major_fonts["latin"] == major
    assert pack.fonts.minor.latin == minor_fonts["latin"] == minor
    assert pack.fonts.major.ea == major_fonts.get("ea", "")
    assert pack.dark is dark
    background = role_rgb(pack, "background")
    assert background == (pack.colors.dk1 if dark else pack.colors.lt1)
    logos = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("brand-logo."))
    if has_logo:
        assert pack.logo is not None and len(logos) == 1
        assert raw["logo"] == logos[0]  # relative to the pack file
        assert Path(pack.logo) == (tmp_path / logos[0]).resolve()
        assert Path(pack.logo).stat().st_size > 100
    else:
        assert pack.logo is None and "logo" not in raw and logos == []


@pytest.mark.parametrize("deck", ["poi__60810.pptx", "shapecrawler__024_chart.pptx"])
def test_logo_bytes_are_the_small_master_picture(tmp_path: Path, deck: str) -> None:
    out = tmp_path / "brand.json"
    assert cli("theme", "extract", CORPUS / deck, "-o", out).returncode == 0
    pkg = Package.open(CORPUS / deck)
    cx, cy = pkg.slide_size_emu()
    master = read_slide_doc(pkg, first_master(pkg))
    pics = [s for s in master.shapes if s.kind == "pic" and s.ph is None and s.target
            and s.xfrm is not None and s.xfrm.w < 0.6 * cx and s.xfrm.h < 0.6 * cy]
    assert pics and pics[0].target is not None
    assert (tmp_path / "brand-logo.png").read_bytes() == pkg.read_bytes(pics[0].target)


@pytest.mark.parametrize("deck", BROKEN)
def test_broken_deck_is_refused_and_nothing_is_written(tmp_path: Path, deck: str) -> None:
    out = tmp_path / "brand.json"
    run = cli("theme", "extract", CORPUS / deck, "-o", out)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and deck in lines[0] and "Traceback" not in run.stderr
    assert list(tmp_path.iterdir()) == []


def test_bad_paths_are_refused(tmp_path: Path) -> None:
    template = tmp_path / "brand.pptx"
    shutil.copyfile(CORPUS / "shapecrawler__020.pptx", template)
    before = template.read_bytes()
    cases = (
        (tmp_path / "missing.pptx", tmp_path / "a.json", "no such file"),
        (template, tmp_path / "no" / "such" / "brand.json", "does not exist"),
        (template, template, "overwrite the template"),
        (template, tmp_path, "is a directory"),
    )
    for src, out, words in cases:
        run = cli("theme", "extract", src, "-o", out)
        assert run.returncode == 2, (src, out, run.stderr)
        assert words in run.stderr and len(run.stderr.strip().splitlines()) == 1
    assert template.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brand.pptx"]


def test_themes_list_shows_the_bundled_packs() -> None:
    run = cli("themes", "list", "--json")
    assert run.returncode == 0, run.stderr
    rows = json.loads(run.stdout)
    assert [r["name"] for r in rows] == ["corporate", "dark", "default"]
    assert [r["dark"] for r in rows] == [False, True, False]
    assert all(r["version"] == "1.0.0" and r["description"] for r in rows)
    assert all(min(r["contrast"].values()) >= 3.0 for r in rows)
    text = cli("themes", "list")
    assert text.returncode == 0
    names = [line.split()[0] for line in text.stdout.splitlines()]
    assert names == ["corporate", "dark", "default"]


def test_schema_theme_describes_the_pack_file() -> None:
    run = cli("schema", "theme")
    assert run.returncode == 0, run.stderr
    schema = json.loads(run.stdout)
    assert {"name", "version", "colors", "roles", "fonts"} <= set(schema["required"])
