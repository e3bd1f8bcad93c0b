"""Tarneeb 41: trump from the exposed card, one bid each, per-seat scores, the 41 rule."""

import pytest

from games.engine import FULL_DECK, IllegalAction, Match, new_match
from games.engine.testing import scripted_hand


def bid(v):
    return {"type": "bid", "value": v}


def winners_per_seat(counts):
    """13 trick winners giving seat s counts[s] tricks."""
    assert sum(counts) == 13
    return [s for s in range(4) for _ in range(counts[s])]


def play_41(*, bids, tricks, dealer=3, scores=None):
    """Deal a scripted hand (trump S), bid ``bids`` (by seat), give seat s tricks[s]."""
    m = new_match("forty_one", dealer=dealer)
    if scores is not None:
        d = m.to_dict()
        d["scores"] = scores
        m = Match.from_dict(d)
    hand = scripted_hand(winners_per_seat(tricks), "S", exposed_by=dealer)
    events = m.deal(hand.deck(dealer))
    assert m.view(None)["trump"] == "S"
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        events += m.apply(seat, bid(bids[seat]))
    assert m.phase == "playing" and m.to_act == (dealer + 1) % 4  # the first bidder leads
    events += hand.play(m, (dealer + 1) % 4)
    return m, events


@pytest.mark.parametrize(("exposed", "trump"), [("7H", "D"), ("7D", "H"), ("7S", "C"), ("7C", "S")])
def test_trump_is_the_other_suit_of_the_exposed_cards_colour(exposed, trump):
    m = new_match("forty_one", dealer=1)
    deck = [c for c in FULL_DECK if c != exposed] + [exposed]
    events = m.deal(deck)
    assert events == [
        {"type": "dealt", "dealer": 1, "hand_number": 1, "exposed_card": exposed},
        {"type": "trump", "seat": None, "suit": trump},
    ]
    assert m.phase == "bidding" and m.to_act == 2
    for seat in (None, 0, 1, 2, 3):
        v = m.view(seat)
        assert v["trump"] == trump and v["exposed_card"] == exposed
    assert exposed in m.view(1)["hand"]  # the dealer keeps it


def test_the_target_is_always_41():
    assert new_match("forty_one", dealer=0).target == 41
    assert new_match("forty_one", dealer=0, target=41).target == 41
    for target in (31, 61, 40, "41"):
        with pytest.raises(ValueError):
            new_match("forty_one", dealer=0, target=target)


def test_each_seat_bids_once_any_allowed_value():
    m = new_match("forty_one", dealer=0)
    m.deal(FULL_DECK)
    values = [2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13]
    assert m.legal_actions() == [bid(v) for v in values]
    m.apply(1, bid(9))
    m.apply(2, bid(2))  # need not be higher
    m.apply(3, bid(2))
    events = m.apply(0, bid(5))
    assert events == [{"type": "bid", "seat": 0, "value": 5}]
    assert m.phase == "playing" and m.to_act == 1
    assert m.view(None)["contract"] == [5, 9, 2, 2]  # per seat


@pytest.mark.parametrize("action", [bid(6), {"type": "pass"}, bid(1), bid(14), bid(0)])
def test_bids_of_6_pass_and_out_of_range_are_refused(action):
    m = new_match("forty_one", dealer=0)
    m.deal(FULL_DECK)
    m.apply(1, bid(4))
    before = m.to_dict()
    with pytest.raises(IllegalAction) as err:
        m.apply(2, action)
    assert m.to_dict() == before
    assert "6" in str(err.value)  # the message says what is allowed


def test_bids_under_11_throw_the_hand_in_with_the_same_dealer():
    m = new_match("forty_one", dealer=2)
    m.deal(FULL_DECK)
    for seat, v in ((3, 2), (0, 2), (1, 2)):
        m.apply(seat, bid(v))
    events = m.apply(2, bid(4))  # total 10
    assert events[-1] == {
        "type": "thrown_in",
        "hand_number": 1,
        "dealer": 2,
        "thrown_in": True,
        "reason": "bids_under_11",
        "bids": [
            {"seat": 3, "value": 2},
            {"seat": 0, "value": 2},
            {"seat": 1, "value": 2},
            {"seat": 2, "value": 4},
        ],
    }
    assert m.phase == "deal" and m.dealer == 2 and m.scores == [0, 0, 0, 0]
    assert m.view(0)["exposed_card"] is None
    m.deal(FULL_DECK)
    assert m.hand_number == 2 and m.to_act == 3


def test_bids_of_exactly_11_are_played():
    m = new_match("forty_one", dealer=2)
    m.deal(FULL_DECK)
    for seat, v in ((3, 2), (0, 2), (1, 2), (2, 5)):
        m.apply(seat, bid(v))
    assert m.phase == "playing" and m.to_act == 3


def test_each_seat_scores_its_own_bid():
    # Seat 0 makes 3 exactly, seat 1 takes 5 for a bid of 4 (extras count for nothing),
    # seat 2 bid 2 and took 1, seat 3 bid 4 and took 4.
    m, events = play_41(bids=[3, 4, 2, 4], tricks=[3, 5, 1, 4])
    [ev] = [e for e in events if e["type"] == "hand_scored"]
    assert ev["tricks"] == [3, 5, 1, 4]
    assert ev["bids"] == [3, 4, 2, 4]
    assert ev["points"] == [3, 4, -2, 4]
    assert ev["scores"] == m.scores == [3, 4, -2, 4]
    assert m.phase == "deal" and m.dealer == 0


def test_a_seat_reaching_41_wins_when_the_partner_is_above_zero():
    m, events = play_41(bids=[3, 4, 2, 4], tricks=[3, 5, 2, 3], scores=[38, 20, 5, 20])
    assert m.scores == [41, 24, 7, 16]
    assert m.phase == "finished" and m.winner == 0
    assert events[-1] == {"type": "match_won", "team": 0, "scores": [41, 24, 7, 16]}


@pytest.mark.parametrize(("partner_before", "partner_after"), [(2, 0), (0, -2), (-10, -12)])
def test_41_is_not_enough_with_the_partner_at_zero_or_below(partner_before, partner_after):
    m, _ = play_41(bids=[3, 4, 2, 4], tricks=[4, 5, 0, 4], scores=[38, 0, partner_before, 0])
    assert m.scores == [41, 4, partner_after, 4]
    assert m.phase == "deal" and m.winner is None


def test_the_partner_can_be_the_one_at_41():
    m, _ = play_41(bids=[3, 2, 7, 2], tricks=[3, 2, 7, 1], scores=[1, 0, 34, 0])
    assert m.scores == [4, 2, 41, -2] and m.winner == 0


def test_when_both_teams_qualify_the_higher_total_wins():
    m, events = play_41(bids=[3, 3, 3, 2], tricks=[3, 3, 5, 2], scores=[38, 38, 5, 5])
    assert m.scores == [41, 41, 8, 7]
    assert m.winner == 0 and events[-1]["type"] == "match_won"


def test_when_both_teams_qualify_team_one_can_win():
    m, _ = play_41(bids=[3, 3, 2, 3], tricks=[3, 3, 4, 3], scores=[38, 38, 5, 5])
    assert m.scores == [41, 41, 7, 8] and m.winner == 1


def test_when_both_teams_qualify_with_equal_totals_play_goes_on():
    m, events = play_41(bids=[3, 3, 3, 3], tricks=[3, 3, 3, 4], scores=[38, 38, 5, 5])
    assert m.scores == [41, 41, 8, 8]
    assert m.phase == "deal" and m.winner is None and m.dealer == 0
    assert events[-1]["type"] == "hand_scored"
