import pytest

from games.models import Room

pytestmark = pytest.mark.django_db


def test_it_creates_a_room_and_redirects_to_it(client, alice):
    client.force_login(alice)
    response = client.post("/rooms/new/", {"name": "Friday night", "variant": "classic", "target": 61,
                                           "turn_seconds": 20})
    room = Room.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/rooms/{room.pk}/"
    assert (room.name, room.variant, room.target, room.turn_seconds, room.private) == (
        "Friday night", "classic", 61, 20, False)
    assert room.owner == alice


def test_tarneeb_41_is_always_played_to_41(client, alice):
    client.force_login(alice)
    client.post("/rooms/new/", {"name": "41", "variant": "forty_one", "target": 31, "turn_seconds": 30})
    assert Room.objects.get().target == 41


@pytest.mark.parametrize("turn_seconds", [4, 121])
def test_it_refuses_a_turn_time_out_of_range(client, alice, turn_seconds):
    client.force_login(alice)
    response = client.post("/rooms/new/", {"name": "x", "variant": "classic", "target": 41,
                                           "turn_seconds": turn_seconds})
    assert response.status_code == 400
    assert not Room.objects.exists()


def test_it_needs_a_login_to_create(client):
    response = client.post("/rooms/new/", {"name": "x", "variant": "classic", "target": 41,
                                           "turn_seconds": 30})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert not Room.objects.exists()


def test_private_rooms_are_not_listed_but_open_by_link(client, alice):
    client.force_login(alice)
    client.post("/rooms/new/", {"name": "Family only", "variant": "classic", "target": 41,
                                "turn_seconds": 30, "private": "on"})
    client.post("/rooms/new/", {"name": "Everyone welcome", "variant": "classic", "target": 41,
                                "turn_seconds": 30})
    lobby = client.get("/").content.decode()
    assert "Everyone welcome" in lobby
    assert "Family only" not in lobby
    private = Room.objects.get(private=True)
    assert client.get(f"/rooms/{private.pk}/").status_code == 200
    assert len(private.pk) >= 10  # not guessable from other rooms' ids


def test_an_unknown_room_is_404(client):
    assert client.get("/rooms/nope/").status_code == 404
