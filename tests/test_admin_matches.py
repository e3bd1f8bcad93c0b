"""The admin's match list shows each match's room, variant, target, status, winners, times
and players by seat, and links to its replay and its public record."""

import pytest

from games.models import Match
from tests.past_matches import past_match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def in_english(admin_client):
    # The site's default language is Arabic; these tests read the English labels.
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def test_each_row_shows_the_players_by_seat_and_the_winning_team(admin_client):
    past_match(["sam", "ali", "noor", "huda"], winner=1, room_name="Garden table")
    page = admin_client.get("/admin/games/match/").content.decode()
    assert "0: sam, 1: ali, 2: noor, 3: huda" in page
    assert "team 1: ali &amp; huda" in page
    assert "Garden table" in page


def test_each_row_links_to_the_replay_and_the_public_record(admin_client):
    match = past_match(["sam", "ali", "noor", "huda"])
    page = admin_client.get("/admin/games/match/").content.decode()
    assert f'href="/matches/{match.pk}/"' in page
    assert f'href="/matches/{match.pk}/record.json"' in page
    record = admin_client.get(f"/matches/{match.pk}/record.json")
    assert record.status_code == 200 and record.json()["id"] == match.pk


def test_a_match_still_playing_shows_no_winner(admin_client):
    past_match(["sam", "ali", "noor", "huda"], status=Match.Status.PLAYING)
    page = admin_client.get("/admin/games/match/").content.decode()
    assert "team 0" not in page and "team 1" not in page


def test_usernames_are_escaped_in_the_list(admin_client):
    past_match(["<b>sam</b>", "ali", "noor", "huda"], winner=0)
    page = admin_client.get("/admin/games/match/").content.decode()
    assert "<b>sam</b>" not in page
    assert "&lt;b&gt;sam&lt;/b&gt;" in page
