"""Token replacement over runs: split tokens, spaces in braces, unresolved names."""

from __future__ import annotations

from fill_xml import runs, xml

from pptxagent.ooxml.tokens import find_tokens, replace_tokens

SPLIT = """<a:p><a:r><a:rPr b="1"><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></a:rPr>
<a:t>Hello {{</a:t></a:r><a:r><a:rPr i="1"/><a:t>cli</a:t></a:r>
<a:r><a:rPr u="sng"/><a:t>ent}} and more</a:t></a:r><a:endParaRPr lang="en-US"/></a:p>"""


def test_token_split_across_three_runs_takes_first_runs_format() -> None:
    p = xml(SPLIT)
    res = replace_tokens(p, {"client": "Globex"})
    assert res.changed and res.replaced == 1 and res.unresolved == []
    got = runs(p)
    assert [t for t, _ in got] == ["Hello Globex", " and more"]
    first = got[0][1]
    assert first is not None and first.get("b") == "1"
    assert first.find(".//{*}srgbClr").get("val") == "FF0000"  # colour kept
    assert got[1][1] is not None and got[1][1].get("u") == "sng"  # the tail keeps its format


def test_token_whole_middle_run_is_deleted() -> None:
    p = xml("<a:p><a:r><a:t>{{</a:t></a:r><a:r><a:t>client</a:t></a:r>"
            "<a:r><a:t>}}</a:t></a:r></a:p>")
    replace_tokens(p, {"client": "Globex"})
    assert [t for t, _ in runs(p)] == ["Globex"]


def test_spaces_inside_braces_and_several_tokens() -> None:
    p = xml("<a:p><a:r><a:t>{{ client }} for {{author}}, {{ client}}</a:t></a:r></a:p>")
    replace_tokens(p, {"client": "Globex", "author": "Ann"})
    assert runs(p)[0][0] == "Globex for Ann, Globex"


def test_unresolved_tokens_are_listed_and_left_in_place() -> None:
    p = xml("<a:p><a:r><a:t>{{client}} {{ missing }}</a:t></a:r></a:p>")
    res = replace_tokens(p, {"client": "Globex"})
    assert res.names == ["missing"]
    assert res.unresolved[0].token == "{{ missing }}"
    assert runs(p)[0][0] == "Globex {{ missing }}"


def test_no_token_no_change() -> None:
    p = xml("<a:p><a:r><a:t>plain {not a token}</a:t></a:r></a:p>")
    res = replace_tokens(p, {"client": "x"})
    assert not res.changed and res.unresolved == []


def test_tokens_in_tables_groups_and_tokens_listing() -> None:
    root = xml("""<p:spTree><p:grpSp><p:sp><p:txBody><a:p><a:r><a:t>{{a}}</a:t></a:r></a:p>
    </p:txBody></p:sp></p:grpSp><p:graphicFrame><a:graphic><a:graphicData><a:tbl><a:tr><a:tc>
    <a:txBody><a:p><a:r><a:t>{{b}}</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl>
    </a:graphicData></a:graphic></p:graphicFrame></p:spTree>""")
    assert find_tokens(root) == ["a", "b"]
    replace_tokens(root, {"a": "1", "b": "2"})
    assert [t.text for t in root.iter("{*}t")] == ["1", "2"]


def test_token_does_not_cross_a_line_break() -> None:
    p = xml("<a:p><a:r><a:t>{{cli</a:t></a:r><a:br/><a:r><a:t>ent}}</a:t></a:r></a:p>")
    res = replace_tokens(p, {"client": "x"})
    assert not res.changed


def test_empty_value_keeps_one_run() -> None:
    p = xml("<a:p><a:r><a:rPr b='1'/><a:t>{{a</a:t></a:r><a:r><a:t>}}</a:t></a:r></a:p>")
    replace_tokens(p, {"a": ""})
    got = runs(p)
    assert len(got) == 1 and got[0][0] == ""


def test_single_brace_tags_of_other_tools_only_when_named() -> None:
    """docxtemplater / Carbone ``{name}``, split across runs like any token (a ``$`` before
    one is a price sign, as in docxtemplater); braces nobody named (code, sets, ranges) stay
    text and are not listed."""
    p = xml("<a:p><a:r><a:rPr b=\"1\"/><a:t>Dear {cli</a:t></a:r><a:r><a:t>ent}, ${ total } "
            "%{REQUEST_URI} {x} {n, m} {a..z} ${arr[i]}</a:t></a:r></a:p>")
    res = replace_tokens(p, {"client": "Globex", "total": "5"})
    assert res.replaced == 2 and res.unresolved == []
    got = runs(p)
    assert got[0][0] == "Dear Globex" and got[0][1] is not None and got[0][1].get("b") == "1"
    assert got[1][0] == ", $5 %{REQUEST_URI} {x} {n, m} {a..z} ${arr[i]}"
    assert find_tokens(p) == []  # a template's listed tokens stay the unambiguous ones


def test_section_tags_of_other_tools_are_listed_never_dropped() -> None:
    p = xml("<a:p><a:r><a:t>{#items}{name}{/items}{^items}none{/items} {#note#}</a:t></a:r>"
            "</a:p>")
    res = replace_tokens(p, {"name": "Ann"})
    assert runs(p)[0][0] == "{#items}Ann{/items}{^items}none{/items} {#note#}"
    assert [u.token for u in res.unresolved] == [
        "{#items}", "{/items}", "{^items}", "{/items}", "{#note#}"]  # a comment stays one
    assert "loops and conditions" in res.unresolved[0].reason


def test_single_brace_keys_with_hyphens_spaces_and_accents() -> None:
    """Keys as docxtemplater's users name them (``{year-1}``, ``{main title}``,
    ``{Überschrift}``) are filled when ``tokens`` names them; unnamed ones stay text, and a
    spaced one nobody named is never reported as an expression."""
    p = xml("<a:p><a:r><a:t>{year-1} vs {year} — {main title}: {Überschrift} {see below} "
            "{k-3}</a:t></a:r></a:p>")
    res = replace_tokens(p, {"year-1": "2024", "year": "2025", "main title": "Review",
                             "Überschrift": "Bericht"})
    assert runs(p)[0][0] == "2024 vs 2025 — Review: Bericht {see below} {k-3}"
    assert res.replaced == 4 and res.unresolved == []


def test_bracketed_names_of_find_and_replace_tools() -> None:
    """``[Title]`` (ppt-template, Office's own templates) is filled when ``tokens`` names it,
    by its name or spelled with its brackets; citations, ``[[wiki]]`` and unnamed brackets
    stay text and are never listed."""
    p = xml("<a:p><a:r><a:t>[Title] by [Company</a:t></a:r><a:r><a:t> Name], see [1] "
            "[[Title]] arr[i] d[key] [Title](https://x) [Other] {title}</a:t></a:r></a:p>")
    res = replace_tokens(p, {"Title": "Q3 review", "[Company Name]": "Globex",
                             "{title}": "lit", "i": "no", "key": "no"})
    assert "".join(t for t, _ in runs(p)) == (
        "Q3 review by Globex, see [1] [[Title]] arr[i] d[key] [Title](https://x) [Other] lit")
    assert res.replaced == 3 and res.unresolved == []


def test_newlines_in_a_value_become_line_breaks_in_the_runs_format() -> None:
    """A multi-line value (an address block) draws as lines in every renderer: LibreOffice
    would take a raw newline inside ``a:t`` for a new (bulleted) paragraph."""
    p = xml('<a:p><a:r><a:rPr b="1"/><a:t>To: {{address}} (by post)</a:t></a:r></a:p>')
    replace_tokens(p, {"address": "1 Main St\r\nSpringfield\n\nUSA"})
    kids = [(c.tag.split("}")[1], c.findtext("{*}t")) for c in p]
    assert kids == [("r", "To: 1 Main St"), ("br", None), ("r", "Springfield"), ("br", None),
                    ("br", None), ("r", "USA (by post)")]
    assert all(c.find("{*}rPr").get("b") == "1" for c in p)  # runs and breaks keep the bold
    assert "\n" not in "".join(t.text or "" for t in p.iter("{*}t"))


def test_spaces_before_a_line_break_in_a_value_are_dropped() -> None:
    """PowerPoint shows nothing of them; LibreOffice wraps a space that no longer fits its
    line onto a blank line of its own (an award card's text grew a line and degraded)."""
    p = xml("<a:p><a:r><a:t>{{v}} next</a:t></a:r></a:p>")
    replace_tokens(p, {"v": "Services Player  \n(2019-2021) "})
    assert [c.findtext("{*}t") for c in p] == ["Services Player", None, "(2019-2021)  next"]
