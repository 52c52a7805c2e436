"""The job store: SQLAlchemy 2 models, Alembic migrations, content-addressed artifacts."""
