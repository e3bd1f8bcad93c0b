"""The Classic auction: turn order, re-bids, the fourth player's choice, 13, all pass."""

import pytest

from games.engine import FULL_DECK, IllegalAction, new_match

BID = {v: {"type": "bid", "value": v} for v in range(7, 14)}
PASS = {"type": "pass"}


def dealt(dealer=0):
    m = new_match("classic", dealer=dealer)
    m.deal(FULL_DECK)
    return m


def test_bidding_starts_right_of_the_dealer_and_goes_round():
    m = dealt(dealer=2)
    assert m.phase == "bidding" and m.to_act == 3
    m.apply(3, BID[7])
    assert m.to_act == 0
    assert m.legal_actions() == [*(BID[v] for v in range(8, 14)), PASS]


def test_all_four_passing_throws_the_hand_in_with_the_same_dealer():
    m = dealt(dealer=2)
    events = []
    for seat in (3, 0, 1, 2):
        events += m.apply(seat, PASS)
    assert events[-1] == {
        "type": "thrown_in",
        "hand_number": 1,
        "dealer": 2,
        "thrown_in": True,
        "reason": "all_passed",
        "bids": [{"seat": s, "pass": True} for s in (3, 0, 1, 2)],
    }
    assert m.phase == "deal" and m.dealer == 2 and m.to_act is None
    assert m.scores == [0, 0]
    v = m.view(0)
    assert v["hand"] == [] and v["cards_left"] == [0, 0, 0, 0]
    assert v["last_hand"]["thrown_in"] is True
    m.deal(FULL_DECK)
    assert m.hand_number == 2 and m.dealer == 2 and m.to_act == 3


def test_the_fourth_player_may_bid_after_three_passes():
    m = dealt(dealer=0)
    for seat in (1, 2, 3):
        m.apply(seat, PASS)
    assert m.to_act == 0
    assert m.legal_actions() == [*BID.values(), PASS]
    events = m.apply(0, BID[7])
    assert events == [
        {"type": "bid", "seat": 0, "value": 7},
        {"type": "contract", "seat": 0, "value": 7},
    ]
    assert m.phase == "trump" and m.to_act == 0
    assert m.view(None)["contract"] == {"seat": 0, "value": 7, "trump": None}


def test_the_fourth_player_may_pass_after_three_passes():
    m = dealt(dealer=0)
    for seat in (1, 2, 3):
        m.apply(seat, PASS)
    events = m.apply(0, PASS)
    assert events[-1]["type"] == "thrown_in" and m.dealer == 0


def test_a_bid_of_13_ends_the_auction_at_once():
    m = dealt(dealer=3)
    events = m.apply(0, BID[13])
    assert events[-1] == {"type": "contract", "seat": 0, "value": 13}
    assert m.phase == "trump" and m.to_act == 0


def test_a_bid_of_13_after_others_ends_it_too():
    m = dealt(dealer=3)
    m.apply(0, BID[7])
    m.apply(1, BID[9])
    m.apply(2, BID[13])
    assert m.phase == "trump" and m.to_act == 2


def test_a_player_who_bid_may_bid_again_and_passed_players_are_skipped():
    m = dealt(dealer=0)
    m.apply(1, BID[7])
    m.apply(2, BID[8])
    m.apply(3, PASS)
    m.apply(0, PASS)
    assert m.to_act == 1  # seat 3 and 0 passed: back to seat 1
    m.apply(1, BID[9])  # re-bid by a player who already bid
    assert m.to_act == 2
    m.apply(2, BID[10])
    assert m.to_act == 1
    events = m.apply(1, PASS)
    assert events[-1] == {"type": "contract", "seat": 2, "value": 10}
    assert [b for b in m.view(None)["bids"]] == [
        {"seat": 1, "value": 7},
        {"seat": 2, "value": 8},
        {"seat": 3, "pass": True},
        {"seat": 0, "pass": True},
        {"seat": 1, "value": 9},
        {"seat": 2, "value": 10},
        {"seat": 1, "pass": True},
    ]


def test_the_auction_ends_when_only_the_highest_bidder_is_left():
    m = dealt(dealer=0)
    m.apply(1, BID[8])
    m.apply(2, PASS)
    m.apply(3, PASS)
    events = m.apply(0, PASS)
    assert events[-1] == {"type": "contract", "seat": 1, "value": 8}


@pytest.mark.parametrize("value", [7, 8])
def test_a_bid_must_be_strictly_higher(value):
    m = dealt(dealer=0)
    m.apply(1, BID[8])
    before = m.to_dict()
    with pytest.raises(IllegalAction, match="higher"):
        m.apply(2, BID[value])
    assert m.to_dict() == before


def test_the_winner_names_trump_and_leads():
    m = dealt(dealer=0)
    m.apply(1, BID[9])
    for seat in (2, 3, 0):
        m.apply(seat, PASS)
    assert m.legal_actions() == [{"type": "trump", "suit": s} for s in "CDHS"]
    events = m.apply(1, {"type": "trump", "suit": "D"})
    assert events == [{"type": "trump", "seat": 1, "suit": "D"}]
    assert m.phase == "playing" and m.to_act == 1 and m.view(1)["leader"] == 1
    assert m.view(None)["contract"] == {"seat": 1, "value": 9, "trump": "D"}
    assert m.view(None)["trump"] == "D"
