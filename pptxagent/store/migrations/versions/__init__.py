"""Alembic revisions (one file per revision)."""
