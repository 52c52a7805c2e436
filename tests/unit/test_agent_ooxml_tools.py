"""The OOXML tool path's tools through the runner, on the bundled template (no engine):
unpack, patch a text, pack, validate, inspect, content check."""

from __future__ import annotations

from pathlib import Path

from pptxagent.agent.core import AuditRecord, ToolContext, ToolResult
from pptxagent.agent.runner import ToolRunner
from pptxagent.agent.tools_qa import REGISTRY
from pptxagent.pipeline.tools import deck_texts

TEMPLATE = Path(__file__).resolve().parents[2] / "templates/pptx/quarterly-review.pptx"


def test_unpack_patch_pack_validate(tmp_path: Path) -> None:
    audit: list[AuditRecord] = []
    runner, ctx = ToolRunner(REGISTRY, audit.append), ToolContext(tmp_path)
    before = deck_texts(TEMPLATE)
    old = next(t for t in before if len(t) > 5 and "\n" not in t)
    assert runner.run("pptx.ooxml_unpack", {"deck": str(TEMPLATE)}, ctx).ok
    slides = sorted((tmp_path / "unpacked/ppt/slides").glob("slide*.xml"))
    part = next(f"ppt/slides/{p.name}" for p in slides if old.split()[0] in p.read_text())
    patched = runner.run("pptx.ooxml_patch", {"part": part, "find": old.split()[0],
                                              "replace": "Q3 & <more>"}, ctx)
    assert patched.ok and int(patched.metrics["replacements"]) >= 1
    packed = runner.run("pptx.ooxml_pack", {"out": "patched.pptx"}, ctx)
    assert packed.ok
    deck = packed.artifacts["pptx"]
    assert any("Q3 & <more>" in t for t in deck_texts(Path(deck)))  # escaped, still XML
    assert runner.run("pptx.ooxml_validate", {"deck": deck}, ctx).metrics["findings"] == 0
    escape = runner.run("pptx.ooxml_patch", {"part": "../../etc/passwd", "find": "root",
                                             "replace": "x"}, ctx)
    assert not escape.ok and "no such part" in (escape.error or "")
    assert [a.status for a in audit] == ["ok", "ok", "ok", "ok", "error"]


def test_inspect_and_content_check(tmp_path: Path) -> None:
    runner, ctx = ToolRunner(REGISTRY, lambda a: None), ToolContext(tmp_path)
    inv = runner.run("pptx.inspect_inventory", {"deck": str(TEMPLATE)}, ctx)
    assert inv.ok and inv.data["signals"]["slides"] == 5
    assert Path(inv.artifacts["inventory"]).is_file()
    content = {"tokens": {"who": "Globex"},
               "slides": [{"template_slide": 2, "fill": {"title": "Not in the template {{who}}"}}]}
    chk = runner.run("qa.content_check", {"deck": str(TEMPLATE), "content": content}, ctx)
    assert chk.ok and chk.data["missing"] == ["Not in the template Globex"]
    assert chk.data["gates"]["completeness"] is False
    bad = runner.run("pptx.inspect_inventory", {"deck": str(tmp_path / "nope.pptx")}, ctx)
    assert not bad.ok and "no such file" in (bad.error or "")


def test_a_known_template_is_inspected_from_the_workers_cache(tmp_path: Path) -> None:
    """The same template bytes under another name (a new job's upload) give the same
    inventory and signals; a changed template is inspected afresh."""
    import shutil
    import zipfile

    runner = ToolRunner(REGISTRY, lambda a: None)

    def inspect(deck: Path, folder: str) -> ToolResult:
        return runner.run("pptx.inspect_inventory", {"deck": str(deck)},
                          ToolContext(tmp_path / folder))

    first = inspect(TEMPLATE, "a")
    copy = tmp_path / "upload.pptx"
    shutil.copy(TEMPLATE, copy)
    again = inspect(copy, "b")
    assert again.ok and again.data == first.data
    assert (Path(again.artifacts["inventory"]).read_bytes()
            == Path(first.artifacts["inventory"]).read_bytes())
    renamed = tmp_path / "renamed.pptx"  # the same deck with another word in its text
    with zipfile.ZipFile(TEMPLATE) as src, zipfile.ZipFile(renamed, "w") as dst:
        for item in src.infolist():
            dst.writestr(item, src.read(item.filename).replace(b"Quarterly", b"Yearly"))
    other = inspect(renamed, "c")
    assert other.ok
    assert (Path(other.artifacts["inventory"]).read_bytes()
            != Path(first.artifacts["inventory"]).read_bytes())


def test_scratch_tools(tmp_path: Path) -> None:
    outline = Path(__file__).resolve().parents[2] / "fixtures/outline.json"
    runner, ctx = ToolRunner(REGISTRY, lambda a: None), ToolContext(tmp_path)
    layouts = runner.run("scratch.layout_select", {"outline": str(outline)}, ctx)
    assert layouts.ok and layouts.data["layouts"][0]["component"] == "hero"
    raw = runner.run("scratch.component_compose", {"outline": str(outline)}, ctx)
    assert raw.ok and raw.metrics["slides"] == len(layouts.data["layouts"])
    assert any("Northwind" in t for t in deck_texts(Path(raw.artifacts["pptx"])))
    theme = runner.run("scratch.theme_apply", {"theme": "default"}, ctx)
    assert theme.ok and theme.data["theme"]["name"] == "default"
    assert not runner.run("scratch.theme_apply", {"theme": "no-such-pack"}, ctx).ok
