"""Paragraphs and runs → what the Jinja templates draw (shared by text boxes and tables)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import Markup, escape

from pptxagent.ir import Element, Paragraph, Run
from pptxagent.render import css
from pptxagent.render.symbols import SYMBOL_FALLBACK, symbol_text

DEFAULT_FONT_PX = 18.0
"""Font size of a text element whose style has none."""
DEFAULT_LINE_HEIGHT = 1.2
"""PowerPoint single spacing: baseline pitch 1.2 × font size (field notes)."""

@dataclass(frozen=True, slots=True)
class RunView:
    style: str
    lines: list[str]


@dataclass(frozen=True, slots=True)
class ParaView:
    style: str
    runs: list[RunView]
    bullet: RunView | None = None
    trailing: str = ""
    """Markup: the break that draws an empty last line (empty paragraph, text ending in a break):
    it still takes a line, as tall as the break (or run) that opens it, not the strut."""
    spill: bool = False
    """Unwrapped text aligned right or centred: its lines sit in one inner block that spills
    past the paragraph the way the alignment says (``spill``)."""


_SPILL = {"right": "flex-end", "center": "center"}


def spill(el: Element, align: str | None) -> list[tuple[str, str]]:
    """Unwrapped text (``wrap="none"``) wider than its box grows as PowerPoint and
    LibreOffice grow it: right-aligned to the left from the box's right edge, centred both
    ways about its centre (CSS would always spill it past the right edge: content too wide
    for its line is start-aligned). The declarations that make an element (or paragraph) a
    row whose one inner block (``.pw``) spills so; none for wrapped, vertical or other text."""
    if el.style.wrap is not False or (el.style.model_extra or {}).get("vert"):
        return []
    how = _SPILL.get(align or "")
    return [("display", "flex"), ("justify-content", how)] if how else []


_SPACES = re.compile(r" {2,}")
_TAB = '<span class="tab">\t</span>'
_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")


def text_lines(text: str) -> list[str]:
    """Lines of ``text``; runs of spaces keep their width under ``white-space: pre-line``
    (all but the last become no-break spaces, so the run can still wrap at its end), and a
    tab is kept as a tab (``white-space: pre-wrap`` on it alone: ``pre-line`` would make it a
    space) that runs on to the paragraph's next stop (its ``tab-size``; 1 inch in a text
    without paragraphs) and, like a space, hangs where a line wraps."""
    out: list[str] = []
    for line in text.split("\n"):
        spaced = _SPACES.sub(lambda m: "\u00a0" * (len(m[0]) - 1) + " ", line)
        if "\t" in spaced:
            spaced = Markup(_TAB).join(escape(part) for part in spaced.split("\t"))
        out.append(spaced)
    return out


_LOGICAL = {"top": "inset-block-start", "margin-left": "margin-inline-start",
            "padding-top": "padding-block-start", "padding-bottom": "padding-block-end",
            "min-width": "min-inline-size"}
"""Vertical text (``writing-mode``): the paragraph's physical properties name the axes of
horizontal lines; these follow the lines down the box."""


def _axes(el: Element, decl: list[tuple[str, str]]) -> list[tuple[str, str]]:
    if not (el.style.model_extra or {}).get("vert"):
        return decl
    return [(_LOGICAL.get(k, k), v) for k, v in decl]


def para_view(el: Element, p: Paragraph, where: str, first: bool = False) -> ParaView:
    fscale = el.font_scale()
    base_px = (el.style.fontSize or DEFAULT_FONT_PX) if el.baseFontSize is None else el.baseFontSize
    runs = p.runs or ([Run(text=p.text)] if p.text else [])
    end_px = (p.model_extra or {}).get("endFontSize")
    if not runs and isinstance(end_px, int | float) and end_px > 0:
        base_px = float(end_px)
    first_px = next((r.fontSize for r in runs if r.fontSize), None) or base_px
    # The paragraph's own font is each line's strut: a line of smaller runs after a larger
    # first one ("How They" 80 pt over "Throw Out" 66 pt, split by line breaks) would be as
    # tall as the first run's. PowerPoint and LibreOffice pitch each line by its own runs,
    # so the strut takes the smallest run's size (not under an exact pitch, which every line
    # keeps) and the bullet and unsized runs keep the first run's.
    strut_px = first_px
    if not (p.model_extra or {}).get("lineExactPx"):
        strut_px = min([r.fontSize or first_px for r in runs if r.text.strip()] or [first_px])
    decl = [("font-size", css.px(strut_px * fscale))]
    tab = (p.model_extra or {}).get("tabSize")
    if isinstance(tab, int | float) and tab > 0:
        decl.append(("tab-size", css.px(float(tab))))
    if p.lineHeight is not None:
        line_h = p.lineHeight * el.line_scale()
        decl.append(("line-height", css.num(line_h)))
        # PowerPoint puts the extra of a wider line spacing above each line; CSS splits it
        # above and below. Shifting the paragraph's lines down by half of it draws them
        # where PowerPoint does (the last line then ends at the paragraph's bottom).
        if line_h > DEFAULT_LINE_HEIGHT + 1e-6:
            shift = (line_h - DEFAULT_LINE_HEIGHT) / 2 * first_px * fscale
            decl += [("position", "relative"), ("top", css.px(shift))]
    if p.align:
        decl.append(("text-align", p.align))
    spills = spill(el, p.align or el.style.textAlign)
    decl += spills
    if p.marginLeft:
        decl.append(("margin-left", css.px(p.marginLeft)))
    if p.indent:
        decl.append(("text-indent", css.px(p.indent)))
    # A percentage spacing follows the (scaled) font; points stay as they are. Both follow
    # the line spacing's scale (the fit's reduction shrinks them with it, as PowerPoint's does).
    gaps = el.line_scale()
    before = gaps * (p.spaceBefore if p.spaceBeforePct is None
                     else p.spaceBeforePct * first_px * fscale)
    after = gaps * (p.spaceAfter if p.spaceAfterPct is None
                    else p.spaceAfterPct * first_px * fscale)
    # Padding, not margin: PowerPoint adds one paragraph's space after to the next one's
    # space before, where CSS would collapse the two margins into the larger.
    if before and not first:  # PowerPoint and LibreOffice skip it at the box's top
        decl.append(("padding-top", css.px(before)))
    if after:
        decl.append(("padding-bottom", css.px(after)))
    run_views = [run_view(el, r if r.fontSize or strut_px == first_px
                          else r.model_copy(update={"fontSize": first_px}),
                          f"{where}: runs[{i}]") for i, r in enumerate(runs)]
    bullet = None
    if p.bullet:
        # line-height 0: a bullet in another font (or size) must not make its line taller
        # (mixed fonts grow a CSS line box; PowerPoint's pitch follows the text).
        bdecl: list[tuple[str, str]] = [("text-indent", "0"), ("line-height", "0")]
        if p.indent < 0:
            bdecl += [("display", "inline-block"), ("min-width", css.px(-p.indent))]
        if p.bulletColor:
            bdecl.append(("color", css.color(p.bulletColor, f"{where}: bulletColor")))
        scale = (p.model_extra or {}).get("bulletScale")
        if isinstance(scale, int | float) and scale > 0:
            bdecl.append(("font-size", css.px(first_px * fscale * min(float(scale), 4.0))))
        elif strut_px != first_px:
            bdecl.append(("font-size", css.px(first_px * fscale)))
        glyphs = symbol_text(p.bullet, p.bulletFont)
        if glyphs is not None:
            bdecl.append(("font-family", css.font_family(SYMBOL_FALLBACK, f"{where}: bulletFont")))
        elif p.bulletFont:
            bdecl.append(("font-family", css.font_family(p.bulletFont, f"{where}: bulletFont")))
        mark = p.bullet if glyphs is None else glyphs
        text = mark if p.indent < 0 else mark + "\u00a0"
        bullet = RunView(css.declarations(_axes(el, bdecl)), [text])
    # A line of nothing but spaces still takes its height in PowerPoint and LibreOffice; CSS
    # drops the spaces at a line's end and, with them, the line.
    trailing = not "".join(r.text for r in runs).split("\n")[-1].strip(" \t")
    last_px = (runs[-1].fontSize or first_px) if runs and trailing else strut_px
    end = ""
    if trailing:
        end = Markup("<br>") if last_px == strut_px else Markup('<span style="{}"><br></span>'
            ).format(css.declarations([("font-size", css.px(last_px * fscale))]))
    return ParaView(css.declarations(_axes(el, decl)), run_views, bullet, end, bool(spills))


def run_view(el: Element, r: Run, where: str) -> RunView:
    decl: list[tuple[str, str]] = []
    if r.fontSize:
        decl.append(("font-size", css.px(r.fontSize * el.font_scale())))
    if r.fontFamily:
        decl.append(("font-family", css.font_family(r.fontFamily, f"{where}: fontFamily")))
    if r.bold is not None:
        decl.append(("font-weight", "bold" if r.bold else "normal"))
    if r.italic is not None:
        decl.append(("font-style", "italic" if r.italic else "normal"))
    extra = r.model_extra or {}
    lines = [n for n, on in (("underline", r.underline), ("line-through", extra.get("strike")))
             if on]
    if lines:
        decl.append(("text-decoration", " ".join(lines)))
    mark = extra.get("highlight")
    if isinstance(mark, str):
        decl.append(("background-color", css.color(mark, f"{where}: highlight")))
    caps = extra.get("caps")
    if caps == "all":  # PowerPoint draws (and measures) the capitals
        decl.append(("text-transform", "uppercase"))
    elif caps == "small":
        decl.append(("font-variant", "small-caps"))
    if _HANGUL.search(r.text):  # Korean wraps at its spaces, as PowerPoint and LibreOffice
        decl.append(("word-break", "keep-all"))  # wrap it, not between any two syllables
    outline = extra.get("outline")
    if isinstance(outline, list) and len(outline) == 2 and isinstance(outline[0], str):
        # stroked along the glyphs' edges as PowerPoint strokes them (layout unchanged)
        decl.append(("-webkit-text-stroke", f"{css.px(float(outline[1]))} "
                     f"{css.color(outline[0], f'{where}: outline')}"))
    spacing = extra.get("letterSpacing")
    if isinstance(spacing, int | float) and spacing:
        decl.append(("letter-spacing", css.px(float(spacing) * el.font_scale())))
    if r.color:
        value = css.color(r.color, f"{where}: color")
        alpha = extra.get("colorAlpha")
        if isinstance(alpha, int | float) and 0 <= alpha < 1 and len(value) == 7:
            value += f"{round(alpha * 255):02X}"  # see-through text (``a:alpha``)
        decl.append(("color", value))
    return RunView(css.declarations(decl), text_lines(r.text))
