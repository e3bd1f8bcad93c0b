"""The profile of a player with 200 finished matches costs a few queries, whoever looks."""

import pytest

from analysis.profile import forget_medians
from history.models import HandResult
from tests.past_matches import past_match, player

pytestmark = pytest.mark.django_db

MATCHES = 200


@pytest.fixture
def veteran():
    matches = [past_match(["veteran", f"partner{n % 7}", f"left{n % 5}", f"right{n % 3}"], winner=n % 2)
               for n in range(MATCHES)]
    HandResult.objects.bulk_create(
        HandResult(match=match, hand=hand, seat=seat, user_id=match.seating[seat]["user"],
                   bid=8 if seat == 0 else None, made=hand != 2 if seat == 0 else None, kaboot=hand == 3,
                   tricks=3, points=8, turns=14)
        for match in matches for hand in range(1, 4) for seat in range(4))
    return player("veteran")


@pytest.mark.parametrize("viewer", ["anonymous", "self", "someone"])
def test_the_profile_costs_a_bounded_number_of_queries(client, django_assert_max_num_queries, veteran,
                                                       viewer):
    if viewer == "self":
        client.force_login(veteran)
    elif viewer == "someone":
        client.force_login(player("someone"))
    # Session, user, player, latest matches, two for the figures, one for the ratings, two
    # for the analysis figures (the player's, and everyone's medians, counted here from an
    # empty cache as a fresh server process does), one for the player's events,
    # and, on your own profile, two for your standing as a leaver and your sanctions; logged
    # in, the header's unread notifications, and on another's profile whether you follow or
    # block them: none grows with the number of matches.
    forget_medians()  # another test in this process may have left them cached
    with django_assert_max_num_queries(13):
        response = client.get("/u/veteran/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    (stats,) = response.context["stats"]
    assert (stats.matches, stats.contracts, stats.made, stats.kaboots) == (MATCHES, 3 * MATCHES, 2 * MATCHES,
                                                                           MATCHES)
