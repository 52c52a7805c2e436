"""Token data shaped the way other templating tools take it: nested paths, list indexes,
numbers and booleans, expressions left as written, split runs with nested paths."""

from __future__ import annotations

from typing import Any

import pytest
from fill_xml import runs, xml

from pptxagent.fill.content import parse_content
from pptxagent.fill.data import parse_path, resolve
from pptxagent.ooxml.tokens import Miss, replace_tokens

DATA: dict[str, Any] = {
    "report": {"title": "Q3 review", "year": 2025, "growth": 1.5, "final": True,
               "draft": False, "owner": None, "2024": "last year"},
    "steps": [{"name": "Plan"}, {"name": "Build"}, {"name": "Ship"}],
    "tags": ["a", "b"],
    "report.title": "flat wins",
    "first-name": "Ann",
    "Client Name": "Globex",
    "odd key": {"x y": "spaced"},
}


@pytest.mark.parametrize(
    ("expr", "want"),
    [
        ("report.year", "2025"),
        ("report.growth", "1.5"),
        ("report.final", "true"),
        ("report.draft", "false"),
        ("report.owner", ""),
        ("report.2024", "last year"),
        ("steps[1].name", "Build"),
        ("steps.1.name", "Build"),
        ("steps[-1].name", "Ship"),
        ("steps[0]['name']", "Plan"),
        ('report["title"]', "Q3 review"),
        ("tags.0", "a"),
        ("report.title", "flat wins"),  # a flat key with dots wins over the nested path
        ("first-name", "Ann"),
        ("Client Name", "Globex"),
        ('["odd key"]', None),  # not a path: must start with a name
        ("- report.year -", "2025"),  # Jinja whitespace control
    ],
)
def test_paths_resolve_to_the_text_a_user_expects(expr: str, want: str | None) -> None:
    got = resolve(DATA, expr)
    if want is None:
        assert isinstance(got, Miss)
    else:
        assert got == want


@pytest.mark.parametrize(
    ("expr", "needle"),
    [
        ("report", "an object (keys: title, year"),
        ("steps", "a list of 3 items"),
        ("steps[0]", "an object (keys: name)"),
        ("steps[3].name", "index 3 is out of range"),
        ("steps.name", "is a list"),
        ("report.title.x", "is text"),
        ("report.missing", "report has no key 'missing'"),
        ("nobody", "no value for 'nobody'"),
        ("name | upper", "an expression"),
        ("format(x)", "an expression"),
        ("a + b", "an expression"),
        ("x if y else z", "an expression"),
    ],
)
def test_what_is_not_text_says_why(expr: str, needle: str) -> None:
    got = resolve(DATA, expr)
    assert isinstance(got, Miss) and needle in got.reason, got


def test_parse_path() -> None:
    assert parse_path('a.b[0]["c d"].1') == ["a", "b", 0, "c d", "1"]
    assert parse_path("a | b") is None
    assert parse_path("f(x)") is None


def test_content_accepts_nested_tokens_and_keeps_flat_values() -> None:
    c = parse_content({"tokens": DATA})
    assert c.resolve_token("steps[2].name") == "Ship"
    assert c.token_values()["first-name"] == "Ann"
    assert "report" not in c.token_values()  # an object is no text


SPLIT_PATH = """<a:p><a:r><a:rPr b="1"><a:solidFill><a:srgbClr val="C00000"/></a:solidFill>
</a:rPr><a:t>Title: {{</a:t></a:r><a:r><a:rPr i="1"/><a:t> repo</a:t></a:r>
<a:r><a:rPr u="sng"/><a:t>rt.title }} ({{steps[</a:t></a:r><a:r><a:t>1].name}})</a:t></a:r></a:p>"""


def test_nested_path_split_across_runs_takes_the_starting_runs_format() -> None:
    p = xml(SPLIT_PATH)
    data = {"report": {"title": "Q3"}, "steps": DATA["steps"]}
    res = replace_tokens(p, lambda e: resolve(data, e))
    assert res.replaced == 2 and res.unresolved == []
    got = runs(p)
    assert "".join(t for t, _ in got) == "Title: Q3 (Build)"
    first = got[0]
    assert first[0] == "Title: Q3"
    assert first[1] is not None and first[1].get("b") == "1"
    assert first[1].find(".//{*}srgbClr").get("val") == "C00000"
    assert got[1][0] == " (Build" and got[1][1] is not None and got[1][1].get("u") == "sng"


@pytest.mark.parametrize(
    "token",
    ["{{ name | upper }}", "{{ format(x) }}", "{{ a + b }}", "{% if x %}", "{% endif %}",
     "{% for s in steps %}", "{#comment#}", "{{ report }}", "{{ nobody }}"],
)
def test_expressions_stay_exactly_as_written_and_are_listed(token: str) -> None:
    p = xml(f"<a:p><a:r><a:t>Before {token} after {{{{report.year}}}}</a:t></a:r></a:p>")
    res = replace_tokens(p, lambda e: resolve(DATA, e))
    assert runs(p)[0][0] == f"Before {token} after 2025"
    assert [u.token for u in res.unresolved] == [token]
    assert res.unresolved[0].reason


def test_statement_split_across_runs_is_listed_whole() -> None:
    p = xml("<a:p><a:r><a:t>{% for s</a:t></a:r><a:r><a:t> in steps %}x{# n #}</a:t></a:r>"
            "</a:p>")
    res = replace_tokens(p, lambda e: resolve(DATA, e))
    assert not res.changed
    assert [u.token for u in res.unresolved] == ["{% for s in steps %}", "{# n #}"]


def test_mustache_triple_braces_resolve() -> None:
    p = xml("<a:p><a:r><a:t>{{{ report.year }}} / {{tags[1]}}</a:t></a:r></a:p>")
    replace_tokens(p, lambda e: resolve(DATA, e))
    assert runs(p)[0][0] == "2025 / b"


def test_unresolved_names_their_shape_and_table_cell() -> None:
    root = xml("""<p:spTree><p:sp><p:nvSpPr><p:cNvPr id="4" name="Title 3"/></p:nvSpPr>
    <p:txBody><a:p><a:r><a:t>{{ x | upper }}</a:t></a:r></a:p></p:txBody></p:sp>
    <p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="7" name="Table 6"/></p:nvGraphicFramePr>
    <a:graphic><a:graphicData><a:tbl><a:tr><a:tc><a:txBody><a:p/></a:txBody></a:tc></a:tr>
    <a:tr><a:tc><a:txBody><a:p/></a:txBody></a:tc><a:tc><a:txBody><a:p><a:r>
    <a:t>{{steps[9].name}}</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></a:graphicData>
    </a:graphic></p:graphicFrame></p:spTree>""")
    res = replace_tokens(root, lambda e: resolve(DATA, e))
    assert [(u.shape_id, u.shape, u.cell) for u in res.unresolved] == [
        (4, "Title 3", None), (7, "Table 6", (2, 2))]
    assert "out of range" in res.unresolved[1].reason


def test_schema_tells_that_tokens_may_nest() -> None:
    from pptxagent.fill.content import Content

    tokens = Content.model_json_schema()["properties"]["tokens"]
    assert "{{steps[0].name}}" in tokens["additionalProperties"]["description"]
    assert "flat key" in tokens["description"]
