"""Checks on what the text says and how it ranks (pure): leftover prompt text, unresolved
template tokens, an empty title, a title that is not the largest text, text too small to
read."""

from __future__ import annotations

import re

from pptxagent.ir import Box, Element
from pptxagent.ir.qa import QaIssue, RunGlyphs
from pptxagent.qa.facts import (
    TITLE_PH,
    SlideFacts,
    footer_like,
    is_table,
    make_issue,
    measurable_text,
    ph_type,
    snippet,
    text_of,
    union,
)
from pptxagent.qa.settings import QaSettings

PROMPTS: tuple[str, ...] = (
    # English (PowerPoint, Google Slides, LibreOffice, Keynote export)
    "click to add title", "click to add text", "click to add subtitle",
    "click to add notes", "click to add date", "click to add footer",
    "click icon to add picture", "click icon to add table", "click icon to add chart",
    "click icon to add smartart graphic", "click icon to add media clip",
    "click to edit master title style", "click to edit master subtitle style",
    "click to edit master text styles", "click to add an outline", "click to add graphic",
    "click to add object", "click to add table", "click to add chart", "double click to add",
    "add a title", "add a subtitle", "add text", "title text", "body text",
    "add title", "add subtitle", "insert title here", "insert text here", "your title here",
    "your text here", "enter your text here", "type your text here", "type here",
    # French
    "cliquez pour ajouter un titre", "cliquez pour ajouter du texte",
    "cliquez pour ajouter un sous-titre", "cliquez sur l'icône pour ajouter une image",
    "cliquez pour modifier le style du titre", "modifiez le style du titre",
    "modifiez les styles du texte du masque", "cliquez pour modifier les styles du texte",
    # German
    "titel hinzufügen", "text hinzufügen", "untertitel hinzufügen",
    "klicken sie, um einen titel hinzuzufügen", "klicken sie, um text hinzuzufügen",
    "titelmasterformat durch klicken bearbeiten", "textmasterformat bearbeiten",
    "mastertitelformat bearbeiten", "mastertextformat bearbeiten",
    # Spanish / Portuguese / Italian / Dutch
    "haga clic para agregar título", "haga clic para agregar texto",
    "haga clic para agregar subtítulo", "haga clic para modificar el estilo de título",
    "clique para adicionar um título", "clique para adicionar texto",
    "clique para editar o título mestre", "clique para editar o estilo do título mestre",
    "fare clic per aggiungere un titolo", "fare clic per aggiungere testo",
    "fare clic per modificare lo stile del titolo", "klik om een titel toe te voegen",
    "klik om tekst toe te voegen", "klik om de stijl te bewerken",
    # Russian, Polish, Japanese, Chinese, Korean
    "заголовок слайда", "образец заголовка", "образец текста", "текст слайда",
    "kliknij, aby dodać tytuł", "kliknij, aby dodać tekst",
    "kliknij, aby edytować styl", "タイトルを入力", "テキストを入力",
    "マスター タイトルの書式設定", "マスター テキストの書式設定",
    "单击此处添加标题", "单击此处添加文本", "单击此处编辑母版标题样式",
    "单击此处编辑母版文本样式", "按一下以新增標題", "按一下以新增文字",
    "제목을 입력하십시오", "텍스트를 입력하십시오", "마스터 제목 스타일 편집",
)
EXACT_PROMPTS: frozenset[str] = frozenset({
    "title", "subtitle", "text", "titre", "sous-titre", "texte", "titel", "untertitel",
    "título", "subtítulo", "texto", "titolo", "sottotitolo", "testo", "заголовок",
    "подзаголовок", "текст", "xxx", "xx", "tbd", "todo", "placeholder",
})
"""Whole-text matches only: the bare prompt a template leaves in its boxes."""
_DUMMY = re.compile(r"\blorem ipsum\b", re.IGNORECASE)
TOKEN = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{\{[^}]*$|\$\{[^}]*\}"
                   r"|\{[#/^][ \t]*[A-Za-z_][\w.]*[ \t]*\}", re.DOTALL)
"""``{{ name }}``, ``{% if %}``, a ``{{`` never closed, ``${name}``, a section tag of
docxtemplater and Mustache-like tools (``{#items}``, ``{/items}``, ``{^items}``)."""


def _norm(text: str) -> str:
    t = " ".join(text.replace("\u2019", "'").split()).casefold()
    return t.rstrip(" .…:")


def prompt_match(text: str) -> str | None:
    """The prompt ``text`` is (or starts with), else ``None``."""
    t = _norm(text)
    if not t:
        return None
    if t in EXACT_PROMPTS:
        return t
    for p in PROMPTS:
        if t == p or (t.startswith(p) and len(t) <= len(p) + 40):
            return p
    if _DUMMY.search(t):
        return "lorem ipsum"
    return None


def check_text(facts: SlideFacts, s: QaSettings) -> list[QaIssue]:
    """Prompt text and unresolved tokens in drawn text (tables included; a chart's titles,
    series and category names for tokens only)."""
    del s
    issues: list[QaIssue] = []
    for el in facts.ir.elements:
        dom = facts.dom.get(el.eid)
        if dom is not None and not dom.visible:
            continue
        chart = not el.is_text and not is_table(el)
        text = _chart_text(el) if chart else (text_of(el) if el.is_text else el.content)
        if not text.strip():
            continue
        box = dom.textBox or dom.bbox if dom is not None else None
        prompt = None if chart else prompt_match(text)  # "Title" names a series, say
        if prompt is not None:
            issues.append(make_issue(
                facts, el, "prompt_text", "major",
                f"leftover placeholder text {snippet(text)!r}", box=box,
            ))
        issues += _token_issues(facts, el, text, box)
    art = facts.ir.backdrop.art if facts.ir.backdrop is not None else []
    for el in art:  # SmartArt and layout/master art: text drawn on the slide too
        if el.is_text and el.content:
            issues += _token_issues(facts, el, el.content, None)
    return issues


def _token_issues(facts: SlideFacts, el: Element, text: str, box: Box | None) -> list[QaIssue]:
    tokens = TOKEN.findall(text)
    if not tokens:
        return []
    return [make_issue(
        facts, el, "unresolved_token", "major",
        f"unresolved token{'s' if len(tokens) > 1 else ''} "
        f"{', '.join(snippet(t, 30) for t in tokens[:3])}",
        measured=len(tokens), threshold=0, box=box,
    )]


def _chart_text(el: Element) -> str:
    """What a chart writes: its title, axis titles, series and category names."""
    chart = el.visual.chart if el.visual is not None else None
    if chart is None:
        return ""
    axes = [a.title for a in (chart.catAxis, chart.valAxis) if a is not None and a.title]
    names = [chart.title or "", *axes, *(s.name for s in chart.series), *chart.categories]
    return "\n".join(n for n in names if n)


def _max_font(facts: SlideFacts, eid: str) -> float:
    runs = facts.runs_of(eid)
    if runs:
        return max(r.font_px for r in runs)
    dom = facts.dom.get(eid)
    return dom.computed.fontSize if dom is not None else 0.0


def check_hierarchy(facts: SlideFacts, s: QaSettings) -> list[QaIssue]:
    """An empty title placeholder on a slide with other text; a title smaller than other
    (non-footer, non-trivial) text on its slide."""
    issues: list[QaIssue] = []
    footers = footer_like(facts, s)
    texts = [el for el in facts.ir.elements
             if el.eid not in footers and measurable_text(el, facts.dom.get(el.eid))
             and ph_type(el) not in TITLE_PH]
    titles = [el for el in facts.ir.elements if ph_type(el) in TITLE_PH]
    filled = [t for t in titles if text_of(t).strip()]
    if titles and not filled and texts:
        el = titles[0]
        dom = facts.dom.get(el.eid)
        issues.append(make_issue(
            facts, el, "empty_title", "minor",
            "the title placeholder is empty on a slide with content",
            box=dom.bbox if dom is not None else None,
        ))
    for title in filled:
        dom = facts.dom.get(title.eid)
        if not measurable_text(title, dom):
            continue
        size = _max_font(facts, title.eid)
        rivals = [(el, _max_font(facts, el.eid)) for el in texts
                  if len(text_of(el).strip()) >= s.HIERARCHY_MIN_CHARS]
        rivals = [(el, f) for el, f in rivals if f > size * s.TITLE_SIZE_TOLERANCE]
        if size > 0 and rivals:
            el, f = max(rivals, key=lambda t: t[1])
            issues.append(make_issue(
                facts, title, "title_not_largest", "minor",
                f"title {size * 0.75:.0f} pt is smaller than {snippet(text_of(el), 24)!r} "
                f"at {f * 0.75:.0f} pt",
                measured=size * 0.75, threshold=f * 0.75, unit="pt", other=el,
                box=dom.textBox if dom is not None else None,
            ))
    return issues


_VISIBLE_ALPHA = 0.05
"""Runs more transparent than this are not seen (the contrast check skips them too)."""


def check_tiny_text(facts: SlideFacts, s: QaSettings) -> list[QaIssue]:
    """Text drawn smaller than ``TINY_TEXT_PT`` (its smallest visible run, autofit scale
    included: a body PowerPoint shrinks to 25 % on overflow is drawn at a quarter of its
    size), once per shape."""
    issues: list[QaIssue] = []
    if s.TINY_TEXT_PT <= 0:
        return issues
    smallest: dict[str, RunGlyphs] = {}
    for r in facts.runs:
        seen = (r.text.strip() and r.color[3] >= _VISIBLE_ALPHA
                and any(b.w > 0 and b.h > 0 for b in r.rects))
        if seen and (r.eid not in smallest or r.font_px < smallest[r.eid].font_px):
            smallest[r.eid] = r
    for el in facts.ir.elements:
        run = smallest.get(el.eid)
        if run is None:
            continue
        pt = run.font_px * 0.75
        if pt >= s.TINY_TEXT_PT:
            continue
        issues.append(make_issue(
            facts, el, "tiny_text", "major",
            f"text drawn at {pt:.1f} pt, too small to read: {snippet(run.text)!r}",
            measured=pt, threshold=s.TINY_TEXT_PT, unit="pt", box=union(list(run.rects)),
        ))
    return issues
