"""Alembic migrations of the server's schema, run by ``Store.create_schema`` at start-up.

A new revision: change the models in ``storage.py``, then add a file under
``versions/`` (``alembic -x`` is not needed; copy ``0001_initial.py``'s shape, or
generate one with ``alembic revision --autogenerate`` pointed at this
directory). Revisions must work on SQLite and PostgreSQL alike: use
``op.batch_alter_table`` for changes SQLite cannot make in place.
"""
