"""Turn timers: the table never waits forever, and a timer never plays a turn twice."""

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from games import engine, fairness
from games.models import Match, MatchEvent, MatchPlayer
from games.services import move_path, published, room_life, sitters
from tests.tables import start_match, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def hand_scored(match_id: int) -> bool:
    return any(e["type"] == "hand_scored"
               for result in MatchEvent.objects.filter(match_id=match_id).values_list("result", flat=True)
               for e in result)


def assert_the_timer_then_bots_played(match: Match) -> None:
    """Replay the log: each seat's first two turns are the timer's, its policy's moves; from
    then on the seat is away and a bot plays it, the timer playing only where the bot did not."""
    game = engine.new_match(match.variant, dealer=match.first_dealer, target=match.target)
    timeouts = [0, 0, 0, 0]
    for event in match.events.order_by("seq"):
        if event.action["type"] == "deal":
            game.deal(fairness.deck_from_seed(bytes.fromhex(event.action["seed"])))
            continue
        assert event.seat == game.to_act
        if timeouts[event.seat] < sitters.AWAY_AFTER_TIMEOUTS:
            assert event.actor == MatchEvent.Actor.TIMER
        if event.actor == MatchEvent.Actor.TIMER:
            assert event.action == game.timeout_action()
            timeouts[event.seat] += 1
        else:
            assert event.actor == MatchEvent.Actor.BOT
        game.apply(event.seat, event.action)


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_a_whole_hand_is_played_with_nobody_at_the_table(variant, worker):
    match = start_match(variant, turn_seconds=0)
    wait_for(lambda: hand_scored(match.pk), timeout=120)
    room_life.close_room(match.room_id)
    match.refresh_from_db()
    assert_the_timer_then_bots_played(match)
    assert match.events.filter(actor=MatchEvent.Actor.TIMER).count() >= 8


def test_a_move_made_while_the_timer_sweeps_is_not_played_over(timer_by_hand):
    # The race in order, not against the clock: the sweep reads the overdue turn, the
    # player moves before the sweep locks the match, then the sweep goes on.
    match = start_match("classic", turn_seconds=30)
    version, seat = match.version, match.game.to_act
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    moved: list[int] = []

    def the_player_moves_after_the_read(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        result = execute(sql, params, many, context)
        if not moved and '"deadline" <=' in sql:
            moved.append(version)
            move_path.play(match.pk, seat=seat, action={"type": "bid", "value": 7}, version=version)
        return result

    with connection.execute_wrapper(the_player_moves_after_the_read):
        assert timer_by_hand() == 0
    assert moved
    moves = MatchEvent.objects.filter(match=match, seq__gt=version).values_list("seq", "actor", "seat")
    assert list(moves) == [(version + 1, "player", seat)]
    room_life.close_room(match.room_id)


def test_the_sweep_plays_only_turns_whose_deadline_passed(timer_by_hand):
    due, waiting = start_match("classic", turn_seconds=30), start_match("classic", turn_seconds=30)
    Match.objects.filter(pk=due.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert timer_by_hand() == 1
    assert MatchEvent.objects.get(match=due, seq=due.version + 1).actor == MatchEvent.Actor.TIMER
    assert not MatchEvent.objects.filter(match=waiting, seq__gt=waiting.version).exists()
    assert timer_by_hand() == 0, "the next turn has its own deadline, 30 s ahead"
    for match in (due, waiting):
        room_life.close_room(match.room_id)


def force_timeout(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    match.refresh_from_db()
    assert move_path.play_deadline(match.pk)


def advance_to(match: Match, seat: int) -> None:
    """Others move (one bid of 7, then passes, then their first legal card) until `seat` acts."""
    match.refresh_from_db()
    while (game := match.game).to_act != seat:
        legal = game.legal_actions()
        bid_made = any("value" in bid for bid in game.view(None)["bids"])
        action = {"type": "pass"} if bid_made and {"type": "pass"} in legal else legal[0]
        move_path.play(match.pk, seat=game.to_act, action=action, version=match.version)
        match.refresh_from_db()


def shown_away(match: Match, seat: int) -> bool:
    return published.room_snapshot(match.room_id)["room"]["seats"][seat]["away"]


def make_away(match: Match) -> tuple[int, Any]:
    """Let the timer play the next player's turn twice in a row; return their seat and user."""
    seat = match.game.to_act
    force_timeout(match)  # the timer passes for them
    assert not shown_away(match, seat)
    advance_to(match, seat)
    assert match.game.phase == "playing"
    force_timeout(match)  # and plays their weakest card
    assert shown_away(match, seat)
    return seat, MatchPlayer.objects.get(match=match, seat=seat).user


@pytest.mark.usefixtures("timer_by_hand")
def test_two_timeouts_in_a_row_mark_a_player_away_and_back_clears_it():
    match = start_match("classic", turn_seconds=30)
    seat, user = make_away(match)

    # While away, a bot plays their turns, the timer 3 s behind it instead of the room's 30.
    advance_to(match, seat)
    assert match.deadline - timezone.now() <= timedelta(seconds=3)

    move_path.back(match.room_id, user)
    assert not shown_away(match, seat)
    match.refresh_from_db()
    assert match.deadline - timezone.now() > timedelta(seconds=25)
    room_life.close_room(match.room_id)


@pytest.mark.usefixtures("timer_by_hand")
def test_a_move_of_their_own_clears_away():
    match = start_match("classic", turn_seconds=30)
    seat, _user = make_away(match)
    advance_to(match, seat)
    game = match.game
    move_path.play(match.pk, seat=seat, action=game.legal_actions()[-1], version=match.version)
    assert not shown_away(match, seat)
    room_life.close_room(match.room_id)
