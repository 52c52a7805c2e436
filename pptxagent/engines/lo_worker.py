"""UNO worker: runs under LibreOffice's own Python (``.venv-uno/bin/python``), never imported.

It connects to the headless ``soffice`` the engine started (``--pipe`` names its UNO pipe,
``--port`` a UNO socket instead; it retries until soffice listens, up to ``--timeout``
seconds) and answers JSON requests, one per line on stdin, one JSON answer per line on
stdout::

    {"op": "ping"}
    {"op": "warm", "in": "/abs/template.pptx"}
    {"op": "convert", "in": "/abs/deck.pptx", "out": "/abs/deck.pdf"}
    {"op": "export", "in": "/abs/deck.pptx", "out": "/abs/deck.pdf",
     "colour": true, "scales": {"3/pxa:7": [0.625, 0.2]}}

``warm`` loads a deck and closes it (the first load in a fresh soffice pays for the Impress
module and the fonts: done early, it overlaps the caller's other work). ``convert`` is a
plain PDF export (hidden slides included), as ``soffice --convert-to pdf``.

``export`` loads the deck hidden (a tagged copy: ``ooxml.tagging`` already wrote
``a:noAutofit`` everywhere and, for text bounds, painted each shape's runs its own RGB),
applies the stored ``fontScale`` / ``lnSpcReduction`` given in ``scales`` (key
``"{slide}/{shape name}"``) to those shapes, with LibreOffice's live autofit turned off on
them too, and, with ``colour`` (legacy), paints every character of every named text shape a
unique RGB itself. Only the shapes it changes are visited: each UNO call is a round trip.
It exports a PDF with hidden slides and answers
``{"ok": true, "colours": {"1": {"pxa:7": 8323073, ...}, ...}}`` (slide numbers 1-based).

Only the standard library and ``uno`` are available here: no pptxagent imports.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from typing import Any

import uno
from com.sun.star.beans import PropertyValue

COLOUR_BASE = 0x7F0000
"""Tag colours are ``COLOUR_BASE | k`` for k = 1, 2, ...: a red channel of 127 that real
templates practically never use, so master-page text cannot be mistaken for a shape's."""

TAG_PREFIX = "pxa:"


def _pv(name: str, value: Any) -> Any:
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def connect(where: str, timeout: float = 60.0) -> Any:
    """``where``: the UNO connection (``pipe,name=...`` or ``socket,host=...,port=...``)."""
    ctx = uno.getComponentContext()
    resolver = ctx.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", ctx
    )
    url = f"uno:{where};urp;StarOffice.ComponentContext"
    deadline = time.monotonic() + timeout
    while True:
        try:
            remote = resolver.resolve(url)
            break
        except Exception:  # NoConnectException is not importable by name before connecting
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    return remote.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", remote)


def _iter_shapes(container: Any) -> Any:
    """Every shape, descending into groups (the group itself is yielded too)."""
    for i in range(container.getCount()):
        shape = container.getByIndex(i)
        yield shape
        if shape.supportsService("com.sun.star.drawing.GroupShape"):
            yield from _iter_shapes(shape)


def _texts(shape: Any) -> list[Any]:
    """The XText objects of a shape: its own text, or every cell of a table."""
    table_type = "com.sun.star.drawing.TableShape"  # Impress's tables answer only ShapeType
    if shape.supportsService(table_type) or getattr(shape, "ShapeType", "") == table_type:
        table = shape.Model
        return [
            table.getCellByPosition(c, r)
            for r in range(table.Rows.getCount())
            for c in range(table.Columns.getCount())
        ]
    if shape.supportsService("com.sun.star.drawing.GroupShape"):
        return []
    if hasattr(shape, "getText") and shape.supportsService("com.sun.star.drawing.Text"):
        return [shape.getText()]
    return []


def _portions(text: Any) -> Any:
    paras = text.createEnumeration()
    while paras.hasMoreElements():
        para = paras.nextElement()
        yield para, None
        portions = para.createEnumeration()
        while portions.hasMoreElements():
            yield para, portions.nextElement()


def _no_autofit(shape: Any) -> None:
    from com.sun.star.drawing.TextFitToSizeType import NONE

    info = shape.getPropertySetInfo()
    if info.hasPropertyByName("TextFitToSize") and shape.TextFitToSize != NONE:
        shape.TextFitToSize = NONE
    if info.hasPropertyByName("TextAutoGrowHeight") and shape.TextAutoGrowHeight:
        size = shape.Size
        shape.TextAutoGrowHeight = False
        shape.Size = size


def _apply_scale(text: Any, font_scale: float, line_reduction: float) -> None:
    for para, portion in _portions(text):
        if portion is None:
            if line_reduction > 0:
                spacing = para.ParaLineSpacing
                if spacing.Mode == 0:  # PROP
                    spacing.Height = max(1, round(spacing.Height - 100 * line_reduction))
                    para.ParaLineSpacing = spacing
            continue
        if font_scale < 1:
            for prop in ("CharHeight", "CharHeightAsian", "CharHeightComplex"):
                size = portion.getPropertyValue(prop)
                portion.setPropertyValue(prop, round(size * font_scale, 1))


def _paint(text: Any, colour: int) -> None:
    cursor = text.createTextCursor()
    cursor.gotoStart(False)
    cursor.gotoEnd(True)
    cursor.CharColor = colour


def _load(desktop: Any, path: str) -> Any:
    url = uno.systemPathToFileUrl(path)
    doc = desktop.loadComponentFromURL(url, "_blank", 0, (_pv("Hidden", True),))
    if doc is None:
        raise RuntimeError(f"LibreOffice could not load {path}")
    return doc


def _store_pdf(doc: Any, path: str) -> None:
    filter_data = uno.Any(
        "[]com.sun.star.beans.PropertyValue",
        (_pv("ExportHiddenSlides", True), _pv("ExportNotesPages", False)),
    )
    out = uno.systemPathToFileUrl(path)
    uno.invoke(
        doc,
        "storeToURL",
        (out, (_pv("FilterName", "impress_pdf_Export"), _pv("FilterData", filter_data))),
    )


def convert(desktop: Any, req: dict[str, Any]) -> dict[str, Any]:
    doc = _load(desktop, req["in"])
    try:
        _store_pdf(doc, req["out"])
    finally:
        doc.close(True)
    return {"ok": True}


def export(desktop: Any, req: dict[str, Any]) -> dict[str, Any]:
    t0 = time.perf_counter()
    doc = _load(desktop, req["in"])
    t1 = time.perf_counter()
    scales: dict[str, list[float]] = req.get("scales") or {}
    colours: dict[str, dict[str, int]] = {}
    k = 0
    try:
        pages = doc.DrawPages
        scaled = {key.split("/", 1)[0] for key in scales}
        for n in range(pages.getCount()):
            slide = str(n + 1)
            if not req.get("colour") and slide not in scaled:
                continue  # nothing to change here: every UNO call crosses a process boundary
            for shape in _iter_shapes(pages.getByIndex(n)):
                name = shape.Name
                if not req.get("colour") and f"{slide}/{name}" not in scales:
                    continue
                texts = _texts(shape)
                if not texts:
                    continue
                _no_autofit(shape)
                fs, red = scales.get(f"{slide}/{name}", (1.0, 0.0))
                for text in texts:
                    if fs < 1 or red > 0:
                        _apply_scale(text, fs, red)
                if req.get("colour") and name.startswith(TAG_PREFIX):
                    k += 1
                    colour = COLOUR_BASE | k
                    for text in texts:
                        _paint(text, colour)
                    colours.setdefault(slide, {})[name] = colour
        t2 = time.perf_counter()
        _store_pdf(doc, req["out"])
        t3 = time.perf_counter()
    finally:
        doc.close(True)
    seconds = {"load": round(t1 - t0, 3), "edit": round(t2 - t1, 3), "pdf": round(t3 - t2, 3)}
    return {"ok": True, "colours": colours, "seconds": seconds}


def _terminate(desktop: Any) -> int:
    """Ask soffice to end itself: a soffice ended by a signal leaves its two sockets
    (``/tmp/OSL_PIPE_<uid>_…``, one for the UNO pipe, one for its single-instance pipe) behind
    for good, one pair per start, since LibreOffice puts them in /tmp whatever ``TMPDIR`` says."""
    try:
        ended = desktop.terminate()
    except Exception:  # the bridge goes down as soffice ends: it did
        return 0
    return 0 if ended else 3  # vetoed: our owner signals it


def _send(answer: dict[str, Any]) -> bool:
    """Write one answer; False when nobody reads any more (our owner was killed mid-call)."""
    try:
        print(json.dumps(answer), flush=True)
    except OSError:
        return False
    return True


def main() -> int:
    if "--pipe" in sys.argv:
        where = f"pipe,name={sys.argv[sys.argv.index('--pipe') + 1]}"
    else:
        where = f"socket,host=127.0.0.1,port={int(sys.argv[sys.argv.index('--port') + 1])}"
    timeout = float(sys.argv[sys.argv.index("--timeout") + 1]) if "--timeout" in sys.argv else 60
    desktop = connect(where, timeout)
    print(json.dumps({"ok": True, "ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            if req.get("op") == "ping":
                answer: dict[str, Any] = {"ok": True}
            elif req.get("op") == "export":
                answer = export(desktop, req)
            elif req.get("op") == "convert":
                answer = convert(desktop, req)
            elif req.get("op") == "quit":
                _send({"ok": True})
                return _terminate(desktop)
            elif req.get("op") == "warm":
                _load(desktop, req["in"]).close(True)
                answer = {"ok": True}
            else:
                answer = {"ok": False, "error": f"unknown op {req.get('op')!r}"}
        except Exception as exc:  # report every UNO failure to the caller, keep serving
            answer = {
                "ok": False,
                "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=3),
            }
        if not _send(answer):
            break
    return _terminate(desktop)  # our owner closed stdin or died (SIGKILL): soffice goes too


if __name__ == "__main__":
    # Ended at once, without Python's and UNO's teardown: when the worker lingered, soffice's
    # shutdown now and then joined the UNO thread that ran terminate(), idle in its pool for
    # 2 s (6 closes in 60 took 2.1 s; 1 in 340 since).
    code = main()
    sys.stdout.flush()
    os._exit(code)
