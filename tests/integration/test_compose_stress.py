"""``pptxagent compose`` on stress content: nine bullets become continuation slides titled
"… (1/2)" and "… (2/2)" with every bullet once; a 120-character title, long compound words
and CJK text are kept whole and fit (no slide degraded, body text never under 18 pt)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pptx import Presentation
from pptx.util import Pt

pytestmark = [pytest.mark.browser]

LONG_TITLE = ("Operational resilience across twelve regional distribution centres during the "
              "winter peak and the carrier strike")
NINE = [f"Bullet number {i}: the warehouse in region {i} shipped on time" for i in range(1, 10)]
STRESS = {
    "title": "Stress",
    "slides": [
        {"kind": "bullets", "title": "Nine things we learned", "bullets": NINE},
        {"kind": "bullets", "title": LONG_TITLE,
         "bullets": ["Donaudampfschifffahrtsgesellschaftskapitänsmütze bleibt im Lager",
                     "Rechtsschutzversicherungsgesellschaften prüfen die Verträge"]},
        {"kind": "bullets", "title": "市場の概要と今後の展望",
         "bullets": ["売上高は前年同期比で十二パーセント増加しました",
                     "新しい物流センターが大阪で稼働を開始しました"]},
        {"kind": "kpis", "title": "Energy", "items": [
            {"value": "3.5 kWh/m²", "label": "Heating demand"},
            {"value": "−18 %", "label": "CO₂ per parcel", "delta": "vs 2024"}]},
    ],
}


def _compose(tmp: Path) -> tuple[Path, dict[str, Any], subprocess.CompletedProcess[str]]:
    outline = tmp / "stress.json"
    outline.write_text(json.dumps(STRESS, ensure_ascii=False), encoding="utf-8")
    out, report = tmp / "stress.pptx", tmp / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", "compose", str(outline), "-o", str(out),
         "--report", str(report), "--no-crosscheck"],
        capture_output=True, text=True, timeout=600, check=False)
    return out, json.loads(report.read_text()) if report.exists() else {}, proc


@pytest.fixture(scope="module")
def stress(tmp_path_factory: pytest.TempPathFactory
           ) -> tuple[Path, dict[str, Any], subprocess.CompletedProcess[str]]:
    return _compose(tmp_path_factory.mktemp("stress"))


def test_nine_bullets_continue_on_a_second_slide(
        stress: tuple[Path, dict[str, Any], subprocess.CompletedProcess[str]]) -> None:
    out, report, proc = stress
    assert proc.returncode in (0, 1), proc.stderr
    prs = Presentation(str(out))
    titles = [s.shapes.title.text_frame.text for s in prs.slides]
    assert titles[:2] == ["Nine things we learned (1/2)", "Nine things we learned (2/2)"]
    text = " ".join(sh.text_frame.text for s in list(prs.slides)[:2] for sh in s.shapes
                    if sh.has_text_frame)
    for b in NINE:
        assert text.count(b) == 1, b
    assert [s["part"] for s in report["slides"][:2]] == [[1, 2], [2, 2]]


def test_long_words_and_cjk_kept_whole_and_fit(
        stress: tuple[Path, dict[str, Any], subprocess.CompletedProcess[str]]) -> None:
    out, report, proc = stress
    assert proc.returncode == 0, proc.stderr + json.dumps(report.get("slides"), indent=1)[:3000]
    prs = Presentation(str(out))
    text = " ".join(sh.text_frame.text for s in prs.slides for sh in s.shapes if sh.has_text_frame)
    for s in ("Donaudampfschifffahrtsgesellschaftskapitänsmütze", "市場の概要と今後の展望",
              "売上高は前年同期比で十二パーセント増加しました", "3.5 kWh/m²", LONG_TITLE):
        assert s in text
    for slide in prs.slides:
        for sh in slide.shapes:
            if not sh.has_text_frame or sh.name.lower().startswith("citation"):
                continue
            for p in sh.text_frame.paragraphs:
                for r in p.runs:
                    if r.text.strip():
                        assert r.font.size is not None and r.font.size >= Pt(18), (sh.name, r.text)
