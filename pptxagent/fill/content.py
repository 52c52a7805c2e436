"""The content.json schema: tokens, the output slides, and what fills each shape.

``pptxagent schema content`` prints ``Content.model_json_schema()``. Read a document with
``load_content`` / ``parse_content``: every schema violation names its JSON path.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    StrictFloat,
    StrictInt,
    StrictStr,
    WithJsonSchema,
    model_validator,
)

from pptxagent.errors import ContentError, IRValidationError
from pptxagent.fill.data import resolve, scalar_text
from pptxagent.ir.load import json_path, read_json, validate
from pptxagent.ooxml.tokens import Miss

Cell = StrictStr | StrictInt | StrictFloat
"""A table cell or token value: text or a number (``true`` is not a number)."""
TokenValue = Annotated[JsonValue, WithJsonSchema({
    "description": "text, a number, true/false, null (empty text), or an object / list whose "
                   "values tokens reach by path: {{report.title}}, {{steps[0].name}}",
})]
Row = Annotated[list[Cell], Field(min_length=1)]
ValueKind = Literal["text", "table", "image"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ParagraphItem(_Strict):
    """One paragraph of a text value; ``level`` 0 is the outline's top level."""

    text: str
    level: StrictInt = Field(0, ge=0, le=8)


class ImageValue(_Strict):
    """A picture: ``image`` is a path relative to the folder of content.json."""

    image: str = Field(min_length=1)


FillValue = str | ImageValue | list[str | ParagraphItem] | Annotated[list[Row], Field(min_length=1)]
"""Text (newlines separate paragraphs), a list of paragraphs, a table (rows of cells), or an
image."""


class SlideContent(_Strict):
    template_slide: StrictInt | None = Field(
        None, ge=1, description="1-based number of the template slide to use (or layout)"
    )
    layout: StrictStr | StrictInt | None = Field(
        None, description="or a new slide made from this layout of the template: its name "
                          "(as PowerPoint lists it, any case) or its 1-based number among all "
                          "layouts; the placeholders the fill leaves empty are removed",
    )
    fill: dict[str, FillValue] = Field(
        default_factory=dict,
        description="key (title, subtitle, body, body2, name:<shape name>, sp<id>) -> value",
    )
    notes: str | None = Field(None, description="replaces the speaker notes text")
    tokens: dict[str, TokenValue] = Field(
        default_factory=dict,
        description="{{name}} -> value on this slide only (its text, fill values and notes), "
                    "over the document's tokens: a slide per record of a catalogue",
    )

    @model_validator(mode="after")
    def _one_source(self) -> SlideContent:
        if (self.template_slide is None) == (self.layout is None):
            raise ValueError(ONE_SOURCE)
        return self


ONE_SOURCE = "give either template_slide (a slide of the template) or layout (a new slide)"


def _schema_link(schema: dict[str, Any]) -> None:
    """An editor's ``"$schema"`` link is allowed (``parse_content`` ignores it)."""
    props = schema.setdefault("properties", {})
    props["$schema"] = {"type": "string",
                        "description": "a JSON Schema link for editors; ignored"}


class Content(_Strict):
    """A content.json document."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_schema_link)

    tokens: dict[str, TokenValue] = Field(
        default_factory=dict,
        description="{{name}} / {{a.b[0]}} -> value, replaced in all slide text and notes; "
                    "a flat key (\"a.b\") wins over the nested path",
    )
    slides: list[SlideContent] | None = Field(
        None, min_length=1,
        description="the output slides in order (at least one); absent: keep every template slide",
    )

    def token_values(self) -> dict[str, str]:
        """The top-level tokens that are text (numbers and booleans written as text)."""
        out: dict[str, str] = {}
        for k, v in self.tokens.items():
            text = scalar_text(v)
            if text is not None:
                out[k] = text
        return out

    def resolve_token(self, expr: str) -> str | Miss:
        """The text of ``{{expr}}``: a flat key, else a path into nested tokens."""
        return resolve(self.tokens, expr)


def _cell_text(v: Cell) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def value_kind(value: FillValue) -> ValueKind:
    if isinstance(value, ImageValue):
        return "image"
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return "table"
    return "text"


def paragraphs_of(value: FillValue) -> list[ParagraphItem]:
    """A text value as paragraphs (a string splits at newlines, at level 0)."""
    if isinstance(value, str):
        return [ParagraphItem(text=line) for line in value.split("\n")]
    out: list[ParagraphItem] = []
    for item in value:
        if isinstance(item, ParagraphItem):
            out.append(item)
        elif isinstance(item, str):
            out.append(ParagraphItem(text=item))
    return out


def table_rows(value: FillValue) -> list[list[str]]:
    if not isinstance(value, list):
        return []
    return [[_cell_text(c) for c in row] for row in value if isinstance(row, list)]


def key_path(slide_no: int, key: str) -> str:
    """JSON path of a fill key: ``$.slides[0].fill.body`` or ``$.slides[0].fill["name:A b"]``."""
    return json_path(("slides", slide_no, "fill", key))


def _check_value(value: Any, path: str, source: str) -> None:
    """Precise messages for fill values (a pydantic union error would name union members)."""

    def fail(msg: str, where: str = path) -> None:
        raise IRValidationError(f"{source}: {where}: {msg}", path=where)

    if isinstance(value, str):
        return
    if isinstance(value, dict):
        if set(value) != {"image"}:
            fail('expected {"image": "path"} (the only object value), got keys '
                 + (", ".join(sorted(map(str, value))) or "none"))
        if not isinstance(value["image"], str) or not value["image"]:
            fail(f"the image path must be a non-empty string, got {value['image']!r}",
                 f"{path}.image")
        return
    if not isinstance(value, list):
        fail("expected text, a list of paragraphs, a table or an image, "
             f"got {type(value).__name__}")
        return
    rows = [isinstance(v, list) for v in value]
    if any(rows) and not all(rows):
        fail("mixes table rows (lists) with paragraphs; use one or the other")
    for i, item in enumerate(value):
        where = f"{path}[{i}]"
        if isinstance(item, list):
            if not item:
                fail("a table row needs at least one cell", where)
            for j, cell in enumerate(item):
                if not isinstance(cell, str | int | float) or isinstance(cell, bool):
                    fail(f"a table cell must be text or a number, got {type(cell).__name__}",
                         f"{where}[{j}]")
        elif isinstance(item, dict):
            extra = sorted(set(item) - {"text", "level"})
            if extra:
                fail(f"unknown paragraph field {extra[0]!r} (allowed: text, level)", where)
            if not isinstance(item.get("text"), str):
                fail("a paragraph needs a string 'text'", f"{where}.text")
            level = item.get("level", 0)
            if not isinstance(level, int) or isinstance(level, bool) or not 0 <= level <= 8:
                fail(f"level must be an integer 0..8, got {level!r}", f"{where}.level")
        elif not isinstance(item, str):
            fail(f"a paragraph must be a string or {{\"text\", \"level\"}}, got "
                 f"{type(item).__name__}", where)


def _unix(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _one_newline(data: Any) -> Any:
    """Every string value with Windows (CR LF) and old Mac (CR) line ends as newlines: a CR
    left in the text is drawn as a box, a break or nothing, depending on the reader."""
    if isinstance(data, str):
        return _unix(data)
    stack = [data]
    while stack:  # iterative: the parser admits nesting deeper than Python's recursion
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for key, value in list(items):
            if isinstance(value, str) and "\r" in value:
                node[key] = _unix(value)
            elif isinstance(value, dict | list):
                stack.append(value)
    return data


def parse_content(data: Any, source: str = "content.json") -> Content:
    """Validate a parsed content.json; raise ``IRValidationError`` naming the JSON path."""
    data = _one_newline(data)
    if isinstance(data, dict) and "$schema" in data:  # an editor's schema link, not content
        data = {k: v for k, v in data.items() if k != "$schema"}
    stray = [k for k in data if k not in Content.model_fields] if isinstance(data, dict) else []
    if stray:
        key = str(stray[0])
        where = json_path((key,))
        near = difflib.get_close_matches(key.lower(), list(Content.model_fields), n=1)
        # {"title": "Q3"}: token values given at the top, the way other tools take them
        advice = (f"did you mean \"{near[0]}\"?" if near else
                  f"values for {{{{name}}}} tokens go under \"tokens\": "
                  f"{{\"tokens\": {{{json.dumps(key)}: …}}}}")
        raise IRValidationError(
            f"{source}: {where}: not a content.json key (its keys are \"tokens\" and "
            f"\"slides\"); {advice}", path=where)
    if isinstance(data, dict) and isinstance(data.get("slides"), list):
        for i, slide in enumerate(data["slides"]):
            if isinstance(slide, dict) and ((slide.get("template_slide") is None)
                                            == (slide.get("layout") is None)):
                where = json_path(("slides", i))
                raise IRValidationError(f"{source}: {where}: {ONE_SOURCE}", path=where)
            layout = slide.get("layout") if isinstance(slide, dict) else None
            if layout is not None and (isinstance(layout, bool)
                                       or not isinstance(layout, str | int)):
                where = json_path(("slides", i, "layout"))
                raise IRValidationError(
                    f"{source}: {where}: a layout's name (text) or number (1, 2, …), got "
                    f"{json.dumps(layout)}", path=where)
            fill = slide.get("fill") if isinstance(slide, dict) else None
            if isinstance(fill, dict):
                for key, value in fill.items():
                    _check_value(value, key_path(i, str(key)), source)
    return validate(Content, data, source=source)


def load_content(path: Path) -> Content:
    return parse_content(read_json(path), source=str(path))


def check_template_slides(content: Content, count: int) -> None:
    """Every ``template_slide`` of ``content`` names one of the template's ``count`` slides."""
    for n, entry in enumerate(content.slides or []):
        t = entry.template_slide
        if t is not None and not 1 <= t <= count:
            valid = (f"1–{count}" if count
                     else "none: the template has no slides (a slide entry may name a layout)")
            raise ContentError(f"$.slides[{n}].template_slide: template slide {t} does not "
                               f"exist; valid range: {valid}")
