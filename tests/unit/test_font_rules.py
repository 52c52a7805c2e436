"""The fontconfig file bin/setup installs says what FONT_MAP says."""

from __future__ import annotations

from lxml import etree

from pptxagent.fonts import fontconfig_rules, resolve_font


def test_fontconfig_rules_follow_the_font_table() -> None:
    root = etree.fromstring(fontconfig_rules().split("\n", 2)[2].encode())
    rules = {m.findtext("test/string"): m.findtext("edit/string") for m in root.iter("match")}
    assert rules["calibri light"] == "Carlito" == resolve_font("Calibri Light")
    assert rules["helvetica neue"] == "Liberation Sans"
    assert rules["ＭＳゴシック"] == resolve_font("ＭＳ ゴシック") == "Noto Sans CJK JP"
    assert "carlito" not in rules  # a twin is not sent to itself
    assert [t.get("ignore-blanks") for t in root.iter("test")] == ["true"] * len(rules)

