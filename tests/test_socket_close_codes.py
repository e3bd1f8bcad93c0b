"""A websocket handshake the server refuses ends in a 4xxx close code, never in an HTTP
error status: 4404 for an unknown path or room, 4403 for a foreign Origin, 1011 when the
handshake fails inside the server."""

import asyncio
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from games.services import published
from tests.tables import HOST, ORIGIN

pytestmark = pytest.mark.django_db(transaction=True)


async def communicator_close_code(application: Any, path: str, headers: list[tuple[bytes, bytes]]) -> int:
    socket = WebsocketCommunicator(application, path, headers=headers)
    # A loaded machine can take seconds to join the room group and read the database (CI once
    # took 15 s); wait for the answer, not a clock.
    assert (await socket.connect(timeout=60))[0], "accepted, so that the close code reaches the client"
    closing = await socket.receive_output(timeout=30)
    assert closing["type"] == "websocket.close", closing
    return closing["code"]


async def daphne_close_code(base: str, path: str, origin: str) -> int:
    """The close code a plain client gets; an HTTP status would raise InvalidStatus."""
    url = base.replace("http://", "ws://") + path
    async with connect(url, origin=Origin(origin), proxy=None, open_timeout=10) as socket:
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(socket.recv(), 10)
    assert closed.value.rcvd is not None, "the server dropped the connection without a close frame"
    return closed.value.rcvd.code


async def test_an_unknown_path_is_closed_with_4404(asgi_application):
    assert await communicator_close_code(asgi_application, "/ws/nowhere/", [HOST, ORIGIN]) == 4404
    assert await communicator_close_code(asgi_application, "/ws/rooms/a/b/", [HOST, ORIGIN]) == 4404


async def test_an_unknown_room_is_closed_with_4404(asgi_application):
    assert await communicator_close_code(asgi_application, "/ws/rooms/nope/", [HOST, ORIGIN]) == 4404


async def test_a_handshake_that_fails_in_the_server_is_closed_with_1011(asgi_application, monkeypatch):
    def broken(room_id: str) -> None:
        raise RuntimeError("database down")

    monkeypatch.setattr(published, "room_snapshot", broken)
    assert await communicator_close_code(asgi_application, "/ws/rooms/any/", [HOST, ORIGIN]) == 1011


async def test_daphne_answers_refused_handshakes_with_close_codes(site):
    own = site
    assert await daphne_close_code(site, "/ws/nowhere/", own) == 4404
    assert await daphne_close_code(site, "/ws/rooms/nope/", own) == 4404
    assert await daphne_close_code(site, "/ws/lobby/", "http://127.0.0.1:9999") == 4403
