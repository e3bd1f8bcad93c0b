"""A hand in which every card is a best one (double dummy's choice at every turn) has no
costly card: every card costs 0, is among the best cards listed, and the team's tricks
never move from the deal's value."""

import random

import pytest

from analysis.deal import analyse
from tests.analysis_hands import best_card, bid_by_bots

DEALS = 2


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_best_cards_only_cost_nothing(variant):
    rng = random.Random(f"best-play:{variant}")
    for _ in range(DEALS):
        deck, dealer, moves = bid_by_bots(variant, rng, policy=best_card)
        analysis = analyse(variant, deck, dealer, moves)
        assert len(analysis["cards"]) == 52
        assert all(card["cost"] == 0 and card["card"] in card["best"] for card in analysis["cards"])
        assert all(seat["costly"] == seat["lost"] == 0 for seat in analysis["seats"])
        first = analysis["cards"][0]
        deal_value = analysis["table"]["tricks"][analysis["trump"]][first["seat"] % 2]
        assert all(card["before"] == card["after"] == (deal_value if card["seat"] % 2 == first["seat"] % 2
                                                         else 13 - deal_value) for card in analysis["cards"])
        if variant == "classic":
            # Played double dummy, the contract takes what the table says.
            contract = analysis["classic"]["contract"]
            points = analysis["points"]
            assert points["actual"] == points["double_dummy"] == contract["double_dummy_points"]
