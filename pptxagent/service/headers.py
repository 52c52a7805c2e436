"""Security headers on every response (the API, the downloads, the UI's files): a browser
never sniffs a download's type into something it runs, never frames the UI into another
site's page, and never sends a job's URL on as a referrer."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

SECURITY_HEADERS: dict[str, str] = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}
_RAW = tuple((k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items())


class SecurityHeaders:
    """Pure ASGI middleware (streams such as ``/events/stream`` pass through unbuffered)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in _RAW if k not in have]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


__all__ = ["SECURITY_HEADERS", "SecurityHeaders"]
