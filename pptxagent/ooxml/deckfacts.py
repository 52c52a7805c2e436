"""What ``pptxagent eval``'s judge reads from a deck (read only): every slide's shapes with
their id, kind, box, turn and text (tables included), and the positions of the art on the
masters and layouts."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapes import PhRef, SlideDoc, read_slide_doc
from pptxagent.ooxml.xfrm import Xfrm
from pptxagent.ooxml.xml import qn

ART_PREFIXES = ("/ppt/slideMasters/", "/ppt/slideLayouts/")


@dataclass(frozen=True)
class ShapeFact:
    sid: str
    name: str
    kind: str
    """``sp``, ``pic``, ``cxnSp``, ``graphicFrame``, ``grpSp`` …"""
    box: tuple[float, float, float, float]
    """x, y, w, h in EMU on the slide."""
    rot: float
    """Degrees."""
    text: str
    placeholder: bool


@dataclass
class DeckFacts:
    size: tuple[int, int]
    slides: list[list[ShapeFact]] = field(default_factory=list)
    art: dict[str, list[tuple[str | None, ...]]] = field(default_factory=dict)
    """Master or layout part → the ``a:off``/``a:ext`` attributes in document order."""

    def text(self, index: int) -> str:
        """All the text of slide ``index`` (1-based)."""
        return "\n".join(s.text for s in self.slides[index - 1] if s.text)


def _kind(ph: PhRef) -> str:
    kind = ph.type or "body"
    return {"ctrTitle": "title", "subTitle": "body", "obj": "body"}.get(kind, kind)


def _inherited(pkg: Package, docs: dict[str, SlideDoc], parent: str | None,
               ph: PhRef) -> Xfrm | None:
    """A placeholder's position from its layout, else its master (by ``idx``, else type)."""
    seen: set[str] = set()
    while parent and parent not in seen and pkg.has_part(parent):
        seen.add(parent)
        if parent not in docs:
            docs[parent] = read_slide_doc(pkg, parent)
        doc = docs[parent]
        holders = [sp for sp in doc.shapes if sp.ph is not None and sp.xfrm is not None]
        match = next((sp for sp in holders if ph.idx is not None and sp.ph is not None
                      and sp.ph.idx == ph.idx), None)
        match = match or next((sp for sp in holders if sp.ph is not None
                               and _kind(sp.ph) == _kind(ph)), None)
        if match is not None:
            return match.xfrm
        parent = doc.parent
    return None


def read_deck_facts(path: Path) -> DeckFacts:
    pkg = Package.open(path)
    facts = DeckFacts(size=pkg.slide_size_emu())
    docs: dict[str, SlideDoc] = {}
    for part in pkg.slide_parts():
        doc = read_slide_doc(pkg, part)
        shapes: list[ShapeFact] = []
        for sp in doc.shapes:
            xfrm = sp.xfrm
            if xfrm is None and sp.ph is not None:
                xfrm = _inherited(pkg, docs, doc.parent, sp.ph)
            if xfrm is None:
                continue
            body = sp.text.text if sp.text is not None else ""
            text = "\n".join(t for t in (body, sp.table_text or "") if t)
            shapes.append(ShapeFact(
                sid=str(sp.shape_id), name=sp.name, kind=sp.kind,
                box=(xfrm.x, xfrm.y, xfrm.w, xfrm.h),
                rot=xfrm.rot / 60000.0, text=text, placeholder=sp.ph is not None))
        facts.slides.append(shapes)
    for name in pkg.part_names():
        if name.startswith(ART_PREFIXES) and name.endswith(".xml"):
            root = pkg.xml(name)
            facts.art[name] = [(e.get("x"), e.get("y"), e.get("cx"), e.get("cy"))
                               for e in root.iter(qn("a:off"), qn("a:ext"))]
    return facts
