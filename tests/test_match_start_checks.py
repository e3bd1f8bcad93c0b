"""A match starts only with every seated person free to play at that moment: one who sat at
several waiting tables plays at the first that fills, and loses the seat at the others
when they fill; one whose cool-down began after they sat loses the seat at the start and
at a rematch. The table waits for someone else instead."""

import pytest

from games.models import Match, Seat
from games.services import room_life
from tests.leavers import finished_match
from tests.tables import create_room, make_players, play_until

pytestmark = pytest.mark.django_db(transaction=True)


def fill(room, people) -> None:
    taken = set(room.seats.values_list("number", flat=True))
    for person, seat in zip(people, sorted(set(range(4)) - taken), strict=False):
        room_life.sit(room.pk, person, seat)


def test_a_player_seated_at_three_waiting_tables_plays_at_one():
    wanderer, *others = make_players(10)
    rooms = [create_room(others[n]) for n in range(3)]
    for room in rooms:
        room_life.sit(room.pk, wanderer, 0)
    fill(rooms[0], others[0:3])
    fill(rooms[1], others[3:6])
    fill(rooms[2], others[6:9])

    playing = Match.objects.filter(status=Match.Status.PLAYING, players__user=wanderer)
    assert playing.count() == 1 and playing.get().room_id == rooms[0].pk
    for room in rooms[1:]:
        assert not room.matches.exists()
        assert list(room.seats.order_by("number").values_list("number", flat=True)) == [1, 2, 3]


def test_a_cool_down_that_began_after_sitting_frees_the_seat_at_the_start():
    leaver, *others = make_players(7)
    room = create_room(others[0])
    room_life.sit(room.pk, leaver, 0)
    finished_match([leaver, *others[3:6]], removed={0})  # abandoned elsewhere meanwhile
    fill(room, others[0:3])
    assert not room.matches.exists()
    assert not Seat.objects.filter(room=room, user=leaver).exists()


def test_a_rematch_leaves_out_a_player_now_cooling_down():
    players = make_players(7)
    room = create_room(players[0])
    fill(room, players[:4])
    play_until(Match.objects.get(room=room), "finished")
    finished_match([players[3], *players[4:7]], removed={0})

    room_life.rematch(room.pk, players[0])
    assert room.matches.count() == 1
    assert not Seat.objects.filter(room=room, user=players[3]).exists()
    room_life.sit(room.pk, players[4], 3)
    assert room.matches.filter(status=Match.Status.PLAYING).count() == 1
