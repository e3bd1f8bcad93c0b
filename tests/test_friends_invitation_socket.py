""""Invite to my table": the invitation reaches the friend's open pages at once (their
lobby socket and a room socket, each in its own page's language, with the header's new
unread count), and its link lands them in the room, a private one too, where they sit."""

import time

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from friends import services as friends
from games.services import room_life
from tests.tables import HOST, ORIGIN, create_room, make_players, receive, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def page_socket(application, path: str, user, language: str) -> WebsocketCommunicator:
    cookie = await database_sync_to_async(session_cookie)(user) + f"; django_language={language}".encode()
    socket = WebsocketCommunicator(application, path, headers=[HOST, ORIGIN, (b"cookie", cookie)])
    connected, _ = await socket.connect(timeout=10)
    assert connected
    return socket


def invite(sender, receiver, room_id: str) -> int:
    client = Client()
    client.force_login(sender)
    response = client.post(f"/friends/invite/{receiver.username}/", {"room": room_id},
                           HTTP_ACCEPT="application/json", HTTP_ACCEPT_LANGUAGE="en")
    return response.status_code


def follow_link(user, url: str) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 302, response
    return response["Location"]


async def test_an_invitation_reaches_open_pages_and_lands_the_friend_in_a_private_room(asgi_application):
    host, friend, stranger = await database_sync_to_async(make_players)(3, prefix="invite-")
    private = await database_sync_to_async(room_life.create_room)(
        host, name="our table", variant="classic", target=31, turn_seconds=60, private=True)
    elsewhere = await database_sync_to_async(create_room)(stranger)
    await database_sync_to_async(friends.follow)(host, friend.username)

    lobby = await page_socket(asgi_application, "/ws/lobby/", friend, "en")
    assert (await lobby.receive_json_from(timeout=10))["type"] == "rooms"
    table = await page_socket(asgi_application, f"/ws/rooms/{elsewhere.pk}/", friend, "ar")
    await receive(table)
    # The host's own page is not told: the invitation is the friend's.
    own = await page_socket(asgi_application, "/ws/lobby/", host, "en")
    assert (await own.receive_json_from(timeout=10))["type"] == "rooms"

    started = time.monotonic()
    assert await database_sync_to_async(invite)(host, friend, private.pk) == 200
    notice = await lobby.receive_json_from(timeout=5)
    arrived = time.monotonic() - started
    assert arrived < 1, arrived
    assert notice["type"] == "notice" and notice["kind"] == "invitation" and notice["unread"] == 1
    # The names isolated: each keeps its direction in a sentence of the other's.
    name = friends.isolated(host.username)
    assert notice["text"] == f"{name} invites you to their table “\u2068our table\u2069”."
    arabic = await receive(table, "notice")
    assert arabic["url"] == notice["url"]
    assert arabic["text"] == f"{name} يدعوك إلى طاولته «\u2068our table\u2069»."
    assert await own.receive_nothing(timeout=0.3)

    # The notice's link: the private room, which the invitation is the way into.
    assert await database_sync_to_async(follow_link)(friend, notice["url"]) == f"/rooms/{private.pk}/"
    at_table = await page_socket(asgi_application, f"/ws/rooms/{private.pk}/", friend, "en")
    await receive(at_table)
    await at_table.send_json_to({"type": "sit", "seat": 2})
    state = await receive(at_table)
    assert state["room"]["seats"][2]["username"] == friend.username
    for socket in [lobby, table, own, at_table]:
        await socket.disconnect()
