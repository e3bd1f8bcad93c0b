"""An event survives its worker killed (SIGKILL) and Redis killed and started again empty,
mid-round: beat and the new worker carry it on, each table plays the event's deals in
order, each once, and every deal's result is scored (scaled mode; a Redis of its own)."""

import time

import pytest
from django.conf import settings
from django.utils import timezone

from events import services
from events.models import Deal, DealResult, Event, Table
from games import records
from games.models import Match
from tests.conftest import require_service, start_beat, start_worker_process
from tests.event_tables import event_with_pairs
from tests.processes import RedisServer, stop_process
from tests.tables import wait_for

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]


def test_an_event_survives_a_worker_and_a_redis_restart_mid_round(tmp_path):
    require_service("Redis", settings.REDIS_URL)
    if not RedisServer.available():
        pytest.skip("redis-server is not installed")
    # Nobody present: bots play every seat, so the worker alone plays the event out.
    event, _ = event_with_pairs(4, deals=2, prefix="rs", here=0)
    Event.objects.filter(pk=event.pk).update(turn_seconds=5, starts_at=timezone.now())
    redis = RedisServer().start()
    env = {"REDIS_URL": redis.url, "CHANNELS_PREFIX": "events-restart", "EVENT_SWEEP_SECONDS": "0.5",
           "NEXT_HAND_SECONDS": "0.2", "BOT_MOVE_SECONDS": "0"}
    worker = start_worker_process("restart-worker", **env)
    beat = start_beat("restart-beat", tmp_path, **env)
    try:
        # Mid-round: the first deal scored at a table, the round still playing.
        wait_for(lambda: DealResult.objects.filter(table__round__event=event).exists(), timeout=60)
        worker.kill()
        worker.wait(10)
        assert Match.objects.filter(event_table__round__event=event, status=Match.Status.PLAYING).exists()
        redis.kill()  # its queues and channel groups are gone with it
        time.sleep(1)
        redis.start()
        worker = start_worker_process("restart-worker-2", **env)
        wait_for(lambda: Event.objects.filter(pk=event.pk, status=Event.Status.FINISHED).exists(),
                 timeout=60, every=0.2)
    finally:
        stop_process(beat)
        stop_process(worker)
        redis.kill()

    seeds = list(Deal.objects.filter(event=event).order_by("number").values_list("seed", flat=True))
    tables = list(Table.objects.filter(round__event=event).order_by("number"))
    assert len(tables) == 2
    for table in tables:
        match = Match.objects.get(pk=table.match_id)
        assert match.status == Match.Status.FINISHED and records.verify(match) == []
        dealt = [e.action["seed"] for e in match.events.order_by("seq") if e.action["type"] == "deal"]
        assert dealt == seeds  # the event's deals, in order, each dealt once
    results = sorted(DealResult.objects.filter(table__round__event=event)
                     .values_list("deal__number", "table__number"))
    assert results == [(1, 1), (1, 2), (2, 1), (2, 2)]  # none lost, none twice
    assert [row.deals for row in services.standings(Event.objects.get(pk=event.pk))] == [2] * 4
