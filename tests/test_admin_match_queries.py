"""The admin's match list reads a bounded number of queries however many matches it shows:
the players' names come from each match's seating, not a query per match."""

import pytest

from tests.past_matches import listed, past_match

pytestmark = pytest.mark.django_db


def test_the_match_list_of_fifty_matches_runs_a_bounded_number_of_queries(
        admin_client, django_assert_max_num_queries):
    for n in range(50):
        past_match([f"player{n}", f"player{n + 1}", f"player{n + 2}", f"player{n + 3}"],
                   room_name=f"table {n}")
    admin_client.get("/admin/games/match/")  # the session and user, read once before counting
    with django_assert_max_num_queries(10):
        response = admin_client.get("/admin/games/match/", {"all": ""})
    assert len(listed(response)) == 50
    page = response.content.decode()
    assert "0: player49, 1: player50, 2: player51, 3: player52" in page
    assert "table 49" in page


def test_searching_a_username_among_fifty_matches_runs_a_bounded_number_of_queries(
        admin_client, django_assert_max_num_queries):
    for n in range(50):
        past_match([f"player{n}", f"player{n + 1}", f"player{n + 2}", f"player{n + 3}"])
    with django_assert_max_num_queries(10):
        response = admin_client.get("/admin/games/match/", {"q": "player10"})
    assert len(listed(response)) == 4
