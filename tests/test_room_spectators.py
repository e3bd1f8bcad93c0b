"""A room takes at most ROOM_SPECTATORS sockets of people not seated there, logged in or
out; the next is sent `spectators_full` and closed with 4409. Its seated players' sockets
are always let in, and a spectator who leaves frees a place."""

import uuid
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.models import Seat
from tests.socket_slots import (
    a_network,
    assert_refused,
    no_slots_left_over,  # noqa: F401 - an autouse fixture
    open_socket,
)
from tests.tables import create_room, make_players, receive, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def room_with_a_player_seated() -> tuple[str, bytes, bytes]:
    """A room, the cookie of the player seated there and of a logged-in visitor."""
    owner, visitor = make_players(2, prefix=f"watch-{uuid.uuid4().hex[:6]}-")
    room = create_room(owner)
    # Present (its page open), or beat's sweep would give the seat up mid-test: a seat
    # nobody is at is released (games.services.room_life.release_left_seats).
    Seat.objects.get_or_create(room=room, user=owner,
                               defaults={"number": 0, "here_until": timezone.now() + timedelta(minutes=10)})
    return room.pk, session_cookie(owner), session_cookie(visitor)


async def test_a_room_full_of_spectators_refuses_more_but_not_its_players(asgi_application, settings):
    settings.ROOM_SPECTATORS = 2
    room_id, player, visitor = await database_sync_to_async(room_with_a_player_seated)()
    path = f"/ws/rooms/{room_id}/"
    spectators = [await open_socket(asgi_application, path, f"{a_network()}::1") for _ in range(2)]
    for socket in spectators:
        await receive(socket)

    for cookie in (None, visitor):
        refused = await open_socket(asgi_application, path, f"{a_network()}::1", cookie)
        await assert_refused(refused, "spectators_full")
    seated = await open_socket(asgi_application, path, f"{a_network()}::1", player)
    assert (await receive(seated))["you"]["seat"] == 0
    lobby = await open_socket(asgi_application, "/ws/lobby/", f"{a_network()}::1")
    await receive(lobby, "rooms")

    await spectators[0].disconnect()
    again = await open_socket(asgi_application, path, f"{a_network()}::1", visitor)
    assert (await receive(again))["you"]["seat"] is None
    for socket in [spectators[1], seated, lobby, again]:
        await socket.disconnect()
