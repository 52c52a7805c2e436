"""Schema + PowerPoint-compatibility validation through ``openxml-audit`` (MIT, pure Python).

Slower than :func:`pptxagent.ooxml.validate.validate_package` (about 1 s per deck) but checks
every part against the ECMA schemas: it reports, for instance, ``Unexpected element 'lnSpc'``
for an ``a:buNone`` inserted before ``a:lnSpc``, which python-pptx and LibreOffice accept and
PowerPoint repairs. Findings use the same :class:`Finding` type, so ``compare_findings``
judges an output against its template.
"""

from __future__ import annotations

import re
from pathlib import Path

from openxml_audit import FileFormat, OpenXmlValidator

from pptxagent.ooxml.validate import Finding

MAX_AUDIT_ERRORS = 1000
_INDEX = re.compile(r"\[\d+\]")


def schema_findings(path: Path, max_errors: int = MAX_AUDIT_ERRORS) -> list[Finding]:
    """Every schema / semantic / package error openxml-audit reports for the deck at ``path``.

    The message leaves out element positions (``p[3]``) so a finding in a template still
    matches the same finding in an output where paragraphs were added or slides copied.
    """
    validator = OpenXmlValidator(file_format=FileFormat.MICROSOFT_365, max_errors=max_errors)
    result = validator.validate(str(path))
    findings = []
    for error in result.errors:
        where = error.path or ""
        shape = _INDEX.sub("", where)
        findings.append(
            Finding(
                error.part_uri or "/",
                f"audit-{error.error_type.value}",
                f"{shape}: {error.description}" if shape else str(error.description),
                where,
            )
        )
    return findings
