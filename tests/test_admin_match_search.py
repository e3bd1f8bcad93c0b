"""A moderator finds a player's matches in the admin by their username, and a room's by
its id or name."""

import pytest

from tests.past_matches import listed, past_match

pytestmark = pytest.mark.django_db


def test_searching_a_players_username_lists_exactly_the_matches_they_played(admin_client):
    first = past_match(["sam", "ali", "noor", "huda"])
    second = past_match(["ali", "rami", "sam", "lina"])
    past_match(["sam2", "rami", "noor", "lina"])  # a name that contains "sam"
    past_match(["ali", "rami", "noor", "lina"])
    assert listed(admin_client.get("/admin/games/match/", {"q": "sam"})) == {first.pk, second.pk}
    assert listed(admin_client.get("/admin/games/match/", {"q": "SAM"})) == {first.pk, second.pk}


def test_searching_a_room_id_or_name_lists_that_rooms_matches(admin_client):
    garden = past_match(["sam", "ali", "noor", "huda"], room_name="Garden table")
    other = past_match(["sam", "ali", "noor", "huda"], room_name="Other")
    assert listed(admin_client.get("/admin/games/match/", {"q": "garden"})) == {garden.pk}
    assert listed(admin_client.get("/admin/games/match/", {"q": other.room_id})) == {other.pk}


def test_searching_a_match_id_lists_that_match(admin_client):
    matches = [past_match(["sam", "ali", "noor", "huda"]) for _ in range(3)]
    # Room ids are random letters and digits: one may contain the id too.
    assert matches[1].pk in listed(admin_client.get("/admin/games/match/", {"q": str(matches[1].pk)}))
