"""Held-out-style fill cases on fresh material: LibreOffice's own bundled Impress templates
(``/usr/lib/libreoffice/share/template/common/presnt/*.otp``), exported to .pptx by the
installed LibreOffice, i.e. "LibreOffice exports" as the held-out set has them and the corpus
does not. Each template's first slide with a title and a body placeholder, and its first with
a title and a subtitle, give the five cases of ``cases.template_cases`` each.

    .venv/bin/python -m bench.heldout.run --lo-templates [-k Vivid]
"""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path

from lxml import etree

from bench.heldout.cases import Case, Template, template_cases

P = "http://schemas.openxmlformats.org/presentationml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SOURCE = Path("/usr/lib/libreoffice/share/template/common/presnt")
PRODUCER = "LibreOffice export"



def _in_order(z: zipfile.ZipFile) -> list[str]:
    """The slide parts in the presentation's order (``p:sldIdLst``), not by file name."""
    rels = etree.fromstring(z.read("ppt/_rels/presentation.xml.rels"))
    target = {r.get("Id"): "ppt/" + (r.get("Target") or "").lstrip("/").removeprefix("ppt/")
              for r in rels}
    pres = etree.fromstring(z.read("ppt/presentation.xml"))
    ids = pres.iter(f"{{{P}}}sldId")
    return [t for t in (target.get(e.get(f"{{{R}}}id")) for e in ids)
            if t is not None and t in z.namelist()]


def _short(stem: str) -> str:
    """A case-name prefix: LibreOffice's template names are short; fresh folders hold
    ``package__file`` names that share their first characters."""
    return stem[:12] if "__" not in stem else stem.split("__", 1)[0][:10] + "/" + stem.split(
        "__", 1)[1][:28]


def pick(deck: Path, kind: str = "body") -> Template | None:
    """The first slide with a title and a ``kind`` placeholder (``body`` or ``subTitle``)."""
    with zipfile.ZipFile(deck) as z:
        names = _in_order(z)
        roots = [(n, etree.fromstring(z.read(n))) for n in names]
    for number, (_name, root) in enumerate(roots, start=1):
        ph: dict[str, str] = {}
        for sp in root.iter(f"{{{P}}}sp"):
            e, nv = sp.find(f".//{{{P}}}ph"), sp.find(f".//{{{P}}}cNvPr")
            if e is not None and nv is not None:
                ph.setdefault(e.get("type") or "body", nv.get("id") or "")
        if "title" in ph and kind in ph:
            key = "body" if kind == "body" else "subtitle"
            label = _short(deck.stem) + ("" if kind == "body" else "-cover")
            return Template(str(deck), PRODUCER, number, "title", key,
                            ph["title"], ph[kind], label=label)
    return None


def lo_cases(work: Path) -> list[Case]:
    """The cases of every bundled template (exported once into ``work/templates``)."""
    folder = work / "templates"
    folder.mkdir(parents=True, exist_ok=True)
    sources = sorted(SOURCE.glob("*.otp"))
    if not sources:
        raise SystemExit(f"no LibreOffice templates in {SOURCE}")
    if not list(folder.glob("*.pptx")):
        subprocess.run(["soffice", "--headless", "--convert-to", "pptx", "--outdir",
                        str(folder), *map(str, sources)], check=True, capture_output=True,
                       timeout=600)
    out: list[Case] = []
    for deck in sorted(folder.glob("*.pptx")):
        for kind in ("body", "subTitle"):
            tpl = pick(deck, kind)
            if tpl is not None:
                out += template_cases(tpl, work)
    return out
