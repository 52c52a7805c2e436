"""What ``pptxagent serve`` runs (as ``python -m pptxagent.service``): migrate, make sure a
token exists, serve.

A token is registered from ``$PPTXAGENT_TOKEN`` when it is set; otherwise the first start
creates one and prints it once to stdout (the database keeps only its sha256; no log line
ever shows a token). SIGTERM or Ctrl-C: the event streams close, the workers stop, exit.
"""

from __future__ import annotations

import argparse
import os
import sys

from pptxagent.service.config import TOKEN_ENV, ServiceConfig
from pptxagent.service.redact import remember_secret
from pptxagent.service.server import build_server
from pptxagent.store import Store


def serve(cfg: ServiceConfig, *, token_name: str = "default", log_level: str = "info") -> None:
    store = Store(cfg.database_url, data_dir=cfg.data_dir, file_store=cfg.file_store)
    store.migrate()
    given = os.environ.get(TOKEN_ENV)
    if given:
        store.create_token(token_name, max_queued=cfg.queue_cap, plaintext=given)
        remember_secret(given)
        print(f"pptxagent: using the token from ${TOKEN_ENV}", file=sys.stderr)
    elif store.count_tokens() == 0:
        token = store.create_token(token_name, max_queued=cfg.queue_cap)
        remember_secret(token)
        print(f"API token (shown once, store it now): {token}", flush=True)
    where = "PostgreSQL" if store.is_postgres else f"SQLite in {cfg.data_dir}"
    store.close()
    print(f"pptxagent: serving http://{cfg.host}:{cfg.port} ({where}, {cfg.workers} "
          "worker(s)); API docs at /docs", file=sys.stderr, flush=True)
    build_server(cfg, log_level=log_level).run()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m pptxagent.service",
                                 description="Serve the API (see `pptxagent serve --help`).")
    ap.add_argument("--config-json", default="{}", help="a ServiceConfig as JSON")
    ap.add_argument("--token-name", default="default")
    ap.add_argument("--log-level", default="info")
    args = ap.parse_args(argv)
    serve(ServiceConfig.model_validate_json(args.config_json), token_name=args.token_name,
          log_level=args.log_level)


__all__ = ["main", "serve"]
