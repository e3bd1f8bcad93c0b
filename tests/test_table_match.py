"""Whole matches over the table protocol: four seated sockets and a spectator."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import records
from games.models import Match
from tests.tables import (
    assert_matches_engine,
    create_room,
    current_match,
    make_players,
    open_socket,
    quick_policy,
    receive,
)

pytestmark = pytest.mark.django_db(transaction=True)


def end_the_pause(match: Match) -> None:
    """The pause before the next deal is over: its deadline passes, and the turn timer's
    sweep deals."""
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
async def test_a_whole_match_through_the_protocol(variant, worker, asgi_application, settings):
    # The pause between hands ends when the test says (end_the_pause), not while it still
    # compares the last states with the database.
    settings.NEXT_HAND_SECONDS = 600
    players = await database_sync_to_async(make_players)(5)
    room = await database_sync_to_async(create_room)(players[0], variant=variant, target=31)
    sockets = [await open_socket(asgi_application, room.pk, user) for user in players[:4]]
    spectator = await open_socket(asgi_application, room.pk)
    for socket in [*sockets, spectator]:
        first = await receive(socket)
        assert first["match"] is None and first["you"] == {"seat": None}

    for seat, socket in enumerate(sockets):
        await socket.send_json_to({"type": "sit", "seat": seat})
    # Everyone sees every sit; the fourth starts the match and deals.
    states = {}
    for index, socket in enumerate([*sockets, spectator]):
        while True:
            message = await receive(socket)
            if message["match"] is not None:
                states[index] = message
                break
    moves = 0
    while True:
        match = await database_sync_to_async(current_match)(room.pk)
        game = match.game
        for index in range(5):
            seat = index if index < 4 else None
            assert states[index]["v"] == match.version
            assert states[index]["you"] == {"seat": seat}
            assert_matches_engine(states[index], game, seat)
            assert states[index]["match"]["fairness"]["sha256"] or game.phase in ("deal", "finished")
        if game.phase == "finished":
            break
        if game.phase == "deal":  # the worker deals the next hand after the pause
            await database_sync_to_async(end_the_pause)(match)
            version = match.version + 1
        else:
            seat = game.to_act
            state = states[seat]
            await sockets[seat].send_json_to(
                {"type": "act", "action": quick_policy(game, state["legal"]), "v": state["v"]})
            moves += 1
            version = match.version + 1
        for index, socket in enumerate([*sockets, spectator]):
            message = await receive(socket, timeout=15)
            assert message["v"] == version
            states[index] = message

    assert states[0]["match"]["winner"] in (0, 1)
    assert moves > 52
    match = await database_sync_to_async(current_match)(room.pk)
    assert await database_sync_to_async(records.verify)(match) == []
    for socket in [*sockets, spectator]:
        await socket.disconnect()
