"""The worker keeps its PostgreSQL connections between the turn timer's sweeps (a new one per task
was a third of a move's cost), and gets over the database dropping them by itself.

The worker here runs as README says (prefork) with one child process, whose pool
serves every task."""

from collections.abc import Iterator
from datetime import datetime

import pytest
from django.conf import settings
from django.db import connection

from games.models import Match
from games.services import room_life
from tarneeb.celery import app as celery_app
from tests.conftest import require_service, start_beat, start_worker_process
from tests.processes import stop_process, wait_for_worker, workers_idle
from tests.tables import start_match, wait_for

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def prefork_worker(django_db_setup: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    require_service("Redis", settings.REDIS_URL)
    celery_app.control.purge()
    process = start_worker_process("prefork-worker", pool="prefork", concurrency=1)
    beat = start_beat("prefork-beat", tmp_path_factory.mktemp("beat"))
    try:
        wait_for_worker()
        yield
    finally:
        stop_process(beat)
        stop_process(process)


def worker_connections() -> dict[int, datetime]:
    """pid -> backend_start of the worker's sessions (tests.conftest.start_celery names them)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pid, backend_start FROM pg_stat_activity "
                       "WHERE datname = current_database() AND application_name = 'prefork-worker'")
        return dict(cursor.fetchall())


def play_a_while(moves: int) -> None:
    """Start a match whose turns the timer plays at once; stop it after `moves`."""
    match = start_match("classic", turn_seconds=0)
    wait_for(lambda: Match.objects.get(pk=match.pk).version > moves, timeout=90)
    room_life.close_room(match.room_id)
    wait_for(workers_idle, timeout=30)  # the timer tasks in flight have finished


def test_timer_moves_reuse_the_workers_connections(prefork_worker):
    play_a_while(5)
    kept = worker_connections()
    assert kept, "the worker closed its connection after its tasks"
    play_a_while(40)
    assert worker_connections() == kept, "connections were opened or replaced during 40 timer moves"


def test_the_worker_reconnects_when_the_database_drops_its_connections(prefork_worker):
    play_a_while(5)
    dropped = worker_connections()
    assert dropped
    with connection.cursor() as cursor:
        for pid in dropped:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    wait_for(lambda: not set(dropped) & set(worker_connections()), timeout=30)

    # The sweeps themselves must get through, on new connections.
    play_a_while(10)
    assert worker_connections()
