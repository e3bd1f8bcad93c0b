"""A match of a fixed number of deals (a duplicate table's): each deal from the next
dealer, thrown-in ones included; won on points after the last, a draw when level."""

import random

import pytest

from games.engine import Match, new_match
from games.engine.testing import scripted_hand


def deck(seed):
    cards = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]
    random.Random(seed).shuffle(cards)
    return cards


def test_thrown_in_deals_count_and_pass_the_deal_on():
    m = new_match("classic", dealer=0, deals=2)
    events = []
    for n, dealer in enumerate((0, 1)):
        assert m.phase == "deal" and m.dealer == dealer
        events += m.deal(deck(n))
        while m.phase == "bidding":
            events += m.apply(m.to_act, {"type": "pass"})
    assert [e["type"] for e in events].count("thrown_in") == 2
    assert m.phase == "finished" and m.winner is None and m.hand_number == 2
    assert events[-1] == {"type": "match_won", "team": None, "scores": [0, 0]}


def test_the_team_ahead_after_the_last_deal_wins_below_the_target():
    m = new_match("classic", dealer=3, target=41, deals=1)
    hand = scripted_hand([0, 2] * 6 + [0], "S")
    events = m.deal(hand.deck(3))
    while m.phase == "bidding":
        events += m.apply(m.to_act, {"type": "bid", "value": 7} if m.to_act == 0 else {"type": "pass"})
    events += m.apply(0, {"type": "trump", "suit": "S"})
    events += hand.play(m, 0)
    assert m.phase == "finished" and m.winner == 0 and max(m.scores) < 41
    assert events[-1]["type"] == "match_won" and events[-1]["team"] == 0


def test_forty_one_plays_its_deals_out():
    m = new_match("forty_one", dealer=0, deals=2)
    dealers = []
    while m.phase != "finished":
        dealers.append(m.dealer)
        m.deal(deck(len(dealers)))
        while m.to_act is not None:
            m.apply(m.to_act, m.timeout_action())
    assert dealers == [0, 1] and m.hand_number == 2


def test_the_number_of_deals_survives_a_round_trip_and_old_states_have_none():
    m = new_match("classic", dealer=0, deals=3)
    assert Match.from_dict(m.to_dict()).deals == 3
    old = new_match("classic", dealer=0).to_dict()
    del old["deals"]
    assert Match.from_dict(old).deals is None


@pytest.mark.parametrize("deals", [0, -1, 53, "4", 2.0])
def test_a_bad_number_of_deals_is_refused(deals):
    with pytest.raises(ValueError, match="deals"):
        new_match("classic", dealer=0, deals=deals)
