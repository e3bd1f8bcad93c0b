"""A blocked player's chat lines never reach the blocker: not live, not in the history a
socket gets as it joins; everyone else at the table still reads them, and a moderator's
lines reach everyone. A block made while the blocker's table is open holds at once."""

import pytest
from channels.db import database_sync_to_async

from chat import services as chat
from friends import services as friends
from tests.moderators import make_moderator
from tests.tables import create_room, make_players, open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_blocked_players_lines_are_hidden_from_the_blocker(asgi_application):
    blocker, pest, other = await database_sync_to_async(make_players)(3, prefix="chat-")
    room = await database_sync_to_async(create_room)(other)
    sockets = [await open_socket(asgi_application, room.pk, user) for user in (blocker, pest, other)]
    for socket in sockets:
        await receive(socket)
    mine, theirs, third = sockets

    # Blocked while the blocker's table is open: the next line is hidden from them.
    await database_sync_to_async(friends.block)(blocker, pest.username)
    await theirs.send_json_to({"type": "chat", "text": "rude words"})
    assert (await receive(third, "chat"))["text"] == "rude words"
    assert (await receive(theirs, "chat"))["text"] == "rude words"
    await third.send_json_to({"type": "chat", "text": "hello all"})
    # The blocker's next chat is the other player's: the blocked line never came.
    assert (await receive(mine, "chat"))["text"] == "hello all"
    moderator = await database_sync_to_async(make_moderator)()
    await database_sync_to_async(chat.post_as_moderator)(room.pk, moderator, "calm down")
    assert (await receive(mine, "chat"))["text"] == "calm down"
    await mine.disconnect()

    # The history a new socket of the blocker gets leaves the line out; others' keep it.
    again = await open_socket(asgi_application, room.pk, blocker)
    await receive(again)
    history = await receive(again, "chat_history")
    assert [line["text"] for line in history["messages"]] == ["hello all", "calm down"]
    watcher = await open_socket(asgi_application, room.pk, other)
    await receive(watcher)
    history = await receive(watcher, "chat_history")
    assert [line["text"] for line in history["messages"]] == ["rude words", "hello all", "calm down"]

    # Unblocked: their lines come again.
    await database_sync_to_async(friends.unblock)(blocker, pest.username)
    await theirs.send_json_to({"type": "chat", "text": "sorry"})
    assert (await receive(again, "chat"))["text"] == "sorry"
    for socket in [again, theirs, third, watcher]:
        await socket.disconnect()
