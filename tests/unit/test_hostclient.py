"""When a command may go to the engine host, and what must match for the host to run it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from pptxagent.cli import hostclient


def test_only_slide_drawing_commands_go_to_a_host(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(hostclient.OFF_ENV, raising=False)
    assert hostclient.wants_host(["fill", "t.pptx", "c.json", "-o", "o.pptx"])
    for cmd in ("compose", "qa", "render", "refine"):
        assert hostclient.wants_host([cmd, "x"])
    assert not hostclient.wants_host(["inventory", "t.pptx"])
    assert not hostclient.wants_host(["host", "status"])
    assert not hostclient.wants_host([])
    assert not hostclient.wants_host(["fill", "--help"])  # help is quick here
    assert not hostclient.wants_host(["qa", "-"])  # stdin stays with the calling process


@pytest.mark.parametrize("arg", ["/dev/fd/63", "/proc/self/fd/0", "/dev/stdin",
                                 "--sarif=/dev/stdout", "/dev/../dev/fd/3", "-o/dev/stdout",
                                 "../../dev/stdout", "--out=../../dev/fd/1"])
def test_the_callers_descriptors_stay_with_the_caller(arg: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``fill T <(make-json) -o x`` names /dev/fd/63: only the calling process can open it."""
    monkeypatch.delenv(hostclient.OFF_ENV, raising=False)
    assert not hostclient.wants_host(["fill", "t.pptx", arg, "-o", "x.pptx"])
    assert hostclient.wants_host(["fill", "t.pptx", "c.json", "-o", "devices.pptx"])


def test_debugging_runs_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(hostclient.OFF_ENV, raising=False)
    monkeypatch.setenv("PPTXAGENT_DEBUG", "1")  # the traceback is this process's to print
    assert not hostclient.wants_host(["fill", "a", "b", "-o", "c"])


def test_the_off_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(hostclient.OFF_ENV, "1")
    assert not hostclient.wants_host(["fill", "a", "b", "-o", "c"])
    monkeypatch.setenv(hostclient.OFF_ENV, "0")
    assert hostclient.wants_host(["fill", "a", "b", "-o", "c"])


def test_the_environment_that_must_match() -> None:
    env = {"PPTXAGENT_CHROMIUM": "/x/chromium", "PPTXAGENT_HOST_SOCKET": "/s",
           "PPTXAGENT_NO_HOST": "0", "OPENAI_API_KEY": "k", "OPENAI_BASE_URL": "http://l/v1",
           "HOME": "/root", "PATH": "/bin", "TZ": "UTC", "TERM": "xterm", "SHLVL": "2",
           "OLDPWD": "/tmp"}
    assert hostclient.relevant_env(env) == {
        "HOME": "/root", "OPENAI_API_KEY": "k", "OPENAI_BASE_URL": "http://l/v1",
        "PATH": "/bin", "PPTXAGENT_CHROMIUM": "/x/chromium", "TERM": "xterm", "TZ": "UTC"}


def test_socket_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(hostclient.SOCKET_ENV, str(tmp_path / "h.sock"))
    assert hostclient.socket_path() == tmp_path / "h.sock"
    monkeypatch.delenv(hostclient.SOCKET_ENV)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert hostclient.socket_path() == tmp_path / "pptxagent" / "host.sock"
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    assert hostclient.socket_path() == Path(f"/tmp/pptxagent-{os.getuid()}/host.sock")


def test_fingerprint_follows_the_code(tmp_path: Path) -> None:
    (tmp_path / "mod.py").write_text("x = 1\n")
    (tmp_path / "notes.txt").write_text("not code\n")
    first = hostclient.fingerprint(tmp_path)
    assert hostclient.fingerprint(tmp_path) == first
    (tmp_path / "notes.txt").write_text("still not code\n")
    assert hostclient.fingerprint(tmp_path) == first
    (tmp_path / "mod.py").write_text("x = 22\n")
    later = time.time() + 5
    os.utime(tmp_path / "mod.py", (later, later))
    assert hostclient.fingerprint(tmp_path) != first


def test_no_host_means_run_here(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(hostclient.OFF_ENV, raising=False)
    monkeypatch.setenv(hostclient.SOCKET_ENV, str(tmp_path / "none.sock"))
    assert hostclient.run_hosted(["fill", "a", "b", "-o", "c"]) is None
    (tmp_path / "none.sock").write_text("")  # a stale path nobody listens on
    assert hostclient.run_hosted(["fill", "a", "b", "-o", "c"]) is None


def test_write_atomic_keeps_links_and_devices(tmp_path: Path) -> None:
    """``-o link.pptx`` replaces the file the link names (the link stays a link); a path
    that is no regular file is written in place, never replaced by a file."""
    from pptxagent.ooxml.zipsafe import write_atomic

    real = tmp_path / "real.pptx"
    real.write_bytes(b"old")
    link = tmp_path / "link.pptx"
    link.symlink_to(real)
    write_atomic(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    import threading

    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    write_atomic(fifo, b"through the pipe")
    reader.join(10)
    assert got == [b"through the pipe"] and not fifo.is_file()
