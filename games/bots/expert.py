"""The expert level: sampling and double-dummy search (Ben's PIMC loop).

Card play: deal the unseen cards many times consistently with everything
public (cards played, voids shown, Tarneeb 41's exposed card), weight each deal
by how well it explains the bids, solve every deal double-dummy with DDS and
play the card with the best weighted average score.  Early in a hand a
full-size solve costs too much (docs/bots.md), so until the hand is down to
``SEARCH_FROM`` cards the standard rules play.

Bidding: Tarneeb 41's bid is the one with the best expected score given the spread
of tricks measured for the standard evaluator; Classic bids as the standard level
(an expected-score auction lost points in the arena: docs/bots.md).
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.engine.cards import FULL_DECK, SUIT_MASK

from . import dds, standard
from .table import SUIT_OF, Table, bits

# Tricks a seat takes in Tarneeb 41 from its playing tricks: fitted on 1,476 seats of
# standard self-play (residual spread 1.04 tricks).
SEAT_BASE, SEAT_SLOPE, SEAT_SPREAD = 0.10, 0.965, 1.04
SEARCH_FROM = 9  # cards in this seat's hand when searching starts
# Deals sampled per decision, by cards left in the hand: fewer cards, cheaper solves.
SAMPLES = {9: 12, 8: 20, 7: 28, 6: 36, 5: 48, 4: 48, 3: 48, 2: 48, 1: 1}


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
    fallback = standard.play(t)
    if weight_sum == 0:
        return fallback if fallback in totals else legal[0]
    best = max(totals.values())
    # Among the cards the search cannot tell apart, keep the table rules' choice.
    if fallback in totals and totals[fallback] >= best - 1e-9 * weight_sum:
        return fallback
    tied = [c for c in legal if totals[c] >= best - 1e-9 * weight_sum]
    return min(tied, key=lambda c: (SUIT_OF[c] == t.trump, t.is_master(c), c % 13))


def legal_cards(t: Table) -> list[int]:
    mask = t.hand
    if t.trick:
        mask = t.hand & SUIT_MASK[SUIT_OF[t.trick[0][1]]] or t.hand
    return bits(mask)


# ------------------------------------------------------------------ bidding


def _spread(mean: float, sd: float) -> list[float]:
    """P(tricks = k) for k = 0..13: a normal curve, rounded to whole tricks."""

    def below(x: float) -> float:
        return 0.5 * (1 + math.erf((x - mean) / (sd * math.sqrt(2))))

    edges = [below(k + 0.5) for k in range(13)]
    return [e - p for e, p in zip([*edges, 1.0], [0.0, *edges], strict=True)]


def forty_one_bid(t: Table) -> dict[str, Any]:
    """The bid with the best expected score: +bid if this seat takes that many, else -bid."""
    own = standard.playing_tricks(standard.original_hand(t), t.trump)
    spread = _spread(SEAT_BASE + SEAT_SLOPE * own, SEAT_SPREAD)
    made = [sum(spread[k:]) for k in range(14)]
    bid_so_far = sum(b["value"] for b in t.bids)
    last = len(t.bids) == 3

    def value(bid: int) -> float:
        if last and bid_so_far + bid < 11:
            return 0.0  # thrown in: nobody scores
        return bid * (2 * made[bid] - 1)

    return {"type": "bid", "value": max(standard.FORTY_ONE_BIDS, key=lambda b: (value(b), -b))}


def choose(t: Table, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    if t.phase == "playing":
        cards = legal_cards(t)
        if len(cards) == 1:
            return {"type": "play", "card": FULL_DECK[cards[0]]}
        cards = standard.sound(t, cards)
        if len(cards) == 1:
            return {"type": "play", "card": FULL_DECK[cards[0]]}
        if t.hand.bit_count() > SEARCH_FROM:
            return {"type": "play", "card": FULL_DECK[standard.play(t)]}
        return {"type": "play", "card": FULL_DECK[search_play(t, cards, rng)]}
    if t.phase == "trump":
        return standard.classic_trump(t)
    if t.variant == "classic":
        return standard.classic_bid(t, legal)
    return forty_one_bid(t)
