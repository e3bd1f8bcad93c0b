"""Scaled mode: a moderator's suspension, made in one process, closes the player's socket
on another daphne process within seconds: the `user.suspended` event crosses over
channels_redis to the per-user group their socket joined."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from websockets.exceptions import ConnectionClosed

from moderation import services
from tests.moderators import make_moderator
from tests.protocol_client import HttpSession, TableClient
from tests.tables import create_room, make_players, session_cookie

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]


async def test_a_suspension_closes_a_socket_on_another_server(site):
    player, owner = await database_sync_to_async(make_players)(2)
    moderator = await database_sync_to_async(make_moderator)()
    room = await database_sync_to_async(create_room)(owner)
    cookie = (await database_sync_to_async(session_cookie)(player)).decode().split("=", 1)[1]
    client = TableClient(site, room.pk, HttpSession(site, {"sessionid": cookie}))
    await client.connect()

    await database_sync_to_async(services.suspend)(moderator, player, "collusion", days=1)
    # Without the event the socket would stay open until it next sent something.
    refusal = await client.next_message("error", timeout=15)
    assert refusal["code"] == "suspended"
    with pytest.raises(ConnectionClosed) as closed:
        await asyncio.wait_for(client.socket.recv(), 15)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
