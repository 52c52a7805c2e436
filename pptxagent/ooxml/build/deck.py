"""``build_deck``: composed slide specs + a theme pack → the bytes of a native, editable .pptx.

Deterministic: the same specs and pack give the same bytes (fixed document dates, fixed zip
timestamps, members in a fixed order, embedded workbooks re-packed the same way).
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from pptxagent.ir.compose import SlideSpec
from pptxagent.ir.theme import ThemePack
from pptxagent.ooxml.build.base import base_presentation
from pptxagent.ooxml.build.slide import add_slide

FIXED_DATE = datetime(2000, 1, 1, 0, 0, 0)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
AUTHOR = "pptxagent"
RT_THUMBNAIL = "http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail"
_FIRST = ("[Content_Types].xml", "_rels/.rels")
_W3CDTF = re.compile(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*(</dcterms:)")


def _zip(members: list[tuple[str, bytes]]) -> bytes:
    """A zip of ``members``: ``[Content_Types].xml`` first, fixed timestamps, deflated."""
    first = [m for name in _FIRST for m in members if m[0] == name]
    rest = sorted((m for m in members if m[0] not in _FIRST), key=lambda m: m[0])
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in [*first, *rest]:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o600 << 16
            archive.writestr(info, data)
    return out.getvalue()


def _stable_workbook(data: bytes) -> bytes:
    """An embedded workbook with its creation date fixed and its zip re-packed."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = [(info.filename, archive.read(info)) for info in archive.infolist()]
    fixed = b"2000-01-01T00:00:00Z"
    members = [
        (name, _W3CDTF.sub(rb"\g<1>" + fixed + rb"\g<2>", blob) if name.endswith("core.xml")
         else blob)
        for name, blob in members
    ]
    return _zip(members)


def app_xml(slides: int, notes: int) -> bytes:
    """``docProps/app.xml`` describing this deck (python-pptx's template says 4:3, 0 slides)."""
    return (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        b'<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/'
        b'extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/'
        b'2006/docPropsVTypes"><TotalTime>0</TotalTime><Application>' + AUTHOR.encode()
        + b"</Application><PresentationFormat>Widescreen</PresentationFormat>"
        + f"<Slides>{slides}</Slides><Notes>{notes}</Notes>".encode()
        + b"<HiddenSlides>0</HiddenSlides><ScaleCrop>false</ScaleCrop>"
        b"<LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc>"
        b"<HyperlinksChanged>false</HyperlinksChanged></Properties>"
    )


def repack(data: bytes, replace: dict[str, bytes] | None = None) -> bytes:
    """``data`` (a package) re-zipped deterministically, members in ``replace`` replaced."""
    replace = replace or {}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = [(info.filename, archive.read(info)) for info in archive.infolist()]
    members = [
        (name, replace.get(name) or (_stable_workbook(blob) if name.lower().endswith(".xlsx")
                                     else blob))
        for name, blob in members
    ]
    return _zip(members)


def build_deck(slides: Sequence[SlideSpec], pack: ThemePack, *, title: str,
               pack_dir: Path | None = None) -> bytes:
    """The bytes of a 16:9 .pptx with one native slide per spec, themed by ``pack``.

    ``pack_dir`` resolves a relative ``pack.logo``. A missing or unreadable image (logo or
    picture) raises :class:`pptxagent.errors.InputError` naming it.
    """
    prs, layouts = base_presentation(pack, pack_dir)
    for index, spec in enumerate(slides):
        add_slide(prs, layouts, spec, index, pack)
    package = prs.part.package
    for rel in list(package.iter_rels()):  # python-pptx's blank 4:3 preview is not this deck
        if rel.reltype == RT_THUMBNAIL:
            package.drop_rel(rel.rId)
    props = prs.core_properties
    props.title = title
    props.author = AUTHOR
    props.last_modified_by = AUTHOR
    props.comments = ""
    props.revision = 1
    props.created = FIXED_DATE
    props.modified = FIXED_DATE
    out = io.BytesIO()
    prs.save(out)
    notes = sum(1 for spec in slides if spec.notes)
    return repack(out.getvalue(), {"docProps/app.xml": app_xml(len(slides), notes)})
