"""Every response of the service carries the security headers, a crash's 500 too (Starlette
answers a crash outside every middleware, so its handler adds them itself), and a stream
passes through the middleware unbuffered."""

from __future__ import annotations

import warnings

from fastapi import FastAPI
from fastapi.responses import StreamingResponse

from pptxagent.service.app import _error_shapes
from pptxagent.service.headers import SECURITY_HEADERS, SecurityHeaders

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def _app() -> FastAPI:
    app = FastAPI()

    @app.get("/ok")
    def ok() -> dict[str, str]:
        return {"ok": "yes"}

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    @app.get("/stream")
    def stream() -> StreamingResponse:
        return StreamingResponse(iter(["data: 1\n\n", "data: 2\n\n"]),
                                 media_type="text/event-stream",
                                 headers={"X-Frame-Options": "SAMEORIGIN"})

    _error_shapes(app)
    app.add_middleware(SecurityHeaders)
    return app


def test_every_response_carries_the_security_headers_even_a_crash() -> None:
    client = TestClient(_app(), raise_server_exceptions=False)
    want = SECURITY_HEADERS
    for path, status in (("/ok", 200), ("/boom", 500), ("/missing", 404)):
        r = client.get(path)
        assert r.status_code == status
        assert {k: r.headers.get(k) for k in want} == want, path
    crash = client.get("/boom")
    assert crash.json() == {"detail": "internal error"}  # no trace, no message of the bug
    stream = client.get("/stream")
    assert stream.text == "data: 1\n\ndata: 2\n\n"
    assert stream.headers["x-frame-options"] == "SAMEORIGIN"  # a route's own header stays
    assert stream.headers["x-content-type-options"] == "nosniff"
