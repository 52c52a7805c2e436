"""Start the browser before the work needs it (light: imports no stage).

A ``pptxagent`` command that draws slides spends ~0.9 s importing its stages and ~1 s
starting Chromium; started first, in the browser's own thread, the two overlap.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

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
