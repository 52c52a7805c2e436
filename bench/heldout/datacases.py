"""Held-out-style cases for data shaped the way other templating tools take it.

Nested token data (``{{report.title}}``, ``{{steps[1].name}}``, ``{{steps.2.name}}``), a nested
path PowerPoint split across runs, expressions that must stay as written and be reported
(``--strict``: exit 2), and body roles that must find the shape taking their value's kind on
real corpus slides (a body placeholder holding a table, a picture placeholder beside a
caption, a slide whose only body is a chart).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.heldout.cases import CORPUS, TEMPLATES, Case, Template
from bench.heldout.variants import split_token_variant

NESTED: dict[str, Any] = {
    "report": {"title": "Quarterly results", "year": 2025, "final": True},
    "steps": [{"name": "Plan"}, {"name": "Build"}, {"name": "Ship"}],
    "client": {"name": "Globex Corporation"},
}
RESOLVED = {"{{report.title}}": "Quarterly results", "{{ report.year }}": "2025",
            "{{steps[1].name}}": "Build", "{{steps.2.name}}": "Ship",
            "{{report.final}}": "true", "{{ client.name }}": "Globex Corporation"}
EXPRESSIONS = ("{{ name | upper }}", "{% if final %}", "{% endif %}", "{{ a + b }}",
               "{# reviewer note #}")
EXPR_BODY = ["Shout {{ name | upper }} today", "{% if final %}Done{% endif %}",
             "Sum {{ a + b }} {# reviewer note #}"]
EXPR_TOKENS = {"name": "ann", "final": True, "a": 1, "b": 2}


def _by_stem(*stems: str) -> list[Template]:
    return [t for t in TEMPLATES if t.stem in stems]


def nested_cases(work: Path) -> list[Case]:
    out: list[Case] = []
    for tpl in _by_stem("layouts", "sample-presentatio", "sample", "test", "60810"):
        fill = {tpl.title_key: "{{report.title}} {{ report.year }}",
                tpl.body_key: ["Next: {{steps[1].name}}", {"text": "Then {{steps.2.name}}",
                                                           "level": 1},
                               "Final: {{report.final}}"]}
        doc = {"tokens": NESTED, "slides": [{"template_slide": tpl.slide, "fill": fill}]}
        out.append(Case(f"{tpl.stem}/nested", tpl.path, doc, "fits", tpl, resolved=RESOLVED))
        variant = work / f"{tpl.stem}-split-path.pptx"
        fmt = split_token_variant(tpl.path, variant, tpl.slide, tpl.title_id,
                                  pieces=("{{", "client.na", "me}}"))
        split = {"tokens": NESTED, "slides": [{"template_slide": tpl.slide, "fill": {
            tpl.body_key: ["Prepared for {{ client.name }}", "Short agenda"]}}]}
        out.append(Case(f"{tpl.stem}/split-path", variant, split, "split", tpl,
                        expect_formatting={"shape_id": tpl.title_id, **fmt}, resolved=RESOLVED))
    for tpl in _by_stem("layouts", "footer-basic-outpu", "typical"):
        doc = {"tokens": EXPR_TOKENS, "slides": [{"template_slide": tpl.slide, "fill": {
            tpl.title_key: "Status for {{ name }}", tpl.body_key: EXPR_BODY}}]}
        out.append(Case(f"{tpl.stem}/expressions", tpl.path, doc, "fits", tpl,
                        resolved={"{{ name }}": "ann"}, expect_unresolved=EXPRESSIONS))
    return out


def role_kind_cases() -> list[Case]:
    rows = [["Region", "Revenue"], ["EMEA", "182"], ["APAC", "97"]]
    speaker = Template("pandoc__speaker-notes-afterseps-templated.pptx", "pandoc", 2,
                       "title", "body", "0", "1")
    footer = Template("pandoc__footer-basic-output.pptx", "pandoc 16:9", 4,
                      "title", "body", "8", "3")
    layouts = Template("poi__layouts.pptx", "PowerPoint 2010 4:3", 9, "title", "body", "2", "4")
    return [
        # body holds a table: text for body goes to the text body (a one-line caption box
        # under the table), the table to the table
        Case("speaker-notes/body-text-beside-table", speaker.path, {"slides": [{
            "template_slide": 2, "fill": {"body": "Revenue by region, third quarter",
                                          "body2": rows}}]}, "fits", speaker,
             extra_ids={"body": "1", "body2": "6"}),
        # body is text, body2 a table: values given the other way round find their shapes
        Case("footer-basic/body-kinds-swapped", footer.path, {"slides": [{
            "template_slide": 4, "fill": {"title": "Figures", "body": rows,
                                          "body2": ["Summary of the quarter"]}}]}, "fits",
             footer, extra_ids={"body": "6", "body2": "3"}),
        # a picture under body goes to the picture placeholder, not over the caption
        Case("layouts/body-image-to-picture", layouts.path, {"slides": [{
            "template_slide": 9, "fill": {"title": "Our team",
                                          "body": {"image": "photo.png"}}}]}, "fits", layouts,
             extra_ids={"body": "5"}, images=("photo.png",)),
    ]


def bad_data_cases() -> list[Case]:
    lay = CORPUS / "poi__layouts.pptx"
    return [
        Case("bad/strict-expression", lay, {"tokens": EXPR_TOKENS, "slides": [{
            "template_slide": 2, "fill": {"body": EXPR_BODY}}]}, "bad", args=("--strict",),
             expect_in_message=("{{ name | upper }}", "slide 1", "Content Placeholder 2")),
        Case("bad/strict-object-path", lay, {"tokens": NESTED, "slides": [{
            "template_slide": 2, "fill": {"title": "{{ report }}"}}]}, "bad",
             args=("--strict",), expect_in_message=("{{ report }}", "an object", "slide 1")),
        Case("bad/body-text-on-chart-slide", CORPUS / "tika__testPPT_various2.pptx",
             {"slides": [{"template_slide": 3, "fill": {"body": "Text for a chart slide"}}]},
             "bad", expect_in_message=("'body'", "template slide 3", "a chart")),
    ]


def data_cases(work: Path) -> list[Case]:
    return nested_cases(work) + role_kind_cases() + bad_data_cases()
