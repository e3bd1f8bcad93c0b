"""Quick play never leaves a lone player waiting: after QUICK_PLAY_BOT_SECONDS without a
fourth person, standard bots take the empty seats and the match starts."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games import bot_players
from games.models import Match, Room, Seat
from games.services import room_life
from tests.tables import make_players, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def quick(client, player) -> str:
    client.force_login(player)
    return client.post("/rooms/quick/")["Location"].split("/")[2]


def test_a_lone_player_plays_three_bots_within_the_set_time(client, settings, worker):
    settings.QUICK_PLAY_BOT_SECONDS = 1.0
    (player,) = make_players(1)
    sat = time.monotonic()
    room_id = quick(client, player)
    assert not Match.objects.filter(room_id=room_id).exists()  # a person may still come
    match = wait_for(lambda: Match.objects.filter(room_id=room_id).first(), timeout=30)
    waited = time.monotonic() - sat
    assert waited >= 1.0
    assert [sitter.get("bot") for sitter in match.seating] == [None, "standard", "standard", "standard"]
    assert match.seating[0]["user"] == player.pk
    room_life.close_room(room_id)


def test_a_second_person_keeps_their_seat_and_bots_take_the_rest():
    first, second = make_players(2)
    room = room_life.quick_play(first)
    assert room_life.quick_play(second) == room
    assert bot_players.fill_quick_room(room.pk)
    match = Match.objects.get(room=room)
    assert [bool(sitter.get("bot")) for sitter in match.seating] == [False, False, True, True]


def test_nobody_left_means_no_bots():
    (player,) = make_players(1)
    room = room_life.quick_play(player)
    room_life.stand(room.pk, player)
    assert not bot_players.fill_quick_room(room.pk)
    assert not Seat.objects.filter(room=room).exists()
    assert not Match.objects.filter(room=room).exists()


def test_a_room_already_playing_is_left_alone():
    players = make_players(4)
    for player in players:
        room = room_life.quick_play(player)
    assert not bot_players.fill_quick_room(room.pk)
    assert not any(sitter.get("bot") for sitter in Match.objects.get(room=room).seating)


def test_the_sweep_fills_a_room_whose_task_was_lost(settings, monkeypatch):
    # The room's own task comes after the test; the sweep runs only when the test calls it:
    # the embedded worker's beat, which an earlier test may have started, filled the room
    # first once (CI).
    settings.QUICK_PLAY_BOT_SECONDS = 60.0
    sweep = bot_players.fill_waiting_quick_rooms
    monkeypatch.setattr(bot_players, "fill_waiting_quick_rooms", lambda: 0)
    (player,) = make_players(1)
    room = room_life.quick_play(player)
    assert sweep() == 0  # its wait is not over
    Room.objects.filter(pk=room.pk).update(created_at=timezone.now() - timedelta(minutes=2))
    assert sweep() == 1
    assert Match.objects.filter(room=room).exists()
    assert sweep() == 0


def test_beat_fills_a_room_whose_task_was_lost(worker):
    # The suite's QUICK_PLAY_BOT_SECONDS (600, tests/conftest.py) puts the room's own task
    # after the test; the worker reads it too, so the room's wait is set an hour back.
    (player,) = make_players(1)
    room = room_life.quick_play(player)
    Room.objects.filter(pk=room.pk).update(created_at=timezone.now() - timedelta(hours=1))
    # Beat looks every QUICK_PLAY_SWEEP_SECONDS (5).
    match = wait_for(lambda: Match.objects.filter(room=room).first(), timeout=30)
    assert [bool(sitter.get("bot")) for sitter in match.seating] == [False, True, True, True]
    room_life.close_room(room.pk)
