"""``pptxagent probe``'s second opinion and outputs: LibreOffice draws every slot at its found
``own`` limit (a slot it draws past its box gets the limit its drawing allows, drawn again),
then the probe JSON, the content JSON Schema with ``maxLength`` per key, and the contact
sheet with each slot outlined and labelled with its limits."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pptxagent.engines.libreoffice import TextBounds, get_libreoffice
from pptxagent.errors import InputError
from pptxagent.inventory.deck import slide_size
from pptxagent.ir import Box, SlideIR
from pptxagent.measure.measurer import Measurer
from pptxagent.ooxml.package import Package
from pptxagent.pipeline.fill import fill_settings
from pptxagent.pipeline.output import write_text
from pptxagent.pipeline.probe import (
    Copy,
    Probe,
    Slot,
    fill_copies,
    fill_entries,
    new_probe,
    plan_round,
    search,
    value,
)
from pptxagent.pipeline.probesearch import MAX_UNITS
from pptxagent.qa.sheet import contact_sheet, outline_boxes
from pptxagent.render.media import MediaStore
from pptxagent.units import PX_PER_PT

LO_TOL_PX = 6.0
LO_TOL_EM = 0.2
"""How far LibreOffice may draw a slot's text past its box and still agree (the cross-check's
tolerances)."""


def _limit_copies(p: Probe, only: set[tuple[int, str]] | None = None) -> list[Copy]:
    """A copy per slot (and unit) at its ``own`` limit; ``only``: these (slot, unit)."""
    def todo(i: int, mode: str, unit: str) -> int | None:
        s = p.state[(i, mode, unit)]
        wanted = only is None or (i, unit) in only
        return s.lo if (mode == "own" and s.lo > 0 and p.slots[i].skipped is None
                        and wanted) else None

    return plan_round(p, todo)


def _draw(p: Probe, copies: Sequence[Copy]) -> tuple[list[SlideIR], TextBounds]:
    pkg, irs = fill_copies(p, copies)
    with tempfile.TemporaryDirectory(prefix="pptxagent-probe-") as tmp:
        deck = Path(tmp) / "probe.pptx"
        pkg.save(deck)
        return irs, get_libreoffice().text_bounds(deck)


def _past(ir: SlideIR, slot: Slot, bounds: TextBounds, number: int) -> tuple[float, float]:
    """How far LibreOffice drew the slot's text past its box (px), and the height it took."""
    el = ir.element(slot.el.eid)
    if el.source is None:
        return 0.0, 0.0
    tb = bounds.get(number, {}).get(str(el.source.shape_id))
    if tb is None:
        return 0.0, 0.0
    box = el.layout
    past = max(box.y - tb.y, tb.y + tb.h - (box.y + box.h), 0.0)
    return past, tb.h


def confirm(p: Probe) -> None:
    """LibreOffice draws every slot at its ``own`` limit; where it draws the text past its box
    (beyond ``LO_TOL_*``), the limit is lowered to what its drawing allows and that slot is
    drawn again."""
    only: set[tuple[int, str]] | None = None
    for attempt in range(2):
        copies = _limit_copies(p, only)
        if not copies:
            return
        irs, bounds = _draw(p, copies)
        only = set()
        for n, (c, ir) in enumerate(zip(copies, irs, strict=True), start=1):
            slot, s, k = p.slots[c.slot], p.state[(c.slot, "own", c.unit)], c.k
            el = ir.element(slot.el.eid)
            if el.text_turn() % 180 or slot.grows:  # its drawn bounds are not its box's
                s.lo_verdict = "not compared (turned text, or a box that grows)"
                continue
            past, drawn_h = _past(ir, slot, bounds, n)
            font = el.style.fontSize or 16.0
            ok = past <= max(LO_TOL_PX, LO_TOL_EM * font)
            s.lo_verdict = "fits" if ok else f"drawn {past:.0f} px past its box"
            if not ok and attempt == 0 and drawn_h > 0 and k > 1:
                s.lowered_from = k
                s.lo = max(1, min(k - 1, int(k * el.layout.h / drawn_h)))
                s.lines = max(1, round(s.lines * s.lo / k))
                s.hi = s.lo + 1
                only.add((c.slot, c.unit))
        if not only:
            return


def _limits(p: Probe, i: int, mode: str) -> dict[str, Any]:
    words = p.state[(i, mode, "words")]
    own = p.state[(i, "own", "words")]
    n = max(words.lo, own.lo)  # the minimum font holds at least what the own size holds
    text = p.sampler.text(n)
    out: dict[str, Any] = {"chars": len(text), "words": n, "lines": words.lines,
                           "font_pt": round(words.font_px / PX_PER_PT, 1)}
    if n >= MAX_UNITS:
        out["unbounded"] = True
    elif words.hi is None or words.hi > words.lo + 1:
        out["converged"] = False  # the search ran out of rounds: a lower bound
    if (i, mode, "bullets") in p.state:
        bullets = p.state[(i, mode, "bullets")].lo
        out["bullets"] = max(bullets, p.state[(i, "own", "bullets")].lo)
    return out


def slot_json(p: Probe, i: int) -> dict[str, Any]:
    slot = p.slots[i]
    t, el = slot.target, slot.el
    lay = el.layout
    row: dict[str, Any] = {
        "where": t.label, **t.entry, "key": slot.key, "name": slot.name,
        "shape": el.source.name if el.source is not None else el.eid, "kind": slot.kind,
        "box_px": [round(lay.x, 1), round(lay.y, 1), round(lay.w, 1), round(lay.h, 1)],
    }
    if slot.skipped is not None:
        return {**row, "skipped": slot.skipped}
    own = p.state[(i, "own", "words")]
    row["own"] = _limits(p, i, "own")
    if slot.cell is not None:
        row["cell"] = list(slot.cell)
        row["beyond"] = {"own": "the table grows into the room below, then its cells shrink "
                                "together"}
        row["libreoffice"] = {"own": own.lo_verdict}
        return row
    row["min"] = _limits(p, i, "min")
    row["grows"] = slot.grows
    floor = p.state[(i, "min", "words")].font_px
    if own.font_px and floor and own.font_px <= floor + 0.05:
        first = ("the box must grow or move: its font is already the minimum (where there "
                 "is no room, degraded)")
    elif slot.grows:
        first = "the box grows into the empty space around it, then the text shrinks"
    else:
        first = "the fill shrinks the text (font, then line spacing)"
    row["beyond"] = {"own": first,
                     "min": "the box must grow or move; where there is no room, degraded"}
    row["libreoffice"] = {"own": own.lo_verdict}
    if own.lowered_from is not None:
        row["libreoffice"]["lowered_from_words"] = own.lowered_from
    return row


def probe_json(p: Probe, seconds: float) -> dict[str, Any]:
    return {"template": str(p.template), "script": p.sampler.script, "rounds": p.rounds,
            "seconds": round(seconds, 1), "slots": [slot_json(p, i) for i in range(len(p.slots))]}


def content_schema(data: dict[str, Any]) -> dict[str, Any]:
    """A JSON Schema of content.json for this template: one slide entry per template slide and
    layout, each key's ``maxLength`` the characters it holds at the minimum font (its hard
    limit), the characters before it shrinks in its description and
    ``x-pptxagent-shrinks-over``; tokens get the smallest limit of the boxes they are in."""
    entries: dict[str, dict[str, Any]] = {}
    tokens: dict[str, int] = {}
    for row in data["slots"]:
        if "skipped" in row:
            continue
        head = ("template_slide", row["template_slide"]) if "template_slide" in row \
            else ("layout", row["layout"])
        entry = entries.setdefault(row["where"], {
            "type": "object", "title": row["where"], "required": [head[0]],
            "properties": {head[0]: {"const": head[1]},
                           "fill": {"type": "object", "properties": {}}}})
        soft = row["own"]
        hard = row.get("min", soft)
        if row["kind"] == "cell":
            cells = entry["properties"]["fill"]["properties"].setdefault(row["key"], {
                "type": "array", "items": {"type": "array", "prefixItems": []}})
            columns = cells["items"]["prefixItems"]
            while len(columns) <= row["cell"][1]:
                columns.append({"type": ["string", "number"]})
            columns[row["cell"][1]] = {
                "type": ["string", "number"], "maxLength": soft["chars"],
                "description": f"a cell of this column: about {soft['chars']} characters "
                               "before the table must grow"}
            continue
        if row["kind"] == "token":
            name = row["name"].split(".", 1)[1]
            tokens[name] = min(tokens.get(name, hard["chars"]), hard["chars"])
            continue
        prop: dict[str, Any] = {"type": "string", "maxLength": hard["chars"],
                                "x-pptxagent-shrinks-over": soft["chars"],
                                "description": f"shrinks over about {soft['chars']} characters;"
                                               f" at most {hard['chars']}"}
        if "bullets" in hard:
            prop = {"anyOf": [prop, {"type": "array", "maxItems": hard["bullets"],
                                     "x-pptxagent-shrinks-over": soft["bullets"],
                                     "items": {"type": "string",
                                               "maxLength": hard["chars"]}}]}
        entry["properties"]["fill"]["properties"][row["key"]] = prop
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"content.json for {Path(data['template']).name}",
        "type": "object",
        "properties": {
            "tokens": {"type": "object", "properties": {
                k: {"type": "string", "maxLength": v} for k, v in sorted(tokens.items())}},
            "slides": {"type": "array", "minItems": 1,
                       "items": {"anyOf": list(entries.values())} if entries else {}},
        },
    }


def _label(row: dict[str, Any]) -> str:
    if "skipped" in row:
        return f"{row['name']}: not probed"
    own, hard = row["own"], row.get("min")
    if hard is None:
        return f"{row['name']}: {own['chars']} ch / {own['words']} w"
    text = f"{row['name']}: {own['chars']} ch / {own['words']} w / {own['lines']} ln"
    if "bullets" in own:
        text += f" / {own['bullets']} bullets"
    return text + f"  (min font: {hard['chars']} ch)"


def write_outputs(p: Probe, data: dict[str, Any], out_json: Path | None, out_dir: Path | None,
                  measurer: Measurer) -> list[Path]:
    """PROBE.json, and in ``out_dir`` probe.json, content.schema.json and contact-sheet.png
    (every target drawn at its ``own`` limits, each slot outlined with its label)."""
    written: list[Path] = []
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    if out_json is not None:
        write_text(out_json, text)
        written.append(out_json)
    if out_dir is None:
        return written
    out_dir.mkdir(parents=True, exist_ok=True)
    write_text(out_dir / "probe.json", text)
    schema = json.dumps(content_schema(data), indent=1, ensure_ascii=False) + "\n"
    write_text(out_dir / "content.schema.json", schema)
    written += [out_dir / "probe.json", out_dir / "content.schema.json"]
    sheet = _sheet(p, data, measurer, out_dir / "contact-sheet.png")
    return written + ([sheet] if sheet is not None else [])


def _sheet(p: Probe, data: dict[str, Any], measurer: Measurer, out: Path) -> Path | None:
    """Each slide and layout drawn with every slot at its ``own`` limit at once, each slot
    outlined with its label."""
    rows = {(r["where"], r["name"]): r for r in data["slots"]}
    fills: dict[int, dict[str, Any]] = {}  # target → content.json fill
    boxes: dict[int, list[tuple[Box, str]]] = {}
    for c in _limit_copies(p):
        slot = p.slots[c.slot]
        if c.unit != "words":
            continue
        t = p.targets.index(slot.target)
        fill = fills.setdefault(t, {})
        fill[slot.key] = value(slot, p.sampler, "words", c.k, fill.get(slot.key))
        lay = slot.el.layout
        boxes.setdefault(t, []).append((Box(x=lay.x, y=lay.y, w=lay.w, h=lay.h),
                                        _label(rows[(slot.target.label, slot.name)])))
    if not fills:
        return None
    order = sorted(fills)
    _, irs = fill_entries(p, [{**p.targets[t].entry, "fill": fills[t]} for t in order])
    with tempfile.TemporaryDirectory(prefix="pptxagent-probe-") as tmp:
        paths = [Path(tmp) / f"{n}.png" for n in range(len(irs))]
        measurer.screenshot_many(irs, paths)
        thumbs = [
            (p.targets[t].label, outline_boxes(path, boxes[t]), 0)
            for t, path in zip(order, paths, strict=True)]
        return contact_sheet(thumbs, out)


def run_probe(template: Path, out_json: Path | None, out_dir: Path | None,
              check_libreoffice: bool = True) -> tuple[dict[str, Any], list[Path]]:
    """Probe ``template`` (search, LibreOffice's confirmation, outputs)."""
    start = time.perf_counter()
    pkg = Package.open(template)
    size = slide_size(pkg)
    p = new_probe(template, fill_settings(size.w, size.h, {}))
    if not p.slots:
        raise InputError(f"{template}: no fillable text slot on its {len(p.targets)} slide(s) "
                         "and layout(s)")
    measurer = Measurer(media=MediaStore.for_package(pkg))
    search(p, measurer)
    for i, slot in enumerate(p.slots):
        if slot.cell is not None and p.state[(i, "own", "words")].lo == 0:
            slot.skipped = ("the template's own table already runs past its frame: no cell "
                            "length keeps it inside")
    if check_libreoffice:
        confirm(p)
    data = probe_json(p, time.perf_counter() - start)
    data["targets"] = len(p.targets)
    try:
        return data, write_outputs(p, data, out_json, out_dir, measurer)
    except OSError as exc:
        raise InputError(f"cannot write the probe's outputs: {exc}") from exc
