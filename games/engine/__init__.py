"""Pure-Python rules engine for Classic Tarneeb and Tarneeb 41.

No Django here: the engine is plain, deterministic state plus checked moves.
See docs/engine.md for the contract.
"""

from __future__ import annotations

from .cards import (
    FULL_DECK,
    RANKS,
    SUITS,
    card_rank,
    card_suit,
    full_deck,
    is_card,
    trump_for_exposed,
)
from .classic import ClassicMatch
from .events import Event, HandOver, ends_hand
from .forty_one import FortyOneMatch
from .match import PHASES, IllegalAction, Match

VARIANTS = ("classic", "forty_one")


def new_match(variant: str, *, dealer: int, target: int | None = None, deals: int | None = None) -> Match:
    """A new match in phase "deal".

    ``variant`` is "classic" (target 31, 41 or 61; default 41) or "forty_one"
    (always 41).  ``dealer`` is the first dealer's seat, 0..3. ``deals``: a match of that
    many deals (a duplicate table's), won on points after the last, rather than to the target.
    """
    if variant == "classic":
        return ClassicMatch(dealer=dealer, target=target, deals=deals)
    if variant == "forty_one":
        return FortyOneMatch(dealer=dealer, target=target, deals=deals)
    raise ValueError(f"Unknown variant {variant!r}; expected 'classic' or 'forty_one'")


__all__ = [
    "FULL_DECK",
    "PHASES",
    "RANKS",
    "SUITS",
    "VARIANTS",
    "ClassicMatch",
    "Event",
    "FortyOneMatch",
    "HandOver",
    "IllegalAction",
    "Match",
    "card_rank",
    "card_suit",
    "ends_hand",
    "full_deck",
    "is_card",
    "new_match",
    "trump_for_exposed",
]
