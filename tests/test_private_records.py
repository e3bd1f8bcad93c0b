"""A private room's matches are seen by their players and staff only: match ids are
sequential, so anyone could otherwise walk them to find a private room."""

import pytest

from games.models import Match
from games.services import room_life
from tests.tables import make_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_match() -> Match:
    players = make_players(4)
    room = room_life.create_room(players[0], name="family table", variant="classic", target=31,
                                turn_seconds=30, private=True)
    for seat, player in enumerate(players):
        room_life.sit(room.pk, player, seat)
    return Match.objects.get(room=room)


def test_a_logged_out_visitor_gets_404(client, private_match):
    response = client.get(f"/matches/{private_match.pk}/record.json")
    assert response.status_code == 404
    assert private_match.room_id not in response.content.decode()


def test_another_player_gets_404(client, private_match, django_user_model):
    client.force_login(django_user_model.objects.create_user("mallory", password="x-long-secret-1"))
    assert client.get(f"/matches/{private_match.pk}/record.json").status_code == 404


def test_a_player_of_the_match_sees_its_record(client, private_match):
    client.force_login(private_match.players.get(seat=2).user)
    record = client.get(f"/matches/{private_match.pk}/record.json").json()
    assert record["room"] == private_match.room_id


def test_staff_see_its_record(client, private_match, django_user_model):
    moderator = django_user_model.objects.create_user("mod", password="x-long-secret-1", is_staff=True)
    client.force_login(moderator)
    assert client.get(f"/matches/{private_match.pk}/record.json").status_code == 200


def test_a_public_rooms_record_stays_public(client):
    players = make_players(4, prefix="pub")
    room = room_life.create_room(players[0], name="open table", variant="classic", target=31,
                                turn_seconds=30, private=False)
    for seat, player in enumerate(players):
        room_life.sit(room.pk, player, seat)
    match = Match.objects.get(room=room)
    assert client.get(f"/matches/{match.pk}/record.json").status_code == 200
