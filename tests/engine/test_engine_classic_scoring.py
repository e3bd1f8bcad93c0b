"""Classic scoring, from scripted whole hands (docs/rules.md and its worked examples, marked
"000 example" there)."""

import pytest

from games.engine import Match, new_match
from games.engine.testing import scripted_hand


def winners_for(team0_tricks: int) -> list[int]:
    """13 trick winners: team 0 (seats 0, 2) takes the first ``team0_tricks``."""
    return [(0, 2)[k % 2] for k in range(team0_tricks)] + [(1, 3)[k % 2] for k in range(13 - team0_tricks)]


def play_classic(*, dealer, bidder, bid, winners, trump="S", scores=None, target=41):
    """Deal a scripted hand, let ``bidder`` win the auction at ``bid``, play it out."""
    m = new_match("classic", dealer=dealer, target=target)
    if scores is not None:
        d = m.to_dict()
        d["scores"] = scores
        m = Match.from_dict(d)
    hand = scripted_hand(winners, trump)
    events = m.deal(hand.deck(dealer))
    while m.phase == "bidding":
        seat = m.to_act
        action = {"type": "bid", "value": bid} if seat == bidder else {"type": "pass"}
        events += m.apply(seat, action)
    assert m.phase == "trump" and m.to_act == bidder
    events += m.apply(bidder, {"type": "trump", "suit": trump})
    assert m.to_act == bidder  # the auction winner leads
    events += hand.play(m, bidder)
    return m, events


def scored(events):
    [ev] = [e for e in events if e["type"] == "hand_scored"]
    return ev


@pytest.mark.parametrize(
    ("bid", "took", "points"),
    [
        (8, 8, [8, 0]),  # made exactly
        (8, 10, [10, 0]),  # docs/rules.md, 000 example: bid 8, took 10 -> 10 and 0
        (8, 6, [-8, 7]),  # docs/rules.md, 000 example: bid 8, took 6 -> -8, other team 7
        (7, 0, [-7, 13]),  # failed with no trick at all
        (9, 13, [16, 0]),  # kaboot on a lower bid
        (7, 13, [16, 0]),
        (12, 12, [12, 0]),
        (12, 11, [-12, 2]),
        (13, 13, [26, 0]),  # bid 13 made
        (13, 11, [-16, 4]),  # docs/rules.md, 000 example: bid 13, took 11 -> -16, other team 2 x 2
        (13, 0, [-16, 26]),
    ],
)
def test_it_scores_the_bidding_team(bid, took, points):
    m, events = play_classic(dealer=3, bidder=0, bid=bid, winners=winners_for(took))
    ev = scored(events)
    assert ev["team_tricks"] == [took, 13 - took]
    assert sum(ev["tricks"]) == 13
    assert ev["points"] == points
    assert ev["scores"] == points == m.scores
    assert ev["contract"] == {"seat": 0, "value": bid, "trump": "S"}
    assert ev["kaboot"] is (took == 13)
    assert ev["made"] is (took >= bid)
    assert m.view(None)["last_hand"] == {k: v for k, v in ev.items() if k != "type"}


def test_it_scores_team_one_when_seat_three_bids():
    # Team 1 bids 7 and takes 5: it loses 7, team 0 scores its 8 tricks.
    m, events = play_classic(dealer=2, bidder=3, bid=7, winners=winners_for(8))
    assert scored(events)["points"] == [8, -7]
    assert m.scores == [8, -7]


def test_scores_may_go_negative_and_accumulate():
    m, _ = play_classic(dealer=0, bidder=1, bid=9, winners=winners_for(7), scores=[3, -4])
    assert m.scores == [3 + 7, -4 - 9]  # team 1 took 6 < 9


def test_a_played_hand_passes_the_deal_right():
    m, events = play_classic(dealer=3, bidder=0, bid=8, winners=winners_for(9))
    assert m.phase == "deal" and m.dealer == 0 and m.to_act is None and m.winner is None
    assert events[-1]["type"] == "hand_scored"
    again = scripted_hand(winners_for(9), "H")
    m.deal(again.deck(0))
    assert m.to_act == 1 and m.hand_number == 2


@pytest.mark.parametrize("target", [31, 41, 61])
def test_the_first_team_at_the_target_wins(target):
    m, events = play_classic(
        dealer=1,
        bidder=2,
        bid=7,
        winners=winners_for(7),
        scores=[target - 7, target - 1],
        target=target,
    )
    assert m.scores == [target, target - 1]
    assert m.phase == "finished" and m.winner == 0 and m.to_act is None
    assert events[-1] == {"type": "match_won", "team": 0, "scores": [target, target - 1]}
    assert m.legal_actions() == []


def test_the_defenders_can_win_the_match():
    m, events = play_classic(dealer=1, bidder=2, bid=10, winners=winners_for(5), scores=[40, 33])
    assert m.scores == [30, 41] and m.winner == 1
    assert events[-1]["type"] == "match_won" and events[-1]["team"] == 1


def test_one_point_short_plays_on():
    m, _ = play_classic(dealer=1, bidder=2, bid=7, winners=winners_for(7), scores=[33, 0])
    assert m.scores == [40, 0] and m.phase == "deal" and m.winner is None and m.dealer == 2
