"""A learner's hint: what the expert would do for the seat to act, and why, in one line.

Pure Python like the rest of games.bots: the same choice as ``choose(view, history,
"expert", rng)`` from the same view, history and rng state, with the reason the expert
had (a search's margin, the hand's sure or expected tricks, or the table rules early in
a hand).  The reason is a code and numbers; games.hints words it in the player's language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.cards import FULL_DECK
from games.engine.events import Event
from games.engine.views import View

from . import expert, legal_actions, standard
from .table import Table


@dataclass(frozen=True)
class Hint:
    action: dict[str, Any]
    # "only": the one legal card; "search": it scored best over `deals` sampled deals, by
    # `gain` points a deal over the next best card; "rules": the table rules, early in a hand;
    # "sure" / "estimate": a bid of the hand's sure / expected `tricks`; "eleven": a Tarneeb 41
    # last bid that brings the four to 11; "pass": the hand is worth `tricks`, too few to outbid;
    # "trump": the suit in which the hand takes the most tricks.
    reason: str
    tricks: int = 0
    deals: int = 0
    gain: float = 0.0


def hint(view: View, history: Sequence[Event], rng: random.Random) -> Hint:
    """The expert's action for the seat to act, with its reason.  Raises ValueError as
    ``choose`` does (another seat to act, a history that does not match the view)."""
    t = Table.from_view(view, history)
    legal = legal_actions(t)
    if t.phase == "playing":
        return _play(t, rng)
    action = expert.choose(t, legal, rng)
    if action["type"] == "trump":
        return Hint(action, "trump")
    hand = standard.original_hand(t)
    if t.variant == "forty_one":
        assert t.trump is not None
        sure = standard.sure_tricks(hand, t.trump)
        own = standard.playing_tricks(hand, t.trump)
        value = action["value"]
        if value <= sure:
            return Hint(action, "sure", tricks=sure)
        if len(t.bids) == 3 and sum(b["value"] for b in t.bids) + value == 11:
            return Hint(action, "eleven", tricks=round(own))
        return Hint(action, "estimate", tricks=round(expert.seat_tricks(t)))
    expect = round(standard.team_tricks(hand))
    if action["type"] == "pass":
        return Hint(action, "pass", tricks=expect)
    sure = standard.best_sure(hand)[0]
    if action["value"] <= sure:
        return Hint(action, "sure", tricks=sure)
    return Hint(action, "estimate", tricks=expect)


def _play(t: Table, rng: random.Random) -> Hint:
    cards = expert.legal_cards(t)
    if len(cards) == 1:
        return Hint({"type": "play", "card": FULL_DECK[cards[0]]}, "only")
    if t.hand.bit_count() > expert.SEARCH_FROM[t.variant]:
        return Hint({"type": "play", "card": FULL_DECK[standard.play(t)]}, "rules")
    totals, weight_sum = expert.search_scores(t, cards, rng)
    card = expert.pick(t, cards, totals, weight_sum)
    if weight_sum == 0:
        return Hint({"type": "play", "card": FULL_DECK[card]}, "rules")
    others = [v for c, v in totals.items() if c != card]
    gain = (totals[card] - max(others)) / weight_sum
    return Hint({"type": "play", "card": FULL_DECK[card]}, "search",
                deals=expert.SAMPLES[t.hand.bit_count()], gain=gain)
