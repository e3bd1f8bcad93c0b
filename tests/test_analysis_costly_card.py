"""A card that throws a trick away costs it: seat 0 holds twelve spades (trump) and the ace
of hearts, seat 1 the two of spades and no heart. Drawing the two first takes all thirteen;
leading the ace of hearts first lets seat 1 ruff it: twelve. On random deals too, a card
worse than the best costs what double dummy says it loses."""

import random

import pytest

from analysis.deal import analyse
from games import engine
from games.bots import dds
from games.engine.cards import CARD_INDEX, SUIT_INDEX, mask_of
from tests.analysis_hands import bid_by_bots, hands_deck, play_out

# Seat 3's last card (Tarneeb 41's exposed card) is a club: spades are trump.
HANDS = (
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH",
    "2S AC KC QC JC TC 9C 8C AD KD QD JD TD",
    "KH QH JH TH 9H 8H 7C 6C 5C 9D 8D 7D 6D",
    "7H 6H 5H 4H 3H 2H 5D 4D 3D 2D 4C 3C 2C",
)
DEALER = 3
AUCTION = {
    "classic": [{"type": "bid", "value": 13}, {"type": "trump", "suit": "S"}],
    "forty_one": [{"type": "bid", "value": 12}, {"type": "bid", "value": 2}, {"type": "bid", "value": 2},
                  {"type": "bid", "value": 2}],
}


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_leading_the_ace_into_a_ruff_costs_a_trick(variant):
    deck = hands_deck(HANDS, DEALER)
    analysis = analyse(variant, deck, DEALER, play_out(variant, deck, DEALER, AUCTION[variant], ["AH", "2S"]))
    first = analysis["cards"][0]
    assert (first["seat"], first["card"], first["before"], first["after"], first["cost"]) \
        == (0, "AH", 13, 12, 1)
    # Any spade draws the two, and every card left is then a master.
    assert sorted(first["best"]) == sorted(HANDS[0].split()[:12])
    ruff = analysis["cards"][1]
    assert (ruff["card"], ruff["before"], ruff["after"], ruff["cost"]) == ("2S", 1, 1, 0)
    assert all(card["cost"] == 0 for card in analysis["cards"][1:])
    assert analysis["seats"][0] == {"cards": 13, "costly": 1, "lost": 1}
    assert analysis["table"]["tricks"]["S"] == [13, 0]


def test_classic_the_lost_trick_fails_the_grand_slam_double_dummy_makes():
    deck = hands_deck(HANDS, DEALER)
    moves = play_out("classic", deck, DEALER, AUCTION["classic"], ["AH", "2S"])
    analysis = analyse("classic", deck, DEALER, moves)
    assert analysis["classic"]["contract"]["double_dummy"] == 13
    # Bid 13, took 12: -16, and the other side 2 x 1.
    assert analysis["points"] == {"actual": [-16, 2], "double_dummy": [26, 0]}


def test_forty_one_the_bid_of_twelve_is_made_all_the_same():
    deck = hands_deck(HANDS, DEALER)
    moves = play_out("forty_one", deck, DEALER, AUCTION["forty_one"], ["AH", "2S"])
    analysis = analyse("forty_one", deck, DEALER, moves)
    seat0 = analysis["forty_one"]["bids"][0]
    assert (seat0["bid"], seat0["tricks"], seat0["team_double_dummy"]) == (12, 12, 13)
    assert analysis["points"]["actual"][0] == 12


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_a_worse_card_on_a_random_deal_costs_its_double_dummy_loss(variant):
    rng = random.Random(f"costly:{variant}")
    found = 0
    while found < 3:
        deck, dealer, moves = bid_by_bots(variant, rng)
        game = engine.new_match(variant, dealer=dealer)
        game.deal(deck)
        auction = [(seat, action) for seat, action in moves if action["type"] != "play"]
        for seat, action in auction:
            game.apply(seat, action)
        # The first card: the worst of the leader's, when it is worse than the best.
        left = [mask_of(game.view(seat)["hand"]) for seat in range(4)]
        trump, leader = SUIT_INDEX[game.view(None)["trump"]], game.to_act
        scores = dds.solve(left, trump, leader, [])
        worst = min(scores, key=lambda card: scores[card])
        loss = max(scores.values()) - scores[worst]
        if loss == 0:
            continue
        card = engine.FULL_DECK[worst]
        analysis = analyse(variant, deck, dealer,
                           play_out(variant, deck, dealer, [action for _, action in auction], [card]))
        first = analysis["cards"][0]
        assert first["card"] == card and first["cost"] == loss >= 1
        assert card not in first["best"]
        assert all(scores[CARD_INDEX[c]] == max(scores.values()) for c in first["best"])
        found += 1
