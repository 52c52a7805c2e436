"""The ``llm`` policy over a real socket, against a local server replaying recorded replies."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest

from pptxagent.ir import Diagnostics, Patch, SlideIR, load
from pptxagent.policy.base import PolicyContext, TabooCheck
from pptxagent.policy.hints import HintsPolicy
from pptxagent.policy.llm import LLMPolicy
from pptxagent.settings import Settings

DATA = Path(__file__).parents[1] / "data" / "llm"
KEY = "sk-replay-0123"


@dataclass
class Replay:
    """What the server answers next (reply file names, or an int HTTP status) and what it got."""

    script: list[str | int] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)


class _Handler(BaseHTTPRequestHandler):
    replay: Replay

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.replay.requests.append({"path": self.path, "auth": self.headers["Authorization"],
                                     "body": body})
        nxt: str | int = self.replay.script.pop(0) if self.replay.script else 500
        status, out = (nxt, b'{"error": "scripted"}') if isinstance(nxt, int) else (
            200, (DATA / nxt).read_bytes())
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Replay]]:
    replay = Replay()
    handler = type("Handler", (_Handler,), {"replay": replay})
    httpd = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", replay
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture()
def replay(server: tuple[str, Replay]) -> Iterator[tuple[LLMPolicy, Replay]]:
    url, rep = server
    rep.script.clear()
    rep.requests.clear()
    yield LLMPolicy(url, "replay-model", KEY, timeout=10), rep


IR = load(SlideIR, DATA / "slide_ir.json")
DIAG = load(Diagnostics, DATA / "diag.json")
GOOD = {"e_bullets_002": {"y": 128, "h": 570, "fontSize": 20}}


def edits(patch: Patch) -> dict[str, dict[str, float]]:
    return {e.eid: {**e.layout, **e.style} for e in patch.edits}


def ctx(check: Any = None) -> PolicyContext:
    c = PolicyContext(settings=Settings(), iteration=0)
    if check is not None:
        c.check = check
    return c


def test_good_reply_becomes_the_patch_and_request_carries_model_ir_diag_key(
    replay: tuple[LLMPolicy, Replay],
) -> None:
    policy, rep = replay
    rep.script[:] = ["reply_good_fenced.json"]
    c = ctx()
    assert edits(policy.propose(IR, DIAG, c)) == GOOD
    assert c.notes == []
    [req] = rep.requests
    assert req["path"] == "/v1/chat/completions"
    assert req["auth"] == f"Bearer {KEY}"
    body = req["body"]
    assert body["model"] == "replay-model"
    assert body["temperature"] == 0
    assert body["response_format"] == {"type": "json_object"}
    system, user = body["messages"]
    assert system["role"] == "system" and '"no_add_remove": true' in system["content"]
    assert user["role"] == "user"
    assert '"eid": "e_title_001"' in user["content"]  # the IR
    assert '"overflow_y_px": 42' in user["content"]  # the diagnostics
    assert "1280×720" in user["content"]


def test_malformed_then_good_reply_retries_once_saying_what_was_wrong(
    replay: tuple[LLMPolicy, Replay],
) -> None:
    policy, rep = replay
    rep.script[:] = ["reply_malformed_prose.json", "reply_good_fenced.json"]
    assert edits(policy.propose(IR, DIAG, ctx())) == GOOD
    assert len(rep.requests) == 2
    retry = rep.requests[1]["body"]["messages"]
    assert [m["role"] for m in retry] == ["system", "user", "assistant", "user"]
    assert "no JSON object" in retry[-1]["content"]


def test_two_invalid_replies_hand_over_to_the_hints_policy(
    replay: tuple[LLMPolicy, Replay],
) -> None:
    policy, rep = replay
    rep.script[:] = ["reply_malformed_prose.json", "reply_unknown_eid.json"]
    c = ctx()
    patch = policy.propose(IR, DIAG, c)
    assert len(rep.requests) == 2
    assert "e_chart_009" in c.notes[-1] and "hints policy answers" in c.notes[-1]
    assert patch == HintsPolicy().propose(IR, DIAG, ctx())
    assert edits(patch)["e_bullets_002"]["y"] == 128  # the chain hint, applied


def test_taboo_patch_is_re_asked_once_with_the_reason(replay: tuple[LLMPolicy, Replay]) -> None:
    policy, rep = replay
    rep.script[:] = ["reply_taboo_move_title.json", "reply_good_fenced.json"]

    def check(p: Patch) -> TabooCheck:
        bad = any(e.eid == "e_title_001" for e in p.edits)
        return TabooCheck(allowed=not bad, fingerprint="e_title_001:move:up",
                          reason="did not improve at iter 1")

    assert edits(policy.propose(IR, DIAG, ctx(check))) == GOOD
    reask = rep.requests[1]["body"]["messages"][-1]["content"]
    assert "e_title_001:move:up" in reask and "did not improve at iter 1" in reask


def test_taboo_twice_hands_over_to_the_hints_policy(replay: tuple[LLMPolicy, Replay]) -> None:
    policy, rep = replay
    rep.script[:] = ["reply_taboo_move_title.json", "reply_taboo_move_title.json"]

    def check(p: Patch) -> TabooCheck:
        bad = any(e.eid == "e_title_001" for e in p.edits)
        return TabooCheck(allowed=not bad, fingerprint="fp-title", reason="taboo")

    c = ctx(check)
    assert edits(policy.propose(IR, DIAG, c)) == GOOD  # what the hints policy makes of DIAG
    assert len(rep.requests) == 2 and "taboo again" in c.notes[-1]


def test_http_error_hands_over_to_the_hints_policy(replay: tuple[LLMPolicy, Replay]) -> None:
    policy, rep = replay
    rep.script[:] = [503]
    c = ctx()
    assert edits(policy.propose(IR, DIAG, c)) == GOOD
    assert "HTTP 503" in c.notes[-1]


def test_connection_refused_hands_over_to_the_hints_policy() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    c = ctx()
    patch = LLMPolicy(f"http://127.0.0.1:{port}/v1", "m", KEY, timeout=5).propose(IR, DIAG, c)
    assert edits(patch) == GOOD
    assert "cannot connect" in c.notes[-1] and "hints policy answers" in c.notes[-1]


@pytest.mark.browser
def test_llm_patch_drives_the_real_loop_and_hints_take_over_when_the_endpoint_fails(
    replay: tuple[LLMPolicy, Replay],
) -> None:
    from pptxagent.loop.driver import refine
    from pptxagent.measure import Measurer

    policy, rep = replay
    rep.script[:] = ["reply_good_fenced.json"]  # later asks get HTTP 500
    out = refine(IR, settings=Settings(), policy=policy, measurer=Measurer())
    assert out.iterations[1].patch is not None
    assert edits(out.iterations[1].patch) == GOOD  # the model's patch, applied as given
    assert out.result.defect_count_per_iter[0] >= 2
    # fontSize 16 → 20 is clamped to +15% (18.4); the second ask fails, hints finish the job.
    assert out.result.quality == "success_clean"
    assert len(rep.requests) == 2
    notes = [n for line in out.trace for n in line.notes]
    assert all("hints policy answers" in n for n in notes)
    assert len(notes) == len(rep.requests) - 1  # every failed ask was noted
