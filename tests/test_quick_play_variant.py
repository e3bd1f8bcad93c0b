"""Quick play lets the player choose the variant (issue 27): Classic or Tarneeb 41, both to
41; players of one variant never meet at the other's table; a player waiting at one who
asks for the other moves over; anything else is refused in words, in the lobby."""

import pytest

from games.models import Room, Seat
from games.services import room_life
from tests.tables import make_players

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def press(client, user, variant: str | None):
    client.force_login(user)
    return client.post("/rooms/quick/", {} if variant is None else {"variant": variant},
                       headers={"Accept-Language": "en"})


def test_each_variant_has_its_own_tables(client):
    classic, forty_one, also_41 = make_players(3)
    press(client, classic, None)  # the lobby's default
    press(client, forty_one, "forty_one")
    press(client, also_41, "forty_one")
    rooms = {room.variant: room for room in Room.objects.filter(quick=True)}
    assert (rooms["classic"].target, rooms["forty_one"].target) == (41, 41)
    assert set(Seat.objects.filter(room=rooms["forty_one"]).values_list("user", flat=True)) == {
        forty_one.pk, also_41.pk}


def test_asking_for_the_other_variant_moves_the_waiting_player(client):
    (player,) = make_players(1)
    first = room_life.quick_play(player, "classic")
    second = room_life.quick_play(player, "forty_one")
    assert second.variant == "forty_one" and second.pk != first.pk
    assert not Seat.objects.filter(room=first).exists()
    assert room_life.quick_play(player, "forty_one") == second  # the same again: stays


def test_an_unknown_variant_is_refused_in_the_lobby(client):
    (player,) = make_players(1)
    response = press(client, player, "poker")
    assert response["Location"] == "/"
    assert not Room.objects.exists()
    lobby = client.get("/", headers={"Accept-Language": "en"}).content.decode()
    assert "Quick play is Classic Tarneeb or Tarneeb 41." in lobby


@pytest.mark.parametrize(("language", "words"), [
    ("en", ("Classic Tarneeb", "Tarneeb 41", 'value="forty_one"')),
    ("ar", ("الطرنيب الكلاسيكي", 'value="forty_one"'))])
def test_the_lobby_offers_both(client, language, words):
    (player,) = make_players(1)
    client.force_login(player)
    lobby = client.get("/", headers={"Accept-Language": language}).content.decode()
    form = lobby.split('class="quick-play"')[1].split("</form>")[0]
    for word in words:
        assert word in form
