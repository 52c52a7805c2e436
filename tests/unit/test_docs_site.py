"""The docs site's structure: every page in the nav of mkdocs.yml, README.md's relative links
resolve, and every page's examples follow the convention test_docs_examples.py runs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.docs_examples import (
    DOCS,
    ROOT,
    ExampleError,
    console_blocks,
    doc_pages,
    page_id,
)

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _nav_files(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [f for item in node for f in _nav_files(item)]
    if isinstance(node, dict):
        return [f for value in node.values() for f in _nav_files(value)]
    return []


def test_every_page_is_in_the_nav_and_every_nav_entry_is_a_page() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    nav = _nav_files(config["nav"])
    pages = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
    assert sorted(set(nav)) == pages, (
        f"not in the nav: {sorted(set(pages) - set(nav))}; "
        f"in the nav but no page: {sorted(set(nav) - set(pages))}")
    assert len(nav) == len(set(nav)), "a page is in the nav twice"


def test_the_site_is_strict_and_offline() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["strict"] is True
    assert config["theme"]["font"] is False  # no Google fonts fetched by a reader's browser
    assert config.get("plugins", ["search"]) == ["search"]


def test_readme_relative_links_resolve() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    links = [m.group(1) for m in LINK.finditer(text)]
    relative = [link for link in links if not re.match(r"^[a-z][a-z0-9+.-]*:", link)]
    assert relative, "README.md links to no docs page"
    missing = [link for link in relative
               if link.split("#", 1)[0] and not (ROOT / link.split("#", 1)[0]).exists()]
    assert not missing, f"README.md links to files that do not exist: {missing}"


@pytest.mark.parametrize("page", doc_pages(), ids=page_id)
def test_examples_follow_the_convention(page: Path) -> None:
    for block in console_blocks(page):  # raises ExampleError on a stray or unknown marker
        if block.skip or block.needs:
            continue
        for command in block.commands:
            assert command.text.startswith("pptxagent "), (
                f"{page_id(page)}:{command.line}: an example runs the CLI: {command.text}")


def test_the_convention_parses_commands_exit_codes_and_outputs(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_text(
        "text\n\n```console\n$ pptxagent batch t.pptx d.csv \\\n    -o out/batch   # exit 1\n"
        "batch: 24 records\n$ pptxagent schema content > out/c.json\n```\n\n"
        "<!-- example: skip (needs a running server) -->\n\n```console\n$ curl x\n```\n\n"
        "<!-- example: needs pptxagent probe -->\n```console\n$ pptxagent probe t.pptx"
        " -o out/p.json --out out/p\n```\n\n```json\n{\"$ not\": 1}\n```\n")
    first, skipped, needs = console_blocks(page)
    batch, schema = first.commands
    assert (batch.line, batch.exit_code, batch.outputs()) == (4, 1, ["out/batch"])
    assert batch.text.startswith("pptxagent batch t.pptx d.csv -o out/batch")
    assert (schema.exit_code, schema.outputs()) == (0, ["out/c.json"])
    assert skipped.skip == "needs a running server" and skipped.needs is None
    assert needs.needs == "probe" and needs.commands[0].outputs() == ["out/p.json", "out/p"]


@pytest.mark.parametrize("bad", [
    "<!-- example: skip -->\n```console\n$ pptxagent x\n```\n",          # no reason
    "<!-- example: skip (r) -->\n```json\n{}\n```\n",                     # not a console block
    "<!-- example: skip (r) -->\ntext\n```console\n$ pptxagent x\n```\n",  # not right before
    "```console\nno command\n```\n",
])
def test_the_convention_refuses_stray_markers(tmp_path: Path, bad: str) -> None:
    page = tmp_path / "p.md"
    page.write_text(bad)
    with pytest.raises(ExampleError):
        console_blocks(page)
