"""The Celery app: `celery -A tarneeb worker` / `celery -A tarneeb beat` in scaled mode.

In embedded mode the same app runs a worker thread inside the server process
(see tarneeb.embedded).
"""

import os
from typing import Any

from celery import Celery, Task
from celery.signals import task_postrun, task_prerun, worker_process_shutdown, worker_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarneeb.settings")

# Connections that retry a lost broker every 2 s rather than backing off to 30 s.
app = Celery("tarneeb", amqp="tarneeb.broker:AMQP")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def refresh_connections(sender: Task, **kwargs: Any) -> None:
    """Give each task a request's connection lifecycle: the connection goes back to the
    pool (PostgreSQL) or is closed (SQLite). Opening one per task was a third of a timer
    move's cost on PostgreSQL."""
    if getattr(sender.request, "is_eager", False):
        return  # runs inside the caller's transaction
    from django.db import close_old_connections

    close_old_connections()


@worker_process_shutdown.connect
@worker_shutdown.connect
def send_what_was_published(**kwargs: Any) -> None:
    """The last moves' broadcasts leave before the process does (publish does not wait)."""
    from tarneeb.realtime import flush

    flush()
