"""LibreOffice leaves no sockets in /tmp behind it.

soffice puts two sockets in /tmp (never in TMPDIR): one for the UNO pipe we accept on, one
for its single-instance pipe. Ended by a signal it leaves both for good; a service that
starts it thousands of times a day would fill /tmp with them (8 550 had piled up here before
this was fixed). These tests also pin the single-instance pipe's name, computed from the
profile URL: a LibreOffice that names it otherwise fails here, not silently in production.
"""

from __future__ import annotations

import os
import signal
import socket
from pathlib import Path

import pytest

from pptxagent.engines import procs
from pptxagent.engines.libreoffice import LibreOffice
from pptxagent.engines.lo_server import office_pipes, remove_stale_pipes

pytestmark = pytest.mark.libreoffice

TEMPLATE = Path(__file__).parents[2] / "templates" / "pptx" / "quarterly-review.pptx"


def _sockets(lo: LibreOffice) -> list[Path]:
    soffice = lo._soffice
    assert soffice is not None, lo.start_error
    return office_pipes(soffice.profile_url, soffice.uno_pipe)


def _answers(path: Path) -> bool:
    with socket.socket(socket.AF_UNIX) as probe:
        try:
            probe.connect(str(path))
        except OSError:
            return False
    return True


def test_a_closed_engine_leaves_no_socket(tmp_path: Path) -> None:
    lo = LibreOffice()
    try:
        lo.to_pdf(TEMPLATE, tmp_path / "t.pdf")
        sockets = _sockets(lo)
        assert all(p.is_socket() for p in sockets), "the names we compute are LibreOffice's"
    finally:
        lo.close()
    assert not [p for p in sockets if p.exists()]


def test_a_killed_soffice_leaves_no_socket(tmp_path: Path) -> None:
    lo = LibreOffice()
    try:
        lo.to_pdf(TEMPLATE, tmp_path / "t.pdf")
        sockets = _sockets(lo)
        soffice = lo._soffice
        assert soffice is not None
        office = [p for p in [soffice.proc.pid, *procs.children(soffice.proc.pid)]
                  if procs.comm(p) == "soffice.bin"]
        for pid in office:
            os.kill(pid, signal.SIGKILL)
        lo.to_pdf(TEMPLATE, tmp_path / "again.pdf")  # started again, same profile, new pipe
        assert not sockets[1].exists(), "the dead soffice's UNO socket is removed"
        assert _answers(sockets[0]), "the single-instance socket is the new soffice's"
        sockets += _sockets(lo)
    finally:
        lo.close()
    assert not [p for p in sockets if p.exists()]


def test_a_socket_somebody_listens_on_is_kept(tmp_path: Path) -> None:
    live, stale = tmp_path / "live.sock", tmp_path / "stale.sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(live))
    server.listen()
    dead = socket.socket(socket.AF_UNIX)
    dead.bind(str(stale))
    dead.close()  # bound, never listening: what a killed soffice leaves
    try:
        remove_stale_pipes([live, stale, tmp_path / "missing.sock"])
        assert live.is_socket() and not stale.exists()
    finally:
        server.close()
