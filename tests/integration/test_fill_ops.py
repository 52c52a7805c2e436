"""Fill real corpus decks end to end (package → apply_content → save → python-pptx reads it)."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest
from PIL import Image
from pptx import Presentation
from pptx.util import Emu

from pptxagent.errors import ContentError
from pptxagent.fill.apply import apply_content
from pptxagent.fill.content import parse_content
from pptxagent.ooxml.package import Package

CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"
OFFICEPARSER = CORPUS / "officeparser__test.pptx"  # PowerPoint 2016, explicit run formats
DOCLING = CORPUS / "docling__powerpoint_sample.pptx"

pytestmark = pytest.mark.skipif(not OFFICEPARSER.exists(), reason="corpus not available")


def _fill(src: Path, doc: dict[str, object], tmp_path: Path, strict: bool = False) -> Path:
    pkg = Package.open(src)
    apply_content(pkg, parse_content(doc), tmp_path, strict=strict)
    out = tmp_path / "out.pptx"
    pkg.save(out)
    return out


def test_fill_real_deck_with_roles_tokens_table_picture_and_duplicate(tmp_path: Path) -> None:
    Image.new("RGB", (400, 100), "navy").save(tmp_path / "wide.png")
    doc = {
        "tokens": {"client": "Globex"},
        "slides": [
            {"template_slide": 2, "fill": {
                "title": "Results for {{client}}",
                "body": ["First point", {"text": "Detail", "level": 1}, "Second point"]},
             "notes": "Say hello to {{client}}"},
            {"template_slide": 7, "fill": {"name:Picture 8": {"image": "wide.png"}}},
            {"template_slide": 2, "fill": {"title": "Copy of the slide"}},
            {"template_slide": 3, "fill": {"name:Table 8": [["A", "B"], ["1", "2"]]}},
        ],
    }
    out = _fill(OFFICEPARSER, doc, tmp_path)
    prs = Presentation(str(out))
    assert len(prs.slides) == 4
    titles = [s.shapes.title.text_frame.text for s in prs.slides]
    assert titles == ["Results for Globex", "Images", "Copy of the slide", "Tables"]

    first = prs.slides[0]
    title_run = first.shapes.title.text_frame.paragraphs[0].runs[0]
    assert title_run.font.name == "Ubuntu" and title_run.font.bold is True
    assert str(title_run.font.color.rgb) == "365F91"
    body = next(s for s in first.placeholders if s.placeholder_format.idx == 1)
    paras = body.text_frame.paragraphs
    assert [(p.text, p.level) for p in paras] == [
        ("First point", 0), ("Detail", 1), ("Second point", 0)]
    run = paras[0].runs[0]
    assert run.font.name == "Ubuntu" and run.font.bold and str(run.font.color.rgb) == "4F81BD"
    assert first.notes_slide.notes_text_frame.text == "Say hello to Globex"
    # the duplicate still holds the untouched template body, with its format
    dup_body = next(s for s in prs.slides[2].placeholders if s.placeholder_format.idx == 1)
    assert dup_body.text_frame.paragraphs[0].text == "Inline formatting"

    pic = next(s for s in prs.slides[1].shapes if s.name == "Picture 8")
    assert pic.image.size == (400, 100)
    frame_ar = pic.width / pic.height
    visible = 1 - pic.crop_left - pic.crop_right
    assert visible * 4 == pytest.approx(frame_ar, rel=0.01)  # cropped, not distorted

    table = next(s for s in prs.slides[3].shapes if s.name == "Table 8").table
    cells = [[c.text for c in r.cells] for r in table.rows]
    assert [row[:2] for row in cells] == [["A", "B"], ["1", "2"]]
    assert {c for row in cells for c in row[2:]} == {""}  # cells beyond the value are emptied
    frame = next(s for s in prs.slides[3].shapes if s.name == "Table 8")
    assert frame.height == Emu(sum(r.height for r in table.rows))


def test_noop_content_changes_no_part(tmp_path: Path) -> None:
    out = _fill(DOCLING, {"tokens": {}}, tmp_path)

    def digests(p: Path) -> dict[str, str]:
        with zipfile.ZipFile(p) as z:
            return {n: hashlib.sha256(z.read(n)).hexdigest() for n in z.namelist()}

    assert digests(out) == digests(DOCLING)


def test_errors_name_slide_key_and_path_and_write_nothing(tmp_path: Path) -> None:
    cases = [
        ({"slides": [{"template_slide": 9}]}, ["$.slides[0].template_slide", "1–3"]),
        ({"slides": [{"template_slide": 2, "fill": {"subtitle": "x"}}]},
         ["$.slides[0].fill.subtitle", "'subtitle'", "template slide 2", "title, body"]),
        ({"slides": [{"template_slide": 1, "fill": {"name:Table 3": "text"}}]},
         ["'name:Table 3'", "a table"]),
        ({"slides": [{"template_slide": 2, "fill": {"body": [["a"]]}}]},
         ["'body'", "a text shape"]),
        ({"slides": [{"template_slide": 2, "fill": {"body": {"image": "nope.png"}}}]},
         ["'body'"]),
        ({"slides": [{"template_slide": 1, "fill": {"name:Table 3": [["a"]], "title": "t"}},
                     {"template_slide": 2, "fill": {"sp4": {"image": "nope.png"}}}]},
         ["'sp4'"]),
    ]
    for doc, needles in cases:
        pkg = Package.open(DOCLING)
        with pytest.raises(ContentError) as exc:
            apply_content(pkg, parse_content(doc), tmp_path, strict=False)
        for needle in needles:
            assert needle in str(exc.value), (needle, str(exc.value))


def test_missing_image_names_path_and_file(tmp_path: Path) -> None:
    doc = {"slides": [{"template_slide": 7, "fill": {"name:Picture 8": {"image": "gone.png"}}}]}
    with pytest.raises(ContentError) as exc:
        apply_content(Package.open(OFFICEPARSER), parse_content(doc), tmp_path, strict=False)
    assert '$.slides[0].fill["name:Picture 8"].image' in str(exc.value)
    assert "gone.png" in str(exc.value)


def test_strict_lists_unresolved_tokens_with_slide_numbers(tmp_path: Path) -> None:
    doc = {"tokens": {"a": "1"}, "slides": [
        {"template_slide": 2, "fill": {"title": "{{a}} {{ missing }}"}},
        {"template_slide": 2, "notes": "{{other}}"}]}
    pkg = Package.open(DOCLING)
    plan = apply_content(pkg, parse_content(doc), tmp_path, strict=False)
    assert [(u.name, u.slide, u.where) for u in plan.unresolved] == [
        ("missing", 1, "slide"), ("other", 2, "notes")]
    assert plan.slides[0].texts["sp2"] == "1 {{ missing }}"
    assert (plan.unresolved[0].shape, plan.unresolved[0].eid) == ("Title 1", "sp2")
    with pytest.raises(ContentError, match=r"slide 1, shape 'Title 1' \(sp2\): \{\{ missing \}\}"
                                           r".*slide 2 notes, .*\{\{other\}\}"):
        apply_content(Package.open(DOCLING), parse_content(doc), tmp_path, strict=True)


def test_empty_placeholders_take_text_and_a_picture(tmp_path: Path) -> None:
    Image.new("RGB", (300, 300), "green").save(tmp_path / "sq.png")
    src = CORPUS / "pythonpptx__ph-unpopulated-placeholders.pptx"
    doc = {"slides": [{"template_slide": 1, "fill": {"title": "Now filled"}},
                      {"template_slide": 9, "fill": {"name:Picture Placeholder 1":
                                                     {"image": "sq.png"}}}]}
    prs = Presentation(str(_fill(src, doc, tmp_path)))
    assert len(prs.slides) == 2
    assert prs.slides[0].shapes.title.text_frame.text == "Now filled"
    (pic,) = list(prs.slides[1].shapes)
    assert pic.shape_type == 14  # a placeholder ...
    assert pic.image.size == (300, 300)  # ... now holding the picture
    assert pic.placeholder_format.type == 18  # PICTURE: still tied to its layout slot
