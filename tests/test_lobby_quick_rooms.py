"""Abandoned Quick play tables leave the lobby (issue 27): one whose match is over is
listed only while a person seated there has its page open, and bots left alone at a
finished table are sent away by the seat sweep; Quick play tables are told apart by a
number in their name."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import bot_players
from games.models import Match, Room, Seat
from games.services import published, room_life
from tests.lobby import embedded_rooms
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def finished_quick_room(people: int = 2) -> Room:
    """A Quick play table of `people` and bots whose match is over, a seat left free by a
    person who went."""
    players = make_players(people, prefix="quick")
    for player in players:
        room = room_life.quick_play(player)
    bot_players.fill_quick_room(room.pk)
    Match.objects.filter(room=room).update(status=Match.Status.FINISHED)
    Seat.objects.filter(room=room, user=players[-1]).delete()
    return room


def listed(client) -> set[str]:
    return {room["id"] for room in embedded_rooms(client.get("/").content.decode())}


def test_a_finished_quick_table_is_listed_only_while_a_person_is_there(client):
    room = finished_quick_room()
    assert room.pk in listed(client)
    assert published.room_snapshot(room.pk)["room"]["listed"]
    Seat.objects.filter(room=room, bot=False).update(here_until=timezone.now())  # their page closed
    assert room.pk not in listed(client)
    assert not published.room_snapshot(room.pk)["room"]["listed"]


def test_the_last_page_closing_tells_the_lobby(django_capture_on_commit_callbacks, monkeypatch):
    room = finished_quick_room()
    person = Seat.objects.get(room=room, bot=False).user
    sent = []
    monkeypatch.setattr(published, "publish_many", lambda messages: sent.extend(messages))
    with django_capture_on_commit_callbacks(execute=True):
        room_life.gone(room.pk, person)
    lobby = [message["room"] for group, message in sent if message["type"] == "lobby.room"]
    assert [(summary["id"], summary["listed"]) for summary in lobby] == [(room.pk, False)]


def test_bots_left_alone_at_a_finished_table_go(client, settings):
    room = finished_quick_room(people=1)  # its one person left during the match
    assert not Seat.objects.filter(room=room, bot=False).exists()
    assert room.pk not in listed(client)
    room_life.release_left_seats()
    assert not Seat.objects.filter(room=room).exists()


def test_an_owner_s_bots_before_the_first_match_stay(settings):
    (owner,) = make_players(1, prefix="owner")
    room = Room.objects.create(owner=owner, name="mine")
    bot_players.add_bot(room.pk, owner, 1, "standard")
    Seat.objects.filter(room=room).update(here_until=timezone.now() - timedelta(hours=1))
    room_life.release_left_seats()
    assert Seat.objects.filter(room=room, bot=True).exists()


def test_quick_tables_have_numbers_in_their_names(client):
    first, second = make_players(2)
    one = room_life.quick_play(first, "classic")
    other = room_life.quick_play(second, "forty_one")
    names = {one.display_name, other.display_name}
    assert len(names) == 2 or one.quick_number == other.quick_number
    html = client.get(one.get_absolute_url(), headers={"Accept-Language": "en"}).content.decode()
    assert f"Quick play · Table {one.quick_number}" in html
    rooms = {room["id"]: room for room in embedded_rooms(client.get("/").content.decode())}
    assert rooms[one.pk]["quick_number"] == one.quick_number and 100 <= one.quick_number <= 999
