"""Everything a slide inherits from: its layout, master, theme, colour map, text styles.

``DeckReader`` reads each layout, master and theme once per deck. Placeholder matching
(``ooxml.placeholders``) is applied here: slide → layout by ``idx`` (else type), layout →
master by type.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pptxagent.inventory.colors import ColorContext
from pptxagent.ooxml.fills import ThemeStyles, read_theme_styles_part
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.placeholders import FOOTER_TYPES, TITLE_TYPES, match_layout, match_master
from pptxagent.ooxml.shapes import PhRef, ShapeData, SlideDoc, read_slide_doc
from pptxagent.ooxml.styles import (
    ListStyle,
    TextStyles,
    read_default_text_style,
    read_tx_styles,
)
from pptxagent.ooxml.tables import TableStyle, read_table_styles
from pptxagent.ooxml.theme import Theme, read_theme

NO_STYLES = ThemeStyles()


def _placeholders(doc: SlideDoc | None) -> list[tuple[ShapeData, str | None, int | None]]:
    if doc is None:
        return []
    return [(s, s.ph.type, s.ph.idx) for s in doc.shapes if s.ph is not None]


def match_layout_placeholder(layout: SlideDoc | None, ph: PhRef) -> ShapeData | None:
    """The layout placeholder a slide placeholder inherits from (``placeholders``)."""
    hit = match_layout(_placeholders(layout), ph.type, ph.idx)
    return hit[0] if hit is not None else None


def match_master_placeholder(master: SlideDoc | None, ph_type: str | None) -> ShapeData | None:
    hit = match_master(_placeholders(master), ph_type)
    return hit[0] if hit is not None else None


@dataclass(frozen=True)
class SlideContext:
    slide: SlideDoc
    layout: SlideDoc | None
    master: SlideDoc | None
    theme: Theme
    tx_styles: TextStyles
    default_style: ListStyle
    colors: ColorContext
    table_styles: dict[str, TableStyle] = field(default_factory=dict)
    """The deck's table styles (``ppt/tableStyles.xml``) by id."""
    styles: ThemeStyles = NO_STYLES
    """The theme's fill, line and background style lists (for style references)."""

    def inherited(self, shape: ShapeData) -> tuple[ShapeData | None, ShapeData | None]:
        """(layout placeholder, master placeholder) ``shape`` inherits from."""
        if shape.ph is None:
            return None, None
        layout_ph = match_layout_placeholder(self.layout, shape.ph)
        ph_type = layout_ph.ph.type if layout_ph is not None and layout_ph.ph else shape.ph.type
        return layout_ph, match_master_placeholder(self.master, ph_type)

    def master_list_style(self, shape: ShapeData) -> ListStyle:
        """``p:titleStyle`` / ``p:bodyStyle`` / ``p:otherStyle`` for this shape.

        Date, footer, slide-number and header placeholders take ``p:otherStyle`` like
        non-placeholder shapes (as Apache POI does): PowerPoint draws no body bullets there.
        """
        if shape.ph is None or shape.ph.type in FOOTER_TYPES:
            return self.tx_styles.other
        if shape.ph.type in TITLE_TYPES:
            return self.tx_styles.title
        return self.tx_styles.body


class DeckReader:
    """Reads and caches the parts slides share."""

    def __init__(self, pkg: Package) -> None:
        self.pkg = pkg
        self._docs: dict[str, SlideDoc] = {}
        self._themes: dict[str, Theme] = {}
        self._styles: dict[str, ThemeStyles] = {}
        self._tx: dict[str, TextStyles] = {}
        self._default: ListStyle | None = None
        self._table_styles: dict[str, TableStyle] | None = None

    def doc(self, part: str) -> SlideDoc:
        if part not in self._docs:
            self._docs[part] = read_slide_doc(self.pkg, part)
        return self._docs[part]

    def _optional_doc(self, part: str | None) -> SlideDoc | None:
        if part is None or not self.pkg.has_part(part):
            return None
        return self.doc(part)

    def default_style(self) -> ListStyle:
        if self._default is None:
            self._default = read_default_text_style(self.pkg)
        return self._default

    def table_styles(self) -> dict[str, TableStyle]:
        if self._table_styles is None:
            self._table_styles = read_table_styles(self.pkg)[0]
        return self._table_styles

    def context(self, slide_part: str) -> SlideContext:
        slide = read_slide_doc(self.pkg, slide_part)
        layout = self._optional_doc(slide.parent)
        master = self._optional_doc(layout.parent if layout is not None else None)
        theme = Theme()
        styles = ThemeStyles()
        tx = TextStyles()
        clr_map: dict[str, str] = {}
        if master is not None:
            if master.theme is not None and self.pkg.has_part(master.theme):
                if master.theme not in self._themes:
                    self._themes[master.theme] = read_theme(self.pkg, master.theme)
                theme = self._themes[master.theme]
                if master.theme not in self._styles:
                    self._styles[master.theme] = read_theme_styles_part(self.pkg, master.theme)
                styles = self._styles[master.theme]
            if master.part not in self._tx:
                self._tx[master.part] = read_tx_styles(self.pkg, master.part)
            tx = self._tx[master.part]
            clr_map = dict(master.clr_map)
        for doc in (layout, slide):
            if doc is not None and doc.clr_map:
                clr_map = dict(doc.clr_map)
        return SlideContext(
            slide=slide,
            layout=layout,
            master=master,
            theme=theme,
            tx_styles=tx,
            default_style=self.default_style(),
            colors=ColorContext(scheme=theme.colors, clr_map=clr_map),
            table_styles=self.table_styles(),
            styles=styles,
        )

