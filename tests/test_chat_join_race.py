"""A chat line posted while a socket joins reaches it once: in its history or as a line,
never both (the socket joins the room's group before it reads the history)."""

import pytest
from channels.db import database_sync_to_async

from chat import services as chat
from tests.tables import create_room, make_players, open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_line_posted_between_join_and_history_arrives_once(asgi_application, monkeypatch):
    writer, joiner = await database_sync_to_async(make_players)(2)
    room = await database_sync_to_async(create_room)(writer)
    read_history = chat.recent

    def posted_while_joining(room_id: str, *, with_spectators: bool, hidden: frozenset[int]) -> list[dict]:
        # The socket is in the room's group already: this line is published to it too.
        chat.post(room_id, writer, text="while you joined", phrase="")
        return read_history(room_id, with_spectators=with_spectators, hidden=hidden)

    monkeypatch.setattr(chat, "recent", posted_while_joining)
    socket = await open_socket(asgi_application, room.pk, joiner)
    monkeypatch.setattr(chat, "recent", read_history)
    await receive(socket)
    history = await receive(socket, "chat_history")
    assert [line["text"] for line in history["messages"]] == ["while you joined"]

    await database_sync_to_async(chat.post)(room.pk, writer, text="after", phrase="")
    assert (await receive(socket, "chat"))["text"] == "after"
    await socket.disconnect()
