"""A logged-in user holds at most USER_SOCKETS websockets open at once, from any address;
the next is sent `too_many_sockets` and closed with 4409. Logged-out sockets count only
under their address."""

import uuid

import pytest
from channels.db import database_sync_to_async

from tests.socket_slots import (
    a_network,
    assert_refused,
    no_slots_left_over,  # noqa: F401 - an autouse fixture
    open_socket,
)
from tests.tables import make_players, receive, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_user_beyond_their_open_sockets_is_refused_until_one_closes(asgi_application, settings):
    settings.USER_SOCKETS = 2
    (player,) = await database_sync_to_async(make_players)(1, prefix=f"holder-{uuid.uuid4().hex[:6]}-")
    cookie = await database_sync_to_async(session_cookie)(player)
    # From addresses of their own: the user is counted, not the address.
    held = [await open_socket(asgi_application, "/ws/lobby/", f"{a_network()}::1", cookie) for _ in range(2)]
    for socket in held:
        await receive(socket, "rooms")

    refused = await open_socket(asgi_application, "/ws/lobby/", f"{a_network()}::1", cookie)
    await assert_refused(refused, "too_many_sockets")
    logged_out = await open_socket(asgi_application, "/ws/lobby/", f"{a_network()}::1")
    await receive(logged_out, "rooms")

    await held[0].disconnect()
    again = await open_socket(asgi_application, "/ws/lobby/", f"{a_network()}::1", cookie)
    await receive(again, "rooms")
    for socket in [held[1], logged_out, again]:
        await socket.disconnect()
