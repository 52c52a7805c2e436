"""Image elements as ``data:`` URIs, so a rendered document is self-contained."""

from __future__ import annotations

import base64
import functools
import re
from pathlib import Path

MIME_BY_SUFFIX: dict[str, str] = {
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".svg": "image/svg+xml",
    ".webp": "image/webp",
    ".bmp": "image/bmp",
}


_BASE64_URI = re.compile(r"data:image/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+")
"""The only ``data:`` form accepted as content: nothing in it can leave a CSS ``url()``."""


class ImageTable:
    """The distinct images of one document, each written once as a CSS class.

    A deck repeats the same picture on many slides; embedding it once per element made the
    300-slide benchmark document 3 MB and its load 4× slower.
    """

    def __init__(self) -> None:
        self._index: dict[str, int] = {}

    def css_class(self, src: str) -> str:
        n = self._index.setdefault(src, len(self._index))
        return f"im{n}"

    def rules(self) -> list[tuple[str, str]]:
        """``(class, data URI)`` pairs for the document's stylesheet."""
        return [(f"im{n}", src) for src, n in self._index.items()]


def image_src(content: str, assets_dir: Path | None) -> str:
    """A ``data:`` URI for an image element's ``content``, or ``""`` when there is no image.

    ``content`` is a file path (relative paths resolve against ``assets_dir``, else the working
    directory) or already a ``data:image/...`` URI. Missing files, unknown types and remote URLs
    (the renderer works offline) give ``""``: the element is drawn as a neutral placeholder.
    """
    src = content.strip()
    if not src:
        return ""
    if src.startswith("data:"):
        return src if _BASE64_URI.fullmatch(src) else ""
    if "://" in src:
        return ""
    path = Path(src)
    if not path.is_absolute() and assets_dir is not None:
        path = assets_dir / path
    mime = MIME_BY_SUFFIX.get(path.suffix.lower())
    if mime is None:
        return ""
    try:
        stat = path.stat()
    except OSError:
        return ""
    if not path.is_file():
        return ""
    return _data_uri(str(path.resolve()), mime, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _data_uri(path: str, mime: str, mtime_ns: int, size: int) -> str:
    """Cached by path, modification time and size: one read per image per change."""
    del mtime_ns, size  # cache key only
    try:
        data = Path(path).read_bytes()
    except OSError:
        return ""
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
