"""Cards as the protocol writes them ("AS", "TD"): what a socket may see of them, and their
strength in a trick, for the tests' and benchmarks' simple policies. Plain Python, so the
protocol client (tests/protocol_client.py) uses it too."""

import json
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
    """Every card a message names, wherever it is."""
    return set(CARD.findall(json.dumps(message)))


def strength(card: str, led: str | None, trump: str | None) -> int:
    """Higher beats lower in a trick: any trump beats the led suit, which beats the rest."""
    rank = RANKS.index(card[0])
    return 200 + rank if card[1] == trump else 100 + rank if card[1] == led else rank
