"""Django's PostgreSQL backend whose connection pool survives a database restart
(settings: ENGINE "tarneeb.postgresql").

After a restart or a failover every connection idle in a process's pool is dead. Django's
pool (CONN_HEALTH_CHECKS) checks a connection as it lends it, but psycopg_pool then tries
the next one after sleeping 1, 2, 4, 8 ... s between failed checks (psycopg_pool 3.3): with
six dead connections a request waited 15 s, with ten it timed out. Here the first failed
check sweeps the pool at once (`ConnectionPool.check()`), so the next try gets a live or a
fresh connection. The check is one loopback round trip per request (see
docs/security-faults.md); its price is paid only when it fails.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db.backends.base.base import NO_DB_ALIAS
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self) -> ConnectionPool | None:
        options = self.settings_dict["OPTIONS"].get("pool")
        if self.alias in self._connection_pools or self.alias == NO_DB_ALIAS or not options:
            return super().pool
        if self.settings_dict.get("CONN_MAX_AGE", 0) != 0:
            raise ImproperlyConfigured("Pooling doesn't support persistent connections.")
        alias, pools = self.alias, self._connection_pools

        def check(connection: Any) -> None:
            try:
                ConnectionPool.check_connection(connection)
            except Exception:
                # One dead connection means the server went away: test the idle rest now.
                if alias in pools:
                    pools[alias].check()
                raise

        # As Django builds it (django/db/backends/postgresql/base.py), with the check above.
        pool = ConnectionPool(
            kwargs={**self.get_connection_params(), "autocommit": True},
            open=False,
            configure=self._configure_connection,
            check=check,
            **({} if options is True else options),
        )
        self._connection_pools.setdefault(self.alias, pool)
        return self._connection_pools[self.alias]
