"""Typefaces as generators write them: a CSS font list in ``@typeface`` is no reason to refuse
a deck (a Mermaid gallery's every text box said ``"trebuchet ms",verdana,arial,sans-serif``
and `fill` exited 2 on a valid file)."""

from __future__ import annotations

import pytest
from lxml import etree

from pptxagent.ooxml.styles import read_run_props
from pptxagent.ooxml.xml import qn, typeface


def _latin(face: str) -> etree._Element:
    return etree.Element(qn("a:latin"), typeface=face)


@pytest.mark.parametrize(("face", "name"), [
    ("Calibri", "Calibri"),
    ("+mn-lt", "+mn-lt"),
    ('"trebuchet ms",verdana,arial,sans-serif', "trebuchet ms"),
    ('"Open Sans", sans-serif', "Open Sans"),
    ("Arial;Helvetica", "Arial"),
    ("'Segoe UI'", "Segoe UI"),
    ('"', None),
    ("<b>", None),
    ("", None),
])
def test_a_css_font_list_reads_as_its_first_name(face: str, name: str | None) -> None:
    assert typeface(_latin(face)) == name


def test_runs_read_the_cleaned_name() -> None:
    rpr = etree.Element(qn("a:rPr"))
    rpr.append(_latin('"Open Sans", sans-serif'))
    assert read_run_props(rpr).latin == "Open Sans"
