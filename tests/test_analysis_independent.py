"""On random deals the bots bid and play, the analysis equals an independent double-dummy
review made here card by card with games.bots.dds.solve (SolveBoard scoring every card),
not with the AnalysePlayBin and targeted solves the analysis uses; the table equals a
solve of the whole deal for each trump."""

import random

import pytest

from analysis.deal import analyse
from games.bots import dds
from games.engine.cards import SUITS
from tests.analysis_hands import bid_by_bots, independent_review, weakest

DEALS = 3


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_every_card_is_valued_as_an_independent_solve_values_it(variant):
    rng = random.Random(f"independent:{variant}")
    for _ in range(DEALS):
        deck, dealer, moves = bid_by_bots(variant, rng, policy=weakest)
        analysis = analyse(variant, deck, dealer, moves)
        review = independent_review(variant, deck, dealer, moves)
        assert analysis["trump"] == SUITS[review["trump"]]
        assert analysis["table"]["leader"] == review["leader"]
        got = [{key: card[key] for key in ("seat", "card", "before", "after", "best")}
               for card in analysis["cards"]]
        assert got == review["cards"]
        assert all(card["cost"] == card["before"] - card["after"] for card in analysis["cards"])
        leader = review["leader"]
        for suit in range(4):
            side = max(dds.solve(review["hands"], suit, leader, []).values())
            expected = [side, 13 - side] if leader % 2 == 0 else [13 - side, side]
            assert analysis["table"]["tricks"][SUITS[suit]] == expected
        if variant == "classic":
            contract = analysis["classic"]["contract"]
            team = contract["seat"] % 2
            assert contract["double_dummy"] == analysis["table"]["tricks"][contract["trump"]][team]
            assert contract["result"] == contract["double_dummy"] - contract["bid"]
        else:
            table = analysis["table"]["tricks"][analysis["trump"]]
            for bid in analysis["forty_one"]["bids"]:
                assert bid["team_double_dummy"] == table[bid["seat"] % 2]
