"""Metafiles for the browser: the SVG root made drawable, PatBlt pages kept, previews found."""

from __future__ import annotations

import gzip
import re
import struct
from pathlib import Path

import pytest

from pptxagent.engines.metafile import (
    MAX_RECORDS,
    fix_root,
    kind_of,
    patblt_as_rectangles,
    to_svg,
)
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapes import read_slide_doc
from pptxagent.render.media import METAFILE_BUDGET_S, MediaStore, convert

CORPUS = Path("../shared/corpus/pptx")


def _wmf(*records: bytes) -> bytes:
    body = b"".join(records) + struct.pack("<IH", 3, 0)
    header = struct.pack("<HHHIHIH", 1, 9, 0x300, (18 + len(body)) // 2, 1, 9, 0)
    return header + body


def _patblt(rop: int, h: int, w: int, y: int, x: int) -> bytes:
    return struct.pack("<IHIhhhh", 9, 0x061D, rop, h, w, y, x)


def test_wmf2svg_output_gets_the_svg_namespace_a_viewbox_and_stretches() -> None:
    out = fix_root(b'<?xml version="1.0"?>\n<svg width="682" height="512"\n\txmlns:s="x">'
                   b"<rect/></svg>")
    assert out is not None
    root = out.split(b">", 2)[1]
    assert b'xmlns="http://www.w3.org/2000/svg"' in root
    assert b'viewBox="0 0 682 512"' in root
    assert b'preserveAspectRatio="none"' in root
    assert out.endswith(b"<rect/></svg>")


def test_an_svg_root_with_its_own_viewbox_keeps_it_and_one_without_size_is_refused() -> None:
    out = fix_root(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"/>')
    assert out == (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"'
                   b' preserveAspectRatio="none"/>')
    assert fix_root(b"<svg><g/></svg>") is None
    assert fix_root(b"not svg") is None


def test_a_patcopy_patblt_becomes_a_rectangle_of_the_same_area() -> None:
    src = _wmf(_patblt(0x00F00021, 100, 200, 10, 20))
    out = patblt_as_rectangles(src)
    rec = out[18:18 + 14]
    assert struct.unpack("<IHhhhh", rec) == (7, 0x041B, 110, 220, 10, 20)
    assert struct.unpack("<I", out[6:10])[0] * 2 == len(out)  # the header's size follows
    assert out[-6:] == struct.pack("<IH", 3, 0)


def test_other_patblts_and_broken_records_leave_the_metafile_as_it_was() -> None:
    inverting = _wmf(_patblt(0x00550009, 100, 200, 10, 20))  # DSTINVERT: not a fill
    assert patblt_as_rectangles(inverting) == inverting
    broken = _wmf(struct.pack("<IH", 9000, 0x061D))
    assert patblt_as_rectangles(broken) == broken
    assert patblt_as_rectangles(b"\x01\x00") == b"\x01\x00"


def test_kind_of_tells_emf_from_wmf_and_refuses_anything_else() -> None:
    emf = struct.pack("<II", 1, 108) + b"\x00" * 32 + b" EMF" + b"\x00" * 64
    assert kind_of(emf) == "emf"
    assert kind_of(b"\xd7\xcd\xc6\x9a" + b"\x00" * 40) == "wmf"
    assert kind_of(_wmf()) == "wmf"
    assert kind_of(b"\x89PNG\r\n\x1a\n") is None
    assert to_svg(b"\x89PNG\r\n\x1a\n") is None
    assert to_svg(gzip.compress(b"not a metafile")) is None


def test_a_legacy_ole_object_takes_its_preview_from_the_vml_drawing() -> None:
    pkg = Package.open(CORPUS / "poi__45545_Comment.pptx")
    doc = read_slide_doc(pkg, "/ppt/slides/slide8.xml")
    ole = next(s for s in doc.shapes if s.graphic == "ole")
    assert ole.ole_spid == "_x0000_s681987"
    assert ole.paint is not None and ole.paint.target == "/ppt/media/image2.wmf"


@pytest.mark.parametrize(("deck", "part"), [
    ("poi__45545_Comment", "/ppt/media/image2.wmf"),
    ("openxmlsdk__typical", "/ppt/media/image4.emf"),
])
def test_corpus_metafiles_become_svg_pictures(deck: str, part: str) -> None:
    data = Package.open(CORPUS / f"{deck}.pptx").read_bytes(part)
    pic = convert(part, data)
    assert pic is not None and pic.uri.startswith("data:image/svg+xml;base64,")
    svg = to_svg(data)
    assert svg is not None and b'xmlns="http://www.w3.org/2000/svg"' in svg[:1000]


def _textout(text: bytes) -> bytes:
    pad = text + b"\0" * (len(text) % 2)
    return struct.pack("<IHh", 3 + 1 + len(pad) // 2 + 2, 0x0521, len(text)) + pad + \
        struct.pack("<hh", 500, 100)


def _window(w: int, h: int) -> bytes:
    return struct.pack("<IHhh", 5, 0x020B, 0, 0) + struct.pack("<IHhh", 5, 0x020C, h, w)


def test_a_corrupt_emz_is_not_drawn_and_does_not_crash() -> None:
    bad = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + b"\xff\xff\xff\xff" * 20
    assert to_svg(bad) is None
    assert convert("/ppt/media/image1.emz", bad) is None


def test_wmf_text_with_markup_characters_and_code_page_bytes_stays_drawable_svg() -> None:
    svg = to_svg(_wmf(_window(1000, 1000), _textout("R&D <café>".encode("cp1252"))))
    assert svg is not None  # wmf2svg writes the bytes raw: unescaped, not UTF-8
    assert "R&amp;D &lt;café&gt;".encode() in svg


def test_a_wmf_bitmap_is_inlined_in_place_and_its_prefix_declared() -> None:
    part = "/ppt/media/image1.wmf"
    data = Package.open(CORPUS / "tika__testWPSAttachment.pptx").read_bytes(part)
    svg = to_svg(data)
    assert svg is not None
    assert b'xmlns:xlink="http://www.w3.org/1999/xlink"' in svg[:1000]
    images = re.findall(rb"<image\b[^>]*>", svg)
    assert images and all(b'href="data:image/png;base64,' in i for i in images)
    assert all(b"transform=" not in i for i in images)  # the icon sits above its label


def test_a_store_past_its_metafile_budget_draws_metafiles_as_neutral_fills() -> None:
    data = Package.open(CORPUS / "poi__45545_Comment.pptx").read_bytes("/ppt/media/image2.wmf")
    store = MediaStore(lambda name: data)
    assert store.picture("pkg:/ppt/media/a.wmf") is not None
    store._spent = METAFILE_BUDGET_S  # as after hundreds of slow conversions
    assert store.picture("pkg:/ppt/media/b.wmf") is None
    assert store.picture("pkg:/ppt/media/a.wmf") is not None  # already converted: kept


def test_a_wmf_with_too_many_records_is_left_as_it_was() -> None:
    many = _wmf(*[struct.pack("<IH", 3, 0x001E)] * (MAX_RECORDS + 1),
                _patblt(0x00F00021, 100, 200, 10, 20))
    assert patblt_as_rectangles(many) == many
