"""The HTTP service: FastAPI app, bearer auth, live events, the local worker pool, the UI.

``create_app(ServiceConfig(...))`` builds the app; ``pptxagent serve`` runs it under uvicorn.
"""

from pptxagent.service.app import create_app
from pptxagent.service.config import ServiceConfig

__all__ = ["ServiceConfig", "create_app"]
