"""A worker killed mid-game: while none runs no turn is played, and once one runs again every
overdue turn is played, exactly once (scaled mode: Redis broker, beat's sweep)."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games import records
from games.models import Match, MatchEvent
from games.services import room_life
from tarneeb.celery import app as celery_app
from tests.conftest import require_service, start_beat, start_worker_process
from tests.processes import queued_tasks, stop_process, wait_for_worker
from tests.tables import start_match, wait_for

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]


def test_overdue_turns_are_played_once_after_a_worker_crash(tmp_path):
    require_service("Redis", settings.REDIS_URL)
    celery_app.control.purge()
    beat = start_beat("crash-beat", tmp_path, SWEEP_SECONDS="1")
    first = start_worker_process("crash-worker-1")
    second = None
    try:
        wait_for_worker()
        # Deadlines far enough ahead that none passes before the crash, however slow the
        # machine; they are moved past once the worker is gone.
        matches = [start_match("classic", turn_seconds=60) for _ in range(5)]
        versions = {match.pk: match.version for match in matches}
        first.kill()
        first.wait(10)
        Match.objects.filter(pk__in=versions).update(deadline=timezone.now() - timedelta(seconds=1))
        queued = queued_tasks()
        wait_for(lambda: queued_tasks() > queued, timeout=30)  # beat asked for a sweep
        assert {m.pk: m.version for m in Match.objects.filter(pk__in=versions)} == versions, \
            "nothing plays while no worker runs"

        second = start_worker_process("crash-worker-2")
        wait_for(lambda: all(m.version > versions[m.pk] for m in Match.objects.filter(pk__in=versions)),
                 timeout=60)
        for match in matches:
            room_life.close_room(match.room_id)
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
