"""The in-process Celery worker of embedded mode.

daphne has no ASGI lifespan, so tarneeb.asgi starts the worker when it builds the
application: once per server process, never in AppConfig.ready() (which also runs in
the autoreloader's parent and in every management command).
"""

import logging
import os
import socket
import threading

from celery import Celery
from celery.beat import EmbeddedService
from celery.worker import WorkController
from django.conf import settings

from tarneeb.celery import app

log = logging.getLogger(__name__)

_started = threading.Event()
_lock = threading.Lock()


def start_worker() -> None:
    """Start the worker thread (and a beat thread) once; later calls do nothing."""
    with _lock:
        if _started.is_set():
            return
        worker = WorkController(
            app=app,
            pool="threads",
            concurrency=settings.EMBEDDED_WORKER_THREADS,
            queues=[app.conf.task_default_queue],  # not the analysis queue: its own worker's
            hostname=f"embedded-{os.getpid()}@{socket.gethostname()}",
            without_heartbeat=True,
            without_mingle=True,
            without_gossip=True,
            loglevel="INFO",
        )
        threading.Thread(target=worker.start, name="celery-worker", daemon=True).start()
        threading.Thread(target=_run_analysis, args=(_analysis_worker(),), name="celery-analysis",
                         daemon=True).start()
        if app.conf.beat_schedule:
            # A thread, not the default child process: the memory transport lives in
            # this process only.
            beat = EmbeddedService(app, thread=True, scheduler_cls="tarneeb.beat:Scheduler")
            assert isinstance(beat, threading.Thread)  # thread=True
            beat.start()
        _started.set()
        log.info("embedded Celery worker started, threads: %d", settings.EMBEDDED_WORKER_THREADS)
        threading.Thread(target=_ask_waiting_bots, name="ask-waiting-bots", daemon=True).start()


def _analysis_worker() -> WorkController:
    """The analysis queue's consumer (analysis/tasks.py): a second worker, so that the
    first one's bot moves and timer sweeps never wait behind an analysis.

    It has a Celery app of its own: the queues a worker consumes are chosen on its app,
    and the first worker must never consume this one's. The memory transport's queues are
    the process's, so both apps see the same broker. The solo pool runs a task on the
    worker's own thread, which gets a lower priority (nice): DDS releases the GIL and
    takes a core, and the server's threads come first.
    """
    analysis = Celery("tarneeb", amqp="tarneeb.broker:AMQP", set_as_current=False)
    analysis.config_from_object("django.conf:settings", namespace="CELERY")
    analysis.autodiscover_tasks()
    # Not a worker for pings and inspections: those ask about the turn timer's worker.
    analysis.conf.worker_enable_remote_control = False
    return WorkController(
        app=analysis,
        pool="solo",
        queues=[settings.ANALYSIS_QUEUE],
        hostname=f"analysis-{os.getpid()}@{socket.gethostname()}",
        without_heartbeat=True,
        without_mingle=True,
        without_gossip=True,
        loglevel="INFO",
    )


def _run_analysis(worker: WorkController) -> None:
    if hasattr(os, "setpriority"):
        # Linux: this thread's own nice value (and the threads it starts).
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), settings.ANALYSIS_NICE)
    worker.start()


def _ask_waiting_bots() -> None:
    # The memory transport lost the bots' moves of the previous process; the turn timers
    # are deadlines on the match rows, which beat's sweep plays.
    from django.db import connection

    from games.services.move_path import ask_waiting_bots

    try:
        log.info("asked %d bots to move", ask_waiting_bots())
    except Exception:
        log.exception("could not ask the waiting bots to move; the turn timer will play for them")
    finally:
        connection.close()
