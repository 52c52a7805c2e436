"""Running the app under uvicorn, with a shutdown that does not hang on open event streams.

uvicorn waits for open connections before it runs the app's shutdown; an SSE stream never
ends on its own, so the streams are told to close first (``begin_shutdown``), then uvicorn
waits (at most ``GRACE_S``), then the lifespan stops the worker pool.
"""

from __future__ import annotations

import socket

import uvicorn
from fastapi import FastAPI

from pptxagent.service.app import begin_shutdown, create_app
from pptxagent.service.config import ServiceConfig

GRACE_S = 10


class ServiceServer(uvicorn.Server):
    def __init__(self, app: FastAPI, cfg: ServiceConfig, *, log_level: str = "info") -> None:
        self.app = app
        super().__init__(uvicorn.Config(
            app, host=cfg.host, port=cfg.port, log_level=log_level, lifespan="on",
            timeout_graceful_shutdown=GRACE_S, proxy_headers=False, server_header=False))

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        begin_shutdown(self.app)
        await super().shutdown(sockets)

    def stop(self) -> None:
        """Ask the server to stop (from any thread)."""
        begin_shutdown(self.app)
        self.should_exit = True


def build_server(cfg: ServiceConfig, *, log_level: str = "info") -> ServiceServer:
    return ServiceServer(create_app(cfg), cfg, log_level=log_level)


__all__ = ["ServiceServer", "build_server"]
