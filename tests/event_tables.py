"""Helpers for the events tests: an event created, entered and started through
events.services, and its tables' deals played by script through games' move path."""

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from events import services
from events.models import Event
from games import engine
from games.models import Match
from games.services import move_path
from tests.tables import make_players

PASS = {"type": "pass"}


def bid(value: int) -> dict:
    return {"type": "bid", "value": value}


def staff(username: str = "director") -> Any:
    return get_user_model().objects.create_user(username, password="a-long-secret-9", is_staff=True)


def event_with_pairs(pairs: int, *, format: str = "duplicate", deals: int = 2, rounds: int = 1,
                     prefix: str = "p", here: int | None = None) -> tuple[Event, list[Any]]:
    """A staff event with `pairs` fixed partnerships registered (players 2n and 2n + 1
    name each other), its start time now; `here`: only the first `here` players present."""
    director = staff(f"{prefix}-director")
    event = services.create_event(director, name="Thursday duplicate", format=format, variant="classic",
                                  target=31, deals=deals, rounds=rounds, turn_seconds=30,
                                  starts_at=timezone.now() + timedelta(minutes=1), max_pairs=16,
                                  private=False)
    players = make_players(2 * pairs, prefix=prefix)
    for n, player in enumerate(players):
        services.register(event.pk, player, partner=players[n ^ 1].username)
    if here is not None:
        for player in players[here:]:
            event.entries.filter(user=player).update(here_until=timezone.now())
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    return event, players


def play_deal(match: Match, calls: list[dict]) -> Match:
    """Deal the next hand if it is time, make `calls` in the auction (then the trump, the
    harness's choice), and play the hand out with each seat's timeout card."""
    match = Match.objects.get(pk=match.pk)
    if match.game.phase == "deal":
        match = move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                               actor=move_path.SYSTEM)
    hand = match.game.hand_number
    calls = list(calls)
    while (game := match.game).phase not in ("deal", "finished") and game.hand_number == hand:
        action = calls.pop(0) if game.phase == "bidding" else game.timeout_action()
        match = move_path.play(match.pk, seat=game.to_act, action=action, version=match.version)
    return match


def ns_points(match: Match, hand: int) -> int:
    """From the match's log: north-south's points on deal `hand` minus east-west's."""
    before = [0, 0]
    for event in match.events.order_by("seq"):
        for happened in event.result:
            if happened["type"] == "hand_scored":
                if happened["hand_number"] == hand:
                    after = happened["scores"]
                    return (after[0] - before[0]) - (after[1] - before[1])
                before = happened["scores"]
            elif engine.ends_hand(happened) and happened["hand_number"] == hand:
                return 0
    raise AssertionError(f"deal {hand} is not over")
