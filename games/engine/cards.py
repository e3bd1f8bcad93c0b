"""Cards, hands as bitmasks, and the trick rules shared by both variants.

A card is a two-character string, rank then suit ("TH" is the ten of hearts).
Inside the engine a card is an index 0..51, ``suit * 13 + rank`` with suits in
the order C, D, H, S and ranks 2..A as 0..12, and a hand is an int with bit
``index`` set for each card held.  That layout makes "cards of one suit" a
shift and a mask, and "higher card of the same suit" a plain integer compare.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

RANKS = "23456789TJQKA"
SUITS = "CDHS"

#: The 52 cards in engine order: clubs 2..A, diamonds, hearts, spades.
FULL_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
#: Card string -> index 0..51.
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(FULL_DECK)}
SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}

SUIT_BITS = 0x1FFF  # the 13 bits of one suit, before shifting
SUIT_MASK: tuple[int, ...] = tuple(SUIT_BITS << (13 * s) for s in range(4))
ALL_CARDS = (1 << 52) - 1

# Tarneeb 41: trump is the other suit of the exposed card's colour.
SAME_COLOUR: dict[str, str] = {"H": "D", "D": "H", "S": "C", "C": "S"}


def full_deck() -> list[str]:
    """A new list of the 52 cards in engine order (handy for shuffling)."""
    return list(FULL_DECK)


def is_card(card: object) -> bool:
    return type(card) is str and card in CARD_INDEX


def card_rank(card: str) -> int:
    """0 for a two ... 12 for an ace."""
    return CARD_INDEX[card] % 13


def card_suit(card: str) -> str:
    return card[1]


def trump_for_exposed(card: str) -> str:
    """Tarneeb 41's trump suit for the dealer's exposed card."""
    return SAME_COLOUR[card[1]]


def mask_of(cards: Iterable[str]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << CARD_INDEX[c]
    return mask


def cards_of(mask: int) -> list[str]:
    """Cards of a mask in engine order (by suit C, D, H, S, then rank 2..A)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(FULL_DECK[low.bit_length() - 1])
        mask ^= low
    return out


def indices_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def legal_play_mask(hand: int, led_suit: int | None) -> int:
    """Cards of ``hand`` that may be played: the led suit if held, else anything."""
    if led_suit is not None:
        follow = hand & SUIT_MASK[led_suit]
        if follow:
            return follow
    return hand


def _strength(card: int, trump: int, led: int) -> int:
    # Trumps beat the led suit, which beats the rest (0: cannot win the trick).
    suit, rank = divmod(card, 13)
    if suit == trump:
        return 26 + rank
    return 13 + rank if suit == led else 0


# _STRENGTH[trump][led][card], looked up instead of computed for every trick.
_STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_strength(c, trump, led) for c in range(52)) for led in range(4)) for trump in range(4)
)


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Position (0..3, in play order) of the card that wins a full trick."""
    c0, c1, c2, c3 = cards
    strength = _STRENGTH[trump][c0 // 13]
    # Written out: this runs 13 times a hand, and max()/index() cost twice as much.
    best, top = 0, strength[c0]
    s = strength[c1]
    if s > top:
        best, top = 1, s
    s = strength[c2]
    if s > top:
        best, top = 2, s
    if strength[c3] > top:
        best = 3
    return best


def weakest(mask: int, trump: int | None) -> int:
    """Index of the weakest card of a non-empty mask.

    Any non-trump is weaker than any trump; then lower rank is weaker; equal
    ranks of different non-trump suits go to the suit first in C, D, H, S.
    """
    pool = mask & ~SUIT_MASK[trump] if trump is not None else mask
    if not pool:
        pool = mask
    return min(indices_of(pool), key=lambda i: (i % 13, i // 13))


class Action(dict[str, Any]):
    """A read-only action dict.

    ``legal_actions()`` hands out these shared, pre-built objects so that it
    costs a list copy instead of building dicts on every call; mutating one
    would corrupt every later call, so they refuse it.  They compare equal to
    plain dicts, serialise with ``json``, and copy/pickle into plain dicts.
    """

    # Play actions carry their card's index, so apply() need not parse them.
    __slots__ = ("card_index",)

    def __init__(self, card_index: int | None = None, **fields: Any) -> None:
        super().__init__(**fields)
        self.card_index = card_index

    def _readonly(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("legal_actions() dicts are shared and read-only; copy with dict(a)")

    __setitem__ = __delitem__ = _readonly
    clear = pop = popitem = setdefault = update = _readonly
    __ior__ = _readonly

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return dict(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))


PLAY_ACTIONS: tuple[Action, ...] = tuple(Action(i, type="play", card=c) for i, c in enumerate(FULL_DECK))


def _suit_tables() -> tuple[tuple[tuple[Action, ...], ...], ...]:
    # For each suit and each 13-bit pattern, the play actions of those cards in
    # rank order: legal_actions() then needs one lookup per suit, not a loop per card.
    tables = []
    for s in range(4):
        acts = PLAY_ACTIONS[13 * s : 13 * s + 13]
        table: list[tuple[Action, ...]] = [()] * 8192
        for bits in range(1, 8192):
            top = bits.bit_length() - 1
            table[bits] = (*table[bits ^ (1 << top)], acts[top])
        tables.append(tuple(table))
    return tuple(tables)


PLAYS_BY_SUIT = _suit_tables()
