"""Bad input to the real ``pptxagent fill`` / ``pptxagent inventory``, as a user meets it.

Each case runs the installed CLI in a subprocess and checks what the user sees: exit code 2,
one line on stderr that names the culprit (file, part, slide, key, JSON path), no
traceback, and neither the output deck nor the report left behind.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "templates" / "pptx" / "quarterly-review.pptx"
CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"
EXE = Path(sys.executable).parent / "pptxagent"
SLIDE1 = "ppt/slides/slide1.xml"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    cmd = [str(EXE), *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)


def rezip(dest: Path, edit: Callable[[dict[str, bytes]], None]) -> Path:
    """The bundled template with its members edited (a real deck, one thing broken)."""
    with zipfile.ZipFile(TEMPLATE) as zf:
        members = {i.filename: zf.read(i) for i in zf.infolist()}
    edit(members)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return dest


def _malformed(m: dict[str, bytes]) -> None:
    m[SLIDE1] = m[SLIDE1].replace(b"</p:spTree>", b"<p:sp></p:spTree>", 1)


def _not_a_slide(m: dict[str, bytes]) -> None:
    m[SLIDE1] = b'<?xml version="1.0"?><foo/>'  # well-formed, but no slide


def _bomb(m: dict[str, bytes]) -> None:
    m["ppt/media/zeros.bin"] = b"\0" * (12 << 20)  # 12 MiB of zeros, ~1000:1


def _unsafe_name(m: dict[str, bytes]) -> None:
    m["ppt/../../evil.xml"] = b"<x/>"


def _doctype(m: dict[str, bytes]) -> None:
    head, _, rest = m[SLIDE1].partition(b"?>")
    entities = b'<!DOCTYPE lol [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'
    m[SLIDE1] = head + b"?>" + entities + rest


def _slide_size(m: dict[str, bytes]) -> None:
    pres = "ppt/presentation.xml"
    m[pres] = re.sub(rb'<p:sldSz cx="\d+" cy="\d+"', b'<p:sldSz cx="10000000000000" '
                     b'cy="10000000000000"', m[pres])


def _layout_is_the_slide(m: dict[str, bytes]) -> None:
    rels = "ppt/slides/_rels/slide1.xml.rels"
    m[rels] = re.sub(rb'(relationships/slideLayout" Target=")[^"]+"', rb'\1slide1.xml"',
                     m[rels])


def _layout_missing(m: dict[str, bytes]) -> None:
    rels = "ppt/slides/_rels/slide1.xml.rels"
    m[rels] = re.sub(rb'(relationships/slideLayout" Target=")[^"]+"',
                     rb'\1../slideLayouts/slideLayout999.xml"', m[rels])


def _layout_unlinked(m: dict[str, bytes]) -> None:
    rels = "ppt/slides/_rels/slide1.xml.rels"
    m[rels] = re.sub(rb'<Relationship [^>]*relationships/slideLayout"[^>]*/>', b"", m[rels])


def _app_props_cut(m: dict[str, bytes]) -> None:
    m["docProps/app.xml"] = m["docProps/app.xml"][:200]  # PowerPoint would ask to repair


BROKEN_DECKS: dict[str, Callable[[dict[str, bytes]], None]] = {
    "appcut.pptx": _app_props_cut,
    "hugeslide.pptx": _slide_size,
    "selflayout.pptx": _layout_is_the_slide,
    "nolayout.pptx": _layout_missing,
    "unlinked.pptx": _layout_unlinked,
    "malformed.pptx": _malformed,
    "notaslide.pptx": _not_a_slide,
    "bomb.pptx": _bomb,
    "unsafe.pptx": _unsafe_name,
    "doctype.pptx": _doctype,
}


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("bad")
    for name, edit in BROKEN_DECKS.items():
        rezip(d / name, edit)
    shutil.copy(TEMPLATE, d / "template.pptx")
    Image.new("1", (16000, 16000)).save(d / "huge.png")  # 256 Mpx in 31 KB: a pixel bomb
    Image.new("RGB", (40, 30), "red").save(d / "photo.webp")
    (d / "fake.png").write_text("not an image")
    (d / "cut.png").write_bytes((ROOT / "fixtures" / "team.png").read_bytes()[:100])
    (d / "template_dir.pptx").mkdir()
    (d / "noop.json").write_text('{"tokens": {}}')
    return d


@dataclass(frozen=True)
class Case:
    id: str
    template: str  # a file in the work dir, or corpus:<name>
    content: object  # JSON document (dict) or raw text (str)
    needles: tuple[str, ...]
    extra: tuple[str, ...] = ()
    out: str = "out/filled.pptx"


NOOP: dict[str, object] = {"tokens": {}}


def _image(path: str) -> dict[str, object]:
    return {"slides": [{"template_slide": 5,
                        "fill": {"name:Picture Placeholder 2": {"image": path}}}]}


SLIDES_2 = {"slides": [{"template_slide": 2, "fill": {"title": "T", "bodyy": "x"}}]}

CASES = [
    Case("missing-template", "absent.pptx", NOOP, ("absent.pptx", "no such")),
    Case("template-is-directory", "template_dir.pptx", NOOP, ("template_dir.pptx", "directory")),
    Case("encrypted", "corpus:openxmlsdk__encrypted_pptx.pptx", NOOP,
         ("openxmlsdk__encrypted_pptx.pptx", "encrypted")),
    Case("iso-strict", "corpus:openxmlsdk__strict_main_bodyPr_rtlCol.pptx", NOOP,
         ("openxmlsdk__strict_main_bodyPr_rtlCol.pptx", "Strict")),
    Case("truncated-zip", "corpus:poi__Divino_Revelado.pptx", NOOP,
         ("poi__Divino_Revelado.pptx", "truncated")),
    Case("malformed-xml", "malformed.pptx", NOOP,
         ("malformed.pptx:/ppt/slides/slide1.xml", "malformed XML")),
    Case("slide-part-not-a-slide", "notaslide.pptx", NOOP,
         ("notaslide.pptx:/ppt/slides/slide1.xml", "not a slide", "<foo>")),
    Case("zip-bomb", "bomb.pptx", NOOP, ("bomb.pptx", "zip bomb")),
    Case("document-properties-cut-short", "appcut.pptx", NOOP,
         ("appcut.pptx", "/docProps/app.xml", "malformed XML")),
    Case("slide-size-out-of-range", "hugeslide.pptx", NOOP,
         ("hugeslide.pptx", "p:sldSz", "1-56 inch")),
    Case("layout-relationship-names-a-slide", "selflayout.pptx", NOOP,
         ("selflayout.pptx", "/ppt/slides/slide1.xml", "not a slide layout")),
    Case("layout-relationship-names-a-missing-part", "nolayout.pptx",
         {"slides": [{"template_slide": 1, "fill": {"title": "Q3"}}]},
         ("nolayout.pptx", "/ppt/slides/slide1.xml", "slideLayout999.xml",
          "not in the package")),
    Case("slide-without-a-layout-relationship", "unlinked.pptx",
         {"slides": [{"template_slide": 1, "fill": {"title": "Q3"}}]},
         ("content.json", "$.slides[0].fill.title", "template slide 1",
          "/ppt/slides/slide1.xml has no slide layout")),
    Case("unsafe-member-name", "unsafe.pptx", NOOP,
         ("unsafe.pptx", "unsafe zip member name", "ppt/../../evil.xml")),
    Case("doctype-entities", "doctype.pptx", NOOP,
         ("doctype.pptx:/ppt/slides/slide1.xml", "DOCTYPE")),
    Case("content-not-json", "template.pptx", '{"tokens": {', ("content.json", "not valid JSON")),
    Case("content-nan", "template.pptx", '{"tokens": {"x": NaN}}', ("content.json", "NaN")),
    Case("content-missing", "template.pptx", None, ("content.json", "no such file")),
    Case("control-character", "template.pptx",
         {"slides": [{"template_slide": 1, "fill": {"title": "Q3\u0000 results"}}]},
         ("content.json", "$.slides[0].fill.title", "U+0000", "cannot hold")),
    Case("lone-surrogate-token", "template.pptx", {"tokens": {"client": "\ud800"}},
         ("content.json", "$.tokens.client", "U+D800", "surrogate")),
    Case("nul-in-image-path", "template.pptx", _image("team.png\u0000x"),
         ("content.json", ".image", "U+0000")),
    Case("duplicate-key", "template.pptx",
         '{"slides": [{"template_slide": 1, "fill": {"title": "a", "title": "b"}}]}',
         ("content.json", '"title"', "twice")),
    Case("nested-too-deep", "template.pptx", '{"tokens": {"x": ' + "[" * 5000 + "]" * 5000
         + "}}", ("content.json", "nested deeper")),
    Case("nested-deep-token", "template.pptx",
         json.loads('{"tokens": {"a": ' + '{"b": ' * 100 + '"x"' + "}" * 101 + "}"),
         ("content.json", "$.tokens.a.b", "nested deeper than 64")),
    Case("schema-violation", "template.pptx", {"slides": [{"template_slide": "two"}]},
         ("content.json", "$.slides[0].template_slide")),
    Case("schema-unknown-field", "template.pptx", {"tokens": {}, "slide": []},
         ("content.json", "$.slide")),
    Case("unknown-fill-key", "template.pptx", SLIDES_2,
         ("content.json", "$.slides[0]", "bodyy", "template slide 2")),
    Case("template-slide-out-of-range", "template.pptx", {"slides": [{"template_slide": 9}]},
         ("content.json", "$.slides[0].template_slide", "9", "1", "5")),
    Case("missing-image", "template.pptx", _image("nope.png"),
         ("content.json", "image", "nope.png")),
    Case("image-pixel-bomb", "template.pptx", _image("{work}/huge.png"),
         ("content.json", "huge.png", "too many pixels")),
    Case("image-unsupported-format", "template.pptx", _image("{work}/photo.webp"),
         ("content.json", "photo.webp", "WEBP is not supported")),
    Case("image-not-an-image", "template.pptx", _image("{work}/fake.png"),
         ("content.json", "fake.png", "as an image")),
    Case("image-cut-short", "template.pptx", _image("{work}/cut.png"),
         ("content.json", "cut.png", "as an image")),
    Case("image-is-a-directory", "template.pptx", _image("{work}"),
         ("content.json", ".image", "is a directory")),
    Case("image-path-empty", "template.pptx", _image(""),
         ("content.json", ".image", "non-empty string")),
    Case("table-without-rows", "template.pptx",
         {"slides": [{"template_slide": 4, "fill": {"name:Figures": []}}]},
         ("content.json", "Figures", "at least one row")),
    Case("table-row-without-cells", "template.pptx",
         {"slides": [{"template_slide": 4, "fill": {"name:Figures": [["a"], []]}}]},
         ("content.json", '["name:Figures"][1]', "at least one cell")),
    Case("output-is-an-input-image", "template.pptx", _image("team.png"),
         ("team.png", "refusing to overwrite the picture"), out="team.png"),
    Case("strict-unresolved-tokens", "template.pptx", {"tokens": {"client": "Globex"}},
         ("content.json", "author"), extra=("--strict",)),
    Case("unknown-set", "template.pptx", NOOP, ("NOPE",), extra=("--set", "NOPE=1")),
    Case("output-folder-missing", "template.pptx", NOOP, ("missing/x.pptx", "does not exist"),
         out="missing/x.pptx"),
    Case("report-folder-missing", "template.pptx", NOOP, ("--report", "nowhere"),
         extra=("--report", "{tmp}/nowhere/report.json")),
    Case("output-is-directory", "template.pptx", NOOP, ("out", "is a directory"), out="out"),
    Case("output-is-content", "template.pptx", NOOP, ("content.json", "content file"),
         out="content.json"),
    Case("report-is-directory", "template.pptx", NOOP, ("--report", "is a directory"),
         extra=("--report", "{tmp}/out")),
    Case("report-is-output", "template.pptx", NOOP, ("--report", "output deck"),
         extra=("--report", "{tmp}/out/filled.pptx")),
    Case("rollout-dir-not-only-rollouts", "template.pptx", NOOP, ("--rollout-dir", "not empty",
                                                                  "bomb.pptx"),
         extra=("--rollout-dir", "{work}")),
    Case("output-is-template", "template.pptx", NOOP, ("template",), out="template.pptx"),
]


def _one_error_line(stderr: str) -> str:
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("pptxagent: error: "), stderr
    assert "Traceback" not in stderr
    return lines[0]


@dataclass
class Ran:
    proc: subprocess.CompletedProcess[str]
    tmp: Path
    content: Path
    content_before: bytes | None


def _run_case(work: Path, tmp: Path, case: Case) -> Ran | None:
    if case.template.startswith("corpus:"):
        template = CORPUS / case.template.removeprefix("corpus:")
        if not template.is_file():
            return None
    else:
        template = work / case.template
    content = tmp / "content.json"
    if isinstance(case.content, str):
        content.write_text(case.content)
    elif case.content is not None:
        content.write_text(json.dumps(case.content).replace("{work}", str(work)))
    content_before = content.read_bytes() if content.exists() else None
    (tmp / "out").mkdir()
    out = work / case.out if case.out == "template.pptx" else tmp / case.out
    report = tmp / "out" / "report.json"
    extra = [a.replace("{tmp}", str(tmp)).replace("{work}", str(work)) for a in case.extra]
    proc = run("fill", template, content, "-o", out, "--report", report, "--no-crosscheck",
               *extra)
    return Ran(proc, tmp, content, content_before)


@pytest.fixture(scope="module")
def fill_runs(work: Path, tmp_path_factory: pytest.TempPathFactory
              ) -> tuple[dict[str, Ran | None], list[str]]:
    """Every case's CLI run, a few at a time (each is a separate process and folder)."""
    before = sorted(p.name for p in work.iterdir())
    tmps = [tmp_path_factory.mktemp(c.id) for c in CASES]
    with ThreadPoolExecutor(max_workers=4) as pool:
        runs = list(pool.map(lambda c, t: _run_case(work, t, c), CASES, tmps))
    return {c.id: r for c, r in zip(CASES, runs, strict=True)}, before


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fill_bad_input_exits_2_with_one_line_and_writes_nothing(
    work: Path, fill_runs: tuple[dict[str, Ran | None], list[str]], case: Case
) -> None:
    runs, work_before = fill_runs
    ran = runs[case.id]
    if ran is None:
        pytest.skip(f"corpus deck {case.template} not present")
    proc, tmp = ran.proc, ran.tmp
    assert proc.returncode == 2, proc.stderr
    line = _one_error_line(proc.stderr)
    for needle in case.needles:
        assert needle in line, (needle, line)
    assert sorted(p.name for p in (tmp / "out").iterdir()) == []
    assert (ran.content.read_bytes() if ran.content.exists() else None) == ran.content_before
    assert not (tmp / "missing").exists() and not (tmp / "nowhere").exists()
    assert sorted(p.name for p in work.iterdir()) == work_before
    assert (work / "template.pptx").read_bytes() == TEMPLATE.read_bytes()


def test_unknown_fill_key_lists_the_slide_keys(work: Path, tmp_path: Path) -> None:
    content = tmp_path / "content.json"
    content.write_text(json.dumps(SLIDES_2))
    proc = run("fill", work / "template.pptx", content, "-o", tmp_path / "o.pptx")
    line = _one_error_line(proc.stderr)
    # The slide's keys, so the user can pick the right one.
    for key in ("title", "body", "name:Content Placeholder 2", "sp3"):
        assert key in line, (key, line)


@pytest.mark.parametrize(
    ("deck", "needles"),
    [
        ("corpus:openxmlsdk__encrypted_pptx.pptx", ("encrypted",)),
        ("corpus:poi__Divino_Revelado.pptx", ("truncated",)),
        ("corpus:openxmlsdk__strict_wrapEAvert_bodyPrVert_VerticalTextEAvert.pptx",
         ("Strict",)),
        ("corpus:phppres__Sample_01_Simple.pptx", ("/ppt/slideMasters/slideMaster1.xml",
                                                   "malformed XML")),
        ("doctype.pptx", ("/ppt/slides/slide1.xml", "DOCTYPE")),
        ("bomb.pptx", ("zip bomb",)),
        ("template_dir.pptx", ("directory",)),
        ("absent.pptx", ("no such file",)),
    ],
    ids=["encrypted", "truncated", "strict", "malformed", "doctype", "bomb", "directory",
         "missing"],
)
def test_inventory_bad_deck_exits_2_and_writes_nothing(
    work: Path, tmp_path: Path, deck: str, needles: tuple[str, ...]
) -> None:
    path = CORPUS / deck.removeprefix("corpus:") if deck.startswith("corpus:") else work / deck
    if deck.startswith("corpus:") and not path.is_file():
        pytest.skip(f"corpus deck {path} not present")
    out = tmp_path / "inv.json"
    proc = run("inventory", path, "-o", out)
    assert proc.returncode == 2, proc.stderr
    line = _one_error_line(proc.stderr)
    assert path.name in line, line
    for needle in needles:
        assert needle in line, (needle, line)
    assert proc.stdout == ""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("target", ["dir", "deck", "missing/inv.json"])
def test_inventory_refuses_an_output_it_must_not_write(work: Path, tmp_path: Path,
                                                       target: str) -> None:
    deck = tmp_path / "deck.pptx"
    shutil.copy(TEMPLATE, deck)
    (tmp_path / "dir").mkdir()
    out = {"dir": tmp_path / "dir", "deck": deck}.get(target, tmp_path / target)
    proc = run("inventory", deck, "-o", out)
    assert proc.returncode == 2, proc.stderr
    assert str(out) in _one_error_line(proc.stderr)
    assert deck.read_bytes() == TEMPLATE.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pptx", "dir"]
    assert list((tmp_path / "dir").iterdir()) == []


def test_the_stand_in_picture_of_an_office_2016_chart_cannot_be_filled(tmp_path: Path) -> None:
    # the waterfall chart's mc:Fallback picture is what we draw; PowerPoint draws the chart,
    # so a picture written there would never be seen: refused, as the chart frame always was
    picture = tmp_path / "red.png"
    Image.new("RGB", (40, 30), (200, 0, 0)).save(picture)
    content = tmp_path / "content.json"
    content.write_text(json.dumps({"slides": [{"template_slide": 1, "fill": {
        "sp6": {"image": str(picture)}}}]}))
    out = tmp_path / "o.pptx"
    proc = run("fill", CORPUS / "automizer__ChartWaterfall.pptx", content, "-o", out)
    line = _one_error_line(proc.stderr)
    assert proc.returncode == 2 and "$.slides[0].fill.sp6" in line and "Office 2016 chart" in line
    assert not out.exists()
