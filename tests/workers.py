"""Parallel test processes (pytest-xdist, `make test`) that cannot see each other's work.

Loaded with `-p tests.workers` (pyproject.toml), so it runs before pytest-django reads the
settings. pytest-django gives each worker a test database of its own (…_gw0, …_gw1);
in scaled mode this gives each a Redis database and a channel-layer prefix of its own,
so that one worker's Celery processes never take another's tasks (which name matches
in another database), its sockets never hear another's groups, and Celery's inspect and
purge see only its own.
"""

import os
from urllib.parse import urlsplit, urlunsplit

REDIS_DATABASES = 16  # Redis's default


def redis_url_for(url: str, worker: int) -> str:
    """`url` moved `worker` databases on: worker 0 keeps the one it was given."""
    parts = urlsplit(url)
    database = int(parts.path.lstrip("/") or 0) + worker
    if database >= REDIS_DATABASES:
        raise RuntimeError(f"{worker + 1} test workers need Redis databases up to {database}")
    return urlunsplit(parts._replace(path=f"/{database}"))


def _isolate() -> None:
    name = os.environ.get("PYTEST_XDIST_WORKER")  # gw0, gw1, ... in each worker process
    if name is None or not os.environ.get("REDIS_URL"):
        return
    worker = int(name.removeprefix("gw"))
    os.environ["REDIS_URL"] = redis_url_for(os.environ["REDIS_URL"], worker)
    os.environ["CHANNELS_PREFIX"] = f"{os.environ.get('CHANNELS_PREFIX', 'tarneeb')}-{name}"


_isolate()
