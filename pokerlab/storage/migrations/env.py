"""Alembic environment for pokerlab's database (run by pokerlab.storage.alembic_upgrade at open).

pokerlab calls ``alembic.command.upgrade`` with its own connection in
``config.attributes["connection"]``, already inside the write transaction that serialises
migrations; this file only hands that connection to Alembic. Run by hand (``alembic -x
url=... upgrade heads`` with a config whose ``script_location`` is ``pokerlab.storage:migrations``)
it opens the URL given, or the database :func:`pokerlab.storage.open_store` would choose.
"""

from __future__ import annotations

import sqlalchemy
from alembic import context

from pokerlab.storage.schema import complete_metadata
from pokerlab.storage.urls import database_url


def run(bound) -> None:  # type: ignore[no-untyped-def]
    context.configure(connection=bound, target_metadata=complete_metadata(), render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


config = getattr(context, "config", None)  # None when merely imported (pytest --doctest-modules)
connection = None if config is None else config.attributes.get("connection")
if connection is not None:
    run(connection)
elif config is not None:
    url = context.get_x_argument(as_dictionary=True).get("url") or database_url()
    engine = sqlalchemy.create_engine(url)
    with engine.begin() as opened:
        run(opened)
    engine.dispose()
