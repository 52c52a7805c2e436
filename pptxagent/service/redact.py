"""No log line shows a token: the filter on the server's loggers (the access log first).

Tokens are only ever read from ``Authorization``, which no log line holds; this is for the
token a person pastes into a URL by mistake (a path segment, a query value, a fragment) and
for any message that quotes one. What is replaced by ``[redacted]``:

1. a token this server knows (``remember_secret``: ``$PPTXAGENT_TOKEN`` or the token the first
   start printed), wherever it stands, also percent-encoded;
2. ``pxa_…`` (this server's tokens), ``Bearer …``, and the value of ``token=`` and
   ``access_token=``;
3. a JWT: three dot-separated base64url parts (each ≥ 8 characters, letters and digits);
4. any other bearer-looking value: a run of ``[A-Za-z0-9_-.~+/=]`` of at least 20 characters
   (percent-decoded; ``/`` only inside a query value or fragment, since in a path it
   separates segments) that mixes two of lower case, upper case and digits, and is
   hexadecimal, or is 40 characters or longer with letters and digits, or reads as random:
   its camel-case words and digit runs average under 3.5 characters (``quarterly-review-2024``
   and ``MyPresentationFinal2024`` average over 5; a random base64 value about 2). It is a
   heuristic: about 1 random 20-character value in 300 reads as words and is kept, 1 in
   3,000 at 32 characters, none from 40 on.

Kept on purpose: the ids in this API's paths — 32-hex job and deck ids, 64-hex sha256 file
names, UUIDs — and runs under 20 characters, of one kind of character (a number, a lower
case name), or of plain words. So ``/api/decks/<32 hex>/versions/2/pptx`` and
``/api/files/<64 hex>`` read as they are, while a 64-hex random token is taken for a file
name and kept (a token of this server is ``pxa_…`` and always redacted). A base64 token
with ``/`` pasted into a path is judged segment by segment.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote

REDACTED = "[redacted]"
MIN_LEN = 20
LONG = 40
_KNOWN: set[str] = set()

_NAMED = re.compile(r"((?:access_)?token=|Bearer\s+|pxa_)[^\s&\"']+", re.IGNORECASE)
_WORD = re.compile(r"\S+")
_PATH_RUN = re.compile(r"[A-Za-z0-9_\-.~+=%]+")
_VALUE_RUN = re.compile(r"[A-Za-z0-9_\-.~+=%/]+")
_QUERY_SPLIT = re.compile(r"([?&#;])")
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-\[\]]{0,40}")
_CHARS = re.compile(r"[A-Za-z0-9_\-.~+/=]+")
_JWT = re.compile(r"[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")
_HEX = re.compile(r"[0-9a-fA-F]+")
_ID = re.compile(r"[0-9a-f]{32}|[0-9a-f]{64}|[0-9A-F]{64}|"
                 r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_SEGMENT = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_LOWER = re.compile(r"[a-z]")
_UPPER = re.compile(r"[A-Z]")
_DIGIT = re.compile(r"\d")


def remember_secret(token: str) -> None:
    """A token this server knows: never shown in a log line, wherever it stands."""
    if len(token) >= 8:
        _KNOWN.add(token)


def looks_secret(run: str) -> bool:
    """Whether one path segment, query value or fragment run is a token (rules 1, 3, 4)."""
    text = unquote(run)
    if any(k in text for k in _KNOWN):
        return True
    kinds = [bool(p.search(text)) for p in (_LOWER, _UPPER, _DIGIT)]
    digits_too = kinds[2] and (kinds[0] or kinds[1])
    if _JWT.fullmatch(text) and digits_too:
        return True
    core = text.rstrip("=")
    if (len(core) < MIN_LEN or not _CHARS.fullmatch(core) or sum(kinds) < 2
            or _ID.fullmatch(core)):
        return False
    if _HEX.fullmatch(core) or (len(core) >= LONG and digits_too):
        return True
    words = _SEGMENT.findall(core)
    return sum(map(len, words)) / len(words) < 3.5


def _judge(run: str) -> str:
    """A run, or its key and ``[redacted]`` for a secret (``key=value``: the value judged)."""
    key, eq, value = run.partition("=")
    if eq and value.strip("=") and _KEY.fullmatch(key) and not looks_secret(key):
        return key + eq + (REDACTED if looks_secret(value) else value)
    return REDACTED if looks_secret(run) else run


def _word(match: re.Match[str]) -> str:
    word = match.group(0)
    cut = min((i for i in (word.find("?"), word.find("#")) if i >= 0), default=len(word))
    path = _PATH_RUN.sub(lambda m: _judge(m.group(0)), word[:cut])
    rest = "".join(part if _QUERY_SPLIT.fullmatch(part)
                   else _VALUE_RUN.sub(lambda m: _judge(m.group(0)), part)
                   for part in _QUERY_SPLIT.split(word[cut:]))
    return path + rest


def redact(text: str) -> str:
    """``text`` with every token in it replaced by ``[redacted]`` (the rules above)."""
    for token in _KNOWN:
        text = text.replace(token, REDACTED)
    text = _NAMED.sub(lambda m: m.group(1) + REDACTED, text)
    return _WORD.sub(_word, text)


class RedactTokens(logging.Filter):
    """Belt and braces: a token a client put in a URL never reaches a log line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def install_redaction() -> None:
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn", "pptxagent", "fastapi"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


__all__ = ["RedactTokens", "install_redaction", "looks_secret", "redact", "remember_secret"]
