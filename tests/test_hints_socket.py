"""A learner's hint over the table's socket (games.hints): at a casual table (a bot seated,
never rated) a player gets what the expert would do on their own turn, with a line saying
why, a few times a minute; never at a rated table, never for another seat, never to a
spectator."""

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings

from games import bot_players
from games.models import Match
from games.services import move_path, room_life
from tests.tables import create_room, make_players, open_socket, quick_policy, receive, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def casual_table_at_seat_zeros_turn() -> tuple[Match, list]:
    """Two people (seats 0 and 2) and two bots; the others move until seat 0 is to act."""
    people = make_players(3, prefix="learner")
    room = create_room(people[0], variant="forty_one", turn_seconds=30)
    room_life.sit(room.pk, people[0], 0)
    bot_players.add_bot(room.pk, people[0], 1, "expert")
    room_life.sit(room.pk, people[1], 2)
    bot_players.add_bot(room.pk, people[0], 3, "standard")
    match = Match.objects.get(room=room)
    while (game := match.game).to_act != 0:
        if game.to_act == 2:
            move_path.play(match.pk, seat=2, action=quick_policy(game, game.legal_actions()),
                           version=match.version)
        else:
            assert bot_players.move(match.pk, match.version)
        match.refresh_from_db()
    return match, people


@override_settings(HINT_BURST=3, HINTS_PER_MINUTE=6.0)
async def test_a_hint_on_your_own_turn_at_a_casual_table_and_no_more_than_the_budget(asgi_application):
    match, people = await database_sync_to_async(casual_table_at_seat_zeros_turn)()
    # The learner (seat 0, to act), their partner (seat 2) and a spectator.
    sockets = [await open_socket(asgi_application, match.room_id, user) for user in people]
    states = [await receive(socket) for socket in sockets]

    await sockets[0].send_json_to({"type": "hint"})
    hint = await receive(sockets[0], "hint")
    assert hint["action"] in states[0]["legal"] and hint["v"] == states[0]["v"]
    assert hint["text"].endswith(".")

    # Partner's seat is not to act; naming seat 0 changes nothing: a hint is for one's own seat.
    await sockets[1].send_json_to({"type": "hint", "seat": 0})
    assert (await receive(sockets[1], "error"))["code"] == "hint_not_your_turn"
    await sockets[2].send_json_to({"type": "hint"})
    assert (await receive(sockets[2], "error"))["code"] == "hint_not_seated"

    # Three at once (HINT_BURST), then the budget says wait.
    for _ in range(2):
        await sockets[0].send_json_to({"type": "hint"})
        await receive(sockets[0], "hint")
    await sockets[0].send_json_to({"type": "hint"})
    refused = await receive(sockets[0], "error")
    assert refused["code"] == "hints_too_fast" and "6" in refused["message"]
    for socket in sockets:
        await socket.disconnect()


async def test_no_hint_at_a_rated_table(asgi_application):
    _room, sockets, states = await seated_table(asgi_application, variant="forty_one")
    to_act = states[0]["match"]["to_act"]
    await sockets[to_act].send_json_to({"type": "hint"})
    assert (await receive(sockets[to_act], "error"))["code"] == "hint_rated"
    for socket in sockets:
        await socket.disconnect()
