"""A countdown task run by the worker reaches a websocket group on time, in both modes:
from the in-process worker thread (embedded) and from a separate worker process
through Redis (scaled)."""

import time
from datetime import UTC, datetime

import pytest
from channels.testing import WebsocketCommunicator

from games.tasks import announce
from tests.tables import HOST, ORIGIN

pytestmark = pytest.mark.django_db(transaction=True)

HEADERS = [HOST, ORIGIN]


async def test_a_countdown_task_reaches_the_lobby_on_time(worker, asgi_application):
    socket = WebsocketCommunicator(asgi_application, "/ws/lobby/", headers=HEADERS)
    connected, _ = await socket.connect()
    assert connected
    assert (await socket.receive_json_from(timeout=5))["type"] == "rooms"
    lateness = []
    for n in range(3):
        due = time.time() + 1.0
        announce.apply_async((f"notice {n}",), eta=datetime.fromtimestamp(due, UTC))
        message = await socket.receive_json_from(timeout=10)
        lateness.append(time.time() - due)
        assert message == {"type": "announcement", "text": f"notice {n}"}
    await socket.disconnect()
    print("countdown lateness ms:", [round(late * 1000, 1) for late in lateness])
    assert min(lateness) >= 0, f"delivered early: {lateness}"
    assert max(lateness) < 0.1, f"delivered late: {lateness}"


