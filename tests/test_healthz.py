from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import AsyncClient
from django.utils import timezone

from games.models import Match
from tests.tables import start_match

pytestmark = pytest.mark.django_db(transaction=True)


async def test_it_reports_every_part_healthy(worker, settings):
    response = await AsyncClient().get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["mode"] == ("scaled" if settings.SCALED else "embedded")
    assert {name for name, check in body["checks"].items() if check["ok"]} == {
        "database", "channel_layer", "worker", "turn_timer"}


async def test_its_channel_layer_check_leaves_no_channel_behind(worker):
    layer = get_channel_layer()
    await AsyncClient().get("/healthz")
    channels = len(layer.channels)  # the pub/sub layer's: each one a Redis subscription
    for _ in range(3):
        assert (await AsyncClient().get("/healthz")).status_code == 200
    assert len(layer.channels) == channels


async def test_it_answers_503_when_the_channel_layer_is_down(worker, monkeypatch):
    layer = get_channel_layer()

    async def refuse(*args, **kwargs):
        raise ConnectionError("layer down")

    monkeypatch.setattr(layer, "send", refuse)
    response = await AsyncClient().get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "down"
    assert body["checks"]["channel_layer"]["ok"] is False
    assert body["checks"]["database"]["ok"] is True


async def test_it_answers_503_when_no_worker_answers(monkeypatch):
    from tarneeb import views

    monkeypatch.setattr(views, "CHECK_TIMEOUT", 0.5)
    monkeypatch.setattr(views.ping, "apply_async", _never_answered)
    response = await AsyncClient().get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["worker"]["ok"] is False


def _never_answered(*args, **kwargs):
    from celery.result import AsyncResult

    return AsyncResult("no-such-task")


@pytest.mark.usefixtures("timer_by_hand")  # nothing plays the turn, as when beat is down
async def test_it_answers_503_while_a_turn_is_overdue_past_the_stall_limit(settings, monkeypatch):
    from tarneeb import views

    monkeypatch.setattr(views, "CHECK_TIMEOUT", 0.5)  # no worker needed here
    match = await database_sync_to_async(start_match)("classic", turn_seconds=30)
    overdue = Match.objects.filter(pk=match.pk).update
    await database_sync_to_async(overdue)(deadline=timezone.now() - timedelta(seconds=5))
    response = await AsyncClient().get("/healthz")
    assert response.json()["checks"]["turn_timer"]["ok"], "a few sweeps late is not a stall"

    settings.TIMER_STALL_SECONDS = 4
    response = await AsyncClient().get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["turn_timer"] == {
        "ok": False, "error": "RuntimeError: turns overdue by more than 4 s: 1"}
