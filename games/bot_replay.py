"""A bot's logged move, decided again (docs/bots.md, "Re-running a bot's move").

Every bot move logs the bot's level, the bots' version (games.bots.VERSION) and the seed
of its rng (games.bot_players.move). `replay` rebuilds the match from its log up to that
move, gives `bots.choose` that seat's view and the hand's public events only, as the live
bot had, with a `random.Random` of the logged seed, and reports both actions: with the
same version they are the same, which shows the bot chose from what its seat could see.
"""

import random
from dataclasses import dataclass
from typing import Any

from games import bots, engine, fairness, records
from games.models import Match, MatchEvent


class NotABotMove(ValueError):
    pass


@dataclass(frozen=True)
class Replayed:
    seq: int
    seat: int
    level: str
    version: str  # the bots' version that made the logged move
    seed: str
    logged: dict[str, Any]
    replayed: dict[str, Any]

    @property
    def same_version(self) -> bool:
        return self.version == bots.VERSION

    @property
    def same(self) -> bool:
        return self.logged == self.replayed


def replay(match: Match, seq: int, events: list[MatchEvent] | None = None) -> Replayed:
    """Decide the bot move number `seq` of `match` again; `events`: the log, if read already.
    Raises NotABotMove when that move is not a logged bot's."""
    events = records.events_of(match) if events is None else events
    move = next((event for event in events if event.seq == seq), None)
    if move is None or move.bot is None or move.seat is None:
        raise NotABotMove(f"match {match.pk} has no bot move {seq}")
    game = engine.new_match(match.variant, dealer=match.first_dealer, target=match.target)
    history: list[engine.Event] = []
    for event in events:
        if event.seq == seq:
            break
        if event.action["type"] == "deal":
            game.deal(fairness.deck_from_seed(bytes.fromhex(event.action["seed"])))
            history = []
        else:
            game.apply(event.seat, event.action)
        history += [e for e in event.result if e["type"] != "commitment"]
    bot = move.bot
    action = bots.choose(game.view(move.seat), history, bot["level"], random.Random(int(bot["seed"], 16)))
    return Replayed(seq=seq, seat=move.seat, level=bot["level"], version=bot["version"], seed=bot["seed"],
                    logged=move.action, replayed=action)
