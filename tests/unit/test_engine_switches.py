"""How the engines are started: the switches and environment that make them cheaper must
keep what they draw (the integration tests compare pixels and goldens)."""

from __future__ import annotations

from pptxagent.engines import cdp
from pptxagent.engines.chromium import IDLE_FEATURES, LAUNCH_ARGS, engine_args
from pptxagent.engines.lo_server import OFFICE_MALLOC, office_env


def test_engine_args_keep_one_disable_features_switch_with_playwrights_and_ours() -> None:
    args = engine_args()
    disabled = [a for a in args if a.startswith("--disable-features=")]
    assert len(disabled) == 1  # Chromium reads only the last one
    names = disabled[0].split("=", 1)[1].split(",")
    playwright = next(a for a in cdp.PLAYWRIGHT_ARGS if a.startswith("--disable-features="))
    assert set(playwright.split("=", 1)[1].split(",")) <= set(names)
    assert set(IDLE_FEATURES) <= set(names)
    assert set(LAUNCH_ARGS) <= set(args) and "--single-process" in args
    assert "--single-process" not in LAUNCH_ARGS  # the UI tests' Playwright opens several pages


def test_office_env_adds_the_malloc_tunables_and_keeps_the_callers() -> None:
    env = office_env({"PATH": "/usr/bin", "TMPDIR": "/tmp/x"})
    assert env["GLIBC_TUNABLES"] == ":".join(OFFICE_MALLOC)
    assert env["PATH"] == "/usr/bin" and env["TMPDIR"] == "/tmp/x"
    own = office_env({"GLIBC_TUNABLES": "glibc.malloc.trim_threshold=1"})
    assert own["GLIBC_TUNABLES"].endswith(":glibc.malloc.trim_threshold=1")  # glibc: last wins
