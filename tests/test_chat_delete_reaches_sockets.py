"""A moderator deletes a chat line from the table's menu: every socket at the room gets
`chat_deleted` at once, later joiners never receive it, and the audit log keeps its text."""

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client

from moderation.models import AuditEntry
from tests.moderators import make_moderator
from tests.tables import create_room, make_players, open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)


def moderator_post(form: dict) -> dict:
    client = Client()
    client.force_login(get_user_model().objects.filter(username="moderator").first() or make_moderator())
    return client.post("/moderation/act/", form, HTTP_ACCEPT="application/json").json()


async def test_a_deleted_line_goes_from_every_socket(asgi_application):
    writer, reader = await database_sync_to_async(make_players)(2)
    room = await database_sync_to_async(create_room)(writer)
    sockets = [await open_socket(asgi_application, room.pk, user) for user in (writer, reader)]
    visitor = await open_socket(asgi_application, room.pk)
    for socket in [*sockets, visitor]:
        await receive(socket)
    await sockets[0].send_json_to({"type": "chat", "text": "something nasty"})
    line = None
    for socket in [*sockets, visitor]:
        line = await receive(socket, "chat")

    answer = await database_sync_to_async(moderator_post)(
        {"action": "delete_message", "message": line["id"], "reason": "insult", "room": room.pk})
    assert answer["ok"], answer
    for socket in [*sockets, visitor]:
        assert await receive(socket, "chat_deleted", timeout=5) == {"type": "chat_deleted", "id": line["id"]}

    late = await open_socket(asgi_application, room.pk, reader)
    await receive(late)
    # No chat_history (the only line is gone): a socket gets its history as it joins,
    # before any line written after, and the next line is the first chat it gets.
    await sockets[1].send_json_to({"type": "chat", "text": "thanks"})
    assert (await receive(late, "chat"))["text"] == "thanks"
    entry = await database_sync_to_async(AuditEntry.objects.get)(action="delete_message")
    assert (entry.details["text"], entry.reason, entry.room_id) == ("something nasty", "insult", room.pk)
    assert entry.user_id == writer.pk

    # A second delete is refused, with nothing logged.
    again = await database_sync_to_async(moderator_post)(
        {"action": "delete_message", "message": line["id"], "reason": "insult"})
    assert again["error"] == "no_message"
    for socket in [*sockets, visitor, late]:
        await socket.disconnect()
