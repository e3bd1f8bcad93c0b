"""A card-play position checked double-dummy: every card's average score over many layouts
of the unseen cards consistent with the seat's view (cards played, voids shown, Tarneeb 41's
exposed card), each scored as the hand scores (Classic: the contract and its bonus; Tarneeb
41: each seat's own bid).  A move the suite calls a blunder must not beat the best other card.
"""

from __future__ import annotations

import random

from games.bots import dds, expert
from games.bots.table import Table
from games.engine import FULL_DECK
from tests.bots.positions import Spec, build


def card_means(spec: Spec, layouts: int, seed: int = 0) -> dict[str, float]:
    """Each legal card's mean score for the seat's side over ``layouts`` layouts."""
    view, events = build(spec)
    t = Table.from_view(view, events)
    legal = expert.legal_cards(t)
    leader = t.trick[0][0] if t.trick else t.seat
    trick = [c for _, c in t.trick]
    rng = random.Random(seed)
    totals = dict.fromkeys(legal, 0.0)
    solved = 0
    while solved < layouts:
        hands = expert.sample_hands(t, rng)
        if hands is None:
            continue
        scores = dds.solve(hands, t.trump, leader, trick)
        solved += 1
        for card in legal:
            if t.variant == "classic":
                totals[card] += expert.classic_utility(t, scores[card])
            else:
                winner = expert.forced_winner(t, hands, card)
                totals[card] += expert.forty_one_utility(t, scores[card], winner)
    return {FULL_DECK[c]: v / layouts for c, v in totals.items()}


def blunders_that_pay(spec: Spec, layouts: int) -> list[str]:
    """The avoided cards that score better than every other legal card (none: the suite is right)."""
    means = card_means(spec, layouts)
    others = [v for c, v in means.items() if c not in spec.avoid]
    return [c for c in spec.avoid if c in means and others and means[c] > max(others) + 1e-9]
