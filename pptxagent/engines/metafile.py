"""Windows metafiles (EMF, WMF and their gzipped EMZ/WMZ) as SVG, for the browser to draw.

Chromium draws no metafile, yet old decks keep their clip art, logos and OLE previews as
WMF/EMF. Debian's converters do it in tens of milliseconds: ``wmf2svg`` (libwmf-bin) and
``emf2svg-conv`` (emf2svg). They run as a subprocess on a temporary copy of the bytes, with a
time, memory and size limit; whatever goes wrong (tool missing, bad bytes, a hang) gives
``None`` and the renderer keeps its neutral fill. The SVG's root gets the SVG namespace
(``wmf2svg`` leaves it out), a ``viewBox`` and ``preserveAspectRatio="none"``, so that it
stretches to its picture frame as PowerPoint stretches a metafile. Results are cached by
content: a host or worker filling the same template again converts nothing.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import re
import shutil
import subprocess
import tempfile
import threading
import xml.parsers.expat
import zlib
from collections import OrderedDict
from pathlib import Path

MAX_IN = 16 * 1024 * 1024
"""Metafiles bigger than this (after gunzip) are not converted."""
MAX_OUT = 4 * 1024 * 1024
"""SVGs bigger than this are dropped (a data URI that size slows every render)."""
MAX_RECORDS = 200_000
"""A WMF with more records than this is converted without the PatBlt rewrite (bounded time)."""
TIMEOUT_S = 10.0
CACHE_BYTES = 64 * 1024 * 1024
"""The content cache keeps at most this many bytes of SVG (the oldest go first)."""
_SVG_NS = "http://www.w3.org/2000/svg"
_ROOT = re.compile(rb"<svg\b[^>]*>", re.S)
_cache: OrderedDict[str, bytes | None] = OrderedDict()
_cached_bytes = 0
_lock = threading.Lock()


def kind_of(data: bytes) -> str | None:
    """``emf``, ``wmf`` (after gunzip, for EMZ/WMZ) or None when ``data`` is neither."""
    if data[:4] == b"\x01\x00\x00\x00" and data[40:44] == b" EMF":
        return "emf"
    if data[:4] == b"\xd7\xcd\xc6\x9a" or data[:6] in (b"\x01\x00\x09\x00\x00\x03",
                                                       b"\x02\x00\x09\x00\x00\x03"):
        return "wmf"
    return None


def _gunzip(data: bytes) -> bytes | None:
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as z:
            out = z.read(MAX_IN + 1)
    except (OSError, EOFError, zlib.error):
        return None
    return out if len(out) <= MAX_IN else None


def _attr(tag: bytes, name: bytes) -> bytes | None:
    m = re.search(rb"\s" + name + rb"\s*=\s*[\"']([^\"']*)[\"']", tag)
    return m.group(1) if m else None


def _number(value: bytes | None) -> float | None:
    if value is None:
        return None
    m = re.match(rb"\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$", value)
    return float(m.group(1)) if m else None


_TEXT = re.compile(rb"(<text\b[^>]*>)(.*?)(</text>)", re.S)
_XLINK_NS = b"http://www.w3.org/1999/xlink"


def _text(m: re.Match[bytes]) -> bytes:
    """One ``<text>`` of ``wmf2svg`` made XML: it writes the metafile's bytes as they are
    (``&``, ``<`` unescaped; code-page bytes that are not UTF-8)."""
    raw = m.group(2)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    esc = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return m.group(1) + esc.encode("utf-8") + m.group(3)


_IMAGE = re.compile(rb"<image\b[^>]*>", re.S)
_MATRIX = re.compile(rb'\s*transform="matrix\([^ ]+ 0 0 [^ ]+ ([-0-9.]+) ([-0-9.]+)\)"')


def _image(m: re.Match[bytes]) -> bytes:
    """``wmf2svg`` gives a bitmap its final ``x y width height`` and then also a transform
    that scales and moves it again (off its picture); the transform goes."""
    tag = m.group(0)
    t = _MATRIX.search(tag)
    x, y = _number(_attr(tag, b"x")), _number(_attr(tag, b"y"))
    if t is None or x is None or y is None:
        return tag
    if abs(float(t.group(1)) - x) > 0.01 or abs(float(t.group(2)) - y) > 0.01:
        return tag
    return tag[:t.start()] + tag[t.end():]


def repair_wmf2svg(svg: bytes) -> bytes:
    """``wmf2svg``'s output with its text escaped and UTF-8 and its bitmaps in place."""
    return _IMAGE.sub(_image, _TEXT.sub(_text, svg))


def _well_formed(svg: bytes) -> bool:
    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
    try:
        parser.Parse(svg, True)
    except xml.parsers.expat.ExpatError:
        return False
    return True


def fix_root(svg: bytes) -> bytes | None:
    """The SVG with its root drawable as an image stretched to any box, or None."""
    m = _ROOT.search(svg)
    if m is None:
        return None
    tag = m.group(0)
    w, h = _number(_attr(tag, b"width")), _number(_attr(tag, b"height"))
    extra = b""
    if _attr(tag, b"xmlns") is None:
        extra += b' xmlns="' + _SVG_NS.encode() + b'"'
    if b"xlink:" in svg and _attr(tag, b"xmlns:xlink") is None:
        extra += b' xmlns:xlink="' + _XLINK_NS + b'"'
    if _attr(tag, b"viewBox") is None:
        if not w or not h:
            return None
        extra += f' viewBox="0 0 {w:g} {h:g}"'.encode()
    if _attr(tag, b"preserveAspectRatio") is None:
        extra += b' preserveAspectRatio="none"'
    end = len(tag) - (2 if tag.endswith(b"/>") else 1)
    out = svg[:m.start()] + tag[:end] + extra + tag[end:] + svg[m.end():]
    return out if _well_formed(out) else None


_META_PATBLT = 0x061D
_META_RECTANGLE = 0x041B
_PATCOPY = 0x00F00021


def patblt_as_rectangles(wmf: bytes) -> bytes:
    """``wmf`` with each ``META_PATBLT`` that paints the current brush (``PATCOPY``) written
    as a ``META_RECTANGLE`` of the same area, which ``wmf2svg`` draws (it skips PatBlt, so the
    white page of an embedded slide's or sheet's preview went missing). Anything unexpected
    returns ``wmf`` as it was."""
    start = 22 if wmf[:4] == b"\xd7\xcd\xc6\x9a" else 0
    if len(wmf) < start + 18:
        return wmf
    header = int.from_bytes(wmf[start + 2:start + 4], "little") * 2
    pos, out = start + header, bytearray(wmf[:start + header])
    changed = False
    for _ in range(MAX_RECORDS):
        if pos + 6 > len(wmf):
            break
        words = int.from_bytes(wmf[pos:pos + 4], "little")
        func = int.from_bytes(wmf[pos + 4:pos + 6], "little")
        if words < 3 or pos + words * 2 > len(wmf):
            return wmf
        rec = wmf[pos:pos + words * 2]
        if func == _META_PATBLT and words == 9 and int.from_bytes(rec[6:10], "little") == _PATCOPY:
            h, w, y, x = (int.from_bytes(rec[i:i + 2], "little", signed=True)
                          for i in (10, 12, 14, 16))
            rect = [y + h, x + w, y, x]  # bottom, right, top, left
            rec = (7).to_bytes(4, "little") + _META_RECTANGLE.to_bytes(2, "little") + b"".join(
                (v & 0xFFFF).to_bytes(2, "little") for v in rect)
            changed = True
        out += rec
        pos += words * 2
        if func == 0:
            break
    else:
        return wmf  # too many records to rewrite in bounded time
    if not changed:
        return wmf
    out += wmf[pos:]
    size = (len(out) - start) // 2
    out[start + 6:start + 10] = size.to_bytes(4, "little")
    return bytes(out)


MAX_MEMORY = 1 << 30
"""Address space a converter may use (bytes): a hostile metafile cannot take the machine."""


def _tool(kind: str) -> list[str] | None:
    """The converter's command line, under ``prlimit`` (util-linux) when there is one."""
    exe = shutil.which("wmf2svg" if kind == "wmf" else "emf2svg-conv")
    if exe is None:
        return None
    limit = shutil.which("prlimit")
    cpu = str(int(TIMEOUT_S))
    return [exe] if limit is None else [limit, f"--as={MAX_MEMORY}", f"--cpu={cpu}",
                                        f"--fsize={MAX_OUT + 1}", "--", exe]


def _run(kind: str, data: bytes) -> tuple[bytes | None, bool]:
    """The SVG (or None), and whether that answer may be cached (a timeout may be load)."""
    tool = _tool(kind)
    if tool is None:
        return None, False
    with tempfile.TemporaryDirectory(prefix="pptxagent-metafile-") as tmp:
        src, dst = Path(tmp) / f"in.{kind}", Path(tmp) / "out.svg"
        src.write_bytes(patblt_as_rectangles(data) if kind == "wmf" else data)
        args = [*tool, "--inline", "-o", str(dst), str(src)] if kind == "wmf" \
            else [*tool, "-i", str(src), "-o", str(dst)]
        try:
            done = subprocess.run(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=TIMEOUT_S, check=False,
                                  cwd=tmp)
        except subprocess.TimeoutExpired:
            return None, False
        except (OSError, subprocess.SubprocessError):
            return None, True
        if done.returncode != 0 or not dst.is_file() or dst.stat().st_size > MAX_OUT:
            return None, done.returncode not in (-9, -24)  # SIGKILL/SIGXCPU: maybe load
        out = dst.read_bytes()
        return fix_root(repair_wmf2svg(out) if kind == "wmf" else out), True


def to_svg(data: bytes) -> bytes | None:
    """``data`` (an EMF, WMF, EMZ or WMZ part) as SVG bytes, or None when it cannot be."""
    raw = _gunzip(data) if len(data) <= MAX_IN else None
    kind = kind_of(raw) if raw is not None else None
    if raw is None or kind is None:
        return None
    key = hashlib.sha256(raw).hexdigest()
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    try:
        svg, keep = _run(kind, raw)
    except OSError:  # no room for the temporary files
        svg, keep = None, False
    if keep:
        _remember(key, svg)
    return svg


def _remember(key: str, svg: bytes | None) -> None:
    """Cache ``svg`` under ``key``, the oldest entries going past ``CACHE_BYTES``."""
    global _cached_bytes
    with _lock:
        if key in _cache:  # another thread converted it meanwhile
            return
        _cache[key] = svg
        _cached_bytes += len(svg or b"")
        while len(_cache) > 4096 or _cached_bytes > CACHE_BYTES:
            _cached_bytes -= len(_cache.popitem(last=False)[1] or b"")
