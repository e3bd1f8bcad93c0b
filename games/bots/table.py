"""What one seat knows at the table: its view plus the hand's public plays.

``Table.from_view`` is the only door in: it reads the seat's ``view()`` and the
public "play" events of the hand, so a bot cannot see a hidden card by
construction.  Everything is kept as the engine's bitmasks (card index =
suit * 13 + rank, suits C, D, H, S), which makes "cards of a suit" a mask and
"higher card" an integer compare.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.cards import ALL_CARDS, CARD_INDEX, SUIT_INDEX, SUIT_MASK
from games.engine.events import Event
from games.engine.views import View

SUIT_OF = tuple(i // 13 for i in range(52))


def bits(mask: int) -> list[int]:
    """Card indices of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def above(card: int) -> int:
    """Mask of the cards of ``card``'s suit ranking above it."""
    return SUIT_MASK[card // 13] & ~((2 << card) - 1)


def beats(card: int, best: int, trump: int | None) -> bool:
    """Does ``card`` beat ``best``, the card winning the trick so far?"""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def trick_winner(trick: Sequence[tuple[int, int]], trump: int | None) -> tuple[int, int]:
    """(seat, card) winning a trick's (seat, card) plays so far."""
    best_seat, best = trick[0]
    for who, card in trick[1:]:
        if beats(card, best, trump):
            best_seat, best = who, card
    return best_seat, best


def hand_plays(history: Sequence[Event]) -> list[tuple[int, str]]:
    """(seat, card) of the "play" events after the last "dealt" event."""
    start = 0
    for i, event in enumerate(history):
        if event["type"] == "dealt":
            start = i + 1
    return [(e["seat"], e["card"]) for e in history[start:] if e["type"] == "play"]


@dataclass
class Table:
    variant: str
    seat: int
    phase: str
    dealer: int
    hand: int  # this seat's cards
    trump: int | None
    leader: int | None
    trick: list[tuple[int, int]]  # (seat, card) of the trick in progress, in play order
    played: int = 0  # every card played this hand, the trick in progress included
    played_by: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # per seat, bit s = void in suit s
    cards_left: list[int] = field(default_factory=lambda: [13, 13, 13, 13])
    tricks_taken: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    plays: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) of the hand, in order
    bids: list[Mapping[str, Any]] = field(default_factory=list)
    contract: Any = None  # the view's: Classic {"seat", "value", "trump"}, Tarneeb 41 per-seat bids
    exposed: int | None = None  # Tarneeb 41: the dealer's exposed card
    scores: list[int] = field(default_factory=list)
    target: int = 41

    @classmethod
    def from_view(cls, view: View, history: Sequence[Event]) -> Table:
        seat = view["seat"]
        if seat is None or view["to_act"] != seat:
            raise ValueError("a bot decides for the seat to act, from that seat's view")
        plays = hand_plays(history)
        cards_left = list(view["cards_left"])
        trick = [(p["seat"], CARD_INDEX[p["card"]]) for p in view["trick"]]
        tail = [(s, CARD_INDEX[c]) for s, c in plays[len(plays) - len(trick) :]]
        if len(plays) != 52 - sum(cards_left) or tail != trick:
            raise ValueError("the history's plays do not match the view: pass the hand's events")
        trump = view["trump"]
        t = cls(
            variant=view["variant"],
            seat=seat,
            phase=view["phase"],
            dealer=view["dealer"],
            hand=sum(1 << CARD_INDEX[c] for c in view["hand"]),
            trump=None if trump is None else SUIT_INDEX[trump],
            leader=view["leader"],
            trick=trick,
            cards_left=cards_left,
            tricks_taken=list(view["tricks_taken"]),
            bids=list(view["bids"]),
            contract=view["contract"],
            exposed=None if view["exposed_card"] is None else CARD_INDEX[view["exposed_card"]],
            scores=list(view["scores"]),
            target=view["target"],
        )
        for k, (who, card) in enumerate(plays):
            idx = CARD_INDEX[card]
            t.plays.append((who, idx))
            t.played |= 1 << idx
            t.played_by[who] |= 1 << idx
            led = CARD_INDEX[plays[k - k % 4][1]] // 13
            if idx // 13 != led:  # did not follow: void in the led suit from now on
                t.voids[who] |= 1 << led
        return t

    # ------------------------------------------------------------ knowledge

    @property
    def partner(self) -> int:
        return (self.seat + 2) & 3

    def unseen(self) -> int:
        """Cards held by the other three seats."""
        return ALL_CARDS & ~self.played & ~self.hand

    def may_hold(self, seat: int) -> int:
        """Cards ``seat`` (another seat) may hold, from voids and the exposed card."""
        mask = self.unseen()
        for s in range(4):
            if self.voids[seat] >> s & 1:
                mask &= ~SUIT_MASK[s]
        if self.exposed is not None and seat != self.dealer:
            mask &= ~(1 << self.exposed)  # the dealer holds it until played
        return mask

    def is_master(self, card: int) -> bool:
        """No unseen card of its suit ranks above it."""
        return not self.unseen() & above(card)

    def winning(self) -> tuple[int, int] | None:
        """(seat, card) winning the trick in progress so far."""
        return trick_winner(self.trick, self.trump) if self.trick else None

    def to_play_after(self) -> list[int]:
        """Seats still to play to this trick after this seat."""
        return [(self.seat + k) & 3 for k in range(1, 4 - len(self.trick))]

    def can_beat(self, seat: int, card: int, led: int) -> bool:
        """Might ``seat``, still to play, beat ``card`` on a trick led in suit ``led``?"""
        held = self.may_hold(seat)
        trump = self.trump
        if held & SUIT_MASK[led]:  # it may follow; then it wins only with a higher card of led
            if card // 13 == led:
                return bool(held & above(card))
            if led == trump:
                return False
            # It is not known void in led: treat it as following (we see no void yet).
            return False
        if trump is None:
            return False
        if card // 13 == trump:
            return bool(held & above(card))
        return bool(held & SUIT_MASK[trump])

    def sure_winner(self, card: int, led: int) -> bool:
        """Would ``card`` win this trick against the opponents still to play?"""
        return not any(self.can_beat(p, card, led) for p in self.to_play_after() if (p - self.seat) & 1)

    def ruff_shown(self, suit: int) -> bool:
        """Has an opponent shown out of ``suit`` while it may still hold a trump?"""
        if self.trump is None:
            return False
        trumps = SUIT_MASK[self.trump]
        return any(
            self.voids[p] >> suit & 1 and self.may_hold(p) & trumps
            for p in ((self.seat + 1) & 3, (self.seat + 3) & 3)
        )

    def bid_of(self, seat: int) -> int | None:
        """The seat's highest bid this hand (None: passed or has not bid)."""
        values = [b["value"] for b in self.bids if b["seat"] == seat and "value" in b]
        return max(values) if values else None

    def declaring(self) -> bool:
        """Is this seat's side the one that must take tricks (Classic: the contract's side;
        Tarneeb 41: the side that bid more)."""
        if self.variant == "classic":
            return self.contract is not None and (self.contract["seat"] - self.seat) % 2 == 0
        bids = [b or 0 for b in self.contract or (0, 0, 0, 0)]
        mine = bids[self.seat] + bids[self.partner]
        return mine >= sum(bids) - mine
