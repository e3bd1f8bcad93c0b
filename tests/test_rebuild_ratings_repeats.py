"""A rebuild applies the repeated-opponent discount and counts different opponents exactly
as the live path did: the same weights, ratings and opponent rows, past the
REPEAT_LOOKBACK matches a player's discount looks at and across the window's edge."""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from ratings.models import Opponent, RatingChange
from ratings.rate import REPEAT_LOOKBACK, REPEAT_WINDOW
from tests.farming import farm, rated
from tests.rated import snapshot
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def opponents() -> list[tuple[int, str, int]]:
    return sorted(Opponent.objects.values_list("user_id", "variant", "opponent_id"))


def test_a_rebuild_equals_the_discounted_live_ratings():
    a, b, c, d, e, f = make_players(6)
    start = timezone.now() - timedelta(days=5)
    farm([a, b, c, d], REPEAT_LOOKBACK + 5, start)
    rated([a, c, e, d], 1, start + timedelta(hours=1))  # a new partner against the same two
    rated([e, a, f, b], 0, start + REPEAT_WINDOW - timedelta(minutes=10))
    farm([a, b, c, d], 3, start + REPEAT_WINDOW)  # the first farmed matches leave the window
    live = snapshot(), opponents()
    weights = set(RatingChange.objects.values_list("weight", flat=True))
    assert 1.0 in weights and min(weights) < 1e-20 and len(weights) > 5
    call_command("rebuild_ratings", stdout=io.StringIO())
    assert (snapshot(), opponents()) == live
    assert len(live[1]) == 2 * 10  # ac ad bc bd, ec ed, ea eb fa fb: a row each way
