"""Spectators have a chat of their own while a match is played: it never reaches a seated
player's socket, live or in the history sent on joining. Players' lines reach everyone."""

import pytest
from channels.db import database_sync_to_async

from tests.tables import create_room, make_players, open_socket, receive, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


async def test_spectators_lines_stay_among_spectators_during_a_match(asgi_application):
    room, players, _states = await seated_table(asgi_application)
    watchers = await database_sync_to_async(make_players)(2, prefix="watcher")
    spectators = [await open_socket(asgi_application, room.pk, user) for user in watchers]
    for socket in spectators:
        await receive(socket)

    await spectators[0].send_json_to({"type": "chat", "text": "north should lead trump"})
    for socket in spectators:
        line = await receive(socket, "chat")
        assert (line["audience"], line["seat"]) == ("spectators", None)

    # A player's line is the first a seated player's socket gets: the spectator's, sent
    # before it to the same sockets, did not reach them.
    await players[2].send_json_to({"type": "chat", "text": "good luck all"})
    for socket in players + spectators:
        line = await receive(socket, "chat")
        assert (line["text"], line["audience"], line["seat"]) == ("good luck all", "everyone", 2)

    # Joining again: the player's history holds the table's line only; a spectator's both.
    await players[1].disconnect()
    again = await open_socket(asgi_application, room.pk, await database_sync_to_async(
        lambda: room.seats.get(number=1).user)())
    await receive(again)
    history = await receive(again, "chat_history")
    assert [line["text"] for line in history["messages"]] == ["good luck all"]
    late = await open_socket(asgi_application, room.pk)
    await receive(late)
    history = await receive(late, "chat_history")
    assert [line["text"] for line in history["messages"]] == ["north should lead trump", "good luck all"]
    for socket in [again, late, players[0], players[2], players[3], *spectators]:
        await socket.disconnect()


async def test_before_a_match_everyone_reads_everyone(asgi_application):
    owner, watcher = await database_sync_to_async(make_players)(2)
    room = await database_sync_to_async(create_room)(owner)
    seated = await open_socket(asgi_application, room.pk, owner)
    await receive(seated)
    await seated.send_json_to({"type": "sit", "seat": 0})
    await receive(seated)
    spectator = await open_socket(asgi_application, room.pk, watcher)
    await receive(spectator)
    await spectator.send_json_to({"type": "chat", "text": "can I join?"})
    line = await receive(seated, "chat")
    assert (line["text"], line["audience"]) == ("can I join?", "everyone")
    await seated.disconnect()
    await spectator.disconnect()
