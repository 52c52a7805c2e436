"""Previews of legacy OLE objects, kept in the slide's VML drawing.

An OLE object saved by PowerPoint 2007 and older (``p:oleObj`` with ``spid`` and no
``p:pic`` inside) has its picture in the slide's legacy drawing part: the VML shape whose id
is that ``spid`` names it with ``v:imagedata o:relid``, a relationship of the VML part (often
a WMF). PowerPoint and LibreOffice draw that picture; without it the object is a blank box.
"""

from __future__ import annotations

from pptxagent.errors import PackageError
from pptxagent.ooxml.package import Package, Rel
from pptxagent.ooxml.xml import parse_xml

_V = "urn:schemas-microsoft-com:vml"
_O = "urn:schemas-microsoft-com:office:office"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def ole_previews(pkg: Package, rels: list[Rel]) -> dict[str, str]:
    """``spid`` → the picture part drawn for it, from every VML drawing in ``rels`` (a part's
    relationships). A VML part that is missing or malformed gives nothing (only its
    previews are lost)."""
    out: dict[str, str] = {}
    for rel in rels:
        if rel.external or not rel.type.endswith("/vmlDrawing") or not pkg.has_part(rel.target):
            continue
        try:
            root = parse_xml(pkg.read_bytes(rel.target), rel.target)
            vml_rels = {r.rid: r for r in pkg.rels(rel.target)}
        except PackageError:
            continue
        for shape in root.iter(f"{{{_V}}}shape"):
            img = shape.find(f"{{{_V}}}imagedata")
            if img is None:
                continue
            pic = vml_rels.get(img.get(f"{{{_O}}}relid") or img.get(f"{{{_R}}}id") or "")
            if pic is None or pic.external:
                continue
            for key in (shape.get("id"), shape.get(f"{{{_O}}}spid")):
                if key:
                    out.setdefault(key, pic.target)
    return out
