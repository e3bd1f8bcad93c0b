"""Helpers for scripted hands: build the deck that deals chosen hands, and a
hand in which every trick goes to a chosen seat.  Used by the engine's tests;
handy for server tests too.  Pure, like the rest of the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARD_INDEX, SAME_COLOUR, SUITS
from .events import Event
from .match import Match

# Tricks 0..11 take four cards of one suit from one of these rank groups.
_GROUPS = ("AKQJ", "T987", "6543")


def deck_from_hands(hands: Sequence[Sequence[str]], dealer: int) -> list[str]:
    """The deck that deals ``hands[s]`` to seat s; the dealer's last card is deck[51]."""
    if len(hands) != 4 or any(len(h) != 13 for h in hands):
        raise ValueError("need four hands of 13 cards")
    deck = [hands[(dealer + 1 + i) % 4][i // 4] for i in range(52)]
    if len(set(deck)) != 52 or not set(deck) <= CARD_INDEX.keys():
        raise ValueError("the hands must be 52 distinct cards")
    return deck


@dataclass
class ScriptedHand:
    hands: list[list[str]]  # per seat, in deal order
    tricks: list[dict[int, str]]  # per trick: seat -> card
    winners: list[int]  # seat winning each trick

    def deck(self, dealer: int) -> list[str]:
        return deck_from_hands(self.hands, dealer)

    def play(self, match: Match, leader: int) -> list[Event]:
        """Play all 13 tricks on ``match`` (phase "playing"); return the events."""
        events: list[Event] = []
        for k, trick in enumerate(self.tricks):
            lead = leader if k == 0 else self.winners[k - 1]
            for i in range(4):
                seat = (lead + i) % 4
                events += match.apply(seat, {"type": "play", "card": trick[seat]})
        return events


def scripted_hand(winners: Sequence[int], trump: str, *, exposed_by: int | None = None) -> ScriptedHand:
    """A hand in which trick k is won by ``winners[k]`` whoever leads.

    Tricks 0..11 are four cards of one suit each (everyone follows, the
    highest wins); trick 12 is the four twos, won by whoever holds the two of
    ``trump``.  So ``winners[12]`` gets that two.  For Tarneeb 41 pass
    ``exposed_by=dealer``: the dealer's last card is then of the suit that
    makes ``trump`` the trump.
    """
    if len(winners) != 13:
        raise ValueError("need 13 trick winners")
    tricks: list[dict[int, str]] = []
    for k in range(12):
        suit, ranks = SUITS[k // 3], _GROUPS[k % 3]
        others = [s for s in range(4) if s != winners[k]]
        trick = {winners[k]: ranks[0] + suit}
        trick.update((s, r + suit) for s, r in zip(others, ranks[1:], strict=True))
        tricks.append(trick)
    twos = [s for s in SUITS if s != trump]
    last = {winners[12]: "2" + trump}
    losers = [s for s in range(4) if s != winners[12]]
    last.update((s, "2" + t) for s, t in zip(losers, twos, strict=True))
    tricks.append(last)
    hands: list[list[str]] = [[trick[s] for trick in tricks] for s in range(4)]
    if exposed_by is not None:
        hand = hands[exposed_by]
        card = next(c for c in hand if c[1] == SAME_COLOUR[trump])
        hand.remove(card)
        hand.append(card)
    return ScriptedHand(hands=hands, tricks=tricks, winners=list(winners))
