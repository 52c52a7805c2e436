"""Templates as design teams keep them: a ``.potx`` (or a show, or a macro-enabled deck)
filled into a ``.pptx`` that PowerPoint and python-pptx open as a presentation."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pptx
import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "templates" / "pptx" / "quarterly-review.pptx"
CONTENT = ROOT / "fixtures" / "demo_content.json"
EXE = Path(sys.executable).parent / "pptxagent"
OPENXML = "application/vnd.openxmlformats-officedocument.presentationml"
MACRO = "application/vnd.ms-powerpoint"
VBA_REL = "http://schemas.microsoft.com/office/2006/relationships/vbaProject"

pytestmark = [pytest.mark.browser]


def _as_kind(dest: Path, main_type: str, vba: bool = False) -> Path:
    """The bundled template saved as another kind of PowerPoint file."""
    with zipfile.ZipFile(TEMPLATE) as zf:
        members = {i.filename: zf.read(i) for i in zf.infolist()}
    types = members["[Content_Types].xml"].decode()
    types = types.replace(f"{OPENXML}.presentation.main+xml", main_type)
    if vba:  # declared as PowerPoint does: a Default for .bin, the project's data beside it
        types = types.replace('<Default Extension="bin" ', '<Default Extension="binx" ')
        types = types.replace("</Types>", '<Default Extension="bin" ContentType='
                              '"application/vnd.ms-office.vbaProject"/><Override PartName='
                              '"/ppt/vbaData.xml" ContentType="application/vnd.ms-word.'
                              'vbaData+xml"/></Types>')
        rels = members["ppt/_rels/presentation.xml.rels"].decode()
        members["ppt/_rels/presentation.xml.rels"] = rels.replace(
            "</Relationships>", f'<Relationship Id="rIdVba" Type="{VBA_REL}" '
            'Target="vbaProject.bin"/></Relationships>').encode()
        members["ppt/vbaProject.bin"] = b"\xd0\xcf\x11\xe0 not really a VBA project"
        members["ppt/_rels/vbaProject.bin.rels"] = (
            b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns='
            b'"http://schemas.openxmlformats.org/package/2006/relationships"><Relationship '
            b'Id="rId1" Type="http://schemas.microsoft.com/office/2006/relationships/wordVbaData"'
            b' Target="vbaData.xml"/></Relationships>')
        members["ppt/vbaData.xml"] = b'<?xml version="1.0"?><wne:vbaSuppData xmlns:wne="x"/>'
    members["[Content_Types].xml"] = types.encode()
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return dest


def _fill(template: Path, out: Path) -> dict[str, object]:
    report = out.with_suffix(".json")
    proc = subprocess.run([str(EXE), "fill", str(template), str(CONTENT), "-o", str(out),
                           "--report", str(report), "--no-crosscheck"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    data: dict[str, object] = json.loads(report.read_text())
    return data


def _main_type(deck: Path) -> str:
    with zipfile.ZipFile(deck) as zf:
        types = zf.read("[Content_Types].xml").decode()
    return next(t for t in types.split('"') if t.endswith(".main+xml"))


@pytest.mark.parametrize("kind", ["template", "slideshow"])
def test_a_potx_or_ppsx_template_gives_a_pptx_that_opens(tmp_path: Path, kind: str) -> None:
    ext = {"template": ".potx", "slideshow": ".ppsx"}[kind]
    template = _as_kind(tmp_path / f"corporate{ext}", f"{OPENXML}.{kind}.main+xml")
    out = tmp_path / "filled.pptx"
    report = _fill(template, out)
    assert _main_type(out) == f"{OPENXML}.presentation.main+xml"
    assert len(pptx.Presentation(str(out)).slides) == 6  # python-pptx refused it before
    assert report["package_changes"] == [f"written as a .pptx (the template is a {ext} file)"]


def test_a_macro_enabled_template_gives_a_pptx_without_its_macros(tmp_path: Path) -> None:
    template = _as_kind(tmp_path / "macros.pptm",
                        f"{MACRO}.presentation.macroEnabled.main+xml", vba=True)
    out = tmp_path / "filled.pptx"
    report = _fill(template, out)
    with zipfile.ZipFile(out) as zf:
        names = zf.namelist()
        rels = zf.read("ppt/_rels/presentation.xml.rels").decode()
        types = zf.read("[Content_Types].xml").decode()
    assert "ppt/vbaProject.bin" not in names and VBA_REL not in rels
    assert "ppt/vbaData.xml" not in names and "ppt/_rels/vbaProject.bin.rels" not in names
    assert "vbaProject" not in types and "vbaData" not in types
    assert _main_type(out) == f"{OPENXML}.presentation.main+xml"
    changes = report["package_changes"]
    assert isinstance(changes, list) and any("macros" in c for c in changes)


def test_the_output_name_chooses_the_kind(tmp_path: Path) -> None:
    out = tmp_path / "filled.potx"
    _fill(TEMPLATE, out)
    assert _main_type(out) == f"{OPENXML}.template.main+xml"


@pytest.mark.libreoffice
def test_a_template_without_a_slide_size_gets_the_one_it_was_filled_at(tmp_path: Path) -> None:
    """``p:sldSz`` is optional in the schema (4:3) but LibreOffice opens no deck without it:
    the output says the size the fill laid the slides out at, and LibreOffice draws it."""
    from pptxagent.engines.libreoffice import get_libreoffice

    prs = pptx.Presentation()  # 4:3
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "{{title}}"
    src = tmp_path / "nosize-src.pptx"
    prs.save(str(src))
    template = tmp_path / "nosize.pptx"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(template, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "ppt/presentation.xml":
                text = data.decode()
                start = text.index("<p:sldSz")
                data = (text[:start] + text[text.index("/>", start) + 2:]).encode()
            zout.writestr(info, data)
    content = tmp_path / "c.json"
    content.write_text(json.dumps({"tokens": {"title": "Quarterly review"}}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = subprocess.run([str(EXE), "fill", str(template), str(content), "-o", str(out),
                           "--report", str(report)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    with zipfile.ZipFile(out) as zf:
        assert '<p:sldSz cx="9144000" cy="6858000"/>' in zf.read("ppt/presentation.xml").decode()
    data = json.loads(report.read_text())
    assert any("slide size" in c for c in data["package_changes"])
    assert data["slides"][0]["crosscheck"]["compared"] >= 1  # LibreOffice drew it early too
    drawn = get_libreoffice().text_bounds(out)[1]
    assert drawn, "LibreOffice drew no text: it could not open the deck"
