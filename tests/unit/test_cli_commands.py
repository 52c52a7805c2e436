"""The command group: every command listed by ``--help``, each module imported only when its
command runs (a cold ``fill`` does not pay for composition, the service or the QA reports)."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from pptxagent.cli.main import COMMANDS, cli


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.output.split("Commands:")[1].splitlines()
              if line.strip()]
    assert listed == list(COMMANDS)
    for name in COMMANDS:
        assert CliRunner().invoke(cli, [name, "--help"]).exit_code == 0, name


def test_a_command_imports_only_its_own_module() -> None:
    code = ("import sys; from pptxagent.cli.main import cli\n"
            "try:\n    cli(['fill', '--help'], prog_name='pptxagent')\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m in ('pptxagent.cli.fill', "
            "'pptxagent.cli.compose', 'pptxagent.pipeline.compose', 'pptxagent.service.config',"
            " 'pptxagent.cli.qa')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()[-1]
    assert out == "['pptxagent.cli.fill']"
