"""A no-op fill of every real deck in the shared corpus: the output is the template.

``{"tokens": {}}`` asks for nothing, so the filled deck must hold every template member with
the same bytes in the same order (docProps included), every slide reported success_clean
with no changes; a deck we cannot read is refused with an ``InputError`` naming the file.
The walk uses the Python API (one process); two subprocess runs check the CLI's exit codes
and the inventory's JSON contract.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pptxagent.errors import (
    CorruptPackageError,
    EncryptedPackageError,
    InputError,
    StrictOOXMLError,
)
from pptxagent.pipeline import FillOptions, fill_deck

CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"
DECKS = sorted(CORPUS.glob("*.pptx"))
EXE = Path(sys.executable).parent / "pptxagent"
# The corpus manifest's deliberately unusable decks, and why each is refused.
EXPECTED_REFUSALS: dict[str, tuple[type[InputError], str]] = {
    "openxmlsdk__encrypted_pptx.pptx": (EncryptedPackageError, "encrypted"),
    "openxmlsdk__strict_main_bodyPr_rtlCol.pptx": (StrictOOXMLError, "Strict"),
    "openxmlsdk__strict_wrapEAvert_bodyPrVert_VerticalTextEAvert.pptx": (
        StrictOOXMLError, "Strict"),
    "phppres__Sample_01_Simple.pptx": (
        CorruptPackageError, "/ppt/slideMasters/slideMaster1.xml: malformed XML"),
    "poi__Divino_Revelado.pptx": (CorruptPackageError, "truncated"),
    "poi__clusterfuzz-POIXSLFFuzzer-5463285576892416.pptx": (CorruptPackageError, "truncated"),
}

pytestmark = pytest.mark.skipif(not DECKS, reason=f"corpus not found at {CORPUS}")


def _members(path: Path) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(path) as zf:
        return [(info.filename, zf.read(info)) for info in zf.infolist()]


def _slide_count(path: Path) -> int:
    from pptxagent.ooxml import Package

    return len(Package.open(path).slide_parts())


def test_every_corpus_deck_no_op_fills_byte_identical_or_is_refused(tmp_path: Path) -> None:
    content = tmp_path / "content.json"
    content.write_text('{"tokens": {}}')
    refused: dict[str, tuple[type[InputError], str]] = {}
    filled = 0
    for deck in DECKS:
        out = tmp_path / f"{deck.stem}.out.pptx"
        try:
            report = fill_deck(FillOptions(template=deck, content=content, out=out,
                                           crosscheck=False))
        except InputError as exc:
            assert deck.name in exc.message, exc.message  # the user knows which file
            assert "\n" not in exc.message
            assert not out.exists(), f"{deck.name}: refused but {out.name} was written"
            kind, needle = EXPECTED_REFUSALS.get(deck.name, (type(exc), ""))
            assert needle in exc.message, (deck.name, exc.message)
            refused[deck.name] = (kind, needle)
            assert isinstance(exc, kind), (deck.name, type(exc), exc.message)
            continue
        before, after = _members(deck), _members(out)
        assert [n for n, _ in after] == [n for n, _ in before], f"{deck.name}: member list"
        changed = [n for (n, a), (_, b) in zip(before, after, strict=True) if a != b]
        assert changed == [], f"{deck.name}: no-op fill changed {changed}"
        assert len(report.slides) == _slide_count(deck), deck.name
        for s in report.slides:
            assert (s.quality, s.changes) == ("success_clean", []), (deck.name, s.index)
        assert not report.degraded
        filled += 1
        out.unlink()
    assert refused == EXPECTED_REFUSALS
    assert filled == len(DECKS) - len(EXPECTED_REFUSALS)


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    cmd = [str(EXE), *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)


def test_cli_no_op_fill_of_a_slideshow_typed_deck_exits_0_and_reports(tmp_path: Path) -> None:
    deck = CORPUS / "poi__stress022.pptx"  # .ppsx content type inside a .pptx, 45 slides
    content, out, report = tmp_path / "c.json", tmp_path / "o.pptx", tmp_path / "r.json"
    content.write_text('{"tokens": {}}')
    proc = _run("fill", deck, content, "-o", out, "--report", report, "--no-crosscheck")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert _members(out) == _members(deck)
    doc = json.loads(report.read_text())
    assert len(doc["slides"]) == _slide_count(deck)
    assert {s["quality"] for s in doc["slides"]} == {"success_clean"}
    assert set(doc) >= {"slides", "unresolved_tokens", "timings"}


def test_cli_inventory_of_a_real_deck_follows_the_contract(tmp_path: Path) -> None:
    deck = CORPUS / "poi__layouts.pptx"  # 4:3, placeholders inheriting from layouts
    out = tmp_path / "inv.json"
    proc = _run("inventory", deck, "-o", out)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""
    doc = json.loads(out.read_text())
    assert doc["slide"] == {"w": 960, "h": 720}
    assert [s["index"] for s in doc["slides"]] == list(range(1, _slide_count(deck) + 1))
    assert doc["slides"][0]["layout"] == "Title Slide"
    texts = [e for s in doc["slides"] for e in s["elements"] if e.get("paragraphs")]
    assert texts
    for el in texts:
        src = el["source"]
        assert src["part"].startswith("/ppt/slides/slide") and src["shape_id"] > 0
        assert "name" in src
        for p in el["paragraphs"]:
            assert p["level"] >= 0
            assert all(r["fontFamily"] and r["fontSize"] > 0 for r in p["runs"])
    placeholders = [e["source"] for e in texts if e["source"].get("ph_type")]
    assert {"ctrTitle", "subTitle"} <= {p["ph_type"] for p in placeholders}
