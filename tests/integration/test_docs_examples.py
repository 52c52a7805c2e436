"""Each docs page's examples run (issue 35: "the docs site builds … and each page's examples run").

One test per page of docs/ and README.md that shows an example. The convention, in full in
``tests/docs_examples.py`` and docs/architecture.md: an example is a fenced ``console`` block;
its ``$ `` lines are the commands; a command exits 0 unless its line ends ``# exit N``;
``<!-- example: skip (reason) -->`` right before a block skips it,
``<!-- example: needs pptxagent probe -->`` skips it only while the CLI lacks that command.

A page's commands run in order, through ``bash``, in a fresh folder holding copies of the
bundled inputs (``templates/``, ``fixtures/``, ``suites/``) and an empty ``out/``, with
``.venv/bin`` first on ``PATH`` (``pptxagent`` is ``.venv/bin/pptxagent``) and an engine-host
socket of the page's own (a host one page starts is stopped after it). After a command that
exits 0 or 1, every file or folder it names with ``-o``, ``--out``, ``--report``, ``--sarif``,
``--rollout-dir`` or ``>`` must exist.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.docs_examples import ROOT, Block, Command, console_blocks, doc_pages, page_id

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

BUNDLED = ("templates", "fixtures", "suites")
TIMEOUT_S = 300
VENV_BIN = Path(sys.executable).parent


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    for name in BUNDLED:
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "out").mkdir()
    return tmp_path


@pytest.fixture
def page_env() -> Iterator[dict[str, str]]:
    """The environment of one page's commands: the venv first on PATH, and a host socket of
    its own (never a developer's host, nor the one another page started)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PPTXAGENT_NO_HOST", "PPTXAGENT_HOST", "PPTXAGENT_HOST_SOCKET")}
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    sock_dir = tempfile.mkdtemp(prefix="pxa-docs-")  # short: a socket path has 108 bytes
    env["PPTXAGENT_HOST_SOCKET"] = str(Path(sock_dir) / "host.sock")
    try:
        yield env
    finally:
        if Path(env["PPTXAGENT_HOST_SOCKET"]).exists():
            subprocess.run([str(VENV_BIN / "pptxagent"), "host", "stop"], env=env,
                           capture_output=True, timeout=60, check=False)
        shutil.rmtree(sock_dir, ignore_errors=True)


def _has_command(name: str, env: dict[str, str]) -> bool:
    return subprocess.run([str(VENV_BIN / "pptxagent"), name, "--help"], env=env,
                          capture_output=True, timeout=60, check=False).returncode == 0


def _run(page: str, command: Command, cwd: Path, env: dict[str, str]) -> None:
    proc = subprocess.run(["bash", "-c", command.text], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=TIMEOUT_S, check=False)
    where = f"{page}:{command.line}: $ {command.text}"
    assert proc.returncode == command.exit_code, (
        f"{where}\nexit {proc.returncode}, the page says {command.exit_code}\n"
        f"stdout: {proc.stdout[-1500:]}\nstderr: {proc.stderr[-1500:]}")
    if command.exit_code in (0, 1):
        missing = [p for p in command.outputs() if not (cwd / p).exists()]
        assert not missing, f"{where}\nnamed but not written: {missing}"


def _runnable(blocks: list[Block], env: dict[str, str]) -> tuple[list[Block], list[str]]:
    run, skipped = [], []
    for block in blocks:
        if block.skip:
            skipped.append(f"line {block.line}: {block.skip}")
        elif block.needs and not _has_command(block.needs, env):
            skipped.append(f"line {block.line}: no `pptxagent {block.needs}` yet")
        else:
            run.append(block)
    return run, skipped


PAGES = [page for page in doc_pages() if console_blocks(page)]  # pages with an example


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_page_examples_run(page: Path, workdir: Path, page_env: dict[str, str]) -> None:
    name = page_id(page)
    run, skipped = _runnable(console_blocks(page), page_env)
    if not run:
        pytest.skip(f"{name}: no example to run" + (f" ({'; '.join(skipped)})" if skipped else ""))
    for block in run:
        for command in block.commands:
            _run(name, command, workdir, page_env)
