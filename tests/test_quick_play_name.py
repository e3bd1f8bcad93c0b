"""A quick-play room is named in each reader's language, whoever opened it: on the room
page, in the lobby (its feed is one payload for everyone: a flag, and the page's
translation), on the match page, in a player's list of matches and in the admin."""

import re

import pytest
from django.test import Client

from games.models import Match, Room
from tests.lobby import embedded_rooms
from tests.tables import make_players

pytestmark = pytest.mark.django_db

NAMES = {"en": "Quick play · Table", "ar": "لعب سريع · طاولة"}


@pytest.fixture
def quick_room() -> Room:
    """Four Arabic readers press Quick play: one room, and its match starts."""
    for player in make_players(4):
        client = Client(HTTP_ACCEPT_LANGUAGE="ar")
        client.force_login(player)
        client.post("/rooms/quick/")
    room = Room.objects.get()
    assert room.quick
    return room


def page(path: str, language: str, user=None) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client.get(path).content.decode()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_room_page_names_it_in_the_readers_language(quick_room, language):
    html = page(quick_room.get_absolute_url(), language)
    assert re.search(r"<title>\s*" + NAMES[language], html)
    assert f'<h1 dir="auto">{NAMES[language]} {quick_room.quick_number}</h1>' in html


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_lobby_sends_the_flag_and_the_readers_name(language):
    (player,) = make_players(1)
    client = Client(HTTP_ACCEPT_LANGUAGE="ar")
    client.force_login(player)
    client.post("/rooms/quick/")
    html = page("/", language)
    (room,) = embedded_rooms(html)
    assert room["quick"] is True
    assert f'data-quick-name="{NAMES[language]} %(n)s"' in html


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_history_pages_name_it_in_the_readers_language(quick_room, language):
    match = Match.objects.get(room=quick_room)
    player = match.players.get(seat=0).user
    assert NAMES[language] in page(f"/matches/{match.pk}/", language)
    assert NAMES[language] in page(f"/u/{player.username}/matches/", language)
    other = NAMES["ar" if language == "en" else "en"]
    assert other not in page(f"/u/{player.username}/matches/", language)


def test_the_admin_names_it_in_the_moderators_language(quick_room, django_user_model):
    staff = django_user_model.objects.create_superuser("mod", password="a-long-secret-9")
    assert NAMES["ar"] in page("/admin/games/room/", "ar", staff)
    assert NAMES["en"] in page("/admin/games/room/", "en", staff)
