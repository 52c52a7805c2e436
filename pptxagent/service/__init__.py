"""The HTTP service: FastAPI app, bearer auth, live events, the local worker pool, the UI."""
