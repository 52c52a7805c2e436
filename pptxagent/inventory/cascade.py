"""The text cascade: a shape's paragraphs and runs with every property resolved (pure).

Nearest first: run ``a:rPr`` / paragraph ``a:pPr`` → the shape's ``a:lstStyle`` → the
shape's ``p:style/a:fontRef`` (font and colour only) → the layout placeholder's lstStyle →
the master placeholder's lstStyle → the master's title/body/other style →
``p:defaultTextStyle``. Sizes come out in px with the stored ``normAutofit`` fontScale
applied, line heights as multiples of the font size (100 % = 1.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar

from pptxagent.inventory.colors import ColorContext, resolve_alpha, resolve_color
from pptxagent.ir import Paragraph, Run
from pptxagent.ooxml.styles import Bullet, LevelStyle, ListStyle, RunProps, Spacing, TextParaData
from pptxagent.ooxml.theme import ColorSpec, Theme
from pptxagent.units import emu_to_px, sz_to_px

DEFAULT_TAB = 914400
"""PowerPoint's distance between default tab stops when no style gives ``defTabSz`` (EMU)."""

T = TypeVar("T")
TextAlign = Literal["left", "center", "right", "justify"]

DEFAULT_SZ = 1800
_TX1 = ColorSpec("scheme", "tx1")
LINE_PITCH = 1.2
_ALIGN: dict[str, TextAlign] = {
    "l": "left", "ctr": "center", "r": "right", "just": "justify", "justLow": "justify",
    "dist": "justify", "thaiDist": "justify",
}  # fmt: skip


OUTLINE_HAIRLINE_PX = 1.0
"""An outline of no width (``a:ln`` without ``w``): PowerPoint draws a hairline."""


def first(values: list[T | None]) -> T | None:
    for v in values:
        if v is not None:
            return v
    return None


@dataclass(frozen=True)
class TextSources:
    """The inheritance chain of one shape's text."""

    list_styles: tuple[ListStyle, ...]
    """Shape lstStyle, layout ph lstStyle, master ph lstStyle, master txStyle, default."""
    style_ref: RunProps | None
    """From ``p:style/a:fontRef``; consulted right after the shape's own lstStyle."""
    theme: Theme
    colors: ColorContext
    font_scale: float = 1.0
    line_reduction: float = 0.0
    """``lnSpcReduction`` as a fraction (0.2 = 20 percentage points less)."""

    def levels(self, level: int) -> list[LevelStyle]:
        out: list[LevelStyle] = []
        for i, ls in enumerate(self.list_styles):
            for cand in (ls.level(level), ls.default):
                if cand is not None:
                    out.append(cand)
            if i == 0 and self.style_ref is not None:
                out.append(LevelStyle(run=self.style_ref))
        return out


def resolve_font(name: str | None, theme: Theme) -> str | None:
    """``+mj-lt`` → the theme's major latin typeface, and so on."""
    if not name:
        return None
    if name.startswith("+") and len(name) >= 6:
        fonts = theme.major if name[1:3] == "mj" else theme.minor
        script = {"lt": "latin", "ea": "ea", "cs": "cs"}.get(name[4:6], "latin")
        return fonts.get(script) or fonts.get("latin") or None
    return name


def effective_run(text: str, own: RunProps, src: TextSources, level: int,
                  para: RunProps | None = None) -> Run:
    """``own`` (``a:rPr``) over the paragraph's ``a:defRPr`` (``para``) over the levels."""
    chain = [own, *([para] if para is not None else []), *(lv.run for lv in src.levels(level))]
    size = first([p.size for p in chain]) or DEFAULT_SZ
    family = resolve_font(first([p.latin for p in chain]), src.theme)
    if family is None:
        family = resolve_font("+mn-lt", src.theme)
    color = None
    alpha = 1.0
    for p in chain:
        if p.color is not None or p.fill_set:
            color = resolve_color(p.color, src.colors)
            alpha = resolve_alpha(p.color, src.colors)
            break
    else:
        color = resolve_color(_TX1, src.colors)
    extra: dict[str, object] = {}
    if color is not None and alpha < 1:
        extra["colorAlpha"] = round(max(alpha, 0.0), 3)
    cap = first([p.cap for p in chain])
    if cap in ("all", "small"):
        extra["caps"] = cap
    if first([p.strike for p in chain]):
        extra["strike"] = True
    mark = first([p.highlight for p in chain])
    if mark is not None and (marked := resolve_color(mark, src.colors)) is not None:
        extra["highlight"] = marked
    for p in chain:  # an outline round the glyphs (WordArt): the nearest that says one
        if p.outline_set:
            ink = resolve_color(p.outline, src.colors) if p.outline is not None else None
            if ink is not None:
                width = emu_to_px(p.outline_w) if p.outline_w else OUTLINE_HAIRLINE_PX
                extra["outline"] = [ink, round(max(width, OUTLINE_HAIRLINE_PX / 2), 2)]
            break
    spacing = first([p.spacing for p in chain])
    if spacing:
        extra["letterSpacing"] = round(sz_to_px(spacing) * src.font_scale, 2)
    return Run(
        text=text,
        fontSize=round(sz_to_px(size) * src.font_scale, 2),
        fontFamily=family,
        bold=bool(first([p.bold for p in chain])),
        italic=bool(first([p.italic for p in chain])),
        underline=bool(first([p.underline for p in chain])),
        color=color,
        **extra,
    )


def _spacing_px(sp: Spacing | None, font_px: float) -> float:
    if sp is None:
        return 0.0
    if sp.kind == "pct":
        return round(sp.value / 100000 * font_px, 2)
    return round(sz_to_px(sp.value), 2)


def _spacing_pct(sp: Spacing | None) -> float | None:
    return sp.value / 100000 if sp is not None and sp.kind == "pct" else None


def _line_height(sp: Spacing | None, font_px: float, reduction: float) -> float:
    if sp is None:
        pct = 1.0
    elif sp.kind == "pct":
        pct = sp.value / 100000
    else:
        px = sz_to_px(sp.value) * (1 - reduction)
        return round(max(px / font_px, 0.1), 4) if font_px > 0 else LINE_PITCH
    return round(max(LINE_PITCH * (pct - reduction), 0.1), 4)


_ROMAN = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
          (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))


def autonum_text(scheme: str, n: int) -> str:
    """Label of item ``n``: arabicPeriod 3 → "3.", alphaUcParenR 2 → "B)", romanLc… 4 → "iv."."""
    n = max(n, 1)
    if scheme.startswith("alpha"):
        letters = ""
        k = n
        while k > 0:
            k, r = divmod(k - 1, 26)
            letters = chr(ord("a") + r) + letters
        body = letters.upper() if scheme.startswith("alphaUc") else letters
    elif scheme.startswith("roman"):
        body, k = "", n
        for value, sym in _ROMAN:
            while k >= value:
                body, k = body + sym, k - value
        body = body.upper() if scheme.startswith("romanUc") else body
    else:
        body = str(n)
    if scheme.endswith("ParenBoth"):
        return f"({body})"
    if scheme.endswith("ParenR"):
        return f"{body})"
    if scheme.endswith("Period"):
        return f"{body}."
    if scheme.endswith("Minus"):
        return f"- {body} -"
    return body


class Numbering:
    """Autonumber counters of one text body, per level."""

    def __init__(self) -> None:
        self._counters: dict[int, tuple[str, int]] = {}

    def next(self, level: int, bullet: Bullet | None) -> int | None:
        for deeper in [k for k in self._counters if k > level]:
            del self._counters[deeper]
        if bullet is None or bullet.kind != "autonum":
            self._counters.pop(level, None)
            return None
        scheme, n = self._counters.get(level, (bullet.scheme, bullet.start_at - 1))
        if scheme != bullet.scheme:
            n = bullet.start_at - 1
        self._counters[level] = (bullet.scheme, n + 1)
        return n + 1


def effective_paragraph(para: TextParaData, src: TextSources, numbering: Numbering) -> Paragraph:
    level = min(max(para.props.level or 0, 0), 8)
    levels = src.levels(level)
    chain = [para.props, *(lv.para for lv in levels)]
    runs = [effective_run(r.text, r.props, src, level, para.run_defaults) for r in para.runs]
    if runs:
        ref_px = max(r.fontSize or 0 for r in runs)
    else:
        ref_px = (effective_run("", para.end_props, src, level, para.run_defaults).fontSize
                  or sz_to_px(DEFAULT_SZ))
    text = para.text
    bullet_spec: Bullet | None = first([p.bullet for p in chain])
    number = numbering.next(level, bullet_spec) if text.strip() else None
    bullet: str | None = None
    bullet_font: str | None = None
    bullet_color: str | None = None
    if text.strip() and bullet_spec is not None and bullet_spec.kind != "none":
        if bullet_spec.kind == "autonum":
            bullet = autonum_text(bullet_spec.scheme, number or bullet_spec.start_at)
        else:
            bullet = bullet_spec.char or "•"
        face = first([p.bullet_font for p in chain])
        bullet_font = runs[0].fontFamily if face in (None, "+tx") and runs else None
        if face not in (None, "+tx"):
            bullet_font = resolve_font(face, src.theme)
        for p in chain:
            if p.bullet_color_tx:
                break
            if p.bullet_color is not None:
                bullet_color = resolve_color(p.bullet_color, src.colors)
                break
        if bullet_color is None and runs:
            bullet_color = runs[0].color
    algn = first([p.align for p in chain])
    extra: dict[str, object] = {"rtl": True} if first([p.rtl for p in chain]) else {}
    if not runs:  # an empty line is as tall as its end-of-paragraph font
        extra["endFontSize"] = ref_px
    if "\t" in text:  # a tab runs on to the next default stop (1 inch unless the styles say)
        extra["tabSize"] = round(emu_to_px(first([p.def_tab for p in chain]) or DEFAULT_TAB), 2)
    line = first([p.line_spacing for p in chain])
    if line is not None and line.kind == "pts":
        # An exact line pitch: measured as a share of the font (``lineHeight``), so a font
        # the loop shrinks takes its lines closer; the write-back scales the points with it.
        extra["lineExactPx"] = round(sz_to_px(line.value) * (1 - src.line_reduction), 4)
    size = first([p.bullet_size for p in chain]) if bullet else None
    if size is not None and size.kind == "pct" and size.value != 100000:
        extra["bulletScale"] = round(max(size.value, 1) / 100000, 4)
    elif size is not None and size.kind == "pts" and runs and runs[0].fontSize:
        extra["bulletScale"] = round(sz_to_px(size.value) * src.font_scale / runs[0].fontSize, 4)
    return Paragraph(
        text=text,
        level=level,
        runs=runs,
        align=_ALIGN.get(algn or "l", "left"),
        lineHeight=_line_height(line, ref_px, src.line_reduction),
        spaceBefore=_spacing_px(before := first([p.space_before for p in chain]), ref_px),
        spaceAfter=_spacing_px(after := first([p.space_after for p in chain]), ref_px),
        spaceBeforePct=_spacing_pct(before),
        spaceAfterPct=_spacing_pct(after),
        marginLeft=round(emu_to_px(first([p.mar_l for p in chain]) or 0), 2),
        indent=round(emu_to_px(first([p.indent for p in chain]) or 0), 2),
        bullet=bullet,
        bulletColor=bullet_color,
        bulletFont=bullet_font,
        **extra,
    )


def effective_paragraphs(paras: tuple[TextParaData, ...], src: TextSources) -> list[Paragraph]:
    numbering = Numbering()
    return [effective_paragraph(p, src, numbering) for p in paras]

