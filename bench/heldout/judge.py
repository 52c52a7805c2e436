"""Judge one case the way the held-out test does: LibreOffice's layout, not the browser's.

Every word present, tokens resolved, the template's run formatting kept (font, bold,
colour), fonts not shrunk when the content fits, the package intact, and no filled text
outside its box or off the slide (±2 px, as LibreOffice draws it) on any slide the report
does not call degraded; template art not moved and text contrast on what LibreOffice draws
behind it not below 70% of the template's (``judge_art.py``, ``judge_contrast.py``). Bad
input: exit 2, a message naming the problem, no traceback, no file.
"""

from __future__ import annotations

import math
import subprocess
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from lxml import etree
from pptx import Presentation

from bench.heldout.cases import IMAGE_SIZE, Case
from bench.heldout.judge_art import check_art
from bench.heldout.judge_contrast import check_contrast
from pptxagent.engines.libreoffice import TextBox, get_libreoffice
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.validate import compare_findings, validate_package

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
EMU_PX = 9525
TOL_PX = 2.0
FILLS = ("noFill", "solidFill", "gradFill", "pattFill")
Fmt = tuple[str | None, str | None, str | None]


def _q(tag: str) -> str:
    return f"{{{A}}}{tag}"


def refused_plainly(proc: subprocess.CompletedProcess[str], out: Path) -> list[str]:
    """What bad input must get: exit 2, no traceback, no output file."""
    why: list[str] = []
    if proc.returncode != 2:
        why.append(f"exit {proc.returncode}, want 2")
    if "Traceback" in proc.stderr or "Traceback" in proc.stdout:
        why.append("traceback printed")
    if out.exists():
        why.append("output file written")
    return why


def judge_bad(case: Case, proc: subprocess.CompletedProcess[str], out: Path) -> list[str]:
    why = refused_plainly(proc, out)
    for needle in case.expect_in_message:
        if needle.lower() not in proc.stderr.lower():
            why.append(f"message lacks {needle!r}: {proc.stderr.strip()[:160]!r}")
    return why


def _fmt(rpr: etree._Element | None) -> Fmt:
    if rpr is None:
        return (None, None, None)
    latin = rpr.find(_q("latin"))
    fill = next((f for t in FILLS if (f := rpr.find(_q(t))) is not None), None)
    return (latin.get("typeface") if latin is not None else None, rpr.get("b"),
            etree.tostring(fill, method="c14n").decode() if fill is not None else None)


def _level(p: etree._Element) -> int:
    ppr = p.find(_q("pPr"))
    return int(ppr.get("lvl", "0")) if ppr is not None else 0


def _level_formats(txbody: etree._Element) -> dict[int, list[Fmt]]:
    """Per outline level, the formats of the first runs with text of the level's paragraphs,
    the first paragraph's first (else its first paragraph's end mark)."""
    out: dict[int, list[Fmt]] = {}
    ends: dict[int, list[Fmt]] = {}
    for p in txbody.findall(_q("p")):
        r = next((r for r in p.findall(_q("r")) if r.findtext(_q("t"))), None)
        if r is not None:
            out.setdefault(_level(p), []).append(_fmt(r.find(_q("rPr"))))
        else:
            ends.setdefault(_level(p), [_fmt(p.find(_q("endParaRPr")))])
    return {**ends, **out}


def _sizes(txbody: etree._Element) -> dict[int, set[str | None]]:
    out: dict[int, set[str | None]] = {}
    for p in txbody.findall(_q("p")):
        for r in p.findall(_q("r")):
            rpr = r.find(_q("rPr"))
            out.setdefault(_level(p), set()).add(rpr.get("sz") if rpr is not None else None)
    return out


def _autofit(txbody: etree._Element) -> tuple[str | None, str | None]:
    fit = txbody.find(f"{_q('bodyPr')}/{_q('normAutofit')}")
    return (None, None) if fit is None else (fit.get("fontScale"), fit.get("lnSpcReduction"))


def _shape(slide: Any, sid: str) -> Any:
    return next((s for s in slide.shapes if str(s.shape_id) == sid), None)


def _is_table(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(r, list) for r in value)


def _is_image(value: Any) -> bool:
    return isinstance(value, dict) and "image" in value


def _words(value: Any, tokens: Mapping[str, str]) -> Iterable[str]:
    if _is_image(value):
        return
    if isinstance(value, dict):
        value = value.get("text", "")
    items = value if isinstance(value, list) else [value]
    for item in items:
        if isinstance(item, list):
            text = " ".join(map(str, item))
        else:
            text = item.get("text", "") if isinstance(item, dict) else str(item)
        for name, val in tokens.items():
            if name.startswith(("{{", "{%", "{#")):
                text = text.replace(name, val)
            else:
                text = text.replace("{{" + name + "}}", val).replace("{{ " + name + " }}", val)
        yield from text.split()


def _slide_words(slide: Any) -> set[str]:
    words: set[str] = set()
    for sh in slide.shapes:
        if sh.has_text_frame:
            words.update(sh.text_frame.text.split())
        elif getattr(sh, "has_table", False):
            for row in sh.table.rows:
                for cell in row.cells:
                    words.update(cell.text.split())
    return words


def _check_table(oslide: Any, sid: str, rows: list[list[Any]]) -> list[str]:
    sh = _shape(oslide, sid)
    if sh is None or not getattr(sh, "has_table", False):
        return [f"sp{sid}: no table there to hold the rows"]
    got = [[c.text for c in r.cells][: len(rows[0])] for r in sh.table.rows][: len(rows)]
    want = [[str(c) for c in row] for row in rows]
    return [] if got == want else [f"sp{sid}: table {got} != {want}"]


def _check_image(oslide: Any, sid: str) -> list[str]:
    sh = _shape(oslide, sid)
    try:
        size = sh.image.size if sh is not None else None
    except (AttributeError, ValueError):
        size = None
    return [] if size == IMAGE_SIZE else [f"sp{sid}: picture size {size}, want {IMAGE_SIZE}"]


def _check_unresolved(case: Case, report: dict[str, Any], prs: Any) -> list[str]:
    """Expressions stay exactly as written in the deck and are listed, nothing else is."""
    listed = [u.get("token") or "{{" + u["name"] + "}}"
              for u in report.get("unresolved_tokens", [])]
    why: list[str] = []
    if sorted(listed) != sorted(case.expect_unresolved):
        why.append(f"unresolved tokens {listed}, want {list(case.expect_unresolved)}")
    text = " ".join(sh.text_frame.text for s in prs.slides for sh in s.shapes
                    if sh.has_text_frame)
    lost = [t for t in case.expect_unresolved if t not in text]
    if lost:
        why.append(f"tokens not left as written: {lost}")
    if any(not u.get("shape") or not u.get("reason") for u in report["unresolved_tokens"]):
        why.append("an unresolved token lacks its shape or reason")
    return why


def _check_format(case: Case, tslide: Any, oslide: Any, sid: str, fits: bool) -> list[str]:
    why: list[str] = []
    tsh, osh = _shape(tslide, sid), _shape(oslide, sid)
    if osh is None or not osh.has_text_frame:
        return [f"sp{sid} missing from the output"]
    tb, ob = tsh.text_frame._txBody, osh.text_frame._txBody
    want = _level_formats(tb)
    seen: set[int] = set()
    for p in ob.findall(_q("p")):
        r = p.find(_q("r"))
        lvl = _level(p)
        if r is None or lvl not in want:
            continue
        got = _fmt(r.find(_q("rPr")))
        # the level's first paragraph looks like the template's first (a heading stays a
        # heading); the others like one of the template's paragraphs of that level
        ok = got == want[lvl][0] if lvl not in seen else got in want[lvl]
        seen.add(lvl)
        if not ok:
            why.append(f"sp{sid} level {lvl} run format {got} not the template's "
                       f"{want[lvl][0] if len(want[lvl]) == 1 else want[lvl]}")
            break
    if fits:
        tsz, osz = _sizes(tb), _sizes(ob)
        for lvl, sizes in osz.items():
            if lvl in tsz and not sizes <= tsz[lvl]:
                why.append(f"sp{sid} level {lvl} sizes {sorted(map(str, sizes))} not in "
                           f"template {sorted(map(str, tsz[lvl]))} (content fits)")
        if _autofit(ob) != _autofit(tb):
            why.append(f"sp{sid} autofit {_autofit(ob)} != template {_autofit(tb)}")
    return why


def _check_split(case: Case, oslide: Any) -> list[str]:
    exp = case.expect_formatting
    sh = _shape(oslide, exp["shape_id"])
    if sh is None:
        return ["split-token shape missing"]
    p = sh.text_frame.paragraphs[0]
    text = "".join(r.text for r in p.runs)
    if text != exp["text"]:
        return [f"split token: text {text!r} != {exp['text']!r}"]
    run = next((r for r in p.runs if exp["value"] in r.text), None)
    if run is None:
        return ["split token: the value is not in one run"]
    latin, bold, fill = _fmt(run._r.find(_q("rPr")))
    why = []
    if bold != "1" or fill is None or exp["color"] not in fill:
        why.append(f"split token: value run bold={bold} fill={fill} (want bold, {exp['color']})")
    if latin != exp["latin"]:
        why.append(f"split token: value run font {latin} != {exp['latin']}")
    return why


def _check_bounds(sid: str, sh: Any, box: TextBox | None,
                  slide_px: tuple[float, float] | None = None) -> str | None:
    if box is None:
        return None if not sh.text_frame.text.strip() else f"sp{sid}: LibreOffice drew no text"
    if slide_px is not None:  # text drawn past the slide's edge is cut off, box or not
        off = max(-box.x, -box.y, box.x + box.w - slide_px[0], box.y + box.h - slide_px[1])
        if off > TOL_PX:
            return f"sp{sid}: LibreOffice draws the text {off:.0f}px off the slide"
    x, y, w, h = (v / EMU_PX for v in (sh.left, sh.top, sh.width, sh.height))
    turn = math.radians(getattr(sh, "rotation", 0.0) or 0.0)
    if turn:  # turned text: judged against the turned shape's axis-aligned bounds
        cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
        cx, cy = x + w / 2, y + h / 2
        w, h = w * cos + h * sin, w * sin + h * cos
        x, y = cx - w / 2, cy - h / 2
    over = max(x - box.x, y - box.y, box.x + box.w - (x + w), box.y + box.h - (y + h))
    if over > TOL_PX:
        return f"sp{sid}: LibreOffice text {over:.0f}px outside its box"
    return None


def judge_fill(case: Case, proc: subprocess.CompletedProcess[str], out: Path,
               report: dict[str, Any] | None) -> list[str]:
    assert case.tpl is not None
    if proc.returncode not in (0, 1) or report is None or not out.exists():
        tail = proc.stderr.strip().splitlines()[-1:] or [""]
        return [f"exit {proc.returncode}: {tail[0][:200]}"]
    why: list[str] = []
    degraded = {s["index"] for s in report["slides"] if s["quality"] == "degraded"}
    if (proc.returncode == 1) != bool(degraded):
        why.append(f"exit {proc.returncode} but degraded slides {sorted(degraded)}")
    if degraded and not case.may_degrade:
        why.append(f"degraded slides {sorted(degraded)} (content fits at the min font)")
    new = compare_findings(validate_package(Package.open(case.template)),
                           validate_package(Package.open(out)))
    why += [f"package: {f}" for f in new[:3]]
    prs, tpl = Presentation(str(out)), Presentation(str(case.template))
    specs = case.content["slides"]
    if len(prs.slides) != len(specs):
        return [*why, f"{len(prs.slides)} slides, want {len(specs)}"]
    if case.expect_unresolved:
        why += _check_unresolved(case, report, prs)
    elif report.get("unresolved_tokens"):
        why.append(f"unresolved tokens {report['unresolved_tokens']}")
    tokens = {k: str(v) for k, v in case.content.get("tokens", {}).items()
              if isinstance(v, str | int | float)}
    tokens.update(case.resolved)
    bounds = get_libreoffice().text_bounds(out)
    t = case.tpl
    ids = {t.title_key: t.title_id, t.body_key: t.body_id, **case.extra_ids}
    fits = case.kind in ("fits", "triple")  # split: the value lengthens the text
    filled: list[set[str]] = []
    texts: list[list[str]] = []
    for i, (oslide, spec) in enumerate(zip(prs.slides, specs, strict=True), start=1):
        shown = _slide_words(oslide)
        missing = [w for v in spec.get("fill", {}).values() for w in _words(v, tokens)
                   if w not in shown]
        if missing:
            why.append(f"slide {i}: words missing {missing[:4]}")
        if not case.expect_unresolved and any(
                "{{" in sh.text_frame.text for sh in oslide.shapes if sh.has_text_frame):
            why.append(f"slide {i}: '{{{{' left in the text")
        tslide = tpl.slides[spec["template_slide"] - 1]
        text_keys = [k for k, v in spec.get("fill", {}).items()
                     if not _is_table(v) and not _is_image(v)]
        split_id = [case.expect_formatting["shape_id"]] if case.kind == "split" else []
        filled.append({ids[k] for k in spec.get("fill", {})} | set(split_id))
        texts.append([ids[k] for k in text_keys] + split_id)
        for key, value in spec.get("fill", {}).items():
            if _is_table(value):
                why += _check_table(oslide, ids[key], value)
            elif _is_image(value):
                why += _check_image(oslide, ids[key])
            else:
                why += _check_format(case, tslide, oslide, ids[key], fits)
        if case.kind == "split":
            why += _check_split(case, oslide)
        if i in case.notes:
            said = oslide.notes_slide.notes_text_frame.text if oslide.has_notes_slide else ""
            lost = [w for w in case.notes[i].split() if w not in said]
            if lost:
                why.append(f"slide {i}: notes lack {lost}")
        if i in degraded:
            continue
        sids = [ids[k] for k in text_keys]
        if case.kind == "split":
            sids.append(case.expect_formatting["shape_id"])
        for sid in sids:
            sh = _shape(oslide, sid)
            size = (prs.slide_width / EMU_PX, prs.slide_height / EMU_PX)
            msg = _check_bounds(sid, sh, bounds.get(i, {}).get(sid), size) if sh else None
            if msg:
                why.append(f"slide {i}: {msg}")
    numbers = [spec["template_slide"] for spec in specs]
    why += check_art(case.template, out, numbers, filled)
    why += check_contrast(case.template, out, numbers, texts)
    return why
