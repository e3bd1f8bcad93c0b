"""Bots move through move_path.play like anyone: logged as the bot's, from their seat's
view only, with the timer behind them; a player away gets a standard bot until they are
back, mid-hand included; matches with a bot account are not rated."""

from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from games import bot_players, bots, engine, records
from games.models import Match, MatchEvent
from games.services import move_path, room_life
from playban import services as playban
from playban.models import Abandonment
from ratings.rate import is_rated
from tests.tables import create_room, make_players, quick_policy, start_match, wait_for
from tests.test_turn_timers import advance_to, make_away, shown_away

pytestmark = pytest.mark.django_db(transaction=True)


def one_person_and_three_bots(levels: tuple[str, str, str] = ("standard", "standard", "standard")) -> Match:
    (person,) = make_players(1)
    room = create_room(person, turn_seconds=30)
    room_life.sit(room.pk, person, 0)
    for seat, level in zip((1, 2, 3), levels, strict=True):
        bot_players.add_bot(room.pk, person, seat, level)
    return Match.objects.get(room=room)


def hand_over(match_id: int) -> bool:
    return any(engine.ends_hand(event)
               for result in MatchEvent.objects.filter(match_id=match_id).values_list("result", flat=True)
               for event in result)


def test_the_bots_play_their_turns_and_the_log_says_so(bot_turns):
    match = one_person_and_three_bots(("standard", "expert", "standard"))
    # Play the hand: the person's moves by hand, each bot turn the services asked for by
    # bot_players.move, as the worker's task would.
    while not hand_over(match.pk):
        match.refresh_from_db()
        game = match.game
        if game.to_act == 0:
            move_path.play(match.pk, seat=0, action=quick_policy(game, game.legal_actions()),
                          version=match.version)
        else:
            assert bot_turns[-1] == (match.pk, match.version)
            assert bot_players.move(match.pk, match.version)
            assert not bot_players.move(match.pk, match.version)  # that turn is gone
    moves = MatchEvent.objects.filter(match=match, seat__isnull=False)
    assert {move.actor for move in moves.filter(seat=0)} == {"player"}
    assert {move.actor for move in moves.exclude(seat=0)} == {"bot"}
    match.refresh_from_db()
    assert records.verify(match) == []


def test_a_bot_reads_its_seats_view_and_the_public_events_only(monkeypatch, bot_turns):
    match = one_person_and_three_bots()
    match.refresh_from_db()
    game = match.game
    seat = game.to_act
    if seat == 0:
        move_path.play(match.pk, seat=0, action=game.legal_actions()[0], version=match.version)
        match.refresh_from_db()
        game, seat = match.game, match.game.to_act
    seen: dict[str, Any] = {}
    choose = bots.choose

    def spy(view, history, level, rng):
        seen.update(view=view, history=history, level=level)
        return choose(view, history, level, rng)

    # Exactly the hand's events every socket was sent (the record's), no seed, no hidden hand.
    published = [event for move in records.public_record(match)["moves"] for event in move["events"]
                 if event["type"] != "commitment"]
    monkeypatch.setattr(bots, "choose", spy)
    assert bot_players.move(match.pk, match.version)
    assert seen["view"] == game.view(seat)
    assert seen["level"] == "standard"
    assert seen["history"] == published
    others = {card for other in range(4) if other != seat for card in game.to_dict()["hands"][other]}
    assert not others & {card for event in seen["history"] for card in _cards(event)}


def _cards(event: dict[str, Any]) -> set[str]:
    return {value for value in event.values() if isinstance(value, str) and len(value) == 2}


@pytest.mark.usefixtures("timer_by_hand")  # the test plays the timeouts itself
def test_an_away_player_gets_a_bot_until_they_say_they_are_back_mid_hand(bot_turns):
    match = start_match("classic", turn_seconds=30)
    seat, user = make_away(match)
    advance_to(match, seat)
    assert shown_away(match, seat)
    # Their turn is the bot's: asked for, and played as the bot's.
    assert bot_turns[-1] == (match.pk, match.version)
    assert bot_players.move(match.pk, match.version)
    played = MatchEvent.objects.get(match=match, seq=match.version + 1)
    assert (played.seat, played.actor) == (seat, "bot")
    assert shown_away(match, seat)  # a bot's move is not theirs: still away

    # Next turn of theirs in the same hand: they come back before the bot moves.
    advance_to(match, seat)
    assert match.game.phase == "playing"
    version = match.version
    move_path.back(match.room_id, user)
    assert not shown_away(match, seat)
    assert not bot_players.move(match.pk, version)  # the bot's pending turn is refused
    match.refresh_from_db()
    assert (match.deadline - timezone.now()).total_seconds() > 25
    game = match.game
    move_path.play(match.pk, seat=seat, action=game.legal_actions()[0], version=version)
    assert MatchEvent.objects.get(match=match, seq=version + 1).actor == "player"
    room_life.close_room(match.room_id)


@pytest.mark.usefixtures("timer_by_hand")  # the test plays the timeouts itself
def test_a_move_of_their_own_takes_the_seat_back_from_the_bot(bot_turns):
    match = start_match("classic", turn_seconds=30)
    seat, _user = make_away(match)
    advance_to(match, seat)
    version = match.version
    game = match.game
    move_path.play(match.pk, seat=seat, action=game.legal_actions()[-1], version=version)
    assert not shown_away(match, seat)
    assert not bot_players.move(match.pk, version)
    room_life.close_room(match.room_id)


@pytest.mark.usefixtures("timer_by_hand")
def test_the_timer_stands_behind_a_bot_that_never_moves(bot_turns):
    match = one_person_and_three_bots()
    match.refresh_from_db()
    game = match.game
    if game.to_act == 0:
        move_path.play(match.pk, seat=0, action=game.legal_actions()[0], version=match.version)
        match.refresh_from_db()
    assert (match.deadline - timezone.now()).total_seconds() <= move_path.BOT_GRACE_SECONDS + 0.5
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now())
    assert move_path.play_deadline(match.pk)
    assert MatchEvent.objects.get(match=match, seq=match.version + 1).actor == "timer"


def test_matches_with_a_bot_account_are_not_rated_and_bots_collect_no_abandonment():
    match = one_person_and_three_bots()
    # Every seat's turns were the timer's: the person abandoned the match, the bots did not.
    for seq, seat in enumerate(range(4), start=match.version + 1):
        MatchEvent.objects.create(match=match, seq=seq, seat=seat, actor="timer", action={"type": "pass"},
                                  result=[])
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        match.status, match.winner, match.finished_at = Match.Status.FINISHED, 0, timezone.now()
        assert not is_rated(match)
        playban.match_finished(match)
    assert list(Abandonment.objects.values_list("seat", flat=True)) == [0]


def test_bots_play_from_the_worker_until_the_persons_turn(worker):
    match = one_person_and_three_bots()
    # The worker plays each bot's turn on commit: the table reaches the person without them.
    match = wait_for(lambda: (m := Match.objects.get(pk=match.pk)).game.to_act == 0 and m, timeout=30)
    assert match.game.phase == "bidding"
    bot_moves = MatchEvent.objects.filter(match=match, seat__isnull=False)
    assert all(move.actor == "bot" for move in bot_moves)
    room_life.close_room(match.room_id)


def test_a_restarted_embedded_worker_asks_the_waiting_bots_again(bot_turns):
    # The memory transport forgets the bots' tasks with the process: the worker asks anew
    # at start (tarneeb.embedded), for the bots to act and no one else.
    waiting = one_person_and_three_bots()
    waiting.refresh_from_db()
    if waiting.game.to_act == 0:
        move_path.play(waiting.pk, seat=0, action=waiting.game.legal_actions()[0], version=waiting.version)
        waiting.refresh_from_db()
    people = start_match("classic", turn_seconds=30)  # four people: no bot to ask
    bot_turns.clear()
    assert move_path.ask_waiting_bots() == 1
    assert bot_turns == [(waiting.pk, waiting.version)]
    for match in (waiting, people):
        room_life.close_room(match.room_id)
