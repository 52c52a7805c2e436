"""Files we write get the permissions any program's output would: readable by the group and
others under the usual umask, and a replaced file keeps its own mode."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pptxagent.ooxml.zipsafe import write_atomic


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_follows_the_umask_not_mkstemps_private_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "out.pptx", b"x")
        os.umask(0o027)
        write_atomic(tmp_path / "team.pptx", b"x")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "out.pptx") == 0o644  # was 0600: colleagues could not open it
    assert _mode(tmp_path / "team.pptx") == 0o640


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "shared.pptx"
    target.write_bytes(b"old")
    target.chmod(0o664)
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new" and _mode(target) == 0o664
