"""The LibreOffice user profile pptxagent runs with: same fonts as Chromium, no live shrink.

``write_profile(dir)`` writes ``user/registrymodifications.xcu`` into a fresh
``-env:UserInstallation`` directory with

* the font replacement table (Tools > Options > Fonts) generated from
  :data:`pptxagent.fonts.FONT_MAP`, every pair "always" replaced, so LibreOffice draws the same
  installed metric twins the browser's CSS names;
* quiet-start settings: no first-start wizard, no tips, macros never run;
* the installation's own version as the last version run (``ooSetupLastVersion``): a profile
  without it is a "version upgrade" to LibreOffice, which then runs its ~100 graphics
  self-tests (``GraphicsRenderTests``: bitmaps of 4096 px painted and read back) before it
  listens — 0.15 s of its 0.25 s of start-up CPU here, at every start.

LibreOffice has no configuration switch for the live "shrink text on overflow" of
``a:normAutofit``; the text-bounds export (``lo_worker``) turns it off per shape instead.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from pptxagent.fonts import FONT_MAP

_HEADER = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" '
    'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
)
_FOOTER = "</oor:items>\n"

_SUBST = "/org.openoffice.Office.Common/Font/Substitution"

# (node path, property, value)
_PLAIN_PROPS: tuple[tuple[str, str, str], ...] = (
    (_SUBST, "Replacement", "true"),
    ("/org.openoffice.Office.Common/Misc", "FirstRun", "false"),
    ("/org.openoffice.Office.Common/Misc", "ShowTipOfTheDay", "false"),
    ("/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", "3"),
    ("/org.openoffice.Office.Common/Save/Document", "LoadPrinter", "false"),
    ("/org.openoffice.Office.Impress/Misc", "ShowUndoDeleteWarning", "false"),
    ("/org.openoffice.Setup/Office", "ooSetupInstCompleted", "true"),
)


_LAST_VERSION = ("/org.openoffice.Setup/Product", "ooSetupLastVersion")
_SETUP_VERSION = re.compile(
    rb'oor:name="ooSetupVersion"[^>]*>\s*<value>([0-9][0-9.]*)</value>')


def installed_version(soffice: str) -> str | None:
    """The version of the LibreOffice that ``soffice`` starts (its ``ooSetupVersion``, in
    ``share/registry/main.xcd`` beside ``program/``), or None when it cannot be read. Read
    once per installation state: an upgrade in place changes the file's size or time."""
    xcd = Path(os.path.realpath(soffice)).parent.parent / "share" / "registry" / "main.xcd"
    try:
        st = xcd.stat()
    except OSError:
        return None
    return _version_in(str(xcd), st.st_size, st.st_mtime_ns)


@functools.cache
def _version_in(xcd: str, _size: int, _mtime_ns: int) -> str | None:
    try:
        data = Path(xcd).read_bytes()
    except OSError:
        return None
    found = _SETUP_VERSION.findall(data)
    return found[-1].decode() if found else None


def _prop(path: str, name: str, value: str) -> str:
    return (
        f'<item oor:path={quoteattr(path)}><prop oor:name={quoteattr(name)} oor:op="fuse">'
        f"<value>{escape(value)}</value></prop></item>\n"
    )


def _display_name(key: str) -> str:
    """``FONT_MAP`` keys are lower case; LibreOffice matches case-insensitively, but the
    Options dialog shows what we write, so write the usual capitalisation."""
    special = {"ms": "MS", "ui": "UI", "mt": "MT", "cjk": "CJK"}
    return " ".join(special.get(w, w.capitalize()) for w in key.split())


def font_pairs() -> list[tuple[str, str]]:
    """(template font, installed font) pairs for the replacement table, identity pairs
    dropped (replacing a font by itself is a no-op that only slows font lookup)."""
    return [
        (_display_name(src), dst)
        for src, dst in sorted(FONT_MAP.items())
        if src.strip().lower() != dst.strip().lower()
    ]


def registry_xml(version: str | None = None) -> str:
    """The profile's settings; ``version`` (``installed_version``) recorded as the last version
    run, so the start is no "upgrade" (see the module's docstring)."""
    parts = [_HEADER]
    parts.extend(_prop(*p) for p in _PLAIN_PROPS)
    if version is not None:
        parts.append(_prop(*_LAST_VERSION, version))
    for i, (src, dst) in enumerate(font_pairs()):
        parts.append(
            f'<item oor:path="{_SUBST}/FontPairs"><node oor:name="_{i}" oor:op="replace">'
            '<prop oor:name="Always" oor:op="fuse"><value>true</value></prop>'
            '<prop oor:name="OnScreenOnly" oor:op="fuse"><value>false</value></prop>'
            f'<prop oor:name="ReplaceFont" oor:op="fuse"><value>{escape(src)}</value></prop>'
            f'<prop oor:name="SubstituteFont" oor:op="fuse"><value>{escape(dst)}</value></prop>'
            "</node></item>\n"
        )
    parts.append(_FOOTER)
    return "".join(parts)


def write_profile(profile_dir: Path, soffice: str | None = None) -> str:
    """Create the profile under ``profile_dir`` for the LibreOffice ``soffice`` starts;
    return its ``-env:UserInstallation`` URL."""
    user = profile_dir / "user"
    user.mkdir(parents=True, exist_ok=True)
    version = installed_version(soffice) if soffice is not None else None
    (user / "registrymodifications.xcu").write_text(registry_xml(version), encoding="utf-8")
    return profile_dir.resolve().as_uri()


SEED_ENTRIES = ("extensions", "uno_packages")
"""What a first start writes into ``user/`` that later starts can reuse: the extension
registries synchronised with the installation. Not ``registrymodifications.xcu`` (written
fresh every time: it would carry a run's recent documents), ``pack`` (safe mode's backup) nor
``GraphicsRenderTests.log`` (the graphics self-tests' report: its presence skips nothing, the
last version run in the registry does)."""
SEED_ENV = "PPTXAGENT_LO_SEED"
"""Where the seed lives (default ``$XDG_CACHE_HOME/pptxagent``); ``off`` disables it."""


def _copy_entries(src: Path, dst: Path) -> None:
    """The ``SEED_ENTRIES`` of one ``user/`` folder into another (created as needed)."""
    for name in SEED_ENTRIES:
        if (src / name).is_dir():
            shutil.copytree(src / name, dst / name, dirs_exist_ok=True)
        elif (src / name).is_file():
            dst.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src / name, dst / name)


def seed_dir(soffice: str) -> Path | None:
    """The seed folder for this LibreOffice installation (its path and build), or ``None``."""
    where = os.environ.get(SEED_ENV, "")
    if where == "off":
        return None
    real = Path(os.path.realpath(soffice))
    try:
        stamp = real.stat()
    except OSError:
        return None
    key = hashlib.sha256(f"{real}|{stamp.st_size}|{stamp.st_mtime_ns}".encode()).hexdigest()
    base = Path(where) if where else (
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pptxagent")
    return base / f"lo-profile-{key[:16]}"


def seed_profile(profile_dir: Path, soffice: str) -> bool:
    """Copy the seed (when there is one) into a new profile: the start skips the extension
    synchronisation."""
    seed = seed_dir(soffice)
    if seed is None or not (seed / "complete").is_file():
        return False
    user = profile_dir / "user"
    try:
        _copy_entries(seed / "user", user)
    except OSError:
        shutil.rmtree(user, ignore_errors=True)  # a fresh profile, as without a seed
        return False
    return True


def keep_seed(profile_dir: Path, soffice: str) -> None:
    """After LibreOffice ended cleanly on ``profile_dir``: keep its reusable part as the seed,
    unless there is one. Written aside and renamed, so a reader never sees half a seed; a
    folder that cannot be written is no seed, never an error."""
    seed = seed_dir(soffice)
    user = profile_dir / "user"
    if seed is None or seed.exists() or not (user / "extensions").is_dir():
        return
    tmp = seed.with_name(f"{seed.name}.{os.getpid()}.tmp")
    try:
        _copy_entries(user, tmp / "user")
        (tmp / "complete").write_text("")
        os.rename(tmp, seed)
    except OSError:
        pass
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
