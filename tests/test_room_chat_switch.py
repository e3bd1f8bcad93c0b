"""The room's owner chooses, when creating it, whether the table has a chat."""

import re

import pytest

from games.models import Room

pytestmark = pytest.mark.django_db


def test_a_new_room_has_a_chat_unless_the_owner_turns_it_off(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("hala", password="a-long-secret-9"))
    fields = {"variant": "classic", "target": 41, "turn_seconds": 30}
    client.post("/rooms/new/", {"name": "chatty", "chat": "on", **fields})
    client.post("/rooms/new/", {"name": "quiet", **fields})  # an unticked box is not sent
    assert dict(Room.objects.values_list("name", "chat")) == {"chatty": True, "quiet": False}
    quiet = Room.objects.get(name="quiet")
    page = client.get(quiet.get_absolute_url()).content.decode()
    assert 'id="chat"' in page  # the state says it is off; the page hides the box then


def test_the_lobby_form_offers_the_switch_ticked(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("hala", password="a-long-secret-9"))
    page = client.get("/").content.decode()
    assert re.search(r'<input type="checkbox" name="chat"[^>]*checked', page)
