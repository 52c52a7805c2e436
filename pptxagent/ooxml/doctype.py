"""Which kind of PowerPoint file a package is: presentation, template or show, with or without
macros. The kind lives in the main part's content type, not in the file name.

A corporate template is often a ``.potx``; filled and written as ``out.pptx`` it must say it is
a presentation: PowerPoint refuses a ``.pptx`` whose main part is a template's ("the file
format or extension is not valid"), and so does python-pptx. ``match_extension`` gives the
package the kind its output name asks for. A macro-free kind cannot carry a VBA project, so
the project is left out, as PowerPoint's own "Save as .pptx" does. A presentation without a
slide size gets the one it was laid out at (``explicit_slide_size``).
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.xml import SCHEMA_ORDER, insert_in_order, qn

_OPENXML = "application/vnd.openxmlformats-officedocument.presentationml"
_MACRO = "application/vnd.ms-powerpoint"
MAIN_TYPES: dict[str, str] = {
    ".pptx": f"{_OPENXML}.presentation.main+xml",
    ".potx": f"{_OPENXML}.template.main+xml",
    ".ppsx": f"{_OPENXML}.slideshow.main+xml",
    ".pptm": f"{_MACRO}.presentation.macroEnabled.main+xml",
    ".potm": f"{_MACRO}.template.macroEnabled.main+xml",
    ".ppsm": f"{_MACRO}.slideshow.macroEnabled.main+xml",
}
"""File extension → the main part's content type PowerPoint expects for it."""
VBA_REL = "http://schemas.microsoft.com/office/2006/relationships/vbaProject"
VBA_TYPE = "application/vnd.ms-office.vbaProject"
PRINTER_TYPE = f"{_OPENXML}.printerSettings"


def match_extension(pkg: Package, out: Path, what: str = "the template") -> list[str]:
    """Make ``pkg`` the kind of file ``out``'s extension names (``.pptx`` for any other
    extension). Returns what was changed, for the report."""
    suffix = out.suffix.lower() if out.suffix.lower() in MAIN_TYPES else ".pptx"
    wanted = MAIN_TYPES[suffix]
    main = pkg.main_part()
    done: list[str] = []
    if pkg.content_type(main) != wanted:
        kind = next((ext for ext, t in MAIN_TYPES.items() if t == pkg.content_type(main)), "?")
        pkg.set_content_type(main, wanted)
        done.append(f"written as a {suffix} ({what} is a {kind} file)")
    if "macroEnabled" not in wanted:
        removed = False
        for rel in pkg.rels(main):
            if rel.type == VBA_REL and not rel.external:
                target = pkg.related(main, rel.rid)
                pkg.remove_rel(main, rel.rid)
                _remove_tree(pkg, target)
                removed = True
                done.append(f"the template's macros ({target}) are left out: a {suffix} file "
                            "cannot hold them")
        if removed:  # a .pptm declares the project by a Default for .bin: printer settings too
            for part in pkg.part_names():
                if pkg.content_type(part) == VBA_TYPE and "printersettings" in part.lower():
                    pkg.set_content_type(part, PRINTER_TYPE)
            if not any(pkg.content_type(p) == VBA_TYPE for p in pkg.part_names()):
                pkg.drop_default("bin", VBA_TYPE)
    return done


def _remove_tree(pkg: Package, part: str) -> None:
    """``part`` and what only it points to (the project's signature, its vbaData.xml)."""
    if not pkg.has_part(part):
        return
    below = [pkg.related(part, r.rid) for r in pkg.rels(part) if not r.external]
    pkg.remove_part(part)
    for child in below:
        if not any(r.target == child for p in pkg.part_names() if not p.endswith(".rels")
                   for r in pkg.rels(p) if not r.external):
            _remove_tree(pkg, child)


def explicit_slide_size(pkg: Package) -> list[str]:
    """Write the slide size a deck without ``p:sldSz`` was laid out at (the schema's 4:3
    default) into its main part: LibreOffice cannot open a presentation without one, and the
    fill's geometry assumed it. Returns what was changed, for the report."""
    main = pkg.main_part()
    root = pkg.xml(main)
    if root.find(qn("p:sldSz")) is not None:
        return []
    cx, cy = pkg.slide_size_emu()
    insert_in_order(root, etree.Element(qn("p:sldSz"), cx=str(cx), cy=str(cy)),
                    SCHEMA_ORDER["p:presentation"])
    pkg.mark_dirty(main)
    return [f"{main}: the slide size the template leaves out ({cx} × {cy} EMU, the 4:3 "
            "default the fill laid the slides out at) is written: LibreOffice opens no "
            "presentation without one"]
