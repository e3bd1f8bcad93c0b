"""The expert level: sampling and double-dummy search (Ben's PIMC loop).

Card play: deal the unseen cards many times consistently with everything
public (cards played, voids shown, Tarneeb 41's exposed card), weight each deal
by how well it explains the bids, solve every deal double-dummy with DDS and
play the card with the best weighted average score.  Early in a hand a
full-size solve costs too much (docs/bots.md), so until the hand is down to
``SEARCH_FROM`` cards the standard rules play.

Bidding: the standard hand evaluator, but the bid is chosen by expected score
against the spread of double-dummy results measured on random deals.
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.engine.cards import FULL_DECK, SUIT_MASK

from . import dds, standard
from .table import SUIT_OF, Table, bits

SEARCH_FROM = 8  # cards in this seat's hand when searching starts
# Deals sampled per decision, by cards left in the hand: fewer cards, cheaper solves.
SAMPLES = {8: 16, 7: 24, 6: 32, 5: 40, 4: 40, 3: 40, 2: 40, 1: 1}


# ----------------------------------------------------------------- sampling


def sample_hands(t: Table, rng: random.Random) -> list[int] | None:
    """The other seats' hands, random but consistent with what is public (None: a dead end)."""
    hands = [0, 0, 0, 0]
    hands[t.seat] = t.hand
    need = list(t.cards_left)
    need[t.seat] = 0
    allowed = {p: t.may_hold(p) for p in range(4) if p != t.seat}
    unseen = bits(t.unseen())
    rng.shuffle(unseen)
    # The most constrained cards first: those only one or two seats may hold.
    unseen.sort(key=lambda c: sum(allowed[p] >> c & 1 for p in allowed))
    for card in unseen:
        seats = [p for p in allowed if need[p] and allowed[p] >> card & 1]
        if not seats:
            return None
        seat = rng.choices(seats, weights=[need[p] for p in seats])[0]
        hands[seat] |= 1 << card
        need[seat] -= 1
    return hands


def bid_weight(t: Table, hands: list[int]) -> float:
    """How well a sampled deal explains the bids (1: as expected; smaller: less likely)."""
    weight = 1.0
    for p in range(4):
        if p == t.seat:
            continue
        original = hands[p] | t.played_by[p]
        if t.variant == "forty_one":
            bid = (t.contract or [None] * 4)[p]
            if bid is not None:
                gap = standard.playing_tricks(original, t.trump) - bid
                weight *= math.exp(-gap * gap / 4.5)
            continue
        bid = t.bid_of(p)
        team = standard.team_tricks(original)
        if bid is not None:
            short = bid - 0.5 - team
            weight *= math.exp(-short * short / 4.5) if short > 0 else 1.0
        elif any(b["seat"] == p for b in t.bids) and team > 8:
            weight *= math.exp(-((team - 8) ** 2) / 4.5)  # a pass with a strong hand is rare
    return weight


# ---------------------------------------------------------------------- play


def utility(t: Table, future: int) -> float:
    """Points for this seat's side minus the other side's, when it takes ``future`` more tricks."""
    mine = t.tricks_taken[t.seat] + t.tricks_taken[t.partner] + future
    if t.variant == "forty_one":
        return mine
    seat, bid = t.contract["seat"], t.contract["value"]
    ours = (seat - t.seat) % 2 == 0
    took = mine if ours else 13 - mine
    if took >= bid:
        gain = 26 if bid == 13 else (16 if took == 13 else took)
        loss = 0
    else:
        gain, loss = (-16, 2 * (13 - took)) if bid == 13 else (-bid, 13 - took)
    return gain - loss if ours else loss - gain


def search_play(t: Table, legal: list[int], rng: random.Random) -> int:
    n = t.hand.bit_count()
    totals = dict.fromkeys(legal, 0.0)
    weight_sum = 0.0
    leader = t.trick[0][0] if t.trick else t.seat
    trick = [c for _, c in t.trick]
    for _ in range(SAMPLES[n]):
        hands = sample_hands(t, rng)
        if hands is None:
            continue
        w = bid_weight(t, hands)
        scores = dds.solve(hands, t.trump, leader, trick)
        weight_sum += w
        for card in legal:
            totals[card] += w * utility(t, scores[card])
    if weight_sum == 0:
        return standard.play(t)
    best = max(totals.values())
    fallback = standard.play(t)
    # Among the cards the search cannot tell apart, keep the table rules' choice.
    if totals[fallback] >= best - 1e-9 * weight_sum:
        return fallback
    tied = [c for c in legal if totals[c] >= best - 1e-9 * weight_sum]
    return min(tied, key=lambda c: (SUIT_OF[c] == t.trump, t.is_master(c), c % 13))


def play(t: Table) -> list[int]:
    mask = t.hand
    if t.trick:
        mask = t.hand & SUIT_MASK[SUIT_OF[t.trick[0][1]]] or t.hand
    return bits(mask)


# ------------------------------------------------------------------ bidding


def classic_bid(t: Table, legal: list[dict[str, Any]]) -> dict[str, Any]:
    return standard.classic_bid(t, legal)


def forty_one_bid(t: Table) -> dict[str, Any]:
    return standard.forty_one_bid(t)


def choose(t: Table, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    if t.phase == "playing":
        cards = play(t)
        if len(cards) == 1:
            return {"type": "play", "card": FULL_DECK[cards[0]]}
        if t.hand.bit_count() > SEARCH_FROM:
            return {"type": "play", "card": FULL_DECK[standard.play(t)]}
        return {"type": "play", "card": FULL_DECK[search_play(t, cards, rng)]}
    if t.phase == "trump":
        return standard.classic_trump(t)
    if t.variant == "classic":
        return classic_bid(t, legal)
    return forty_one_bid(t)
