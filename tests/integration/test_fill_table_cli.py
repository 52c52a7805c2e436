"""``pptxagent fill`` on real corpus tables with rows far too long: the table's font shrinks
in every cell (never below 12 pt), it grows only into the empty space above the footers, the
sizes are written as drawn; where nothing fits, the slide is degraded with the overflow."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from pptxagent.ooxml.audit import schema_findings
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.validate import compare_findings
from pptxagent.ooxml.xml import qn

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "pptx"
LONG = ("Revenue grew in every region we serve, driven by new enterprise contracts, renewals "
        "at higher tiers and a strong partner channel that doubled its pipeline.")
EMU_PX = 9525


def _fill(tmp: Path, deck: str, content: dict[str, Any], *extra: str,
          ) -> tuple[int, dict[str, Any], Path]:
    src = tmp / "content.json"
    src.write_text(json.dumps(content))
    out, report = tmp / "out.pptx", tmp / "report.json"
    proc = subprocess.run([sys.executable, "-m", "pptxagent.cli", "fill", str(CORPUS / deck),
                           str(src), "-o", str(out), "--report", str(report), *extra],
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode in (0, 1), proc.stderr
    return proc.returncode, json.loads(report.read_text()), out


def _frame(out: Path, name: str) -> tuple[etree._Element, list[etree._Element]]:
    pkg = Package.open(out)
    root = pkg.xml(pkg.slide_parts()[0])
    frame = next(f for f in root.iter(qn("p:graphicFrame"))
                 if f.find(f"{qn('p:nvGraphicFramePr')}/{qn('p:cNvPr')}").get("name") == name)
    return frame, list(frame.iter(qn("a:tr")))


def _run_sizes(frame: etree._Element) -> set[str]:
    return {str(r.get("sz")) for tag in ("a:rPr", "a:endParaRPr") for r in frame.iter(qn(tag))}


def test_long_rows_shrink_and_grow_into_the_empty_space_above_the_footer(
    tmp_path: Path,
) -> None:
    rows = [["Region", "Commentary"], ["EMEA", LONG], ["APAC", LONG], ["Americas", LONG]]
    code, report, out = _fill(tmp_path, "pandoc__footer-basic-output.pptx", {"slides": [
        {"template_slide": 4, "fill": {"name:Content Placeholder 5": rows}}]})
    slide = report["slides"][0]
    assert code == 0 and slide["quality"].startswith("success"), slide
    assert report["package_findings"] == []
    assert not [w for w in slide["warnings"] if w["type"] == "excluded_from_repair"]
    assert any(c["what"] == "font" and "in every cell" in c["text"] for c in slide["changes"])
    frame, trs = _frame(out, "Content Placeholder 5")
    sizes = _run_sizes(frame)
    assert len(sizes) == 1 and 1200 <= int(sizes.pop()) < 1800  # 18 pt → ≥ the 12 pt minimum
    off = frame.find(f"{qn('p:xfrm')}/{qn('a:off')}")
    ext = frame.find(f"{qn('p:xfrm')}/{qn('a:ext')}")
    cy = int(ext.get("cy"))
    assert abs(cy - sum(int(tr.get("h")) for tr in trs)) <= len(trs)  # frame = rows as drawn
    assert cy > 214.7 * EMU_PX  # it took more room than the template's frame …
    footer_top = 666.75 * EMU_PX  # … but stops above the footers
    assert int(off.get("y")) + cy <= footer_top
    assert int(off.get("y")) == 3987800  # never moved
    template = CORPUS / "pandoc__footer-basic-output.pptx"  # schema-valid as the template
    assert compare_findings(schema_findings(template), schema_findings(out)) == []


def test_rows_that_cannot_fit_degrade_the_slide_with_the_overflow(tmp_path: Path) -> None:
    rows = [["Region", *(f"Q{i}" for i in range(1, 7))]] + [
        [f"R{r}", *([LONG] * 6)] for r in range(8)]
    code, report, out = _fill(tmp_path, "docling__powerpoint_sample.pptx", {"slides": [
        {"template_slide": 1, "fill": {"name:Table 3": rows}}]}, "--no-crosscheck")
    slide = report["slides"][0]
    assert code == 1 and slide["quality"] == "degraded"
    over = [d for d in slide["defects"] if d["type"] == "content_overflow"]
    assert over and over[0]["eid"] == "sp4" and over[0]["details"]["overflow_y_px"] > 100
    assert report["package_findings"] == []
    frame, _ = _frame(out, "Table 3")
    assert _run_sizes(frame) == {"1200"}  # shrunk to the minimum before giving up
    off = frame.find(f"{qn('p:xfrm')}/{qn('a:off')}")
    assert int(off.get("y")) == 1945640  # the subtitle below leaves no room: not moved
