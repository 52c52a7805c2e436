"""A LibreOffice profile starts from the seed a clean run left (extension registries), never
from another run's settings or recent documents; it records the installation's version as the
last one run, so LibreOffice does not take each start for an upgrade (and run its graphics
self-tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pptxagent.engines.lo_profile import (
    SEED_ENV,
    installed_version,
    keep_seed,
    seed_dir,
    seed_profile,
    write_profile,
)


@pytest.fixture()
def soffice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(SEED_ENV, str(tmp_path / "cache"))
    exe = tmp_path / "soffice"
    exe.write_text("#!/bin/sh\n")
    return str(exe)


def _used_profile(root: Path) -> Path:
    """A profile as a first start leaves it."""
    write_profile(root)
    user = root / "user"
    (user / "extensions" / "shared").mkdir(parents=True)
    (user / "extensions" / "buildid").write_text("build-1")
    (user / "GraphicsRenderTests.log").write_text("Passed Tests: 66")
    (user / "pack").mkdir()
    (user / "pack" / "registrymodifications.pack").write_text("recent: /jobs/secret.pptx")
    return root


def test_a_clean_run_leaves_a_seed_the_next_profile_starts_from(
        tmp_path: Path, soffice: str) -> None:
    keep_seed(_used_profile(tmp_path / "run1"), soffice)
    seed = seed_dir(soffice)
    assert seed is not None and (seed / "complete").is_file()
    fresh = tmp_path / "run2"
    assert seed_profile(fresh, soffice)
    write_profile(fresh)
    user = fresh / "user"
    assert (user / "extensions" / "buildid").read_text() == "build-1"
    assert not (user / "GraphicsRenderTests.log").exists()  # a report: it skips nothing
    assert not (user / "pack").exists()  # another run's backup (recent documents) stays out
    assert "secret" not in (user / "registrymodifications.xcu").read_text()


def test_no_seed_without_a_marker_or_when_turned_off(
        tmp_path: Path, soffice: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seed = seed_dir(soffice)
    assert seed is not None
    (seed / "user" / "extensions").mkdir(parents=True)  # half written: no "complete"
    assert not seed_profile(tmp_path / "p", soffice)
    assert not (tmp_path / "p" / "user" / "extensions").exists()
    monkeypatch.setenv(SEED_ENV, "off")
    assert seed_dir(soffice) is None
    keep_seed(_used_profile(tmp_path / "run"), soffice)  # nothing written, no error


def test_an_unwritable_cache_is_no_seed_and_no_error(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv(SEED_ENV, str(blocker / "cache"))  # under a file: cannot be created
    exe = tmp_path / "soffice"
    exe.write_text("")
    keep_seed(_used_profile(tmp_path / "run"), str(exe))
    assert not seed_profile(tmp_path / "p", str(exe))


def _installation(root: Path, xcd: str | None) -> str:
    """A LibreOffice installation's layout: program/soffice, share/registry/main.xcd."""
    (root / "program").mkdir(parents=True)
    (root / "program" / "soffice").write_text("#!/bin/sh\n")
    if xcd is not None:
        (root / "share" / "registry").mkdir(parents=True)
        (root / "share" / "registry" / "main.xcd").write_text(xcd)
    return str(root / "program" / "soffice")


def test_the_profile_records_the_installed_version_as_the_last_run(tmp_path: Path) -> None:
    xcd = ('<prop oor:name="ooSetupVersion" oor:type="xs:string"><value/></prop>'
           '<prop oor:name="ooSetupVersion" oor:op="fuse"><value>24.8</value></prop>')
    exe = _installation(tmp_path / "lo", xcd)
    assert installed_version(exe) == "24.8"
    write_profile(tmp_path / "p", exe)
    reg = (tmp_path / "p" / "user" / "registrymodifications.xcu").read_text()
    assert ('oor:path="/org.openoffice.Setup/Product"><prop oor:name="ooSetupLastVersion" '
            'oor:op="fuse"><value>24.8</value>') in reg


def test_an_unreadable_version_leaves_the_key_out(tmp_path: Path) -> None:
    exe = _installation(tmp_path / "lo", None)
    assert installed_version(exe) is None
    write_profile(tmp_path / "p", exe)
    assert "ooSetupLastVersion" not in (tmp_path / "p" / "user" /
                                        "registrymodifications.xcu").read_text()
