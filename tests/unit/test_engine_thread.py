"""The engine thread runs calls in order for any thread; a retired or abandoned one leaves
no thread behind and loses no call."""

from __future__ import annotations

import threading
import time
import zipfile
from pathlib import Path

import pytest

from pptxagent.engines.thread import EngineThread
from pptxagent.pipeline.warmup import needs_browser, needs_libreoffice


def _threads(name: str) -> int:
    return sum(1 for t in threading.enumerate() if t.name == name and t.is_alive())


def test_calls_run_in_order_on_one_thread_and_errors_reach_the_caller() -> None:
    eng = EngineThread("t-order")
    seen: list[int] = []
    futures = [eng.submit(lambda i=i: seen.append(i)) for i in range(50)]
    for f in futures:
        f.result(5)
    assert seen == list(range(50))
    assert eng.call(lambda: threading.current_thread().name) == "t-order"
    with pytest.raises(ZeroDivisionError):
        eng.call(lambda: 1 / 0)
    assert eng.call(lambda: eng.call(lambda: 7)) == 7  # a call from inside a call
    eng.stop()


def test_stop_ends_the_thread_and_a_later_call_gets_a_new_one() -> None:
    eng = EngineThread("t-stop")
    eng.call(lambda: None)
    assert _threads("t-stop") == 1
    eng.stop()
    deadline = time.monotonic() + 5
    while _threads("t-stop") and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _threads("t-stop") == 0
    assert eng.call(lambda: 3) == 3  # restarts
    eng.stop()


def test_an_abandoned_stuck_call_does_not_block_the_next() -> None:
    eng = EngineThread("t-stuck")
    release = threading.Event()
    stuck = eng.submit(release.wait)
    eng.abandon()
    assert eng.call(lambda: "next") == "next"  # a new thread, a new queue
    release.set()
    assert stuck.result(5) is True
    eng.stop()


@pytest.mark.parametrize(("argv", "starts"), [
    (["fill", "t.pptx", "c.json", "-o", "o.pptx"], True),
    (["compose", "o.json", "-o", "o.pptx"], True),
    (["qa", "d.pptx"], True),
    (["fill", "--help"], False),
    (["render", "d.pptx", "--engine", "libreoffice"], False),
    (["render", "d.pptx", "--engine", "both"], True),
    (["schema", "outline"], False),
    (["serve"], False),
    ([], False),
])
def test_the_browser_starts_early_only_for_commands_that_draw(argv: list[str],
                                                              starts: bool) -> None:
    assert needs_browser(argv) is starts


def test_libreoffice_starts_early_only_for_a_crosschecked_fill_of_sound_files(
        tmp_path: Path) -> None:
    deck, content, bad = tmp_path / "t.pptx", tmp_path / "c.json", tmp_path / "bad.json"
    with zipfile.ZipFile(deck, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
    content.write_text('{"slides": []}')
    bad.write_text("{not json")
    assert needs_libreoffice(["fill", str(deck), str(content), "-o", "o.pptx"])
    assert needs_libreoffice(["compose", str(content), "-o", "o.pptx"])
    # the cross-check is off, help only, or the input will be refused: nothing to start
    assert not needs_libreoffice(["fill", str(deck), str(content), "--no-crosscheck"])
    assert not needs_libreoffice(["fill", str(deck), str(content), "--help"])
    assert not needs_libreoffice(["fill", str(deck), str(bad), "-o", "o.pptx"])
    assert not needs_libreoffice(["fill", str(content), str(content), "-o", "o.pptx"])
    assert not needs_libreoffice(["fill", str(tmp_path / "none.pptx"), str(content)])
    assert not needs_libreoffice(["qa", str(deck)])
    assert not needs_libreoffice(["compose", str(bad), "-o", "o.pptx"])
