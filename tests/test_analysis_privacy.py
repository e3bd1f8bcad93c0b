"""A private room's hand analyses are seen by the match's players and staff only, as its
record and replay are: anyone else gets a 404, and no cache may keep one."""

import pytest

from analysis import hands
from games.models import Match
from games.services import room_life
from tests.tables import make_players, play_until

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_match() -> Match:
    players = make_players(4, prefix="private-")
    room = room_life.create_room(players[0], name="private table", variant="classic", target=31,
                                 turn_seconds=30, private=True)
    for seat, player in enumerate(players):
        room_life.sit(room.pk, player, seat)
    match = play_until(Match.objects.get(room=room), "deal")
    assert hands.analyse(match.pk, 1) is not None
    return match


def url(match: Match) -> str:
    return f"/matches/{match.pk}/hands/1/analysis.json"


def test_a_logged_out_visitor_and_a_stranger_get_404(client, private_match, django_user_model):
    assert client.get(url(private_match)).status_code == 404
    client.force_login(django_user_model.objects.create_user("mallory", password="x-long-secret-1"))
    response = client.get(url(private_match))
    assert response.status_code == 404
    assert private_match.room_id not in response.content.decode()


def test_a_player_and_staff_see_it_privately(client, private_match, django_user_model):
    client.force_login(private_match.players.get(seat=3).user)
    response = client.get(url(private_match))
    assert response.status_code == 200 and response.json()["hand"] == 1
    assert response["Cache-Control"] == "private, no-store"
    staff = django_user_model.objects.create_user("staff", password="x-long-secret-1", is_staff=True)
    client.force_login(staff)
    assert client.get(url(private_match)).status_code == 200
