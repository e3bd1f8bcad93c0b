"""Cards as the protocol writes them ("AS", "TD"): what a socket may see of them, and their
strength in a trick, for the tests' and benchmarks' simple policies. Plain Python, so the
protocol client (tests/protocol_client.py) uses it too."""

import re
from typing import Any

CARD = re.compile(r"\b[2-9TJQKA][CDHS]\b")
RANKS = "23456789TJQKA"


def visible_cards(match: dict[str, Any] | None) -> set[str]:
    """The cards a seat's (or a spectator's) view may show: its own hand and the public ones."""
    if not match:
        return set()
    public = {play["card"] for play in match.get("trick") or []}
    if match.get("last_trick"):
        public |= {play["card"] for play in match["last_trick"]["cards"]}
    if match.get("exposed_card"):
        public.add(match["exposed_card"])
    return set(match.get("hand") or []) | public


def cards_in(message: Any) -> set[str]:
    """Every card a message names, wherever it is: each string (key or value) that is a
    card. Whole strings only: a room id such as "x-9C-y" names no card, and a search of
    the message's text took it for the nine of clubs (0.02% of room ids)."""
    if isinstance(message, dict):
        return set().union(*(cards_in(key) | cards_in(value) for key, value in message.items()))
    if isinstance(message, list):
        return set().union(*(cards_in(item) for item in message))
    return {message} if isinstance(message, str) and CARD.fullmatch(message) else set()


def strength(card: str, led: str | None, trump: str | None) -> int:
    """Higher beats lower in a trick: any trump beats the led suit, which beats the rest."""
    rank = RANKS.index(card[0])
    return 200 + rank if card[1] == trump else 100 + rank if card[1] == led else rank
