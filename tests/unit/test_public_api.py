"""The public surface is deliberate: adding or removing a name must change this test."""

from __future__ import annotations

import subprocess
import sys

import pptxagent
import pptxagent.ir
import pptxagent.pipeline

PUBLIC = {
    "DEFAULT_SETTINGS", "ComposeOptions", "ContentError", "compose_deck", "DeckIR",
    "Diagnostics", "EngineError", "FillOptions",
    "FillReport", "IRValidationError", "InputError", "PackageError", "Patch", "PptxAgentError",
    "RolloutResult", "Settings", "SlideIR", "__version__", "fill_deck", "inventory_file",
    "refine_slide",
}


def test_top_level_exports_exactly_the_public_api() -> None:
    assert set(pptxagent.__all__) == PUBLIC
    for name in PUBLIC:
        assert getattr(pptxagent, name) is not None


def test_pipeline_and_ir_exports() -> None:
    assert set(pptxagent.pipeline.__all__) == {
        "STAGES", "FillOptions", "FillReport", "SlideReport", "fill_deck",
        "COMPOSE_STAGES", "ComposeOptions", "compose_deck"}
    assert {"SlideIR", "Element", "DomSnapshot", "Diagnostics", "Patch", "TraceLine",
            "RolloutResult", "DeckIR", "load", "validate", "dump"} <= set(pptxagent.ir.__all__)
    for name in pptxagent.ir.__all__:
        assert hasattr(pptxagent.ir, name)


def test_import_is_light() -> None:
    """``import pptxagent`` must not start loading the browser or LibreOffice layers."""
    code = "import sys, pptxagent; print(any(m.startswith('playwright') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_fill_stages_run_in_the_documented_order() -> None:
    names = [s.__name__ for s in pptxagent.pipeline.STAGES]
    assert names == ["load_input", "open_template", "fill_content", "clear_rollouts",
                     "start_libreoffice", "inventory_filled",
                     "template_baseline", "refine_slides", "harmonize_template_siblings",
                     "start_crosscheck", "visual_qa",
                     "write_back_slides", "pack",
                     "crosscheck", "refine_crosschecked", "recheck", "build_report"]


def test_compose_stages_run_in_the_documented_order() -> None:
    names = [s.__name__ for s in pptxagent.pipeline.COMPOSE_STAGES]
    assert names == ["start_libreoffice", "select_layouts", "build_package", "clear_rollouts",
                     "inventory_filled", "assign_roles", "refine_slides", "reflow_overflowing",
                     "redesign", "harmonize_siblings", "start_crosscheck", "visual_qa",
                     "write_back_slides", "pack", "crosscheck",
                     "refine_crosschecked", "recheck", "build_report", "annotate_report"]


def test_the_commands_are_pinned() -> None:
    from pptxagent.cli.main import COMMANDS

    assert set(COMMANDS) == {"fill", "compose", "refine", "inventory", "render", "qa",
                             "schema", "serve", "themes", "theme", "host", "batch", "worker",
                             "eval", "eval-review", "probe"}
