"""A countdown task run by the worker reaches a websocket group, never before it is due, in
both modes: from the in-process worker thread (embedded) and from a separate worker
process through Redis (scaled). How late it comes is benchmarks/timer_lateness.py's."""

import time
from datetime import UTC, datetime

import pytest
from channels.testing import WebsocketCommunicator

from games.tasks import announce
from tests.tables import HOST, ORIGIN

pytestmark = pytest.mark.django_db(transaction=True)

HEADERS = [HOST, ORIGIN]


async def test_a_countdown_task_reaches_the_lobby_once_it_is_due(worker, asgi_application):
    socket = WebsocketCommunicator(asgi_application, "/ws/lobby/", headers=HEADERS)
    connected, _ = await socket.connect(timeout=10)
    assert connected
    assert (await socket.receive_json_from(timeout=10))["type"] == "rooms"
    for n in range(3):
        due = time.time() + 1.0
        announce.apply_async((f"notice {n}",), eta=datetime.fromtimestamp(due, UTC))
        message = await socket.receive_json_from(timeout=30)
        arrived = time.time()
        assert message == {"type": "announcement", "text": f"notice {n}"}
        assert arrived >= due, f"delivered {due - arrived:.3f} s early"
    await socket.disconnect()
