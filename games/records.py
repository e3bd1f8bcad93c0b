"""A match rebuilt, published and verified from its event log.

Each public view reads the log in one query: a deal committed between two reads of it
would otherwise be printed with its seed while its hand is being played.
"""

import bisect
from collections.abc import Sequence
from typing import Any

from games import bot_names, engine, fairness
from games.models import LoggedEvent, Match, MatchEvent

# The version of public_record's output (docs/records.md, docs/record.schema.json): raised
# when a field is removed or changes meaning, not when one is added.
RECORD_FORMAT = 1


def events_of(match: Match) -> list[MatchEvent]:
    """The whole log, read once."""
    return list(match.events.order_by("seq"))


def visible_to(match: Match, user: Any) -> bool:
    """A private room's matches are its players' and staff's business only."""
    if not match.room.private:
        return True
    if not user.is_authenticated:
        return False
    return user.is_staff or match.players.filter(user=user).exists()


def rebuild(match: Match, events: Sequence[MatchEvent] | None = None) -> engine.Match:
    """Replay the log through the engine; raises ValueError where the log disagrees with itself."""
    game = match.new_game()
    for event in events_of(match) if events is None else events:
        recorded: Sequence[LoggedEvent] = event.result
        if event.action["type"] == "deal":
            result = game.deal(fairness.deck_from_seed(bytes.fromhex(event.action["seed"])))
            recorded = [e for e in recorded if e["type"] != "commitment"]
        else:
            result = game.apply(event.seat, event.action)
        if result != recorded:
            raise ValueError(f"move {event.seq} gives {result}, the log says {recorded}")
    return game


def deals(events: Sequence[MatchEvent], *, aborted: bool = False, held: bool = False) -> list[dict[str, Any]]:
    """Each hand's commitment, whether it is over (or the whole match was aborted), and
    its seed, which may be shown once it is over; `held` (Match.seeds_held): no seed yet."""
    hands: list[dict[str, Any]] = []
    for event in events:
        if event.action["type"] == "deal":
            commitment = next(e["sha256"] for e in event.result if e["type"] == "commitment")
            hands.append({"hand": len(hands) + 1, "seq": event.seq, "sha256": commitment,
                          "seed": None if held else event.action["seed"], "over": aborted})
        elif hands and any(map(engine.ends_hand, event.result)):
            hands[-1]["over"] = True
    return hands


def deals_of(match: Match, events: Sequence[MatchEvent]) -> list[dict[str, Any]]:
    """`deals` of the match's log, as its status and held seeds allow."""
    return deals(events, aborted=match.status == Match.Status.ABORTED, held=match.seeds_held)


def public_record(match: Match) -> dict[str, Any]:
    """What anyone may see of a match: public moves, and the seeds of finished hands."""
    events = events_of(match)
    hands = deals_of(match, events)
    unrevealed = {hand["seq"] for hand in hands if not hand["over"] or hand["seed"] is None}
    for hand in hands:
        if not hand["over"]:
            hand["seed"] = None
    moves = []
    for event in events:
        action = event.action
        if event.seq in unrevealed:
            action = {"type": "deal"}
        moves.append({"seq": event.seq, "seat": event.seat, "actor": event.actor, "action": action,
                      "events": event.result, "at": event.created_at.isoformat()})
        if event.bot is not None:
            moves[-1]["bot"] = event.bot  # level, version and rng seed: the move can be re-run
    return {
        "format": RECORD_FORMAT,
        "id": match.pk, "room": match.room_id, "variant": match.variant, "target": match.target,
        "status": match.status, "winner": match.winner, "first_dealer": match.first_dealer,
        "players": [player(sitter_seat, sitter) for sitter_seat, sitter in enumerate(match.seating)],
        "hands": hands, "moves": moves,
    }


def player(seat: int, sitter: dict[str, Any]) -> dict[str, Any]:
    """Who sat at `seat`: their username; for a bot, its level and its name at the table
    in every language (games.bot_names)."""
    if not sitter.get("bot"):
        return {"seat": seat, "username": sitter["username"]}
    return {"seat": seat, "username": sitter["username"], "bot": sitter["bot"],
            "name": bot_names.in_languages(bot_names.key_of(sitter, seat))}


def check_hand(hand: dict[str, Any], events: Sequence[MatchEvent]) -> list[str]:
    """Check one revealed hand of `deals(events)` as a player could: its seed matches the
    commitment, and every card played was dealt by that seed to the seat that played it."""
    seed = bytes.fromhex(hand["seed"])
    if fairness.commitment(seed) != hand["sha256"]:
        return [f"hand {hand['hand']}: sha256(seed) does not match the commitment "
                "published when it was dealt"]
    problems = []
    deck = fairness.deck_from_seed(seed)
    # The log is in seq order: start at the deal rather than read the hands before it
    # again (the match page checks every hand, and a long match has thousands of moves).
    start = bisect.bisect_left(events, hand["seq"], key=lambda event: event.seq)
    dealer = next(e for e in events[start].result if e["type"] == "dealt")["dealer"]
    dealt = {card: (dealer + 1 + i) % 4 for i, card in enumerate(deck)}
    for event in events[start + 1:]:
        card = event.action.get("card")
        if event.action["type"] == "play" and dealt[card] != event.seat:
            problems.append(f"hand {hand['hand']}: seat {event.seat} played {card}, "
                            f"which the seed dealt to seat {dealt[card]}")
        if any(map(engine.ends_hand, event.result)):
            break
    return problems


def verify(match: Match) -> list[str]:
    """Check every revealed hand of `match` as a player could; returns the problems found."""
    events = events_of(match)
    problems = [problem for hand in deals_of(match, events)
                if hand["over"] and hand["seed"] is not None for problem in check_hand(hand, events)]
    try:
        rebuilt = rebuild(match, events)
    except ValueError as exc:
        problems.append(f"the log does not replay: {exc}")
    else:
        if rebuilt.to_dict() != match.state:
            problems.append("the stored state differs from the replayed log")
    return problems

