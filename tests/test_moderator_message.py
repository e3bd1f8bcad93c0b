"""A moderator's message to a room in play reaches everyone there, the players at the live
match included, even with the chat turned off; it is marked as a moderator's and logged."""

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.models import Room
from moderation.models import AuditEntry
from tests.moderators import make_moderator
from tests.tables import open_socket, receive, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def post_as_moderator(room_id: str, text: str) -> dict:
    client = Client()
    client.force_login(make_moderator())
    return client.post("/moderation/act/", {"action": "message_room", "room": room_id, "text": text},
                       HTTP_ACCEPT="application/json").json()


async def test_a_moderators_line_reaches_players_in_play(asgi_application):
    room, sockets, _states = await seated_table(asgi_application)
    await database_sync_to_async(Room.objects.filter(pk=room.pk).update)(chat=False)
    watcher = await open_socket(asgi_application, room.pk)
    await receive(watcher)
    answer = await database_sync_to_async(post_as_moderator)(room.pk, "Please keep it <friendly>")
    assert answer["ok"], answer
    for socket in [*sockets, watcher]:
        line = await receive(socket, "chat", timeout=5)
        assert (line["text"], line["moderator"], line["audience"], line["user"]) == (
            "Please keep it <friendly>", True, "everyone", "moderator")
    entry = await database_sync_to_async(AuditEntry.objects.get)(action="message_room")
    assert (entry.room_id, entry.reason) == (room.pk, "Please keep it <friendly>")
    assert entry.match_id is not None
    for socket in [*sockets, watcher]:
        await socket.disconnect()
