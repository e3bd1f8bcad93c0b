"""A finished match raises its winners' ratings and lowers its losers', in its variant only,
by exactly what openskill's PlackettLuce gives for seats 0 and 2 against 1 and 3."""

from datetime import timedelta

import pytest
from django.utils import timezone
from openskill.models import PlackettLuce

from ratings.models import Rating, RatingChange
from ratings.rate import displayed, rate_match
from tests.past_matches import past_match
from tests.rated import play_match
from tests.tables import make_players

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_a_match_played_to_its_end_moves_winners_up_and_losers_down(variant):
    players = make_players(4)
    match = play_match(players, variant)
    changes = {change.user_id: change for change in RatingChange.objects.filter(match=match)}
    assert sorted(changes) == sorted(p.pk for p in players)
    fresh = displayed(PlackettLuce().mu, PlackettLuce().sigma)
    for seat, player in enumerate(players):
        change, rating = changes[player.pk], Rating.objects.get(user=player, variant=variant)
        assert change.rating_before == fresh and change.created == match.finished_at
        if seat % 2 == match.winner:
            assert change.mu_after > change.mu_before and change.rating_after > change.rating_before
        else:
            assert change.mu_after < change.mu_before and change.rating_after < change.rating_before
        assert (rating.mu, rating.sigma, rating.rating, rating.matches) == (
            change.mu_after, change.sigma_after, change.rating_after, 1)
    other = "forty_one" if variant == "classic" else "classic"
    assert not Rating.objects.filter(variant=other).exists()


@pytest.mark.parametrize("winner", [0, 1])
def test_the_numbers_are_openskills_for_the_two_teams(winner):
    match = past_match(["ann", "bob", "cat", "dan"], winner=winner)
    match.finished_at = timezone.now()
    match.save()
    rate_match(match)
    model = PlackettLuce()
    teams = [[model.rating(), model.rating()], [model.rating(), model.rating()]]
    expected = model.rate(teams, ranks=[0, 1] if winner == 0 else [1, 0])
    for seat, name in enumerate(["ann", "bob", "cat", "dan"]):
        rating = Rating.objects.get(user__username=name)
        rated = expected[seat % 2][seat // 2]
        assert (rating.mu, rating.sigma) == (rated.mu, rated.sigma)
        assert (rating.mu > model.mu) == (seat % 2 == winner)


def test_the_second_match_starts_from_the_first():
    players = make_players(4)
    first = play_match(players)
    second = play_match([players[1], players[2], players[3], players[0]])  # everyone moves a seat
    for player in players:
        before, after = RatingChange.objects.filter(user=player).order_by("created")
        assert (before.match, after.match) == (first, second)
        assert (after.mu_before, after.sigma_before, after.rating_before) == (
            before.mu_after, before.sigma_after, before.rating_after)
        assert Rating.objects.get(user=player).matches == 2
    assert second.finished_at - first.finished_at > timedelta(0)
