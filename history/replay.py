"""A hand that is over, position by position, for the replay viewer.

The log is replayed through the engine up to the end of the asked hand and never past it:
the next deal's seed is not even read. A position is what a spectator saw at that moment
(the engine's view for no seat, as the live table draws it) plus all four hands face up,
which may be shown once the hand is over. An aborted match's hands are all over, the one
the moderator cut short too: `finished` is false for that one, whose last position is
where play stopped.
"""

from collections.abc import Sequence
from typing import Any

from games import engine, fairness, records
from games.models import Match, MatchEvent


def hand_positions(match: Match, events: Sequence[MatchEvent], number: int) -> dict[str, Any] | None:
    """Hand `number` (counted as on the score sheet, thrown-in deals too) from its deal to
    its last move; None unless that hand is over."""
    hands = records.deals_of(match, events)
    if not 1 <= number <= len(hands) or not hands[number - 1]["over"]:
        return None
    game = match.new_game()
    positions: list[dict[str, Any]] = []
    dealt, finished = 0, False
    for event in events:
        if event.action["type"] == "deal":
            dealt += 1
            if dealt > number:
                break
            game.deal(fairness.deck_from_seed(bytes.fromhex(event.action["seed"])))
        else:
            game.apply(event.seat, event.action)
        if dealt == number:
            positions.append(_position(game, event))
            finished = finished or any(map(engine.ends_hand, event.result))
    return {"match": match.pk, "hand": number, "hands": sum(hand["over"] for hand in hands),
            "sha256": hands[number - 1]["sha256"], "seed": hands[number - 1]["seed"],
            "finished": finished, "positions": positions}


def _position(game: engine.Match, event: MatchEvent) -> dict[str, Any]:
    move = {"seq": event.seq, "seat": event.seat, "actor": event.actor,
            "action": {"type": "deal"} if event.action["type"] == "deal" else event.action}
    return {"move": move, "view": game.view(None), "hands": [game.view(seat)["hand"] for seat in range(4)]}
