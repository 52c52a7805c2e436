"""Log redaction (``service.redact``): request lines → what the access log shows. Tokens go,
wherever they stand in the line; this API's own ids and plain names stay."""

from __future__ import annotations

import logging
import random
import string
from collections.abc import Iterator

import pytest

from pptxagent.service import redact as rd
from pptxagent.service.redact import RedactTokens, looks_secret, redact, remember_secret

ID32 = "0123456789abcdef0123456789abcdef"
SHA = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
URLSAFE = "4MUlP-tsHqNLB8zshO_6feqDJuUTX2FvvQpj_2R56G0"  # secrets.token_urlsafe(32)
HEX40 = "8638d7dd75096ff440489e41d945236a49603b04"
JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
       "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U")
KNOWN = "correct-horse-battery-staple"  # words only: redacted because the server knows it

KEPT = [
    f"/api/decks/{ID32}/versions/2/report",
    "/api/decks/abcdef012345/versions/2/report",
    f"/api/decks/{ID32}/versions/2/thumbnails/3",
    f"/api/files/{SHA}",
    f"/api/files/{SHA.upper()}",
    "/api/jobs/1b4e28ba-2fa1-11d2-883f-0016d3cca427/events?after=12&limit=500",
    "/api/tools/pptx.inspect_inventory/runs",
    "/api/jobs?limit=50",
    "/assets/quarterly-review-2024-final.pptx",
    "/assets/MyPresentationFinalDraft2024.pptx",
    "/assets/IMG_20240105_123456.jpg",
    "/docs#/decks/get_quality_report",
    "/api/jobs/12345678901234567890123",  # digits only: a number
    "/api/jobs/internationalization_module",  # one kind of character
]

REDACTED = [
    (f"/api/files/{URLSAFE}", "/api/files/[redacted]"),
    (f"/api/decks/{URLSAFE}/versions/1/pptx", "/api/decks/[redacted]/versions/1/pptx"),
    (f"/api/jobs/{HEX40}", "/api/jobs/[redacted]"),
    (f"/api/jobs?key={URLSAFE}&limit=5", "/api/jobs?key=[redacted]&limit=5"),
    (f"/api/jobs?{URLSAFE}", "/api/jobs?[redacted]"),
    ("/api/jobs?token=pxa_secret123&x=1", "/api/jobs?token=[redacted]&x=1"),
    ("/api/files/pxa_abc", "/api/files/pxa_[redacted]"),
    (f"/api/decks/{JWT}/versions", "/api/decks/[redacted]/versions"),
    (f"/ui#access_key={HEX40}", "/ui#access_key=[redacted]"),
    ("/api/jobs?sig=Xk9aB3qQ/7mZ2pL5+tR8wY1cV4==", "/api/jobs?sig=[redacted]"),
    ("/api/jobs/Xk9aB3qQ%2F7mZ2pL5%2BtR8wY1cV4%3D%3D", "/api/jobs/[redacted]"),
    ("/api/jobs/Xk9aB3qQ7mZ2pL5tR8wY1cV4==", "/api/jobs/[redacted]"),
    ("/api/jobs/ghp_16C7e42F292c6912E7710c838347Ae178B4a", "/api/jobs/[redacted]"),
    ("/api/x;jsessionid=A1b2C3d4E5f6G7h8I9j0K1", "/api/x;jsessionid=[redacted]"),
    (f"/api/jobs/{KNOWN}/events", "/api/jobs/[redacted]/events"),
    (f"/api/jobs?q={KNOWN.replace('-', '%2D')}", "/api/jobs?q=[redacted]"),
    (f'"GET /api/files/{URLSAFE} HTTP/1.1" 404', '"GET /api/files/[redacted] HTTP/1.1" 404'),
    (f"invalid token {URLSAFE} refused", "invalid token [redacted] refused"),
    (f"Authorization: Bearer {KNOWN}", "Authorization: Bearer [redacted]"),
]


@pytest.fixture(autouse=True)
def known_token() -> Iterator[None]:
    remember_secret(KNOWN)
    yield
    rd._KNOWN.discard(KNOWN)


@pytest.mark.parametrize("line", KEPT)
def test_ids_and_plain_names_are_kept(line: str) -> None:
    assert redact(line) == line


@pytest.mark.parametrize(("line", "shown"), REDACTED)
def test_tokens_are_redacted_wherever_they_stand(line: str, shown: str) -> None:
    assert redact(line) == shown


def test_random_tokens_of_40_characters_or_more_are_always_redacted() -> None:
    rng = random.Random(37)  # 100 tokens of each length and alphabet
    for alphabet in (string.ascii_letters + string.digits + "-_",
                     string.ascii_letters + string.digits + "+/", "0123456789abcdef"):
        for n in [40, 48, 64, 86] * 100:
            token = "".join(rng.choice(alphabet) for _ in range(n))
            if len(token) == 64 and set(token) <= set("0123456789abcdef"):
                continue  # a sha256: kept on purpose (the rule's one blind spot)
            assert looks_secret(token), token


def test_the_access_log_record_never_shows_the_token() -> None:
    record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", f"/api/files/{URLSAFE}?x={HEX40}",
                                "1.1", 404), None)
    RedactTokens().filter(record)
    text = record.getMessage()
    assert URLSAFE not in text and HEX40 not in text
    assert text == '127.0.0.1:5000 - "GET /api/files/[redacted]?x=[redacted] HTTP/1.1" 404'
