"""Meeting the same opponent again within REPEAT_WINDOW (24 h) counts less: the first
FULL_MEETINGS (2) meetings with each opponent count fully, and each one beyond them, with
either of the match's opponents, halves the weight of the match for that player. A match
of weight w moves mu and sigma w of the way openskill says."""

from datetime import timedelta

import pytest
from django.utils import timezone

from ratings.models import RatingChange
from ratings.rate import FULL_MEETINGS, REPEAT_WINDOW, rate_seats
from tests.farming import rated
from tests.tables import make_players

pytestmark = pytest.mark.django_db
MINUTE = timedelta(minutes=1)


def weights(user) -> list[float]:
    return list(RatingChange.objects.filter(user=user).order_by("created").values_list("weight", flat=True))


def test_the_same_four_count_less_and_less_then_fully_a_day_later():
    assert FULL_MEETINGS == 2 and REPEAT_WINDOW.total_seconds() == 24 * 3600
    a, b, c, d = make_players(4)
    start = timezone.now() - timedelta(days=3)
    for n in range(5):
        rated([a, c, b, d], n % 2, start + n * MINUTE)  # the result does not matter
    # Third meeting: one beyond the two full ones with each of the two opponents, 1/2 each.
    assert weights(a) == weights(c) == [1.0, 1.0, 0.25, 0.0625, 0.015625]
    rated([a, c, b, d], 0, start + REPEAT_WINDOW + 1.5 * MINUTE)  # the first two are out of the window
    assert weights(a)[-1] == 0.0625
    rated([a, c, b, d], 0, start + 3 * REPEAT_WINDOW)
    assert weights(a)[-1] == 1.0


def test_the_weight_is_the_share_of_openskills_change():
    a, b, c, d = make_players(4)
    start = timezone.now() - timedelta(days=1)
    for n in range(3):
        rated([a, c, b, d], 0, start + n * MINUTE)
    changes = {change.user_id: change for change in RatingChange.objects.filter(created=start + 2 * MINUTE)}
    seats = [changes[user.pk] for user in (a, c, b, d)]
    full = rate_seats([(change.mu_before, change.sigma_before) for change in seats], 0)
    for change, (mu, sigma) in zip(seats, full, strict=True):
        assert change.weight == 0.25
        assert change.mu_after == change.mu_before + 0.25 * (mu - change.mu_before)
        assert change.sigma_after == change.sigma_before + 0.25 * (sigma - change.sigma_before)
    assert changes[a.pk].mu_after > changes[a.pk].mu_before


def test_each_player_counts_their_own_opponents_and_partners_are_not_opponents():
    a, b, c, d, e = make_players(5)
    start = timezone.now() - timedelta(days=1)
    for n in range(3):
        rated([a, c, b, d], 0, start + n * MINUTE)
    rated([a, c, e, d], 0, start + 3 * MINUTE)  # a and b partners, now a new partner for a
    last = dict(RatingChange.objects.filter(created=start + 3 * MINUTE).values_list("user_id", "weight"))
    # a met c and d three times each: twice beyond the full two, with each (1/2 ** 4). c
    # and d met a three times (1/2 ** 2) and e never; e met nobody.
    assert last == {a.pk: 1 / 16, e.pk: 1.0, c.pk: 1 / 4, d.pk: 1 / 4}
    # Partners again and again, against different opponents each time: full weight.
    f, g, h, i, j, k = make_players(6, prefix="other")
    for n, (x, y) in enumerate(((f, g), (h, i), (j, k))):
        rated([b, x, e, y], 0, start + (10 + n) * MINUTE)
    assert weights(e)[-3:] == [1.0, 1.0, 1.0]
