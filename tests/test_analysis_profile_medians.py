"""The median beside each profile figure is of every person with at least
ANALYSIS_MEDIAN_MIN_HANDS analysed hands of the variant in public matches: not a player
below it, not a bot, not a private match's hands. Counted at most once per
ANALYSIS_MEDIANS_SECONDS (the cache), so a profile costs one query for its figures."""

import pytest

from analysis import profile
from tests.analysis_rows import hand_data, match_of, player, store_many

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_medians(settings):
    settings.ANALYSIS_MEDIAN_MIN_HANDS = 2
    profile.forget_medians()
    yield
    profile.forget_medians()


def hands(costs_by_seat: dict[int, int], count: int, declarer: int = 0) -> list[dict]:
    """`count` hands of one trick led by `declarer`; each seat's card costs what is given."""
    order = [(declarer + k) % 4 for k in range(4)]
    return [hand_data("classic", [(seat, costs_by_seat.get(seat, 0)) for seat in order], declarer=declarer)
            for _ in range(count)]


def test_medians_of_players_with_enough_public_hands():
    # Two hands each. Alice (seat 0) leads: every card at cost 0. Bob (1) loses 1 each
    # hand, Carol (2) 2, Dave (3) none. Shares at cost 0: 1, 0, 0, 1 -> median 0.5.
    # Tricks lost a hand: 0, 1, 2, 0 -> median 0.5.
    store_many(match_of(["alice", "bob", "carol", "dave"]), hands({1: 1, 2: 2}, 2))
    # Below the minimum (one hand), a bot and a private match: none of them counts.
    store_many(match_of(["erin", "frank", "grace", "henry"]), hands({0: 5, 1: 5, 2: 5, 3: 5}, 1))
    player("expert-bot", bot_level="expert")
    store_many(match_of(["expert-bot", "ivan", "judy", "karl"], private=True),
               hands({0: 3, 1: 3, 2: 3, 3: 3}, 4))
    bot_match = match_of(["expert-bot", "alice", "lena", "bob"])
    store_many(bot_match, hands({0: 4}, 2))
    # Alice, now 4 hands (2 at seat 1 with cost 0), Bob 4 (1, 1, 0, 0: half costly), Lena 2.
    medians = profile.compute_medians()
    # best_cards by player: alice 1, bob 0.5 (2 of 4), carol 0, dave 1, lena 1 -> median 1.
    assert medians["classic"]["best_cards"] == 1.0
    # lost a hand: alice 0, bob 0.5, carol 2, dave 0, lena 0 -> median 0.
    assert medians["classic"]["lost"] == 0.0
    # Leads: only Alice and the bot led (the bot excluded): alice 2 of 2.
    assert medians["classic"]["leads"] == 1.0
    # No bids in these hands: no median.
    assert medians["classic"]["makeable"] is None
    assert medians["forty_one"] == {"best_cards": None, "lost": None, "leads": None}


def test_the_medians_are_cached_and_the_profile_is_bounded(django_assert_num_queries):
    store_many(match_of(["alice", "bob", "carol", "dave"]), hands({1: 1}, 2))
    alice = player("alice")
    (row,) = profile.analysis_figures(alice, alice)
    assert {f.key: f.median for f in row.figures}["best_cards"] == 1.0  # 1, 0, 1, 1
    store_many(match_of(["bob", "carol", "dave", "erin"]), hands({0: 1, 1: 1, 2: 1}, 4))
    with django_assert_num_queries(1):  # the player's own sums; the medians from the cache
        (row,) = profile.analysis_figures(alice, alice)
    assert {f.key: f.median for f in row.figures}["best_cards"] == 1.0
    profile.forget_medians()  # as the time limit does
    (row,) = profile.analysis_figures(alice, alice)
    # bob 2 of 6, carol 2 of 6, dave 2 of 6, erin 4 of 4, alice 1: median 1/3.
    assert {f.key: f.median for f in row.figures}["best_cards"] == pytest.approx(1 / 3)
