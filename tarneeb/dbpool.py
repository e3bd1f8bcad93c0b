"""A PostgreSQL pool that survives a database restart.

After a restart or a failover every connection idle in a process's pool is dead. The pool
checks each connection as it lends it (settings: CONN_HEALTH_CHECKS, psycopg_pool's
`check_connection`: one empty query, about 0.04 ms on loopback), but psycopg_pool 3.3
then tries the next one after sleeping 1, 2, 4, 8 ... s between failed checks: with ten
dead connections one request waited 28 to 30 s. Here the first failed check sweeps the whole
pool at once (`ConnectionPool.check()`), so the next try gets a live or a fresh one.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db.backends.signals import connection_created
from psycopg_pool import ConnectionPool


def check_and_sweep(pool: ConnectionPool, connection: Any) -> None:
    try:
        ConnectionPool.check_connection(connection)
    except Exception:
        # One dead connection means the server went away: test the idle rest now.
        pool.check()
        raise


def _sweep_on_failed_check(sender: type, connection: Any, **kwargs: Any) -> None:
    pool = getattr(connection, "pool", None)  # PostgreSQL's wrapper only
    # Django builds the pool with check=check_connection; psycopg_pool keeps it in `_check`
    # with no setter, and Django lets no other check through OPTIONS["pool"].
    if pool is not None and getattr(pool, "_check", None) is ConnectionPool.check_connection:
        pool._check = partial(check_and_sweep, pool)


def install() -> None:
    """Called once per process (games.apps): each pool is wrapped on its first lend."""
    connection_created.connect(_sweep_on_failed_check, dispatch_uid="tarneeb.dbpool")
