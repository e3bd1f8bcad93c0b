"""A worker killed while turns are pending: after a restart every overdue turn is played
within seconds, and exactly once (scaled mode: Redis broker, beat's sweeper)."""

import signal
import time

import pytest
from django.conf import settings

from games import records, services
from games.models import Match, MatchEvent
from tarneeb.celery import app as celery_app
from tests.conftest import require_service, start_celery, start_worker_process
from tests.processes import stop_process, wait_for_worker
from tests.tables import start_match, wait_for

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]


def test_overdue_turns_are_played_once_after_a_worker_crash(tmp_path):
    require_service("Redis", settings.REDIS_URL)
    celery_app.control.purge()
    beat = start_celery("crash-beat", "beat", "-l", "INFO", "-s", str(tmp_path / "beat-schedule"),
                        SWEEP_SECONDS="1")
    first = start_worker_process("crash-worker-1")
    second = None
    try:
        wait_for_worker()
        matches = [start_match("classic", turn_seconds=3) for _ in range(5)]
        time.sleep(0.3)  # the worker now holds their timers
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        versions = {match.pk: match.version for match in matches}
        time.sleep(3.5)
        assert {m.pk: m.version for m in Match.objects.filter(pk__in=versions)} == versions, \
            "nothing plays while no worker runs"

        restarted = time.monotonic()
        second = start_worker_process("crash-worker-2")
        wait_for(lambda: all(m.version > versions[m.pk] for m in Match.objects.filter(pk__in=versions)),
                 timeout=5)
        recovery = time.monotonic() - restarted
        for match in matches:
            services.close_room(match.room_id)
    finally:
        for process in (first, second, beat):
            if process is not None:
                stop_process(process)

    for match in Match.objects.filter(pk__in=versions):
        overdue = MatchEvent.objects.get(match=match, seq=versions[match.pk] + 1)
        assert overdue.actor == MatchEvent.Actor.TIMER
        seqs = list(match.events.values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1))
        assert records.rebuild(match).to_dict() == match.state, "a turn was played twice"
    print(f"overdue turns played {recovery:.2f} s after the restart")
