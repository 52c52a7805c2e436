"""Tiny hand-built packages for the ooxml unit tests (a zip written member by member)."""

from __future__ import annotations

import zipfile
from pathlib import Path

CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
P_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
PRES_CT = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
SHOW_CT = "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml"
SLIDE_CT = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def content_types(main_ct: str = PRES_CT, slides: int = 1) -> str:
    overrides = "".join(
        f'<Override PartName="/ppt/slides/slide{i}.xml" ContentType="{SLIDE_CT}"/>'
        for i in range(1, slides + 1)
    )
    return (
        f'{DECL}<Types xmlns="{CT_NS}">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/ppt/presentation.xml" ContentType="{main_ct}"/>'
        f"{overrides}</Types>"
    )


def package_rels(rel_ns: str = RT) -> str:
    return (
        f'{DECL}<Relationships xmlns="{REL_NS}">'
        f'<Relationship Id="rId1" Type="{rel_ns}/officeDocument" Target="ppt/presentation.xml"/>'
        "</Relationships>"
    )


def presentation(slides: int = 1) -> str:
    ids = "".join(f'<p:sldId id="{255 + i}" r:id="rId{i}"/>' for i in range(1, slides + 1))
    return (
        f'{DECL}<p:presentation xmlns:a="{A_NS}" xmlns:r="{RT}" xmlns:p="{P_NS}">'
        f'<p:sldIdLst>{ids}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/>'
        '<p:notesSz cx="6858000" cy="9144000"/></p:presentation>'
    )


def presentation_rels(slides: int = 1) -> str:
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{RT}/slide" Target="slides/slide{i}.xml"/>'
        for i in range(1, slides + 1)
    )
    return f'{DECL}<Relationships xmlns="{REL_NS}">{rels}</Relationships>'


def slide(text: str = "Hello", ids: tuple[int, int] = (1, 2)) -> str:
    return (
        f'{DECL}<p:sld xmlns:a="{A_NS}" xmlns:r="{RT}" xmlns:p="{P_NS}"><p:cSld><p:spTree>'
        f'<p:nvGrpSpPr><p:cNvPr id="{ids[0]}" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
        "<p:grpSpPr/>"
        f'<p:sp><p:nvSpPr><p:cNvPr id="{ids[1]}" name="Title"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>'
        '<p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:lnSpc><a:spcPct val="90000"/>'
        f"</a:lnSpc><a:buNone/></a:pPr><a:r><a:rPr lang=\"en-US\"/><a:t>{text}</a:t></a:r></a:p>"
        "</p:txBody></p:sp></p:spTree></p:cSld></p:sld>"
    )


def deck_members(slides: int = 2, main_ct: str = PRES_CT) -> dict[str, str | bytes]:
    members: dict[str, str | bytes] = {
        "[Content_Types].xml": content_types(main_ct, slides),
        "_rels/.rels": package_rels(),
        "ppt/presentation.xml": presentation(slides),
        "ppt/_rels/presentation.xml.rels": presentation_rels(slides),
    }
    for i in range(1, slides + 1):
        members[f"ppt/slides/slide{i}.xml"] = slide(f"Slide {i}")
    return members


def write_zip(path: Path, members: dict[str, str | bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data.encode("utf-8") if isinstance(data, str) else data)
    return path


def make_deck(path: Path, slides: int = 2, main_ct: str = PRES_CT) -> Path:
    return write_zip(path, deck_members(slides, main_ct))
