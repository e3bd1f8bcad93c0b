import pytest

from games.models import Match, Room, Seat
from tests.tables import make_players

pytestmark = pytest.mark.django_db(transaction=True)


def test_quick_play_fills_one_room_before_opening_another(client, worker):
    players = make_players(5)
    rooms = []
    for player in players:
        client.force_login(player)
        response = client.post("/rooms/quick/")
        assert response.status_code == 302
        rooms.append(response["Location"])
    assert len(set(rooms[:4])) == 1
    assert rooms[4] != rooms[0]
    first = Room.objects.get(pk=rooms[0].split("/")[2])
    assert (first.variant, first.target, first.private) == ("classic", 41, False)
    assert sorted(Seat.objects.filter(room=first).values_list("number", flat=True)) == [0, 1, 2, 3]
    # The fourth seat started the match and dealt.
    match = Match.objects.get(room=first)
    assert match.game.phase == "bidding"
    assert Seat.objects.filter(room__pk=rooms[4].split("/")[2]).count() == 1


def test_quick_play_twice_keeps_the_same_seat(client):
    (player,) = make_players(1)
    client.force_login(player)
    first = client.post("/rooms/quick/")["Location"]
    again = client.post("/rooms/quick/")["Location"]
    assert first == again
    assert Seat.objects.filter(user=player).count() == 1
