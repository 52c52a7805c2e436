"""A tiny JSON-over-HTTP client (stdlib ``urllib``) for OpenAI-compatible endpoints."""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from typing import Any

from pptxagent.errors import EngineError


class HttpError(EngineError):
    """The endpoint could not be reached, timed out, or answered with an error or non-JSON."""


def post_json(url: str, payload: Any, headers: dict[str, str], timeout: float) -> Any:
    """POST ``payload`` as JSON and return the decoded JSON answer."""
    if not url.startswith(("http://", "https://")):
        raise HttpError(f"POST {url}: only http(s) URLs are supported")
    body = json.dumps(payload).encode("utf-8")
    req = urllib.request.Request(
        url, data=body, method="POST",
        headers={"Content-Type": "application/json", "Accept": "application/json", **headers},
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
    except urllib.error.HTTPError as exc:
        detail = exc.read()[:300].decode("utf-8", "replace").strip()
        raise HttpError(f"POST {url}: HTTP {exc.code} {exc.reason}: {detail}") from exc
    except urllib.error.URLError as exc:
        raise HttpError(f"POST {url}: cannot connect: {exc.reason}") from exc
    except TimeoutError as exc:
        raise HttpError(f"POST {url}: no answer within {timeout:g}s") from exc
    except (OSError, http.client.HTTPException) as exc:
        raise HttpError(f"POST {url}: connection failed: {exc}") from exc
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        shown = raw[:120].decode("utf-8", "replace")
        raise HttpError(f"POST {url}: answer is not JSON: {shown!r}") from exc

