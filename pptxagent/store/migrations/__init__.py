"""Alembic migrations of the job store (run by ``Store.migrate``)."""
