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
        # A deck whose main part says slideshow or template is written as the .pptx asked
        # for: its content types change there, and the report says so.
        kind_changed = ["[Content_Types].xml"] if report.package_changes else []
        assert changed == kind_changed, f"{deck.name}: no-op fill changed {changed}"
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
    from pptx import Presentation

    deck = CORPUS / "poi__stress022.pptx"  # .ppsx content type inside a .pptx, 45 slides
    content, out, report = tmp_path / "c.json", tmp_path / "o.pptx", tmp_path / "r.json"
    content.write_text('{"tokens": {}}')
    proc = _run("fill", deck, content, "-o", out, "--report", report, "--no-crosscheck")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    changed = [n for (n, a), (_, b) in zip(_members(deck), _members(out), strict=True)
               if a != b]
    assert changed == ["[Content_Types].xml"]  # now says presentation: PowerPoint's .pptx
    doc = json.loads(report.read_text())
    assert doc["package_changes"] == ["written as a .pptx (the template is a .ppsx file)"]
    assert len(Presentation(str(out)).slides) == _slide_count(deck)  # python-pptx refused it
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


# Decks that stress the fill: 4:3, odd sizes, RTL, CJK, rotation, groups, tables, vertical
# text, a .ppsx-typed package, notes, SmartArt.
VARIED = [
    "poi__layouts.pptx", "poi__ececapstonespring2012.pptx", "poi__smartart-rotated-text.pptx",
    "onlyoffice__ar-SA_new.pptx", "onlyoffice__ja-JP_new.pptx",
    "shapecrawler__autoshape-case018_rotation.pptx", "tika__testPPT_groups.pptx",
    "unstructured__group-shapes-nested.pptx", "openxmlsdk__Table_Large.pptx",
    "poi__table_test2.pptx", "poi__stress022.pptx",
    "pandoc__speaker-notes-afterseps-templated.pptx",
]
LONG = ("Revenue grew strongly in every region we serve, well ahead of plan, with margins "
        "improving thanks to pricing discipline and lower hosting costs")
A_T = "{http://schemas.openxmlformats.org/drawingml/2006/main}t"


def _long_content(deck: Path) -> dict[str, object]:
    """Title and every body of the first three slides filled far too long; slide 1 thrice."""
    from pptxagent.fill.keys import role_map
    from pptxagent.inventory import inventory_file

    slides: list[dict[str, object]] = []
    for s in inventory_file(deck).slides[:3]:
        fill: dict[str, object] = {}
        for key, el in role_map(s).items():
            if el.source is not None and el.source.kind == "sp":  # text shapes, not frames
                fill[key] = LONG if key in ("title", "subtitle") else [f"{i}. {LONG}"
                                                                      for i in range(6)]
        slides.append({"template_slide": s.index, "fill": fill})
    return {"tokens": {}, "slides": slides[:1] * 2 + slides}


def _slide_texts(out: Path) -> list[str]:
    from pptxagent.ooxml import Package

    pkg = Package.open(out)
    texts = []
    for part in pkg.slide_parts():
        root = pkg.xml(part)
        texts.append(" ".join("".join(t.text or "" for t in root.iter(A_T)).split()))
    return texts


@pytest.mark.browser
def test_far_too_long_fills_on_varied_real_decks_keep_every_word_and_report_honestly(
    tmp_path: Path,
) -> None:
    filled_any = 0
    for name in VARIED:
        deck = CORPUS / name
        doc = _long_content(deck)
        content, out = tmp_path / "c.json", tmp_path / f"{deck.stem}.pptx"
        content.write_text(json.dumps(doc))
        report = fill_deck(FillOptions(template=deck, content=content, out=out,
                                       crosscheck=False))
        specs = doc["slides"]
        assert isinstance(specs, list)
        assert [s.template_slide for s in report.slides] == [s["template_slide"] for s in specs]
        assert report.package_findings == [], (name, report.package_findings)
        texts = _slide_texts(out)
        assert len(texts) == len(specs), name
        for s, spec, text in zip(report.slides, specs, texts, strict=True):
            values = spec["fill"].values()
            if values:
                filled_any += 1
            for value in values:
                for para in [value] if isinstance(value, str) else value:
                    assert " ".join(para.split()) in text, (name, s.index, para[:30])
            if s.quality == "degraded":  # honest: it says what is still wrong
                left = [c for c in s.changes if c["what"] == "overflow_left"]
                assert s.defects or left, (name, s.index)
            else:
                assert s.defects == [], (name, s.index, s.defects)
    assert filled_any >= 20
