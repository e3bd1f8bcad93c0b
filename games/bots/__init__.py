"""Bots for Tarneeb: pure Python beside the engine, no Django.

One function: ``choose(view, history, level, rng)`` returns the action for the
seat whose ``view()`` it is given.  A bot reads only that view and the hand's
public events, so it cannot see a hidden card by construction.  See
docs/bots.md.
"""

from __future__ import annotations

import hashlib
import pathlib
import random
from collections.abc import Sequence
from typing import Any

from games.engine.cards import FULL_DECK, SUIT_MASK
from games.engine.events import Event
from games.engine.views import View

from . import standard
from .table import SUIT_OF, Table, bits

LEVELS = ("standard", "expert")
FORTY_ONE_BIDS = standard.FORTY_ONE_BIDS
# The bots' version, logged with every bot move (games.bot_replay): a digest of the code that
# decides, so a replay knows whether today's bots are the ones that moved.
VERSION = hashlib.sha256(b"".join(
    (pathlib.Path(__file__).with_name(name)).read_bytes()
    for name in ("__init__.py", "table.py", "standard.py", "expert.py", "rules_trick.py", "dds.py")
)).hexdigest()[:12]


def legal_actions(t: Table) -> list[dict[str, Any]]:
    """The seat's legal actions, worked out from what it sees (as the engine would)."""
    if t.phase == "playing":
        mask = t.hand
        if t.trick:
            mask = t.hand & SUIT_MASK[SUIT_OF[t.trick[0][1]]] or t.hand
        return [{"type": "play", "card": FULL_DECK[c]} for c in bits(mask)]
    if t.phase == "trump":
        return [{"type": "trump", "suit": s} for s in "CDHS"]
    if t.variant == "forty_one":
        return [{"type": "bid", "value": v} for v in FORTY_ONE_BIDS]
    high = max((b["value"] for b in t.bids if "value" in b), default=6)
    return [{"type": "bid", "value": v} for v in range(high + 1, 14)] + [{"type": "pass"}]


def choose(
    view: View,
    history: Sequence[Event],
    level: str,
    rng: random.Random,
) -> dict[str, Any]:
    """The action of ``level`` for the seat to act.

    ``view`` is ``match.view(seat)`` for the seat to act; ``history`` the match's
    public engine events in order (those since this hand's "dealt" event are
    enough; only its "play" events are read).  ``rng`` makes the choice
    reproducible: the same view, history, level and rng state give the same action.
    Raises ValueError when nobody or another seat is to act, or the history does
    not match the view.
    """
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}; expected one of {LEVELS}")
    t = Table.from_view(view, history)
    legal = legal_actions(t)
    if level == "expert":
        from . import expert  # imports the double-dummy solver only when needed

        return expert.choose(t, legal, rng)
    return standard.choose(t, legal)


__all__ = ["LEVELS", "VERSION", "choose"]
