"""Scaled mode: a hand that ends waits on the analysis queue, which the turn timers' worker
process never takes, until a worker started with `-Q analysis` (README, deploy/) analyses it."""

import time
import uuid

import pytest
from django.conf import settings

from analysis.models import HandAnalysis
from tarneeb.celery import app as celery_app
from tests.conftest import start_celery
from tests.processes import queued_tasks, stop_process
from tests.tables import play_until, start_match, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.scaled]


def test_only_the_analysis_worker_takes_the_analysis_queue(worker_process):
    # Hands that ended in earlier tests of this process wait there too: nobody took them.
    with celery_app.connection_for_write() as connection:
        connection.default_channel.queue_purge(settings.ANALYSIS_QUEUE)
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    wait_for(lambda: queued_tasks(settings.ANALYSIS_QUEUE) == 1, timeout=10)
    time.sleep(2)  # the default worker had the time to take it, were it to
    assert queued_tasks(settings.ANALYSIS_QUEUE) == 1 and not HandAnalysis.objects.exists()
    analyser = start_celery("analysis", "worker", "-Q", settings.ANALYSIS_QUEUE, "-P", "solo", "-l", "INFO",
                            "-n", f"analysis-{uuid.uuid4().hex[:6]}@%h", "--without-gossip",
                            "--without-mingle")
    try:
        assert wait_for(lambda: HandAnalysis.objects.filter(match=match, hand=1).first(), timeout=120)
    finally:
        stop_process(analyser)
