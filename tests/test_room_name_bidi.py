"""Room names refuse the invisible characters that reorder the text around them."""

import pytest

from games.models import Room

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("mark", ["\u202e", "\u2067", "\u200f"])
def test_a_room_name_with_a_direction_control_is_refused(client, alice, mark):
    client.force_login(alice)
    response = client.post("/rooms/new/", {"name": f"table{mark}elbat", "variant": "classic",
                                           "target": 31, "turn_seconds": 30})
    assert response.status_code == 400
    assert "text-direction" in response.content.decode() or "اتجاه النص" in response.content.decode()
    assert not Room.objects.exists()


def test_an_arabic_room_name_is_fine(client, alice):
    client.force_login(alice)
    response = client.post("/rooms/new/", {"name": "طاولة الأصدقاء", "variant": "classic",
                                           "target": 31, "turn_seconds": 30})
    assert response.status_code == 302
    assert Room.objects.get().name == "طاولة الأصدقاء"
