"""A moderator's warning, mute and removal reach the player's open pages at once (a
`notice` on every socket of theirs, at the table and in the lobby), in each socket's
language and with the reason; the notice is then not repeated on their next page."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from moderation import services
from moderation.models import Sanction
from tests.moderators import make_moderator
from tests.tables import HOST, ORIGIN, receive, seated_table, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def lobby_in_english(application, user) -> WebsocketCommunicator:
    cookie = await database_sync_to_async(session_cookie)(user)
    socket = WebsocketCommunicator(application, "/ws/lobby/", headers=[
        HOST, ORIGIN, (b"cookie", cookie + b"; django_language=en")])
    assert (await socket.connect(timeout=10))[0]
    await receive(socket, "rooms")
    return socket


async def kinds_until_quiet(socket: WebsocketCommunicator) -> list[str]:
    kinds = []
    while not await socket.receive_nothing(timeout=0.3):
        kinds.append((await socket.receive_json_from())["type"])
    return kinds


async def test_warned_muted_and_removed_are_told_at_once_with_the_reason(asgi_application):
    room, sockets, _states = await seated_table(asgi_application)
    seats = await database_sync_to_async(lambda: [s.user for s in room.seats.order_by("number")])()
    player = seats[1]
    moderator = await database_sync_to_async(make_moderator)()
    lobby = await lobby_in_english(asgi_application, player)

    # The table's socket asked for no language: the site's, Arabic.
    await database_sync_to_async(services.warn)(moderator, player, "Keep the chat friendly.")
    assert (await receive(sockets[1], "notice"))["text"] == "حذّرك أحد المشرفين: Keep the chat friendly."
    assert (await receive(lobby, "notice"))["text"] == "A moderator warned you: Keep the chat friendly."

    await database_sync_to_async(services.mute)(moderator, player, 60, "Insults")
    muted = (await receive(lobby, "notice"))["text"]
    assert muted.startswith("A moderator muted you in the chat until ") and muted.endswith(": Insults")
    assert (await receive(sockets[1], "notice"))["text"].endswith(": Insults")

    await database_sync_to_async(services.remove)(moderator, room.pk, 1, "Stalling on purpose")
    while (message := await sockets[1].receive_json_from(timeout=10))["type"] != "notice":
        pass
    assert message["text"].endswith(": Stalling on purpose")
    assert "notice" not in await kinds_until_quiet(sockets[0])  # nobody else is told

    # Told live, so not again on the next page.
    assert not await database_sync_to_async(Sanction.objects.filter(user=player, seen_at=None).exists)()
    client = Client(headers={"accept-language": "en"})
    await database_sync_to_async(client.force_login)(player)
    page = await database_sync_to_async(client.get)("/")
    assert b"A moderator" not in page.content
    for socket in (*sockets, lobby):
        await socket.disconnect()
