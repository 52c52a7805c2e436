"""Thin functions the agent's tools call (``pptxagent.agent`` imports pipeline only).

Template signals for the planner (§6.1), the deck's text for the content check, the OOXML
unpack / patch / validate / pack steps, slide thumbnails, and killing the engines when a
tool call runs out of time.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from pptxagent.engines.chromium import get_chromium
from pptxagent.engines.http import post_json
from pptxagent.engines.libreoffice import get_libreoffice
from pptxagent.engines.procs import alive, reap_children
from pptxagent.engines.reset import engine_pids, kill_engines, vital_pids
from pptxagent.errors import InputError
from pptxagent.inventory import inventory_deck
from pptxagent.ir.qa import QaIssue
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.tokens import paragraph_texts
from pptxagent.ooxml.validate import validate_package
from pptxagent.ooxml.zipsafe import OutEntry, ZipSource, build_zip, write_atomic
from pptxagent.pipeline.render import render_browser
from pptxagent.qa.sheet import annotate

__all__ = ["alive", "chat_completion", "deck_texts", "engine_pids", "kill_engines", "ooxml_pack",
           "ooxml_patch", "ooxml_unpack", "ooxml_validate", "reap_children", "shrink_png",
           "slide_count", "template_signals", "template_texts", "thumbnails",
           "unresolved_tokens", "vital_pids", "warm_engines"]

THUMB_W = 480
CONTENT_TYPES = "[Content_Types].xml"


def _open(deck: Path) -> Package:
    if not deck.is_file():
        raise InputError(f"{deck}: no such file")
    return Package.open(deck)


def template_signals(template: Path) -> dict[str, Any]:
    """The §6.1 signals of a template: text shapes that are not placeholders (freeform),
    grouped shapes, slides with tables, and how sparse its placeholders are."""
    deck = inventory_deck(_open(template))
    text = freeform = placeholders = grouped = tables = table_slides = 0
    for s in deck.slides:
        has_table = False
        for el in s.elements:
            src = el.source
            if el.table is not None:
                tables += 1
                has_table = True
            if src is not None and (src.kind == "grpSp" or src.frame_fixed or not src.repairable):
                grouped += 1
            if not el.is_text:
                continue
            text += 1
            if src is not None and (src.ph_type is not None or src.ph_idx is not None):
                placeholders += 1
            else:
                freeform += 1
        table_slides += has_table
    slides = len(deck.slides)
    return {
        "slides": slides, "text_shapes": text, "freeform_text": freeform,
        "placeholders": placeholders, "grouped": grouped, "tables": tables,
        "table_slides": table_slides,
        "placeholder_ratio": round(placeholders / text, 3) if text else 0.0,
        "table_slide_share": round(table_slides / slides, 3) if slides else 0.0,
    }


def slide_count(template: Path) -> int:
    return len(_open(template).slide_parts())


def template_texts(template: Path) -> list[str]:
    """The text of every paragraph of every part that holds text (slides, layouts, masters,
    notes, charts, diagrams), runs joined as tokens are found: what a token may be in."""
    pkg = _open(template)
    out: list[str] = []
    for part in pkg.part_names():
        if (pkg.content_type(part) or "").endswith("+xml"):
            out += [t for t in paragraph_texts(pkg.xml(part)) if t.strip()]
    return out


def deck_texts(deck: Path) -> list[str]:
    """Every text of the deck's slides (shapes and table cells), slide by slide."""
    out: list[str] = []
    for s in inventory_deck(_open(deck)).slides:
        for el in s.elements:
            if el.content:
                out.append(el.content)
            if el.table is not None:
                out += [c.text for row in el.table.rows for c in row.cells if c.text]
    return out


def ooxml_unpack(deck: Path, out_dir: Path) -> list[str]:
    """Every member of the (safely read: no bombs, no ``..`` names, no encryption) package
    as a file under ``out_dir``, ``[Content_Types].xml`` included."""
    _open(deck)  # a package pptxagent can open, not just any zip
    src = ZipSource(deck)
    names: list[str] = []
    root = out_dir.resolve()
    for member in src.members:
        if member.name.endswith("/"):
            continue
        target = (out_dir / member.name).resolve()
        if not target.is_relative_to(root):
            raise InputError(f"{deck}: member {member.name!r} leaves the folder")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(src.read(member))
        names.append(member.name)
    return names


def _parts(src_dir: Path) -> list[Path]:
    if not (src_dir / CONTENT_TYPES).is_file():
        raise InputError(f"{src_dir}: not an unpacked package (no {CONTENT_TYPES})")
    return sorted((p for p in src_dir.rglob("*") if p.is_file()),
                  key=lambda p: (p.name != CONTENT_TYPES, str(p.relative_to(src_dir))))


def ooxml_patch(src_dir: Path, part: str, find: str, replace: str) -> int:
    """Replace the text ``find`` by ``replace`` (XML-escaped) in one unpacked XML part;
    how many times. A part name outside the folder is refused."""
    target = (src_dir / part.lstrip("/")).resolve()
    if not target.is_relative_to(src_dir.resolve()) or not target.is_file():
        raise InputError(f"{part}: no such part in {src_dir}")
    data = target.read_text("utf-8")
    old, new = html.escape(find, quote=False), html.escape(replace, quote=False)
    count = data.count(old)
    if count:
        target.write_text(data.replace(old, new), "utf-8")
    return count


def ooxml_pack(src_dir: Path, out: Path) -> Path:
    """Zip an unpacked package (content types first), then open it to check it."""
    entries = [OutEntry(str(p.relative_to(src_dir)), None, p.read_bytes(), raw=False)
               for p in _parts(src_dir)]
    write_atomic(out, build_zip(entries))
    _open(out)
    return out


def ooxml_validate(deck: Path) -> list[str]:
    """Structural findings of a package (schema order, shape ids, relationships, slides)."""
    return [str(f) for f in validate_package(_open(deck))]


_TOKEN = re.compile(r"\{\{\s*[\w.-]+\s*\}\}")


def unresolved_tokens(texts: list[str]) -> list[str]:
    return sorted({m.group(0) for t in texts for m in _TOKEN.finditer(t)})


def shrink_png(src: Path, dst: Path, width: int = THUMB_W) -> Path:
    """``src`` drawn ``width`` px wide into ``dst`` (a thumbnail of a full-size picture)."""
    with Image.open(src) as im:
        scale = width / im.width
        im.convert("RGB").resize((width, max(1, round(im.height * scale)))).save(dst)
    return dst


def thumbnails(deck: Path, out_dir: Path, width: int = THUMB_W,
               issues: Sequence[QaIssue] = ()) -> list[Path]:
    """One PNG per slide (``thumb-N.png``, ``width`` px wide) drawn by the browser, each of
    ``issues`` outlined on its slide (``qa.sheet.annotate``)."""
    if not deck.is_file():
        raise InputError(f"{deck}: no such file")
    full = render_browser(deck, out_dir / "full")
    out: list[Path] = []
    for n, path in enumerate(full, 1):
        with Image.open(path) as im:
            scale = width / im.width
            h = max(1, round(im.height * scale))
            small = im.convert("RGB").resize((width, h))
            mine = [i for i in issues if i.slide == n]
            target = out_dir / f"thumb-{n}.png"
            (annotate(small, mine, scale) if mine else small).save(target)
        path.unlink(missing_ok=True)
        out.append(target)
    (out_dir / "full").rmdir()
    return out


def chat_completion(base_url: str, model: str, api_key: str, messages: list[dict[str, str]],
                    timeout: float = 60.0) -> str:
    """One OpenAI-compatible chat completion (JSON mode asked for); the answer's text.
    Endpoint faults raise ``EngineError`` (``HttpError``)."""
    answer = post_json(f"{base_url.rstrip('/')}/chat/completions",
                       {"model": model, "messages": messages, "temperature": 0,
                        "response_format": {"type": "json_object"}},
                       {"Authorization": f"Bearer {api_key}"} if api_key else {}, timeout)
    try:
        return str(answer["choices"][0]["message"]["content"])
    except (KeyError, IndexError, TypeError) as exc:
        raise InputError(f"POST {base_url}: not a chat completion answer") from exc


def warm_engines(libreoffice: bool = True) -> None:
    """Start the calling thread's Chromium now and LibreOffice in the background, so the
    first job does not pay for their start."""
    get_chromium().start()
    if libreoffice:
        get_libreoffice().start_background()
