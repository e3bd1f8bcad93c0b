"""A hand that holds every master: seat 0 has all thirteen trumps, so its team takes every
trick whoever leads and whatever anyone plays. The analysis must say so, card by card."""

import pytest

from analysis.deal import analyse
from tests.analysis_hands import hands_deck, play_out

# Seat 0: every spade. Dealer 3: seat 0 bids first (Classic) and leads (Tarneeb 41); seat
# 3's last card, Tarneeb 41's exposed card, is a club, which makes spades trump.
HANDS = (
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H AD KD QD JD TD 9D",
    "7H 6H 5H 4H 3H 2H 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
)
DEALER = 3
AUCTION = {
    "classic": [{"type": "bid", "value": 13}, {"type": "trump", "suit": "S"}],
    "forty_one": [{"type": "bid", "value": 13}, {"type": "bid", "value": 2}, {"type": "bid", "value": 2},
                  {"type": "bid", "value": 2}],
}


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_a_hand_of_every_trump_takes_all_thirteen(variant):
    deck = hands_deck(HANDS, DEALER)
    analysis = analyse(variant, deck, DEALER, play_out(variant, deck, DEALER, AUCTION[variant]))
    assert analysis["trump"] == "S" and analysis["table"]["leader"] == 0
    assert analysis["table"]["tricks"]["S"] == [13, 0]
    assert len(analysis["cards"]) == 52
    for card in analysis["cards"]:
        team = card["seat"] % 2
        assert (card["before"], card["after"], card["cost"]) == ((13, 13, 0) if team == 0 else (0, 0, 0))
    # Every card seat 0 holds is as good as any other: each is a master trump.
    leads = [card for card in analysis["cards"] if card["seat"] == 0]
    for k, card in enumerate(leads):
        assert sorted(card["best"]) == sorted(c["card"] for c in leads[k:])
    # Nothing the others hold takes a trick: every legal card is as good (as bad) as any.
    assert all(card["card"] in card["best"] for card in analysis["cards"])
    assert analysis["seats"] == [{"cards": 13, "costly": 0, "lost": 0}] * 4


def test_classic_the_grand_slam_is_par_and_made_exactly():
    deck = hands_deck(HANDS, DEALER)
    analysis = analyse("classic", deck, DEALER, play_out("classic", deck, DEALER, AUCTION["classic"]))
    classic = analysis["classic"]
    assert classic["contract"] == {"seat": 0, "bid": 13, "trump": "S", "double_dummy": 13, "result": 0,
                                   "double_dummy_points": [26, 0]}
    team0 = classic["par"][0]
    assert team0["tricks"] == 13 and team0["contract"] == 13
    # Seat 2 declaring spades leads a red card, which seat 0 trumps: 13 as well.
    assert {"seat": 0, "trump": "S"} in team0["declarers"] and {"seat": 2, "trump": "S"} in team0["declarers"]
    assert classic["trump_choice"]["chosen"] == "S" and "S" in classic["trump_choice"]["best"]
    assert classic["trump_choice"]["tricks"]["S"] == 13
    assert classic["calls"] == [{"seat": 0, "bid": 13, "makes": 13, "verdict": None}]
    assert analysis["points"] == {"actual": [26, 0], "double_dummy": [26, 0]}


def test_forty_one_bids_against_tricks_and_the_team_double_dummy():
    deck = hands_deck(HANDS, DEALER)
    analysis = analyse("forty_one", deck, DEALER, play_out("forty_one", deck, DEALER, AUCTION["forty_one"]))
    bids = analysis["forty_one"]["bids"]
    assert [(b["bid"], b["tricks"], b["team_tricks"], b["team_double_dummy"]) for b in bids] == [
        (13, 13, 13, 13), (2, 0, 0, 0), (2, 0, 13, 13), (2, 0, 0, 0)]
    # Seat 0 takes the 13 its bid needs; seat 2's 2 cannot be made beside it.
    assert analysis["points"] == {"actual": [13, -2, -2, -2], "double_dummy": [13, -2, -2, -2]}
