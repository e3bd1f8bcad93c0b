"""Helpers for the leavers' tests: whole matches through games.services with some turns
left to the timer, and finished matches made directly for the cool-down arithmetic."""

from collections import Counter
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games import engine
from games.models import Match, MatchPlayer, Room
from games.services import move_path
from playban import services as playban
from playban.models import Abandonment
from tests.tables import quick_policy


def finish(match: Match, *, timer: Callable[[int, int], bool] = lambda seat, turn: False,
           before_last_move: Callable[[Match, engine.Match], None] | None = None) -> Match:
    """Play `match` to its end through move_path.play: the harness's moves, except the
    turns `timer(seat, n)` (a seat's n-th turn, from 0) gives to the timer.
    `before_last_move` runs just before the move that ends the match."""
    turns: Counter[int] = Counter()
    while (game := match.game).phase != "finished":
        if game.phase == "deal":
            move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                          actor=move_path.SYSTEM)
        else:
            seat = game.to_act
            by_timer = timer(seat, turns[seat])
            action = game.timeout_action() if by_timer else quick_policy(game, game.legal_actions())
            if before_last_move is not None and _ends(game, seat, action):
                before_last_move(match, game)
            move_path.play(match.pk, seat=seat, action=action, version=match.version,
                          actor=move_path.TIMER if by_timer else move_path.PLAYER)
            turns[seat] += 1
        match.refresh_from_db()
    return match


def _ends(game: engine.Match, seat: int, action: dict) -> bool:
    future = engine.Match.from_dict(game.to_dict())
    future.apply(seat, action)
    return future.phase == "finished"


def remove(match: Match, seat: int) -> None:
    """What a moderator's removal leaves on the match (the moderation app's contract)."""
    match.refresh_from_db()
    match.seating[seat]["removed"] = True
    Match.objects.filter(pk=match.pk).update(seating=match.seating)


def finished_match(players: list[Any], *, removed: Iterable[int] = ()) -> Match:
    """A match between `players` (by seat) that finished now, settled as the move path
    settles one: `removed` seats abandoned it, the others played it clean."""
    room = Room.objects.create(owner=players[0], name="settled")
    removed = set(removed)
    with transaction.atomic():
        match = Match.objects.create(
            room=room, variant="classic", target=31, first_dealer=0,
            state=engine.new_match("classic", dealer=0, target=31).to_dict(),
            status=Match.Status.FINISHED, finished_at=timezone.now(),
            seating=[{"user": p.pk, "username": p.username, "timeouts": 0, "removed": seat in removed}
                     for seat, p in enumerate(players)])
        MatchPlayer.objects.bulk_create(MatchPlayer(match=match, seat=seat, user=player)
                                        for seat, player in enumerate(players))
        playban.match_finished(match)
    return match


def time_passes(length: timedelta) -> None:
    """Move every abandonment and finished match `length` into the past, as if that much
    time went by."""
    Abandonment.objects.update(created_at=F("created_at") - length, until=F("until") - length)
    Match.objects.exclude(finished_at=None).update(finished_at=F("finished_at") - length)
