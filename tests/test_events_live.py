"""An event's page socket: it hears when the event moves (a round begins, a deal ends, a
moderator acts), a registered player's socket keeps them present, and a private event's
socket is closed to whoever has neither a place in it nor its link."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from events import services
from events.models import Entry, Table
from tests.event_tables import PASS, event_with_pairs, play_deal
from tests.tables import HOST, ORIGIN, make_players, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def open_event_socket(application, path: str, user=None) -> tuple[WebsocketCommunicator, bool]:
    headers = [HOST, ORIGIN]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect(timeout=10)
    return socket, connected


async def test_the_page_hears_the_round_start_and_each_deal(asgi_application):
    event, players = await database_sync_to_async(event_with_pairs)(2, deals=1, prefix="live")
    await database_sync_to_async(Entry.objects.filter(user=players[0]).update)(here_until=timezone.now())
    socket, connected = await open_event_socket(asgi_application, f"/ws/events/{event.pk}/", players[0])
    assert connected
    # The socket said "here": the player is present again, so the start seats them.
    assert await database_sync_to_async(Entry.objects.filter(user=players[0], here_until__gt=timezone.now())
                                        .exists)()
    await database_sync_to_async(services.step)(event.pk)
    assert await socket.receive_json_from(timeout=10) == {"type": "changed"}
    table = await database_sync_to_async(Table.objects.select_related("match").get)(round__event=event)
    assert table.bot_seats == []
    await database_sync_to_async(play_deal)(table.match, [PASS] * 4)
    assert await socket.receive_json_from(timeout=10) == {"type": "changed"}
    await socket.send_json_to({"type": "here"})
    await socket.send_json_to({"type": "nonsense"})
    # (The worker may close the round meanwhile: another "changed" can come first.)
    message = await socket.receive_json_from(timeout=10)
    while message["type"] == "changed":
        message = await socket.receive_json_from(timeout=10)
    assert message["code"] == "unknown_type"
    await socket.disconnect()


async def test_a_private_event_socket_needs_a_place_or_the_link(asgi_application):
    host, stranger = await database_sync_to_async(make_players)(2, prefix="hidden")
    event = await database_sync_to_async(services.create_event)(
        host, name="Hidden", format="swiss", variant="classic", target=31, deals=1, rounds=1, turn_seconds=30,
        starts_at=timezone.now() + timedelta(hours=1), max_pairs=4, private=True)
    socket, _ = await open_event_socket(asgi_application, f"/ws/events/{event.pk}/", stranger)
    assert (await socket.receive_output(timeout=10))["code"] == 4404
    socket, connected = await open_event_socket(
        asgi_application, f"/ws/events/{event.pk}/?invite={event.invite}", stranger)
    assert connected
    await socket.disconnect()
    socket, _ = await open_event_socket(asgi_application, "/ws/events/999999/")
    assert (await socket.receive_output(timeout=10))["code"] == 4404
