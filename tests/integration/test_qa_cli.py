"""``pptxagent qa`` through the real CLI and Chromium: planted defects are found on the right
slide and shape, clean slides and clean real decks stay clean, bad input exits 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Inches
from qa_decks import CLEAN_SLIDES, PLANTED, clean_deck, planted_deck

from pptxagent.qa.sheet import COLORS

pytestmark = pytest.mark.browser
CORPUS = Path("../shared/corpus/pptx")
CLEAN_CORPUS = (
    "automizer__threeSlidePres.pptx",
    "automizer__GS_Tables_Merged.pptx",
    "phppres__Sample_12.pptx",
)
BAD = (
    "poi__Divino_Revelado.pptx",  # truncated zip
    "poi__clusterfuzz-POIXSLFFuzzer-5463285576892416.pptx",  # fuzzed zip
    "openxmlsdk__encrypted_pptx.pptx",  # encrypted (OLE compound file)
)


def qa(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", "qa", *map(str, args)],
        capture_output=True, text=True, timeout=300, check=False,
    )


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object], Path]:
    tmp = tmp_path_factory.mktemp("qa")
    deck = planted_deck(tmp / "planted.pptx")
    sarif = tmp / "out.sarif"
    done = qa(deck, "--json", "--sarif", sarif, "--out", tmp / "out")
    assert done.returncode == 1, done.stderr
    return deck, json.loads(done.stdout), tmp


def test_every_planted_defect_is_found_on_its_slide_and_shape(
    planted: tuple[Path, dict[str, object], Path],
) -> None:
    _, report, _ = planted
    issues = report["issues"]
    assert isinstance(issues, list)
    found = {(i["slide"], i["kind"], i["shape"]) for i in issues}
    for slide, (kind, shape) in PLANTED.items():
        assert (slide, kind, shape) in found, (slide, kind, shape, issues)
    # nothing else is reported: one defect per planted slide, none on the clean ones
    assert {i["slide"] for i in issues} == set(PLANTED)
    assert all(i["slide"] not in CLEAN_SLIDES for i in issues)
    by_kind = {i["kind"]: i for i in issues}
    for ghost in (i for i in issues if i["kind"] == "contrast"):  # a text box, table cells
        assert ghost["severity"] == "critical"
        assert ghost["measured"] == pytest.approx(1.0, abs=0.05)
    crammed = next(i for i in issues if i["kind"] == "overflow" and i["shape"] == "Crammed")
    assert crammed["severity"] == "critical"  # it visibly leaves its filled box
    assert by_kind["distorted_picture"]["measured"] == pytest.approx(50, abs=1)


def test_sarif_and_contact_sheet(planted: tuple[Path, dict[str, object], Path]) -> None:
    deck, report, tmp = planted
    sarif = json.loads((tmp / "out.sarif").read_text())
    assert sarif["version"] == "2.1.0" and "$schema" in sarif
    run = sarif["runs"][0]
    assert run["tool"]["driver"]["name"] == "pptxagent"
    rule_ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
    results = run["results"]
    assert len(results) == len(report["issues"])  # type: ignore[arg-type]
    for res in results:
        assert res["ruleId"] in rule_ids
        assert res["level"] in ("error", "warning", "note")
        assert res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(
            deck.name)
        assert res["message"]["text"].startswith("slide ")
    assert {r["level"] for r in results if r["ruleId"] == "contrast"} == {"error"}
    sheet = tmp / "out" / "contact-sheet.png"
    with Image.open(sheet) as im:
        assert im.width > 1000
        # the red outline of a critical issue is on the sheet (the slide component's red)
        assert COLORS["critical"] in {c for _, c in im.convert("RGB").getcolors(1 << 24) or []}
    assert "export function slideCard(" in (tmp / "out" / "contact-sheet.html").read_text()
    assert len(list((tmp / "out" / "slides").glob("slide-*.png"))) == 14


def test_table_output_and_clean_deck_exit_zero(tmp_path: Path) -> None:
    done = qa(clean_deck(tmp_path / "clean.pptx"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout
    planted_out = qa(planted_deck(tmp_path / "planted.pptx"))
    assert planted_out.returncode == 1
    assert "Ghost" in planted_out.stdout and "critical" in planted_out.stdout


@pytest.mark.parametrize("name", CLEAN_CORPUS)
def test_clean_real_decks_have_no_issues(name: str) -> None:
    done = qa(CORPUS / name, "--json")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    assert json.loads(done.stdout)["issues"] == []


@pytest.mark.parametrize("name", BAD)
def test_broken_decks_are_refused_in_one_line(name: str) -> None:
    done = qa(CORPUS / name)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and name in lines[0] and "Traceback" not in done.stderr


def test_missing_and_non_zip_input(tmp_path: Path) -> None:
    done = qa(tmp_path / "nope.pptx")
    assert done.returncode == 2 and "no such file" in done.stderr
    fake = tmp_path / "fake.pptx"
    fake.write_text("not a zip")
    done = qa(fake)
    assert done.returncode == 2 and "fake.pptx" in done.stderr
    assert "Traceback" not in done.stderr


def test_gradient_text_on_a_picture_background_is_judged_as_drawn() -> None:
    """pandoc's footer deck fills its titles with a light grey-to-white text gradient (tx1 is
    mapped to lt1) over a grey picture background from the master: PowerPoint shows light
    text on grey (LibreOffice falls back to black). The faithful render draws the picture,
    so the QA finds the low contrast on the title of slide 2."""
    proc = qa(CORPUS / "pandoc__footer-basic-output.pptx", "--json")
    assert proc.returncode == 1, proc.stderr
    issues = json.loads(proc.stdout)["issues"]
    found = [i for i in issues if i["slide"] == 2 and i["kind"] == "contrast"]
    assert found and all(i["measured"] < 3 for i in found)


def test_turned_text_is_judged_where_it_is_drawn(tmp_path: Path) -> None:
    # two labels turned a quarter, as on the side of a slide: white on white, and black
    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Side labels"
    for name, x, rgb in (("Ghost side", 6.5, (255, 255, 255)), ("Side", 4, (0, 0, 0))):
        tb = s.shapes.add_textbox(Inches(x), Inches(4), Inches(3), Inches(0.6))
        tb.name, tb.rotation = name, 270
        tb.text_frame.text = "Read me sideways"
        tb.text_frame.paragraphs[0].runs[0].font.color.rgb = RGBColor(*rgb)
    deck = tmp_path / "side.pptx"
    prs.save(str(deck))
    done = qa(deck, "--json")
    assert done.returncode == 1, done.stderr
    issues = json.loads(done.stdout)["issues"]
    assert [(i["kind"], i["shape"]) for i in issues] == [("contrast", "Ghost side")]
    box = issues[0]["box"]
    assert box["h"] > 2 * box["w"]  # outlined standing up, where the words are drawn


def test_a_body_overflowing_off_the_slide_is_both_overflow_and_cutoff(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Too much"
    slide.placeholders[1].text = "\n".join(f"Point {k}: a line of body text" for k in range(16))
    prs.save(str(tmp_path / "long.pptx"))
    done = qa(tmp_path / "long.pptx", "--json")
    assert done.returncode == 1, done.stderr
    got = {i["kind"]: i for i in json.loads(done.stdout)["issues"]}
    assert got["cutoff"]["severity"] == "critical"
    # out of its box by more than it is off the slide: measured on its line boxes, not on
    # ink the slide edge clips
    assert got["overflow"]["measured"] > got["cutoff"]["measured"] > 100


def test_a_filled_box_over_what_is_not_drawn_is_judged_on_its_fill(tmp_path: Path) -> None:
    """A waterfall chart (``chartEx``) is drawn as a neutral box whose pixels judge nothing;
    a white box with near-white text laid over it is its own ground, and is judged."""
    prs = Presentation(str(CORPUS / "automizer__ChartWaterfall.pptx"))
    w, h = prs.slide_width, prs.slide_height
    box = prs.slides[0].shapes.add_textbox(int(w * 0.3), int(h * 0.45), int(w * 0.4),
                                           int(h * 0.08))
    box.name = "Ghost"
    box.fill.solid()
    box.fill.fore_color.rgb = RGBColor(255, 255, 255)
    box.text_frame.text = "Words nobody reads"
    box.text_frame.paragraphs[0].runs[0].font.color.rgb = RGBColor(0xF6, 0xF6, 0xF6)
    prs.save(str(tmp_path / "ghost.pptx"))
    done = qa(tmp_path / "ghost.pptx", "--json")
    assert done.returncode == 1, done.stderr
    found = [(i["kind"], i["shape"], i["severity"]) for i in json.loads(done.stdout)["issues"]]
    assert found == [("contrast", "Ghost", "critical")]


def test_a_flat_custom_line_over_text_is_judged_not_a_crash(tmp_path: Path) -> None:
    # LibreOffice's "Candy" template draws its rules as custom paths in boxes of zero
    # height over its labels: the occlusion check inverted their flat transform and the
    # whole `pptxagent qa` failed ("The matrix is not invertible"), exit 3.
    from lxml import etree
    from pptx.enum.shapes import MSO_SHAPE

    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Rules under labels"
    s.shapes.add_textbox(Inches(1), Inches(3), Inches(4), Inches(0.6)).text_frame.text = "Label"
    rule = s.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(1), Inches(3.3), Inches(5), 0)
    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    geom = rule._element.spPr.find(f"{{{a}}}prstGeom")
    geom.addprevious(etree.fromstring(
        f'<a:custGeom xmlns:a="{a}"><a:avLst/><a:gdLst/><a:ahLst/><a:rect l="0" t="0" r="r" '
        'b="b"/><a:pathLst><a:path w="6485" h="6485"><a:moveTo><a:pt x="0" y="0"/>'
        '</a:moveTo><a:lnTo><a:pt x="6485" y="0"/></a:lnTo></a:path></a:pathLst></a:custGeom>'))
    geom.getparent().remove(geom)
    deck = tmp_path / "rules.pptx"
    prs.save(str(deck))
    done = qa(deck, "--json")
    assert done.returncode in (0, 1), done.stderr
    assert json.loads(done.stdout)["slides"] == 1
