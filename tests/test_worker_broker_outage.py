"""Redis, the broker, dies while the worker holds a task for later and comes back: the
worker is still running and the overdue turn is played, once, within 10 s of Redis's return
(scaled mode; a Redis of the test's own on a free port, killed with -9)."""

import contextlib
import os
import subprocess
import threading
from collections.abc import Iterator

import pytest
import redis
from django.utils import timezone

from games import records
from games.models import Match, MatchEvent
from games.services import room_life
from games.tasks import announce
from tarneeb.celery import app as celery_app
from tests.conftest import IN_CI, start_beat, start_worker_process
from tests.processes import RedisServer, stop_process, wait_for_worker
from tests.tables import start_match, wait_for

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]

# How long Redis stays down. The worker died the moment it lost Redis, so a short outage
# shows it; the sweeper's turns must still fall due while Redis is away.
OUTAGE_SECONDS = float(os.environ.get("BROKER_OUTAGE_SECONDS", "5"))
TURN_SECONDS = 2
RECOVERY_LIMIT = 10.0


@contextlib.contextmanager
def broker(url: str) -> Iterator[None]:
    """This process's Celery app publishes to, and reads results from, `url` meanwhile.

    The app caches its connection and producer pools and its result backend (per
    thread): all are dropped on the way in and out, as Celery does after a fork."""
    saved = celery_app.conf.broker_url, celery_app.conf.result_backend

    def switch(broker_url: str, backend: str) -> None:
        celery_app.conf.broker_url, celery_app.conf.result_backend = broker_url, backend
        celery_app._pool = None
        celery_app.amqp._producer_pool = None
        celery_app._backend_cache = None
        celery_app._local = threading.local()

    switch(url, url)
    try:
        yield
    finally:
        switch(*saved)


def test_the_worker_outlives_a_redis_outage_and_plays_the_overdue_turn(tmp_path):
    if not RedisServer.available():
        message = "redis-server is not installed: this test starts a Redis of its own"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    own = RedisServer(log=tmp_path / "redis.log").start()
    processes = []
    try:
        with broker(own.url):
            env = {"REDIS_URL": own.url, "CHANNELS_PREFIX": "outage"}
            processes.append(start_beat("outage-beat", tmp_path, SWEEP_SECONDS="1", **env))
            worker = start_worker_process("outage-worker", pool="prefork", concurrency=2, **env)
            processes.append(worker)
            wait_for_worker()

            match = start_match("classic", turn_seconds=TURN_SECONDS)
            version = match.version
            # The worker holds a task for later (unacknowledged, waiting for its ETA, as a
            # bot's move waits out its pause) and waits in BRPOP for more: the state in
            # which losing Redis used to end it.
            announce.apply_async(("later",), countdown=600)
            client = redis.Redis.from_url(own.url)
            wait_for(lambda: client.hlen("unacked") >= 1 and client.info("clients")["blocked_clients"] >= 1,
                     timeout=10, every=0.01)
            own.kill()
            wait_for(lambda: Match.objects.get(pk=match.pk).deadline < timezone.now(),
                     timeout=TURN_SECONDS + 1)
            # The outage itself; returns early only if the worker exits.
            with contextlib.suppress(subprocess.TimeoutExpired):
                worker.wait(OUTAGE_SECONDS)
            assert worker.poll() is None, f"the worker exited (code {worker.returncode}) while Redis was down"
            assert Match.objects.get(pk=match.pk).version == version, "nothing plays without a broker"

            own.start()
            back = timezone.now()
            wait_for(lambda: Match.objects.get(pk=match.pk).version > version, timeout=30, every=0.1)
            played = MatchEvent.objects.get(match=match, seq=version + 1)
            recovery = (played.created_at - back).total_seconds()
            assert worker.poll() is None
            wait_for_worker(10)
            room_life.close_room(match.room_id)
    finally:
        for process in processes:
            stop_process(process)
        own.kill()

    assert played.actor == MatchEvent.Actor.TIMER
    match.refresh_from_db()
    seqs = list(match.events.values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1)), "a gap or a repeat in the event log"
    assert records.rebuild(match).to_dict() == match.state, "a turn was played twice"
    assert recovery <= RECOVERY_LIMIT, f"the overdue turn came {recovery:.1f} s after Redis returned"
    print(f"\noverdue turn played {recovery:.2f} s after Redis returned ({OUTAGE_SECONDS:.0f} s outage)")
