"""Start the engines before the work needs them (light: imports no stage).

A ``pptxagent`` command that draws slides spends ~0.7 s importing its stages and ~1 s
starting Chromium; started first, in the browser's own thread, the two overlap. A fill or
compose with the cross-check also starts LibreOffice (~0.4 s cold) at once, not after its
stages are imported, when a cheap look at its inputs finds nothing it will refuse; a fill's
LibreOffice then loads the template once, in the background.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import json
import threading
import zipfile
from collections.abc import Sequence
from pathlib import Path

from pptxagent.errors import PptxAgentError

BROWSER_COMMANDS = frozenset({"fill", "compose", "qa", "render", "refine"})
"""The commands that measure or draw slides in Chromium."""


def needs_browser(argv: Sequence[str]) -> bool:
    """``argv`` (without the program) runs a command that will draw slides (not its help)."""
    if not argv or argv[0] not in BROWSER_COMMANDS:
        return False
    args = list(argv[1:])
    if any(a in ("-h", "--help") for a in args):
        return False
    lo_only = (("--engine", "libreoffice") in itertools.pairwise(args)
               or "--engine=libreoffice" in args)
    return not (argv[0] == "render" and lo_only)


def warm_browser(argv: Sequence[str]) -> bool:
    """Start this thread's browser in the background when ``argv`` will need it."""
    if not needs_browser(argv):
        return False
    from pptxagent.engines.chromium import get_chromium

    get_chromium().start_background()
    return True


CROSSCHECK_COMMANDS = frozenset({"fill", "compose"})
"""The commands that let LibreOffice draw their output unless told ``--no-crosscheck``."""


def _readable_json(path: Path) -> bool:
    try:
        json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return False
    return True


def _readable_deck(path: Path) -> bool:
    """A zip with a content-types part (an encrypted or broken deck is refused before any
    engine is needed)."""
    try:
        with zipfile.ZipFile(path) as z:
            return "[Content_Types].xml" in z.namelist()
    except (OSError, zipfile.BadZipFile):
        return False


def needs_libreoffice(argv: Sequence[str]) -> bool:
    """``argv`` runs a fill or compose with the cross-check whose input files look sound
    (``fill TEMPLATE.pptx CONTENT.json …``, ``compose OUTLINE.json …``): input it will
    refuse must not wait at exit for a LibreOffice nobody needed."""
    if len(argv) < 2 or argv[0] not in CROSSCHECK_COMMANDS:
        return False
    args = list(argv[1:])
    if "--no-crosscheck" in args or any(a in ("-h", "--help") for a in args):
        return False
    if argv[0] == "fill":
        return (len(args) >= 2 and not args[0].startswith("-") and not args[1].startswith("-")
                and _readable_deck(Path(args[0])) and _readable_json(Path(args[1])))
    return not args[0].startswith("-") and _readable_json(Path(args[0]))


def warm_engines(argv: Sequence[str]) -> None:
    """Start, in the background, every engine ``argv`` will need; at exit, close them side
    by side, not one after the other. Never raises: an engine that cannot start here (say a
    scratch folder that cannot be made) fails again in the command, which says why."""
    with contextlib.suppress(PptxAgentError, OSError):
        _warm_engines(argv)


def _warm_engines(argv: Sequence[str]) -> None:
    if not warm_browser(argv) or not needs_libreoffice(argv):
        return
    from pptxagent.engines.chromium import get_chromium
    from pptxagent.engines.libreoffice import get_libreoffice

    browser, office = get_chromium(), get_libreoffice()
    # A fill's template is loaded once as soon as LibreOffice is up: its first load pays for
    # the Impress import filter and the fonts (~0.15 s), and the stages leave it time to.
    office.start_background(warm_with=Path(argv[1]) if argv[0] == "fill" else None)

    def close_both() -> None:  # registered last, so it runs before each engine's own close
        closing = threading.Thread(target=office.close, kwargs={"at_exit": True},
                                   name="pptxagent-lo-close")
        closing.start()
        browser.close(at_exit=True)
        closing.join()

    atexit.register(close_both)
