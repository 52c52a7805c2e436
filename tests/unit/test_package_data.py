"""The HTML templates ship inside the package (an installed wheel renders slides too)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pptxagent
from pptxagent.render import TEMPLATE_DIR

ROOT = Path(__file__).resolve().parents[2]


def test_templates_live_in_the_package_and_are_declared_package_data() -> None:
    package = Path(pptxagent.__file__).resolve().parent
    assert TEMPLATE_DIR.is_relative_to(package)
    names = sorted(p.name for p in TEMPLATE_DIR.glob("*.j2"))
    assert {"document.html.j2", "element.html.j2", "table.html.j2"} <= set(names)
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = data["tool"]["setuptools"]["package-data"]["pptxagent.render"]
    assert any(Path("templates", n).match(g) for g in globs for n in names)


def test_built_in_table_styles_ship_as_package_data() -> None:
    package = Path(pptxagent.__file__).resolve().parent
    assert (package / "ooxml" / "table_presets.xml").is_file()
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "table_presets.xml" in data["tool"]["setuptools"]["package-data"]["pptxagent.ooxml"]
