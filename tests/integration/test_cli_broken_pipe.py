"""A reader of stdout that goes away (`pptxagent inventory deck.pptx | head -c 10`) is not a
crash: before, the CLI printed "internal error: BrokenPipeError ... this is a bug" and exited
70; now it stops quietly (with the shell's SIGPIPE status, 141, when the write fails)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DECK = Path("../shared/corpus/pptx/poi__stress022.pptx")  # an inventory of ~1 MB of JSON


def test_a_closed_stdout_is_no_internal_error(tmp_path: Path) -> None:
    script = tmp_path / "closed.sh"  # a reader that never reads: the first write fails
    script.write_text(f'"{sys.executable}" -m pptxagent.cli inventory "{DECK.resolve()}" '
                      '2>"$1" | (exec 0<&-; true); exit "${PIPESTATUS[0]}"\n')
    code = subprocess.run(["bash", str(script), str(tmp_path / "err")], check=False).returncode
    err = (tmp_path / "err").read_text()
    assert code == 141 and "internal error" not in err and "Traceback" not in err


def test_a_reader_that_leaves_mid_output_is_no_internal_error() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "pptxagent.cli", "inventory", str(DECK)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()  # the reader goes away mid-output
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) in (0, 141)  # done, or stopped as by SIGPIPE
    assert "internal error" not in err and "Traceback" not in err
