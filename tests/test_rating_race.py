"""The match's last move and its turn timer race: whichever locks the match first finishes
it, the other finds it over, and the match is rated exactly once."""

import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from games import engine
from games.models import Match, MatchEvent
from games.services import move_path, refusals
from ratings.models import Rating, RatingChange
from ratings.rate import MODEL, rate_seats
from tests.tables import quick_policy, start_match

pytestmark = pytest.mark.django_db(transaction=True)

HOLD_SECONDS = 0.5


def one_move_from_the_end() -> Match:
    """A match whose next move, the player's or the timer's (the same forced card), ends it."""
    match = start_match("classic", turn_seconds=30)
    while True:
        match.refresh_from_db()
        game = match.game
        if game.phase == "deal":
            move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                          actor=move_path.SYSTEM)
            continue
        if _finishes(game, game.timeout_action()):
            return match
        action = quick_policy(game, game.legal_actions())
        if _finishes(game, action):
            action = game.timeout_action()
        move_path.play(match.pk, seat=game.to_act, action=action, version=match.version)


def _finishes(game: engine.Match, action: dict) -> bool:
    trial = engine.Match.from_dict(game.to_dict())
    trial.apply(trial.to_act, action)
    return trial.phase == "finished"


@pytest.mark.parametrize("first", ["player", "timer"])
@pytest.mark.usefixtures("timer_by_hand")  # the racers are the timer, not beat's sweep
def test_the_last_move_and_the_timer_rate_the_match_once(first):
    match = one_move_from_the_end()
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    version, seat, action = match.version, match.game.to_act, match.game.timeout_action()
    locked, called = threading.Event(), threading.Event()
    barrier = threading.Barrier(2)
    outcome: dict[str, Any] = {}
    times: dict[str, float] = {}

    def player() -> str:
        try:
            move_path.play(match.pk, seat=seat, action=action, version=version)
        except refusals.Refused as refused:
            return refused.code
        return "moved"

    def timer() -> str:
        return "moved" if move_path.play_deadline(match.pk) else "nothing"

    def hold_the_lock(execute, sql, params, many, context):
        # Once this thread has the match row (its transaction began and read it), keep it
        # until the other thread has made its call, and a while more for that call to be
        # waiting for the lock, however late the machine runs the other thread.
        result = execute(sql, params, many, context)
        if not locked.is_set() and connection.in_atomic_block and 'FROM "games_match"' in sql:
            locked.set()
            assert called.wait(30)
            time.sleep(HOLD_SECONDS)
        return result

    def run(name: str, call: Callable[[], str], leads: bool) -> None:
        try:
            barrier.wait(30)
            if leads:
                with connection.execute_wrapper(hold_the_lock):
                    outcome[name] = call()
            else:
                assert locked.wait(30)
                times["second_called"] = time.monotonic()
                called.set()
                outcome[name] = call()
            times[f"{name}_done"] = time.monotonic()
        except BaseException as exc:  # reported by the assertions below
            outcome[name] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=("player", player, first == "player")),
               threading.Thread(target=run, args=("timer", timer, first == "timer"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    second = "timer" if first == "player" else "player"
    # Both paths ran, and at once: the second asked while the first still held the lock.
    assert times["second_called"] < times[f"{first}_done"]
    assert outcome == {first: "moved", second: "nothing" if second == "timer" else "finished"}

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert MatchEvent.objects.filter(match=match, seq__gt=version).count() == 1
    changes = RatingChange.objects.filter(match=match)
    users = [sitter["user"] for sitter in match.seating]
    assert sorted(changes.values_list("user_id", flat=True)) == sorted(users)
    expected = rate_seats([(MODEL.mu, MODEL.sigma)] * 4, match.winner)
    for user, (mu, sigma) in zip(users, expected, strict=True):
        rating = Rating.objects.get(user_id=user, variant="classic")
        assert (rating.matches, rating.mu, rating.sigma) == (1, mu, sigma)
