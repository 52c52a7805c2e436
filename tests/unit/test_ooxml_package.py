"""Package: safe reading, clear refusals, relationships, content types, faithful saving."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from ooxml_builders import (
    A_NS,
    P_NS,
    RT,
    SHOW_CT,
    deck_members,
    make_deck,
    package_rels,
    write_zip,
)

from pptxagent.errors import (
    CorruptPackageError,
    EncryptedPackageError,
    PackageError,
    StrictOOXMLError,
    UnsafePackageError,
)
from pptxagent.ooxml import Package, qn, zipsafe


def _unzip(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def test_reads_slides_size_and_rels(tmp_path: Path) -> None:
    pkg = Package.open(make_deck(tmp_path / "deck.pptx", slides=3))
    assert pkg.main_part() == "/ppt/presentation.xml"
    assert pkg.slide_parts() == [f"/ppt/slides/slide{i}.xml" for i in (1, 2, 3)]
    assert pkg.slide_size_emu() == (12192000, 6858000)
    assert pkg.related("/ppt/presentation.xml", "rId2") == "/ppt/slides/slide2.xml"
    assert "/ppt/slides/slide1.xml" in pkg.part_names()
    assert pkg.has_part("/PPT/Slides/Slide1.xml")  # OPC names are case-insensitive
    slide_ct = pkg.content_type("/ppt/slides/slide1.xml")
    assert slide_ct is not None and slide_ct.endswith("slide+xml")
    assert pkg.content_type("/ppt/_rels/presentation.xml.rels") is not None


def test_noop_save_is_byte_identical(tmp_path: Path) -> None:
    src = make_deck(tmp_path / "deck.pptx")
    Package.open(src).save(tmp_path / "out.pptx")
    assert _unzip(tmp_path / "out.pptx") == _unzip(src)
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(tmp_path / "out.pptx") as b:
        assert a.namelist() == b.namelist()


def test_edit_changes_only_the_dirty_part(tmp_path: Path) -> None:
    src = make_deck(tmp_path / "deck.pptx")
    pkg = Package.open(src)
    root = pkg.xml("/ppt/slides/slide1.xml")
    text = root.find(f".//{qn('a:t')}")
    assert text is not None
    text.text = "Changed"
    pkg.mark_dirty("/ppt/slides/slide1.xml")
    pkg.save(src)  # saving over the source works: the source is held in memory
    before, after = _unzip(make_deck(tmp_path / "orig.pptx")), _unzip(src)
    changed = {n for n in before if before[n] != after[n]}
    assert changed == {"ppt/slides/slide1.xml"}
    assert b"Changed" in after["ppt/slides/slide1.xml"]
    assert after["ppt/slides/slide1.xml"].startswith(b'<?xml version="1.0" encoding="UTF-8"')


def test_add_remove_parts_rels_and_content_types(tmp_path: Path) -> None:
    pkg = Package.open(make_deck(tmp_path / "deck.pptx"))
    pkg.set_bytes("/ppt/media/image9.png", b"\x89PNG fake", content_type="image/png")
    rid = pkg.add_rel("/ppt/slides/slide1.xml", f"{RT}/image", "/ppt/media/image9.png")
    link = pkg.add_rel("/ppt/slides/slide1.xml", f"{RT}/hyperlink", "https://x.org/a b", True)
    assert pkg.related("/ppt/slides/slide1.xml", rid) == "/ppt/media/image9.png"
    assert pkg.content_type("/ppt/media/image9.png") == "image/png"
    pkg.save(tmp_path / "out.pptx")
    again = Package.open(tmp_path / "out.pptx")
    rels = {r.rid: r for r in again.rels("/ppt/slides/slide1.xml")}
    assert rels[rid].target == "/ppt/media/image9.png" and not rels[rid].external
    assert rels[link].external and rels[link].target == "https://x.org/a b"
    assert again.read_bytes("/ppt/media/image9.png") == b"\x89PNG fake"
    with zipfile.ZipFile(tmp_path / "out.pptx") as zf:
        names = zf.namelist()
    assert names[-2:] == ["ppt/media/image9.png", "ppt/slides/_rels/slide1.xml.rels"]
    again.remove_rel("/ppt/slides/slide1.xml", rid)
    again.remove_part("/ppt/media/image9.png")
    assert not again.has_part("/ppt/media/image9.png")
    assert again.content_type("/ppt/media/image9.png") is None
    assert [r.rid for r in again.rels("/ppt/slides/slide1.xml")] == [link]


def test_slideshow_content_type_is_supported_and_kept(tmp_path: Path) -> None:
    src = make_deck(tmp_path / "show.pptx", main_ct=SHOW_CT)
    pkg = Package.open(src)
    assert len(pkg.slide_parts()) == 2
    pkg.save(tmp_path / "out.pptx")
    assert Package.open(tmp_path / "out.pptx").content_type("/ppt/presentation.xml") == SHOW_CT


@pytest.mark.parametrize(
    ("blob", "expected", "words"),
    [
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + "EncryptionInfo".encode("utf-16-le"),
         EncryptedPackageError, "password"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + "PowerPoint Document".encode("utf-16-le"),
         EncryptedPackageError, "legacy binary"),
        (b"just some text, not a zip", CorruptPackageError, "not a valid .pptx"),
    ],
)
def test_refuses_non_zip_files(tmp_path: Path, blob: bytes, expected: type, words: str) -> None:
    path = tmp_path / "deck.pptx"
    path.write_bytes(blob)
    with pytest.raises(expected, match=words) as info:
        Package.open(path)
    assert "deck.pptx" in str(info.value)


def test_refuses_truncated_zip(tmp_path: Path) -> None:
    data = make_deck(tmp_path / "deck.pptx").read_bytes()
    (tmp_path / "cut.pptx").write_bytes(data[: len(data) // 2])
    with pytest.raises(CorruptPackageError, match=r"cut\.pptx"):
        Package.open(tmp_path / "cut.pptx")


def test_refuses_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(PackageError, match=r"nope\.pptx: no such file"):
        Package.open(tmp_path / "nope.pptx")
    with pytest.raises(PackageError, match="not a file"):
        Package.open(tmp_path)


def test_refuses_zip_bomb_ratio(tmp_path: Path) -> None:
    members = deck_members()
    members["ppt/media/zeros.bin"] = b"\0" * (11 << 20)  # 11 MiB of zeros: ~1000:1
    with pytest.raises(UnsafePackageError, match="zip bomb"):
        Package.open(write_zip(tmp_path / "bomb.pptx", members))


def test_refuses_too_large_total_and_too_many_members(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(zipsafe, "MAX_TOTAL_UNCOMPRESSED", 1000)
    with pytest.raises(UnsafePackageError, match="uncompressed"):
        Package.open(make_deck(tmp_path / "a.pptx"))
    monkeypatch.setattr(zipsafe, "MAX_TOTAL_UNCOMPRESSED", 1 << 30)
    monkeypatch.setattr(zipsafe, "MAX_MEMBERS", 4)
    with pytest.raises(UnsafePackageError, match="members"):
        Package.open(make_deck(tmp_path / "b.pptx"))


@pytest.mark.parametrize("name", ["/etc/evil.xml", "ppt/../../evil.xml", "ppt\\evil.xml",
                                  "C:/evil.xml", "ppt/ev\0il.xml"])
def test_refuses_unsafe_member_names(tmp_path: Path, name: str) -> None:
    members = deck_members()
    members[name.replace("\0", "#")] = "<x/>"  # zipfile would cut the name at a NUL ...
    path = write_zip(tmp_path / "names.pptx", members)
    path.write_bytes(path.read_bytes().replace(b"ev#il", b"ev\0il"))  # ... so patch it in
    with pytest.raises(UnsafePackageError, match="unsafe zip member name"):
        Package.open(path)


def test_refuses_doctype_entities(tmp_path: Path) -> None:
    members = deck_members()
    members["ppt/slides/slide1.xml"] = (
        '<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY lol "lol">]>'
        f'<p:sld xmlns:p="{P_NS}" xmlns:a="{A_NS}">&lol;</p:sld>'
    )
    pkg = Package.open(write_zip(tmp_path / "ent.pptx", members))
    with pytest.raises(UnsafePackageError, match=r"ent.pptx:/ppt/slides/slide1.xml: .*DOCTYPE"):
        pkg.xml("/ppt/slides/slide1.xml")


def test_malformed_part_names_the_part(tmp_path: Path) -> None:
    members = deck_members()
    members["ppt/slides/slide2.xml"] = "<p:sld><unclosed></p:sld>"
    pkg = Package.open(write_zip(tmp_path / "bad.pptx", members))
    with pytest.raises(CorruptPackageError, match=r"bad.pptx:/ppt/slides/slide2.xml: malformed"):
        pkg.xml("/ppt/slides/slide2.xml")


def test_refuses_strict_ooxml(tmp_path: Path) -> None:
    members = deck_members()
    members["_rels/.rels"] = package_rels("http://purl.oclc.org/ooxml/officeDocument/relationships")
    with pytest.raises(StrictOOXMLError, match="Strict"):
        Package.open(write_zip(tmp_path / "strict.pptx", members))


def test_refuses_missing_content_types_and_main_part(tmp_path: Path) -> None:
    members = deck_members()
    del members["[Content_Types].xml"]
    with pytest.raises(CorruptPackageError, match=r"\[Content_Types\].xml is missing"):
        Package.open(write_zip(tmp_path / "noct.pptx", members))
    members = deck_members()
    del members["ppt/presentation.xml"]
    with pytest.raises(CorruptPackageError, match=r"main part /ppt/presentation\.xml is missing"):
        Package.open(write_zip(tmp_path / "nomain.pptx", members))


def test_refuses_a_word_document(tmp_path: Path) -> None:
    members = deck_members(main_ct="application/vnd.openxmlformats-officedocument."
                           "wordprocessingml.document.main+xml")
    with pytest.raises(CorruptPackageError, match="not a PowerPoint presentation"):
        Package.open(write_zip(tmp_path / "doc.pptx", members))
