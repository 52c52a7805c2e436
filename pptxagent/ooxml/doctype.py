"""Which kind of PowerPoint file a package is: presentation, template or show, with or without
macros. The kind lives in the main part's content type, not in the file name.

A corporate template is often a ``.potx``; filled and written as ``out.pptx`` it must say it is
a presentation: PowerPoint refuses a ``.pptx`` whose main part is a template's ("the file
format or extension is not valid"), and so does python-pptx. ``match_extension`` gives the
package the kind its output name asks for. A macro-free kind cannot carry a VBA project, so
the project is left out, as PowerPoint's own "Save as .pptx" does.
"""

from __future__ import annotations

from pathlib import Path

from pptxagent.ooxml.package import Package

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


def match_extension(pkg: Package, out: Path) -> list[str]:
    """Make ``pkg`` the kind of file ``out``'s extension names (``.pptx`` for any other
    extension). Returns what was changed, for the report."""
    suffix = out.suffix.lower()
    wanted = MAIN_TYPES.get(suffix, MAIN_TYPES[".pptx"])
    main = pkg.main_part()
    done: list[str] = []
    if pkg.content_type(main) != wanted:
        kind = next((ext for ext, t in MAIN_TYPES.items() if t == pkg.content_type(main)), "?")
        pkg.set_content_type(main, wanted)
        done.append(f"written as a {suffix if suffix in MAIN_TYPES else '.pptx'} "
                    f"(the template is a {kind} file)")
    if "macroEnabled" not in wanted:
        for rel in pkg.rels(main):
            if rel.type == VBA_REL and not rel.external:
                target = pkg.related(main, rel.rid)
                pkg.remove_rel(main, rel.rid)
                if pkg.has_part(target):
                    pkg.remove_part(target)
                done.append(f"the template's macros ({target}) are left out: a {suffix} file "
                            "cannot hold them")
    return done
