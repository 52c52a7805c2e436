"""The probe's sample text (``pipeline.probetext``) and search bracket (``pipeline.probe``):
the template's script is found from its letters (kana makes Han Japanese), CJK samples count
characters as words, and the search closes on the last count that fits whether it starts
below or above it."""

from __future__ import annotations

from lxml import etree

from pptxagent.ooxml.tokens import text_languages
from pptxagent.pipeline.probesearch import Search
from pptxagent.pipeline.probetext import Sampler, detect_script, language_script


def test_the_script_is_the_one_most_letters_are_in() -> None:
    assert detect_script(["Quarterly review", "Click to add title"]) == "latin"
    assert detect_script(["四半期の業績", "Title"]) == "japanese"
    assert detect_script(["季度业绩回顾", "A"]) == "chinese"
    assert detect_script(["분기 실적"]) == "korean"
    assert detect_script(["مراجعة ربع سنوية", "Q3"]) == "arabic"
    assert detect_script(["סקירה רבעונית"]) == "hebrew"
    assert detect_script([]) == "latin"


def test_prompts_tagged_in_a_language_of_another_script_give_that_script() -> None:
    """A Chinese template that keeps its authoring tool's English prompts, tagged zh-CN."""
    xml = etree.fromstring(
        '<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
        'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:p>'
        '<a:r><a:rPr lang="zh-CN" altLang="en-US"/><a:t>Click to edit</a:t></a:r>'
        '<a:endParaRPr lang="zh-CN"/></a:p><a:p><a:r><a:rPr/><a:t>x</a:t></a:r></a:p></p:sld>')
    assert text_languages(xml) == ["zh-CN", "zh-CN"]
    assert language_script(["zh-CN", "zh-CN", "en-US"]) == "chinese"
    assert language_script(["ja-JP"]) == "japanese"
    assert language_script(["he-IL", "AR-sa", "ar-EG"]) == "arabic"
    assert language_script(["en-US", "zh-CN"]) is None  # not a majority
    assert language_script(["de-DE", "fr-FR"]) is None and language_script([]) is None


def test_samples_are_deterministic_and_counted_in_their_units() -> None:
    latin, cjk = Sampler("latin"), Sampler("japanese")
    assert latin.text(5) == latin.text(5) and latin.words(latin.text(5)) == 5
    assert " " not in cjk.text(12) and cjk.words(cjk.text(12)) == 12
    assert len(latin.bullets(3)) == 3 and all(latin.words(b) == 8 for b in latin.bullets(3))
    assert latin.words(latin.text(500)) == 500  # the sample repeats past its end


def _close(limit: int, start: int, per_line: int = 9) -> tuple[int, int]:
    """Run a search against a box that holds ``limit`` words in lines of ``per_line``."""
    s = Search(k=start)
    rounds = 0
    while not s.done and rounds < 40:
        k = s.k
        lines = -(-k // per_line)
        need, avail = lines * 30.0, -(-limit // per_line) * 30.0 + 5
        s.update(k, k <= limit, need, avail, lines)
        rounds += 1
    return s.lo, rounds


def test_the_search_closes_on_the_limit_from_either_side() -> None:
    for limit in (1, 7, 63, 370):
        for start in (1, limit, 4 * limit + 3):
            lo, rounds = _close(limit, start)
            assert lo == limit, (limit, start, lo)
            assert rounds <= 14, (limit, start, rounds)


def test_tokens_are_named_as_the_fill_reads_them() -> None:
    from pptxagent.pipeline.probe import _tokens_of

    got = _tokens_of("Hi {{ client | upper }}, {{{raw}}} and {{- who -}} of {{client}}; "
                     "{{ a.b[0] }} {{ 1 + 2 }}")
    assert got == {"client": ["{{ client | upper }}", "{{client}}"], "raw": ["{{{raw}}}"],
                   "who": ["{{- who -}}"]}
