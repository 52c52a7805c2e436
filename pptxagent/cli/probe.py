"""``pptxagent probe TEMPLATE.pptx [-o PROBE.json] [--out DIR] [--no-libreoffice]``."""

from __future__ import annotations

from pathlib import Path

import click

from pptxagent.cli.common import handle_errors
from pptxagent.errors import InputError
from pptxagent.pipeline.probeout import run_probe


@click.command("probe")
@click.argument("template", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
              help="Write the probe JSON here (default: print it, unless --out is given).")
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=None,
              help="A folder for probe.json, content.schema.json (maxLength per key) and "
                   "contact-sheet.png (each slot outlined with its limits).")
@click.option("--no-libreoffice", is_flag=True,
              help="Skip LibreOffice's confirmation of the limits found in the browser.")
@handle_errors
def command(template: Path, output: Path | None, out_dir: Path | None,
            no_libreoffice: bool) -> None:
    """Measure how much text every slot of TEMPLATE.pptx holds (each template slide and
    layout: title, subtitle, bodies, text boxes with tokens): at the template's own size before
    the fill shrinks it, and at the minimum font before the box must grow or move; bodies
    also as bullets of typical length. Text in the template's script (Latin, CJK, RTL)."""
    if not template.is_file():
        raise InputError(f"{template}: no such file")
    for path in (output, out_dir):
        if path is not None and path.resolve() == template.resolve():
            raise InputError(f"{path}: is the template itself; choose another path")
    if output is not None and output.is_dir():
        raise InputError(f"-o {output}: is a directory; give the path of a .json file")
    if output is not None and not output.parent.is_dir():
        raise InputError(f"-o {output}: the folder {output.parent} does not exist")
    if out_dir is not None and out_dir.exists() and not out_dir.is_dir():
        raise InputError(f"--out {out_dir}: is a file; give a folder")
    if out_dir is not None and not out_dir.parent.is_dir():
        raise InputError(f"--out {out_dir}: the folder {out_dir.parent} does not exist")
    data, written = run_probe(template, output, out_dir, not no_libreoffice)
    if output is None and out_dir is None:
        import json

        click.echo(json.dumps(data, indent=1, ensure_ascii=False))
        return
    slots = data["slots"]
    probed = [s for s in slots if "skipped" not in s]
    lowered = sum("lowered_from_words" in s.get("libreoffice", {}) for s in probed)
    click.echo(f"probed {len(probed)} slot(s) of {data['targets']} slide(s) "
               f"and layout(s) in {data['seconds']} s ({data['rounds']} rounds, script "
               f"{data['script']}); LibreOffice lowered {lowered}; skipped "
               f"{len(slots) - len(probed)}")
    for path in written:
        click.echo(f"wrote {path}")
