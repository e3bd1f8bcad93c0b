"""Hand-built positions for the blunder suite: a view and the hand's events from a short spec.

A spec names this seat's hand, the trick in progress and the cards still out
(somewhere in the other hands); every other card was played in earlier tricks
that the builder invents: each a trick of one suit (so nobody shows a void),
won by the side the spec says, the last won by the current trick's leader.
``void`` adds one earlier trick in which a seat showed out of a suit.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from games.engine import FULL_DECK, card_rank, trump_for_exposed

SUITS = "CDHS"


@dataclass
class Spec:
    name: str
    levels: tuple[str, ...]
    seat: int
    hand: str  # this seat's cards, e.g. "AS 5S 2H"
    trump: str = "S"
    variant: str = "classic"
    contract: tuple[int, int] = (0, 8)  # Classic: (seat, bid)
    bids: tuple[int, int, int, int] = (3, 3, 3, 3)  # Tarneeb 41
    trick: str = ""  # "3: 4H AH 7H": the leader, then the cards played
    out: str = ""  # cards that must still be in the other hands
    won: tuple[int, int] = (0, 0)  # earlier tricks won by team 0 / team 1 (the rest: whoever)
    void: tuple[int, str] | None = None  # (seat, suit) shown out earlier
    avoid: tuple[str, ...] = ()  # cards (or bids, as ints) a partner would wince at
    phase: str = "playing"
    auction: tuple[Any, ...] = ()  # bidding positions: earlier bids (int) or "pass", in turn
    dealer: int = 3
    exposed: str | None = None
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _cards(text: str) -> list[str]:
    return text.split()


def _trick(text: str) -> tuple[int | None, list[str]]:
    if not text:
        return None, []
    leader, cards = text.split(":")
    return int(leader), cards.split()


def _beats(card: str, best: str, trump: str) -> bool:
    if card[1] == best[1]:
        return card_rank(card) > card_rank(best)
    return card[1] == trump


def build(spec: Spec) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    if spec.phase == "bidding":
        return _bidding(spec)
    mine = _cards(spec.hand)
    leader, current = _trick(spec.trick)
    if leader is None:
        leader = spec.seat
    n = len(mine) + (1 if (spec.seat - leader) % 4 < len(current) else 0)  # cards before this trick
    left_before = 13 - n
    out = _cards(spec.out)
    used = set(mine) | set(current) | set(out)
    assert len(used) == len(mine) + len(current) + len(out), f"{spec.name}: a card twice"
    # The other hands hold 3n - len(current) cards (minus the current trick's plays by them).
    others_left = 4 * n - len(current) - len(mine)
    free = [c for c in FULL_DECK if c not in used]
    plan = _plan(free, left_before, others_left - len(out), spec.void)
    assert plan is not None, f"{spec.name}: cannot build earlier tricks"
    played_tricks, keep = plan
    out += keep
    events: list[dict[str, Any]] = [{"type": "dealt", "dealer": spec.dealer, "hand_number": 1}]
    tricks_taken = [0, 0, 0, 0]
    lead = (spec.dealer + 1) % 4
    if spec.void and spec.void[0] == lead and len(played_tricks) > 1:
        played_tricks[0], played_tricks[1] = played_tricks[1], played_tricks[0]
    wins = list(spec.won)
    for k, (cards, void_seat) in enumerate(played_tricks):
        # The spec's counts per team first; the last trick goes to the current leader.
        team = 0 if wins[0] > 0 else 1
        wins[team] = max(0, wins[team] - 1)
        winner = (
            leader
            if k == len(played_tricks) - 1
            else next(
                s
                for s in (lead, (lead + 1) % 4, (lead + 2) % 4, (lead + 3) % 4)
                if s % 2 == team and s != void_seat
            )
        )
        assert winner != void_seat, f"{spec.name}: the void seat cannot win its trick"
        seats = [(lead + i) % 4 for i in range(4)]
        given: dict[int, str] = {winner: cards[0]}  # the highest card of the suit wins
        rest = list(cards[1:])
        if void_seat is not None:
            assert void_seat != lead, f"{spec.name}: the void seat would lead"
            given[void_seat] = rest.pop()  # the off-suit card, its discard
        for s in seats:
            if s not in given:
                given[s] = rest.pop()  # low cards; the leader leads the suit
        for s in seats:
            events.append({"type": "play", "seat": s, "card": given[s]})
        tricks_taken[winner] += 1
        lead = winner
    # The current trick's leader must be the last winner (or the first leader).
    if played_tricks:
        assert lead == leader, f"{spec.name}: last winner {lead} is not the leader {leader}"
    for k, card in enumerate(current):
        events.append({"type": "play", "seat": (leader + k) % 4, "card": card})
    cards_left = [13 - sum(1 for e in events if e.get("seat") == s and e["type"] == "play") for s in range(4)]
    assert cards_left[spec.seat] == len(mine), (
        f"{spec.name}: hand size {len(mine)} != {cards_left[spec.seat]}"
    )
    assert sum(cards_left) - len(mine) == len(out), f"{spec.name}: out cards do not fit"
    view = _view(spec, mine, leader, current, cards_left, tricks_taken)
    return view, events


def _plan(free: list[str], tricks: int, keep_count: int, void: tuple[int, str] | None):
    """Choose which free cards were played (in one-suit tricks, plus the void trick) and
    which stay hidden; the highest cards are played first so the kept ones are low."""
    by_suit = {s: sorted((c for c in free if c[1] == s), key=card_rank, reverse=True) for s in SUITS}
    void_suits = [void[1]] if void else []
    for discard_suit in [s for s in SUITS if s not in void_suits] if void else [None]:
        counts = {s: len(by_suit[s]) for s in SUITS}
        needed_void = 3 if void else 0
        if void:
            counts[void[1]] -= 3
            counts[discard_suit] -= 1
            if min(counts.values()) < 0:
                continue
        plain = tricks - (1 if void else 0)
        # Pick, per suit, a multiple of 4 to play, totalling 4 * plain, leaving keep_count.
        for split in itertools.product(*(range(0, counts[s] // 4 + 1) for s in SUITS)):
            if sum(split) != plain:
                continue
            played: list[tuple[list[str], int | None]] = []
            keep: list[str] = []
            pools = {s: list(by_suit[s]) for s in SUITS}
            if void:
                same = [pools[void[1]].pop(0) for _ in range(needed_void)]
                disc = pools[discard_suit].pop()  # the lowest of that suit
                played.append(([*same, disc], void[0]))
            for s, k in zip(SUITS, split, strict=True):
                for _ in range(k):
                    played.append(([pools[s].pop(0) for _ in range(4)], None))
                keep += pools[s]
            if len(keep) == keep_count:
                return played, keep
    return None


def _view(spec, mine, leader, current, cards_left, tricks_taken):
    seat_of = {(leader + k) % 4: c for k, c in enumerate(current)}
    to_act = (leader + len(current)) % 4
    assert to_act == spec.seat, f"{spec.name}: seat {to_act} is to act, not {spec.seat}"
    if spec.variant == "classic":
        contract: Any = {"seat": spec.contract[0], "value": spec.contract[1], "trump": spec.trump}
        bids = [{"seat": spec.contract[0], "value": spec.contract[1]}]
    else:
        contract = list(spec.bids)
        bids = [
            {"seat": (spec.dealer + 1 + k) % 4, "value": spec.bids[(spec.dealer + 1 + k) % 4]}
            for k in range(4)
        ]
    return {
        "variant": spec.variant,
        "target": 41,
        "seat": spec.seat,
        "phase": "playing",
        "dealer": spec.dealer,
        "to_act": to_act,
        "hand": mine,
        "trump": spec.trump,
        "scores": [0, 0] if spec.variant == "classic" else [0, 0, 0, 0],
        "winner": None,
        "bids": bids,
        "contract": contract,
        "trick": [{"seat": s, "card": c} for s, c in seat_of.items()],
        "leader": leader,
        "tricks_taken": tricks_taken,
        "team_tricks": [tricks_taken[0] + tricks_taken[2], tricks_taken[1] + tricks_taken[3]],
        "last_trick": None,
        "cards_left": cards_left,
        "exposed_card": spec.exposed,
        "hand_number": 1,
        "last_hand": None,
    }


def _bidding(spec: Spec) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    mine = _cards(spec.hand)
    assert len(mine) == 13
    first = (spec.dealer + 1) % 4
    bids = []
    seat = first
    for b in spec.auction:
        bids.append({"seat": seat, "pass": True} if b == "pass" else {"seat": seat, "value": b})
        seat = (seat + 1) % 4
        if spec.variant == "classic":
            while any(x["seat"] == seat and x.get("pass") for x in bids) and seat != spec.seat:
                seat = (seat + 1) % 4
    assert seat == spec.seat, f"{spec.name}: seat {seat} bids next"
    exposed = spec.exposed if spec.variant == "forty_one" else None
    if exposed:
        assert trump_for_exposed(exposed) == spec.trump
    contract: Any = None
    if spec.variant == "forty_one":
        contract = [None] * 4
        for b in bids:
            contract[b["seat"]] = b["value"]
    view = {
        "variant": spec.variant,
        "target": 41,
        "seat": spec.seat,
        "phase": "bidding",
        "dealer": spec.dealer,
        "to_act": spec.seat,
        "hand": mine,
        "trump": spec.trump if spec.variant == "forty_one" else None,
        "scores": [0, 0] if spec.variant == "classic" else [0, 0, 0, 0],
        "winner": None,
        "bids": bids,
        "contract": contract,
        "trick": [],
        "leader": None,
        "tricks_taken": [0, 0, 0, 0],
        "team_tricks": [0, 0],
        "last_trick": None,
        "cards_left": [13, 13, 13, 13],
        "exposed_card": exposed,
        "hand_number": 1,
        "last_hand": None,
    }
    return view, [{"type": "dealt", "dealer": spec.dealer, "hand_number": 1}]
