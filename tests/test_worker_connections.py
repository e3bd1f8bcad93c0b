"""The worker keeps its PostgreSQL connections between timer moves (a new one per task
was a third of a move's cost), and gets over the database dropping them by itself."""

import time
from datetime import datetime

import pytest
from django.db import connection

from games import services
from games.models import Match
from tests.tables import start_match, wait_for

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]


def worker_connections() -> list[tuple[int, datetime]]:
    """(pid, backend_start) of the worker's sessions (tests.conftest.start_celery names them)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pid, backend_start FROM pg_stat_activity "
                       "WHERE datname = current_database() AND application_name = 'worker'")
        return cursor.fetchall()


def played_by_timer(match_id: int, moves: int) -> bool:
    return Match.objects.get(pk=match_id).version > moves


def play_a_while(moves: int, tables: int = 1) -> None:
    """Start matches whose turns the timer plays at once; stop them after `moves`."""
    matches = [start_match("classic", turn_seconds=0) for _ in range(tables)]
    wait_for(lambda: all(played_by_timer(match.pk, moves) for match in matches), timeout=30)
    for match in matches:
        services.close_room(match.room_id)
    time.sleep(0.5)  # let the timer tasks in flight finish


def test_timer_moves_reuse_the_workers_connections(worker):
    play_a_while(5)
    kept = dict(worker_connections())
    assert kept, "the worker closed its connections after its tasks"
    play_a_while(40)
    after = dict(worker_connections())
    assert all(after.get(pid) == started for pid, started in kept.items()), "a kept connection was replaced"
    # A threads pool gives each thread its connection: at most one new one per thread.
    assert len(set(after) - set(kept)) <= 8


def test_the_worker_reconnects_when_the_database_drops_its_connections(worker):
    play_a_while(10, tables=4)  # busy enough for each of the pool's threads to connect
    dropped = [pid for pid, _started in worker_connections()]
    assert len(dropped) > 1
    with connection.cursor() as cursor:
        for pid in dropped:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    wait_for(lambda: not set(dropped) & {pid for pid, _started in worker_connections()}, timeout=5)

    # No beat runs here: the scheduled timer tasks themselves must get through.
    play_a_while(20, tables=4)
