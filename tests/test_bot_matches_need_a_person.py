"""Bots play with people, not alone: a room's fourth seat is never a bot's while no person
sits there, and one person has bots at BOT_ROOMS_PER_USER rooms at most (owned or sat
at), so nobody fills the worker with bot-only tables."""

import pytest

from games import bot_players
from games.models import Match
from games.services import refusals
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db(transaction=True)


def refusal(call) -> refusals.Refused:
    with pytest.raises(refusals.Refused) as refused:
        call()
    return refused.value


def test_an_owner_who_does_not_sit_cannot_start_a_table_of_bots():
    (owner,) = make_players(1)
    room = create_room(owner)
    for seat in range(3):
        bot_players.add_bot(room.pk, owner, seat, "expert")
    assert refusal(lambda: bot_players.add_bot(room.pk, owner, 3, "expert")).code == "no_person"
    assert room.seats.count() == 3 and not Match.objects.exists()


def test_bots_are_capped_per_person(settings):
    settings.BOT_ROOMS_PER_USER = 2
    (owner,) = make_players(1)
    rooms = [create_room(owner) for _ in range(3)]
    for room in rooms[:2]:
        bot_players.add_bot(room.pk, owner, 0)
    assert refusal(lambda: bot_players.add_bot(rooms[2].pk, owner, 0)).code == "too_many_bot_rooms"
    bot_players.add_bot(rooms[0].pk, owner, 1)  # more bots at a room that has some already
    assert rooms[2].seats.count() == 0
