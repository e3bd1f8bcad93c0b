"""The player sees why and until when on their own pages: the lobby (where Quick play
gives way to the notice) and their profile, which also says how many abandonments count.
Nobody else sees it, and a Quick play posted anyway seats nobody."""

import pytest
from django.utils import formats, timezone, translation

from games.models import Seat
from playban.models import Abandonment
from tests.leavers import finished_match
from tests.tables import make_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def leaver():
    players = make_players(4)
    finished_match(players, removed={0})
    return players[0]


def until_text(user) -> str:
    until = Abandonment.objects.get(user=user).until
    with translation.override("en"):
        return formats.date_format(timezone.localtime(until), "j F Y, H:i T")


def page(client, path: str) -> str:
    return client.get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_lobby_says_why_and_until_when(client, leaver):
    client.force_login(leaver)
    lobby = page(client, "/")
    assert 'id="cool-down"' in lobby and until_text(leaver) in lobby
    assert "A moderator removed you from a match" in lobby
    assert 'id="quick-play"' not in lobby


def test_quick_play_seats_nobody_while_cooling_down(client, leaver):
    client.force_login(leaver)
    response = client.post("/rooms/quick/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert not Seat.objects.filter(user=leaver).exists()


def test_the_own_profile_says_it_too(client, leaver):
    client.force_login(leaver)
    profile = page(client, f"/u/{leaver.username}/")
    assert until_text(leaver) in profile
    assert "One abandonment counts against you." in profile
    assert "a cool-down of 1 hour" in profile


def test_nobody_else_sees_it(client, leaver):
    (other,) = make_players(1, prefix="other")
    assert 'id="cool-down"' not in page(client, f"/u/{leaver.username}/")
    client.force_login(other)
    assert 'id="cool-down"' not in page(client, f"/u/{leaver.username}/")
    assert 'id="cool-down"' not in page(client, "/")
