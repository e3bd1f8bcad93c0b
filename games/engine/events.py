"""The shapes of the events ``Match.deal()`` and ``Match.apply()`` return, in order.

Public (no card a receiver may not see) and JSON-ready: the server logs them as each
move's result, sends them to the bots, and serves them in the match records, whose
schema (docs/record.schema.json) the tests hold to these (docs/engine.md, Events).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypedDict, TypeGuard

from .views import ScoredHand, ThrownInHand, TrickCard


class Dealt(TypedDict):
    type: Literal["dealt"]
    dealer: int
    hand_number: int
    exposed_card: str | None  # Tarneeb 41: the dealer's card shown to all; None in Classic


class TrumpNamed(TypedDict):
    type: Literal["trump"]
    seat: int | None  # None: Tarneeb 41, where the exposed card sets trump at the deal
    suit: str


class Bid(TypedDict):
    type: Literal["bid"]
    seat: int
    value: int


class Passed(TypedDict):
    type: Literal["pass"]
    seat: int


class ContractWon(TypedDict):
    """Classic: the auction is won; ``seat`` names trump next."""

    type: Literal["contract"]
    seat: int
    value: int


class Played(TypedDict):
    type: Literal["play"]
    seat: int
    card: str


class TrickTaken(TypedDict):
    type: Literal["trick"]
    winner: int
    cards: list[TrickCard]  # in play order, from the leader


class HandScored(ScoredHand):  # the view's last_hand, with its type
    type: Literal["hand_scored"]


class ThrownIn(ThrownInHand):  # the view's last_hand, with its type
    type: Literal["thrown_in"]


class MatchWon(TypedDict):
    type: Literal["match_won"]
    team: int | None  # None: a draw, only in a match of a fixed number of deals
    scores: list[int]


Event = (
    Dealt | TrumpNamed | Bid | Passed | ContractWon | Played | TrickTaken | HandScored | ThrownIn | MatchWon
)
HandOver = HandScored | ThrownIn
HAND_OVER = ("hand_scored", "thrown_in")


def ends_hand(event: Mapping[str, object]) -> TypeGuard[HandOver]:
    """Is ``event`` the one that ends its hand (scored or thrown in)?"""
    return event["type"] in HAND_OVER
