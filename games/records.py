"""A match rebuilt, published and verified from its event log."""

from typing import Any

from games import engine, fairness
from games.models import Match, MatchEvent

HAND_OVER = ("hand_scored", "thrown_in")


def rebuild(match: Match) -> engine.Match:
    """Replay the log through the engine; raises ValueError where the log disagrees with itself."""
    game = engine.new_match(match.variant, dealer=match.first_dealer, target=match.target)
    for event in match.events.order_by("seq"):
        if event.action["type"] == "deal":
            result = game.deal(fairness.deck_from_seed(bytes.fromhex(event.action["seed"])))
            recorded = [e for e in event.result if e["type"] != "commitment"]
        else:
            result, recorded = game.apply(event.seat, event.action), event.result
        if result != recorded:
            raise ValueError(f"move {event.seq} gives {result}, the log says {recorded}")
    return game


def deals(match: Match) -> list[dict[str, Any]]:
    """Each hand's commitment, with its seed once the hand is over."""
    hands: list[dict[str, Any]] = []
    for event in match.events.order_by("seq"):
        if event.action["type"] == "deal":
            commitment = next(e["sha256"] for e in event.result if e["type"] == "commitment")
            hands.append({"hand": len(hands) + 1, "seq": event.seq, "sha256": commitment,
                          "seed": event.action["seed"], "over": False})
        elif hands and any(e["type"] in HAND_OVER for e in event.result):
            hands[-1]["over"] = True
    return hands


def public_record(match: Match) -> dict[str, Any]:
    """What anyone may see of a match: public moves, and the seeds of finished hands."""
    hands = deals(match)
    unrevealed = {hand["seq"] for hand in hands if not hand["over"]}
    for hand in hands:
        if not hand["over"]:
            hand["seed"] = None
    moves = []
    for event in match.events.order_by("seq"):
        action = event.action
        if action["type"] == "deal":
            action = {"type": "deal"} if event.seq in unrevealed else action
        moves.append({"seq": event.seq, "seat": event.seat, "actor": event.actor, "action": action,
                      "events": event.result, "at": event.created_at.isoformat()})
    return {
        "id": match.pk, "room": match.room_id, "variant": match.variant, "target": match.target,
        "status": match.status, "winner": match.winner, "first_dealer": match.first_dealer,
        "players": [{"seat": p.seat, "username": p.user.username}
                    for p in match.players.select_related("user")],
        "hands": hands, "moves": moves,
    }


def verify(match: Match) -> list[str]:
    """Check every finished hand of `match` as a player could; returns the problems found."""
    problems = []
    events = list(match.events.order_by("seq"))
    for hand in deals(match):
        if not hand["over"]:
            continue
        seed = bytes.fromhex(hand["seed"])
        if fairness.commitment(seed) != hand["sha256"]:
            problems.append(f"hand {hand['hand']}: sha256(seed) does not match the commitment "
                            "published when it was dealt")
            continue
        deck = fairness.deck_from_seed(seed)
        dealer = next(e for e in _at(events, hand["seq"]).result if e["type"] == "dealt")["dealer"]
        dealt = {card: (dealer + 1 + i) % 4 for i, card in enumerate(deck)}
        for event in events:
            if event.seq <= hand["seq"]:
                continue
            card = event.action.get("card")
            if event.action["type"] == "play" and dealt[card] != event.seat:
                problems.append(f"hand {hand['hand']}: seat {event.seat} played {card}, "
                                f"which the seed dealt to seat {dealt[card]}")
            if any(e["type"] in HAND_OVER for e in event.result):
                break
    try:
        rebuilt = rebuild(match)
    except ValueError as exc:
        problems.append(f"the log does not replay: {exc}")
    else:
        if rebuilt.to_dict() != match.state:
            problems.append("the stored state differs from the replayed log")
    return problems


def _at(events: list[MatchEvent], seq: int) -> MatchEvent:
    return next(event for event in events if event.seq == seq)
