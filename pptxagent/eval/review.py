"""``pptxagent eval-review OUT``: serve an eval's ``review.html`` on 127.0.0.1 and save each
accept / reject a person clicks to ``OUT/marks.json`` (keyed by case, with the deck's hash,
so a mark never counts for a different deck). Each saved mark re-scores the results: the
human acceptance rate lands in ``results.json`` and ``summary.md`` at once."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from pptxagent.errors import InputError
from pptxagent.eval.main import rescore
from pptxagent.eval.output import MARKS, rate_text, read_marks, write_outputs
from pptxagent.ooxml.zipsafe import write_atomic

MAX_BODY = 4096
TYPES = {".html": "text/html; charset=utf-8", ".png": "image/png"}


def _load(out: Path) -> dict[str, Any]:
    path = out / "results.json"
    if not path.is_file():
        raise InputError(f"{out}: no results.json; run pptxagent eval SUITE -o {out} first")
    try:
        data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    except ValueError as exc:
        raise InputError(f"{path}: not valid JSON ({exc})") from exc
    return data


class ReviewServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, out: Path, port: int) -> None:
        self.out = out.resolve()
        self.results = _load(self.out)
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", port), _Handler)

    def save(self, name: str, deck: str, mark: str) -> str:
        with self.lock:
            cases = {r["name"]: r for r in self.results["cases"]}
            if name not in cases:
                raise KeyError(f"no case {name!r}")
            if cases[name].get("deck_sha") != deck:
                raise KeyError(f"case {name!r} has another deck now; reload the page")
            marks = read_marks(self.out)
            marks[name] = {"mark": mark, "deck": deck}
            write_atomic(self.out / MARKS, (json.dumps(marks, indent=2, sort_keys=True)
                                            + "\n").encode("utf-8"))
            self.results = rescore(self.out, self.results)
            write_outputs(self.out, self.results, marks)
            decks = {r["name"]: r.get("deck_sha", "") for r in self.results["cases"]}
            return rate_text(marks, decks)


class _Handler(BaseHTTPRequestHandler):
    server: ReviewServer

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        return

    def _send(self, code: int, body: bytes, ctype: str) -> None:
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        rel = self.path.split("?", 1)[0].lstrip("/") or "review.html"
        path = (self.server.out / rel).resolve()
        allowed = path.suffix in TYPES and (rel == "review.html" or path.suffix == ".png")
        if (not allowed or self.server.out not in path.parents or not path.is_file()):
            self._send(404, b"not found", "text/plain")
            return
        self._send(200, path.read_bytes(), TYPES[path.suffix])

    def do_POST(self) -> None:
        if self.path != "/marks":
            self._send(404, b"not found", "text/plain")
            return
        size = int(self.headers.get("Content-Length") or 0)
        if size <= 0 or size > MAX_BODY:
            self._send(413 if size > MAX_BODY else 400, b"bad body", "text/plain")
            return
        try:
            body = json.loads(self.rfile.read(size))
            name, deck, mark = str(body["name"]), str(body["deck"]), str(body["mark"])
            if mark not in ("accept", "reject"):
                raise ValueError("mark is accept or reject")
            rate = self.server.save(name, deck, mark)
        except (ValueError, KeyError, TypeError) as exc:
            msg = json.dumps({"error": str(exc)}).encode()
            self._send(409 if isinstance(exc, KeyError) else 400, msg, "application/json")
            return
        self._send(200, json.dumps({"rate": rate}).encode(), "application/json")


def serve_review(out: Path, port: int = 0, ready: Any = None) -> None:
    server = ReviewServer(out, port)
    if ready is not None:
        ready(f"http://127.0.0.1:{server.server_address[1]}/review.html")
    try:
        server.serve_forever()
    finally:
        server.server_close()


__all__ = ["ReviewServer", "serve_review"]
