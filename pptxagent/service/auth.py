"""Bearer-token authentication: ``Authorization: Bearer <token>`` and nothing else.

A token in a query parameter or a cookie is never looked at. The store keeps only the token's
sha256 and compares hashes in constant time (``Store.token_id``). A missing or unknown token
is a 401 with ``WWW-Authenticate``; the answer never repeats the token.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from pptxagent.store import Store

bearer = HTTPBearer(auto_error=False, description="A token printed by `pptxagent serve`.")


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def require_token(
    request: Request,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> int:
    """The caller's token id, or 401."""
    if creds is None or creds.scheme.lower() != "bearer" or not creds.credentials:
        raise HTTPException(401, "missing bearer token (send 'Authorization: Bearer <token>')",
                            headers={"WWW-Authenticate": 'Bearer realm="pptxagent"'})
    token_id = store_of(request).token_id(creds.credentials)
    if token_id is None:
        raise HTTPException(401, "invalid or revoked token", headers={
            "WWW-Authenticate": 'Bearer realm="pptxagent", error="invalid_token"'})
    return token_id


TokenId = Annotated[int, Depends(require_token)]
StoreDep = Annotated[Store, Depends(store_of)]
