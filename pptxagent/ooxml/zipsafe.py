"""The zip container, read defensively and written byte-faithfully.

Reading: the whole file is held in memory, sniffed (OLE compound file = encrypted deck or
legacy .ppt), and its central directory checked against the limits below before a single
member is inflated. Writing: untouched members are copied as their original *compressed*
bytes (no recompression), changed and new members are deflated; the archive goes to a temp
file next to the target and is moved into place with ``os.replace``.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import stat
import struct
import tempfile
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pptxagent.errors import (
    CorruptPackageError,
    EncryptedPackageError,
    UnsafePackageError,
)

# --- limits (one place) ----------------------------------------------------------------------
MAX_TOTAL_UNCOMPRESSED = 1 << 30  # 1 GiB over all members
MAX_RATIO = 200  # a member inflating more than 200:1 ...
RATIO_MIN_SIZE = 10 << 20  # ... and to more than 10 MiB is a bomb
MAX_MEMBERS = 10_000

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_LOCAL_SIG = 0x04034B50
_CENTRAL_SIG = 0x02014B50
_END_SIG = 0x06054B50
_DRIVE = re.compile(r"^[A-Za-z]:")


@dataclass(frozen=True)
class Member:
    """One zip member as read: its name and where its compressed bytes live."""

    name: str  # zip member name, no leading slash
    info: zipfile.ZipInfo


def _utf16(name: str) -> bytes:
    return name.encode("utf-16-le")


def refuse_ole(label: str, data: bytes) -> None:
    """An OLE compound file is either an encrypted OOXML deck or a legacy binary .ppt."""
    if not data.startswith(OLE_MAGIC):
        return
    if _utf16("EncryptionInfo") in data or _utf16("EncryptedPackage") in data:
        raise EncryptedPackageError(
            f"{label}: encrypted (password-protected) presentation; "
            "remove the password and try again"
        )
    if _utf16("PowerPoint Document") in data:
        raise EncryptedPackageError(
            f"{label}: legacy binary PowerPoint (.ppt) file, not a .pptx; "
            "open it in PowerPoint or LibreOffice and save it as .pptx"
        )
    raise EncryptedPackageError(
        f"{label}: an OLE compound file (legacy binary .ppt or an encrypted deck), not a .pptx "
        "zip package; remove any password and save it as .pptx"
    )


def check_member_name(label: str, raw_name: str) -> None:
    """Refuse names that could escape a directory or confuse tools."""
    problem = ""
    if "\x00" in raw_name:
        problem = "contains a NUL character"
    elif "\\" in raw_name:
        problem = "contains a backslash"
    elif raw_name.startswith("/"):
        problem = "is an absolute path"
    elif _DRIVE.match(raw_name):
        problem = "starts with a drive letter"
    elif ".." in raw_name.split("/"):
        problem = "contains '..'"
    if problem:
        raise UnsafePackageError(f"{label}: unsafe zip member name {raw_name!r} {problem}")


def check_limits(label: str, infos: list[zipfile.ZipInfo]) -> None:
    if len(infos) > MAX_MEMBERS:
        raise UnsafePackageError(
            f"{label}: {len(infos)} zip members (more than {MAX_MEMBERS}); refused as a zip bomb"
        )
    total = 0
    for info in infos:
        total += info.file_size
        big = info.file_size > RATIO_MIN_SIZE
        if big and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise UnsafePackageError(
                f"{label}: member {info.filename!r} inflates {info.compress_size} bytes to "
                f"{info.file_size} (more than {MAX_RATIO}:1); refused as a zip bomb"
            )
    if total > MAX_TOTAL_UNCOMPRESSED:
        raise UnsafePackageError(
            f"{label}: {total} bytes uncompressed (more than {MAX_TOTAL_UNCOMPRESSED}); "
            "refused as a zip bomb"
        )


class ZipSource:
    """A zip read fully into memory and checked; members are inflated on demand."""

    def __init__(self, path: Path) -> None:
        self.label = path.name
        if not path.exists():
            raise CorruptPackageError(f"{path}: no such file")
        if path.is_dir():
            raise CorruptPackageError(f"{path}: is a directory, not a file; expected a .pptx")
        if not path.is_file():
            raise CorruptPackageError(f"{path}: not a file")
        try:
            self.data = path.read_bytes()
        except OSError as exc:
            raise CorruptPackageError(f"{path}: cannot be read ({exc.strerror})") from exc
        refuse_ole(self.label, self.data)
        try:
            self.zf = zipfile.ZipFile(io.BytesIO(self.data))
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError) as exc:
            raise CorruptPackageError(
                f"{self.label}: not a valid .pptx (zip) file: truncated or damaged ({exc})"
            ) from exc
        infos = self.zf.infolist()
        check_limits(self.label, infos)
        self.members: list[Member] = []
        seen: set[str] = set()
        for info in infos:
            check_member_name(self.label, info.orig_filename)
            if info.flag_bits & 0x1:
                raise EncryptedPackageError(
                    f"{self.label}: zip member {info.filename!r} is encrypted; "
                    "remove the password and try again"
                )
            key = info.filename.lower()
            if key in seen:
                raise CorruptPackageError(
                    f"{self.label}: zip member {info.filename!r} appears twice"
                )
            seen.add(key)
            self.members.append(Member(info.filename, info))

    def read(self, member: Member) -> bytes:
        try:
            return self.zf.read(member.info)
        except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError) as exc:
            raise CorruptPackageError(
                f"{self.label}: zip member {member.name!r} is damaged ({exc})"
            ) from exc

    def raw(self, member: Member) -> bytes:
        """The member's compressed bytes exactly as stored."""
        off = member.info.header_offset
        header = self.data[off : off + 30]
        if len(header) < 30 or struct.unpack("<I", header[:4])[0] != _LOCAL_SIG:
            raise CorruptPackageError(
                f"{self.label}: zip member {member.name!r} has a damaged local header"
            )
        name_len, extra_len = struct.unpack("<HH", header[26:30])
        start = off + 30 + name_len + extra_len
        end = start + member.info.compress_size
        if end > len(self.data):
            raise CorruptPackageError(f"{self.label}: zip member {member.name!r} is truncated")
        return self.data[start:end]


@dataclass(frozen=True)
class OutEntry:
    """One member to write: either raw (already compressed, with its crc) or plain bytes."""

    name: str
    info: zipfile.ZipInfo | None  # the original entry (metadata, raw copy) or None for new
    data: bytes  # compressed bytes when ``raw`` else uncompressed
    raw: bool


def _dos_time(info: zipfile.ZipInfo | None) -> tuple[int, int]:
    y, mo, d, h, mi, s = info.date_time if info is not None else (1980, 1, 1, 0, 0, 0)
    y = min(max(y, 1980), 2107)
    return (h << 11) | (mi << 5) | (s // 2), ((y - 1980) << 9) | (mo << 5) | d


def _encode(entry: OutEntry) -> tuple[bytes, int, int, int, int]:
    """-> (stored bytes, method, crc, compressed size, uncompressed size)."""
    if entry.raw:
        assert entry.info is not None
        info = entry.info
        return entry.data, info.compress_type, info.CRC, len(entry.data), info.file_size
    crc = zlib.crc32(entry.data) & 0xFFFFFFFF
    comp = zlib.compressobj(6, zlib.DEFLATED, -15)
    packed = comp.compress(entry.data) + comp.flush()
    return packed, zipfile.ZIP_DEFLATED, crc, len(packed), len(entry.data)


def build_zip(entries: Iterable[OutEntry], comment: bytes = b"") -> bytes:
    """A plain (non-zip64) archive of ``entries`` in the given order."""
    out = io.BytesIO()
    central: list[bytes] = []
    for entry in entries:
        name = entry.name.encode("utf-8")
        flags = 0x800 if not entry.name.isascii() else 0
        data, method, crc, csize, usize = _encode(entry)
        dtime, ddate = _dos_time(entry.info)
        version = max(20, entry.info.extract_version) if entry.raw and entry.info else 20
        offset = out.tell()
        if offset > 0xFFFFFFFF or csize > 0xFFFFFFFF or usize > 0xFFFFFFFF:
            raise UnsafePackageError(f"{entry.name}: too large to write without zip64")
        out.write(
            struct.pack(
                "<IHHHHHIIIHH",
                _LOCAL_SIG, version, flags, method, dtime, ddate, crc, csize, usize, len(name), 0
            )
        )
        out.write(name)
        out.write(data)
        ext_attr = entry.info.external_attr if entry.info is not None else 0o600 << 16
        central.append(
            struct.pack(
                "<IHHHHHHIIIHHHHHII",
                _CENTRAL_SIG, version, version, flags, method, dtime, ddate, crc, csize, usize,
                len(name), 0, 0, 0, 0, ext_attr & 0xFFFFFFFF, offset,
            )
            + name
        )
    cd_offset = out.tell()
    for record in central:
        out.write(record)
    cd_size = out.tell() - cd_offset
    comment = comment[:0xFFFF]
    out.write(
        struct.pack(
            "<IHHHHIIH", _END_SIG, 0, 0, len(central), len(central), cd_size, cd_offset,
            len(comment),
        )
    )
    out.write(comment)
    return out.getvalue()


def _umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # no /proc: read it by setting it (and put it back at once)
    os.umask(mask)
    return mask


def new_file_mode(target: Path) -> int:
    """The mode a written file gets: the one it replaces keeps its own, a new one gets what
    ``open()`` would give it (0666 less the umask; not ``mkstemp``'s private 0600)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_umask()


def write_atomic(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` via a temp file in the same directory and ``os.replace``.
    A symlink is followed (the file it names is replaced, the link stays); a device, pipe or
    anything under /dev or /proc (``/dev/stdout``) is written in place: replacing it would
    swap it for a file."""
    target = Path(target)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    if (target.exists() and not target.is_file()) or str(target).startswith(("/dev/",
                                                                             "/proc/")):
        with open(target, "wb") as fh:
            fh.write(data)
        return
    directory = target.parent if str(target.parent) else Path(".")
    mode = new_file_mode(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
