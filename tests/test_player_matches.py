"""A player's matches: exactly theirs, newest first, with their result and score, filtered
by variant, result and partner or opponent; private rooms' matches only for themselves."""

import pytest

from games.models import Match
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """A finished Classic match, a finished Tarneeb 41 match and a live one."""
    return [play_until(start_match("classic", turn_seconds=30), "finished"),
            play_until(start_match("forty_one", turn_seconds=30), "finished"),
            start_match("classic", turn_seconds=30)]


def listed(client, username, **query):
    response = client.get(f"/u/{username}/matches/", query, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.context["rows"]


def test_the_list_holds_exactly_the_players_matches_with_result_and_score(client, played):
    classic = played[0]
    for seat in range(4):
        username = classic.seating[seat]["username"]
        rows = listed(client, username)
        assert [row.match_id for row in rows] == [classic.pk]
        row = rows[0]
        team = seat % 2
        assert row.result == ("won" if classic.winner == team else "lost")
        scores = classic.game.scores
        assert (row.ours, row.theirs) == ([scores[team]], [scores[1 - team]])
        assert row.partner == classic.seating[(seat + 2) % 4]["username"]
        assert row.hands == classic.game.hand_number


def test_filters_by_result_variant_and_who_they_played_with(client, played):
    classic = played[0]
    winner = classic.seating[classic.winner]["username"]
    assert [row.match_id for row in listed(client, winner, result="won")] == [classic.pk]
    assert listed(client, winner, result="lost") == []
    assert listed(client, winner, variant="forty_one") == []
    opponent = classic.seating[classic.winner + 1]["username"]
    assert [row.match_id for row in listed(client, winner, **{"with": opponent})] == [classic.pk]
    assert listed(client, winner, **{"with": "nobody-at-all"}) == []


def test_a_live_match_is_listed_as_being_played_and_its_hand_is_not_shown(client, played):
    live = played[2]
    username = live.seating[0]["username"]
    rows = listed(client, username)
    assert rows[0].match_id == live.pk and rows[0].result == "playing"
    page = client.get(f"/u/{username}/matches/").content.decode()
    for card in live.game.to_dict()["hands"][0]:
        assert f">{card}<" not in page
    assert live.fairness["sha256"] not in page


def test_a_private_rooms_match_is_listed_only_to_those_who_sat_in_it(client, played, django_user_model):
    match = played[0]
    match.room.private = True
    match.room.save()
    username = match.seating[0]["username"]
    assert listed(client, username) == []
    client.force_login(django_user_model.objects.create_user("mallory", password="x-long-secret-1"))
    assert listed(client, username) == []
    for seat in (0, 3):  # the player, and an opponent in that match
        client.force_login(match.players.get(seat=seat).user)
        assert [row.match_id for row in listed(client, username)] == [match.pk]


def test_the_profile_shows_the_latest_matches(client, played):
    username = played[0].seating[1]["username"]
    page = client.get(f"/u/{username}/").content.decode()
    assert f"/matches/{played[0].pk}/" in page
    assert f"/u/{username}/matches/" in page


def test_a_page_of_200_matches_takes_a_bounded_number_of_queries(client, django_user_model,
                                                                django_assert_max_num_queries):
    match = play_until(start_match("classic", turn_seconds=30), "finished")
    player = match.players.get(seat=0).user
    # 199 more finished matches for the same four players, copied from the first.
    for _ in range(199):
        copy = Match.objects.create(room=match.room, variant=match.variant, target=match.target,
                                    status=match.status, first_dealer=match.first_dealer, state=match.state,
                                    winner=match.winner, seating=match.seating, finished_at=match.finished_at)
        copy.players.create(seat=0, user=player)
    with django_assert_max_num_queries(8):
        rows = listed(client, player.username)
    assert len(rows) == 50
    with django_assert_max_num_queries(8):
        assert len(listed(client, player.username, page=4)) == 50
