"""The friends list says who is online now (a page of theirs holds a socket, on any
server) and at which public table; a private table is not named. Online friends come first."""

import re

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from friends import services as friends
from games.services import room_life
from tests.socket_slots import no_slots_left_over, open_socket  # noqa: F401 - an autouse fixture
from tests.tables import create_room, make_players, receive, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def friends_page(user) -> dict[str, str]:
    """Each friend's name and what the list says of them, in its order."""
    client = Client()
    client.force_login(user)
    page = client.get("/friends/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    rows = re.findall(r'data-friend="([^"]+)">.*?<span class="friend-where">(.*?)</span>', page, re.S)
    return {name: " ".join(re.sub(r"<[^>]+>", " ", where).split()) for name, where in rows}


async def test_who_is_online_and_at_which_table(asgi_application):
    me, lobby_friend, table_friend, private_friend, away = await database_sync_to_async(make_players)(
        5, prefix="presence-")
    for friend in (lobby_friend, table_friend, private_friend, away):
        await database_sync_to_async(friends.follow)(me, friend.username)
    public = await database_sync_to_async(create_room)(table_friend)
    await database_sync_to_async(room_life.sit)(public.pk, table_friend, 0)
    private = await database_sync_to_async(room_life.create_room)(
        private_friend, name="hidden away", variant="classic", target=31, turn_seconds=60, private=True)
    await database_sync_to_async(room_life.sit)(private.pk, private_friend, 0)

    # Seated a moment ago (Seat.here_until): at the table, before any page is open.
    assert await database_sync_to_async(friends_page)(me) == {
        "presence-2": "At the table test table", "presence-3": "At a private table",
        "presence-1": "Offline", "presence-4": "Offline"}
    cookies = {user: await database_sync_to_async(session_cookie)(user)
               for user in (lobby_friend, table_friend, private_friend)}
    lobby = await open_socket(asgi_application, "/ws/lobby/", "127.0.0.1", cookies[lobby_friend])
    await receive(lobby, "rooms")
    table = await open_socket(asgi_application, f"/ws/rooms/{public.pk}/", "127.0.0.1", cookies[table_friend])
    await receive(table)
    hidden = await open_socket(asgi_application, f"/ws/rooms/{private.pk}/", "127.0.0.1",
                               cookies[private_friend])
    await receive(hidden)

    listed = await database_sync_to_async(friends_page)(me)
    assert list(listed) == ["presence-1", "presence-2", "presence-3", "presence-4"]
    assert listed == {"presence-1": "Online now", "presence-2": "At the table test table",
                      "presence-3": "At a private table", "presence-4": "Offline"}
    assert "hidden away" not in str(listed)

    await lobby.disconnect()
    listed = await database_sync_to_async(friends_page)(me)
    assert listed["presence-1"] == "Offline" and list(listed)[-2:] == ["presence-1", "presence-4"]
    for socket in [table, hidden]:
        await socket.disconnect()
