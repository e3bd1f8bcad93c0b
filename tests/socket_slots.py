"""Helpers for the tests of the open-socket caps (tarneeb/sockets.py)."""

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings

from tarneeb.sockets import CLOSE_TOO_MANY_SOCKETS
from tests.tables import HOST, ORIGIN, receive


@pytest.fixture(autouse=True)
def no_slots_left_over() -> Iterator[None]:
    """In scaled mode the slots live in Redis, where a slot an earlier run left behind
    would last until it expired: each test starts without any."""
    if settings.SCALED:
        import redis

        client = redis.Redis.from_url(settings.REDIS_URL)
        prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
        for key in client.scan_iter(f"{prefix}:sockets:*"):
            client.delete(key)
        client.close()
    yield


def a_network() -> str:
    """A /64 of the documentation prefix of its own, e.g. "2001:db8:1a2b:3c4d"."""
    digits = uuid.uuid4().hex
    return f"2001:db8:{digits[:4]}:{digits[4:8]}"


async def open_socket(application: Any, path: str, client: str | None = None,
                      cookie: bytes | None = None) -> WebsocketCommunicator:
    headers = [HOST, ORIGIN] + ([(b"cookie", cookie)] if cookie else [])
    socket = WebsocketCommunicator(application, path, headers=headers)
    if client is not None:
        socket.scope["client"] = [client, 50000]  # read when the application starts, on connect
    assert (await socket.connect(timeout=30))[0]
    return socket


async def assert_refused(socket: WebsocketCommunicator, code: str) -> None:
    """The socket is sent the `error` `code`, then closed with 4409."""
    error = await receive(socket, "error")
    assert error["code"] == code, error
    assert error["message"]
    closing = await socket.receive_output(timeout=10)
    assert closing == {"type": "websocket.close", "code": CLOSE_TOO_MANY_SOCKETS}
