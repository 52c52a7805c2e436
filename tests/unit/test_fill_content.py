"""content.json schema: accepted shapes of values and JSON paths in every error."""

from __future__ import annotations

import pytest

from pptxagent.errors import IRValidationError
from pptxagent.fill.content import (
    ImageValue,
    key_path,
    paragraphs_of,
    parse_content,
    table_rows,
    value_kind,
)


def test_values_of_every_kind() -> None:
    c = parse_content({"tokens": {"client": "Globex", "year": 2025}, "slides": [
        {"template_slide": 2, "notes": "hi", "fill": {
            "title": "T", "body": ["a", {"text": "b", "level": 1}],
            "name:Figures": [["x", 1], ["y", 2.5]], "sp7": {"image": "a.png"}}}]})
    assert c.token_values() == {"client": "Globex", "year": "2025"}
    fill = c.slides[0].fill  # type: ignore[index]
    assert [value_kind(fill[k]) for k in ("title", "body", "name:Figures", "sp7")] == [
        "text", "text", "table", "image"]
    assert [(p.text, p.level) for p in paragraphs_of(fill["body"])] == [("a", 0), ("b", 1)]
    assert [(p.text, p.level) for p in paragraphs_of("x\ny")] == [("x", 0), ("y", 0)]
    assert table_rows(fill["name:Figures"]) == [["x", "1"], ["y", "2.5"]]
    assert isinstance(fill["sp7"], ImageValue)


def test_slides_absent_means_keep_all() -> None:
    assert parse_content({"tokens": {}}).slides is None


@pytest.mark.parametrize(
    ("doc", "path"),
    [
        ({"slides": [{"template_slide": 0}]}, "$.slides[0].template_slide"),
        ({"slides": [{"template_slide": 1, "fill": {"body": ["a", ["b"]]}}]},
         "$.slides[0].fill.body"),
        ({"slides": [{"template_slide": 1, "fill": {"body": [{"text": "a", "level": 9}]}}]},
         "$.slides[0].fill.body[0].level"),
        ({"slides": [{"template_slide": 1}, {"template_slide": 1, "fill": {
            "name:My Table": [["a", {"x": 1}]]}}]}, '$.slides[1].fill["name:My Table"][0][1]'),
        ({"slides": [{"template_slide": 1, "fill": {"pic": {"img": "a.png"}}}]},
         "$.slides[0].fill.pic"),
        ({"slides": [{"template_slide": 1, "fill": {"title": 3}}]}, "$.slides[0].fill.title"),
        ({"tokens": ["a", "b"]}, "$.tokens"),
        ({"slide": []}, "$.slide"),
    ],
)
def test_schema_errors_name_the_json_path(doc: object, path: str) -> None:
    with pytest.raises(IRValidationError) as exc:
        parse_content(doc, source="content.json")
    assert path in str(exc.value)
    assert str(exc.value).startswith("content.json: ")


def test_key_path_quotes_odd_keys() -> None:
    assert key_path(0, "body2") == "$.slides[0].fill.body2"
    assert key_path(3, 'name:A "b"') == '$.slides[3].fill["name:A \\"b\\""]'


@pytest.mark.parametrize(
    ("doc", "path"),
    [
        ({"slides": [{"template_slide": True}]}, "$.slides[0].template_slide"),
        ({"slides": []}, "$.slides"),
        ({"slides": [{"template_slide": 1, "fill": {"name:T": [[]]}}]},
         '$.slides[0].fill["name:T"][0]'),  # the empty row itself
    ],
)
def test_lax_values_are_refused_with_their_json_path(doc: dict[str, object], path: str) -> None:
    """true is not a slide number; no slides or an empty row is no deck."""
    with pytest.raises(IRValidationError) as info:
        parse_content(doc)
    assert info.value.path == path
    assert ".str" not in str(info.value) and "list[" not in str(info.value)


def test_windows_and_old_mac_line_ends_are_newlines_everywhere() -> None:
    """Text pasted from Windows (CR LF) splits into the same paragraphs and lines as ``\\n``;
    no CR reaches the slide, where readers draw it as a box, a break or nothing."""
    c = parse_content({"tokens": {"addr": "1 Main St\r\nSpringfield\rUSA",
                                  "deep": {"list": ["a\r\nb"]}},
                       "slides": [{"template_slide": 1, "fill": {"body": "one\r\ntwo"},
                                   "notes": "n1\r\nn2"}]})
    assert c.token_values()["addr"] == "1 Main St\nSpringfield\nUSA"
    assert c.tokens["deep"] == {"list": ["a\nb"]}
    assert c.slides is not None
    assert [p.text for p in paragraphs_of(c.slides[0].fill["body"])] == ["one", "two"]
    assert c.slides[0].notes == "n1\nn2"


def test_token_values_given_at_the_top_are_refused_with_where_they_go() -> None:
    with pytest.raises(IRValidationError) as info:
        parse_content({"title": "Q3 review", "tokens": {}}, source="c.json")
    msg = str(info.value)
    assert msg.startswith("c.json: $.title: not a content.json key")
    assert '{"tokens": {"title": …}}' in msg


def test_a_misspelt_key_is_named_and_a_schema_link_is_ignored() -> None:
    with pytest.raises(IRValidationError) as info:
        parse_content({"slide": [{"template_slide": 1}]}, source="c.json")
    assert str(info.value).endswith('did you mean "slides"?')
    c = parse_content({"$schema": "https://example.com/content.schema.json",
                       "tokens": {"a": "b"}})
    assert c.token_values() == {"a": "b"}


def test_the_printed_schema_allows_the_link_it_is_read_with() -> None:
    from pptxagent.fill.content import Content

    schema = Content.model_json_schema()
    assert schema["additionalProperties"] is False and "$schema" in schema["properties"]
