"""The HTTP service: FastAPI app, bearer auth, live events, the local worker pool, the UI.

``pptxagent.service.app.create_app(ServiceConfig(...))`` builds the app
(``pptxagent.service.config``); ``python -m pptxagent.service`` (what ``pptxagent serve`` runs)
serves it under uvicorn. This package root imports nothing, so the CLI's other commands do not
pay for FastAPI, SQLAlchemy and Alembic.
"""
