"""A suspension holds even when the message that closes the player's sockets is lost (a
Redis restart drops a publish): every action reads the database. The still-open socket's
next seat, move, "back", rematch, bot or chat line is refused with `suspended`, and the
socket is closed (4401); opening a room or Quick play is refused too."""

import pytest
from channels.db import database_sync_to_async

from games.models import Seat
from games.services import refusals, room_life
from moderation import services as moderation
from tests.moderators import make_moderator
from tests.tables import create_room, make_players, open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)

CLOSE_SUSPENDED = 4401
ACTIONS = [
    {"type": "sit", "seat": 1},
    {"type": "act", "action": {"type": "pass"}, "v": 0},
    {"type": "back"},
    {"type": "rematch"},
    {"type": "add_bot", "seat": 2},
    {"type": "chat", "text": "still here"},
]


def suspended_without_a_message(monkeypatch: pytest.MonkeyPatch, player) -> None:
    """moderation.services.suspend, its event to the player's sockets lost on the way."""
    monkeypatch.setattr(moderation, "publish", lambda group, message: None)
    moderation.suspend(make_moderator(), player, "cheating", days=3)


@pytest.mark.parametrize("action", ACTIONS, ids=[action["type"] for action in ACTIONS])
async def test_the_next_action_of_a_socket_that_missed_its_suspension_is_refused_and_closes_it(
        asgi_application, monkeypatch, action):
    player, owner = await database_sync_to_async(make_players)(2)
    room = await database_sync_to_async(create_room)(owner)
    socket = await open_socket(asgi_application, room.pk, player)
    await receive(socket)
    await database_sync_to_async(suspended_without_a_message)(monkeypatch, player)

    await socket.send_json_to(action)
    refusal = await receive(socket, "error")
    assert refusal["code"] == "suspended" and "cheating" in refusal["message"]
    closed = await socket.receive_output(timeout=10)
    assert closed == {"type": "websocket.close", "code": CLOSE_SUSPENDED}
    assert not await database_sync_to_async(Seat.objects.filter(user=player).exists)()


def test_a_suspended_player_opens_no_room_and_gets_no_quick_play(monkeypatch):
    (player,) = make_players(1)
    suspended_without_a_message(monkeypatch, player)
    for attempt in (lambda: create_room(player), lambda: room_life.quick_play(player)):
        with pytest.raises(refusals.Refused) as refused:
            attempt()
        assert refused.value.code == "suspended"
