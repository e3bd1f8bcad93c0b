"""A duplicate table is rated by its pairs' matchpoints against the field, once the round
is over, not by the points at the table (docs/ratings.md): a pair that did better than the
field on the same cards gains though it lost its table; rebuild_ratings agrees."""

import hashlib

import pytest

from events import services
from events.models import Deal, Event, Table
from games.models import Match
from ratings.models import RatingChange
from ratings.rate import MODEL, rebuild
from tests.event_tables import PASS, bid, event_with_pairs, ns_points, play_deal

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]

# A deal on which east makes 12 and north is set at 7, every seat playing its timeout card.
SEED = bytes(32)


def test_the_pair_that_beat_the_field_gains_whatever_the_points(django_capture_on_commit_callbacks):
    event, players = event_with_pairs(4, deals=1, prefix="dr")
    Deal.objects.filter(event=event).update(seed=SEED.hex(), sha256=hashlib.sha256(SEED).hexdigest())
    assert services.step(event.pk)
    one, two = Table.objects.filter(round__event=event).order_by("number")
    # The same cards: east-west make 12 at table 1 (east bids it), while north bids 7 at
    # table 2 and is set: north-south lose at both tables, by less at table 1.
    play_deal(one.match, [bid(12), PASS, PASS, PASS])
    play_deal(two.match, [PASS, PASS, PASS, bid(7)])
    first, second = Match.objects.get(pk=one.match_id), Match.objects.get(pk=two.match_id)
    assert first.status == second.status == Match.Status.FINISHED
    at_one, at_two = ns_points(first, 1), ns_points(second, 1)
    assert at_two < at_one < 0
    assert first.winner == 1  # on points, A (north-south at table 1) lost its table
    assert not RatingChange.objects.exists()  # not rated until the round is over

    with django_capture_on_commit_callbacks(execute=True):
        assert services.step(event.pk)
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    moved = {change.user_id: change.mu_after - change.mu_before for change in RatingChange.objects.all()}
    a, b, c, d = ([players[n].pk, players[n + 1].pk] for n in (0, 2, 4, 6))
    # A beat C (north-south on the same cards), so A gains and B loses at table 1; at table
    # 2, D (east-west) beat B, so D gains and C loses: each as its pair against the field.
    assert all(moved[user] > 0 for user in a + d) and all(moved[user] < 0 for user in b + c)
    assert all(change.mu_before == MODEL.mu for change in RatingChange.objects.all())

    fields = ("match_id", "user_id", "mu_after", "sigma_after", "created")
    live = sorted(RatingChange.objects.values_list(*fields))
    assert rebuild() == 2
    assert sorted(RatingChange.objects.values_list(*fields)) == live
