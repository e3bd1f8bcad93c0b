"""A moderator removes a player from their seat mid-match: a standard bot plays that seat
from then on (the timer behind it), so their partner is not left alone; the player's
moves, "I'm back" and sitting again are refused with `removed`. `seating[seat]["removed"]`
is the mark the playban app reads."""

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.models import Match, MatchEvent, Seat
from games.services import move_path, published, refusals, room_life
from tests.tables import quick_policy, receive, seated_table, start_match, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_removed_seat_is_marked_away_and_played_by_a_bot():
    match = start_match("classic", turn_seconds=30)
    seat = match.game.to_act
    move_path.remove_player(match.room_id, seat)
    match.refresh_from_db()
    assert match.seating[seat]["removed"] is True
    shown = published.room_snapshot(match.room_id)["room"]["seats"][seat]
    assert shown["removed"] and shown["away"]
    # Their turn: the bot's (no pause in tests), with the timer a few seconds behind it.
    assert (match.deadline - timezone.now()).total_seconds() <= move_path.BOT_GRACE_SECONDS + 0.5
    assert not Seat.objects.filter(room_id=match.room_id, number=seat).exists()
    with pytest.raises(refusals.Refused) as refused:
        move_path.remove_player(match.room_id, seat)
    assert refused.value.code == "removed"
    room_life.close_room(match.room_id)


async def test_a_bot_plays_the_removed_seat_and_the_player_is_refused(asgi_application, worker):
    room, sockets, states = await seated_table(asgi_application)
    seat = states[0]["match"]["to_act"]
    mover = sockets[seat]
    version = states[0]["v"]
    await database_sync_to_async(move_path.remove_player)(room.pk, seat)

    # The bot moves for them: the state moves on without anyone acting.
    while (state := await receive(mover))["v"] == version:
        assert state["room"]["seats"][seat]["removed"]
    event = await database_sync_to_async(
        lambda: MatchEvent.objects.get(match_id=state["match"]["id"], seq=version + 1))()
    assert (event.seat, event.actor) == (seat, "bot")

    for message in ({"type": "act", "action": {"type": "pass"}, "v": state["v"]}, {"type": "back"},
                    {"type": "sit", "seat": seat}):
        await mover.send_json_to(message)
        while (answer := await mover.receive_json_from(timeout=10))["type"] != "error":
            pass
        assert answer["code"] in ("removed", "started"), answer
        if message["type"] != "sit":
            assert answer["code"] == "removed"

    await database_sync_to_async(room_life.close_room)(room.pk)
    for socket in sockets:
        await socket.disconnect()


def test_they_cannot_sit_again_once_the_match_is_over():
    match = start_match("classic", turn_seconds=30)
    seat = match.game.to_act
    user_id = match.seating[seat]["user"]
    move_path.remove_player(match.room_id, seat)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, deadline=None)
    from accounts.models import User

    with pytest.raises(refusals.Refused) as refused:
        room_life.sit(match.room_id, User.objects.get(pk=user_id), seat)
    assert refused.value.code == "removed"


def test_every_later_turn_of_the_removed_seat_is_the_bots(worker):
    match = start_match("classic", turn_seconds=30)
    seat = (match.game.to_act + 1) % 4
    move_path.remove_player(match.room_id, seat)
    # The others play; whenever the removed seat is to act (or a deal is due) the worker
    # moves within seconds, where the room's 30 s would time the test out.
    while MatchEvent.objects.filter(match=match, seat=seat).count() < 5:
        match.refresh_from_db()
        game = match.game
        if game.to_act == seat or game.phase == "deal":
            version = match.version
            wait_for(lambda v=version: Match.objects.get(pk=match.pk).version > v, timeout=10)
            continue
        move_path.play(match.pk, seat=game.to_act, action=quick_policy(game, game.legal_actions()),
                      version=match.version)
    moves = MatchEvent.objects.filter(match=match, seat=seat)
    assert all(move.actor == "bot" for move in moves)
    room_life.close_room(match.room_id)
