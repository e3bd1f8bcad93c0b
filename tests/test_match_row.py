"""The move path's row (games/match_row.py): the lock reads a match, its room and the
owner's name exactly as the ORM does, and locks the row (another transaction waits for
it, or with `skip_locked` passes it by); what a move changed is written back exactly."""

import threading

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.forms.models import model_to_dict
from django.utils import timezone

from games.match_row import locked_match, locked_seat
from games.models import Match, MatchEvent, Seat
from games.services import move_path
from tests.tables import play_until, start_match, wait_for

pytestmark = pytest.mark.django_db


def test_it_reads_the_row_as_the_orm_does():
    match = play_until(start_match("forty_one", turn_seconds=30), "deal")
    match.room.owner.username = "مالك الطاولة"
    match.room.owner.save()
    expected = Match.objects.select_related("room__owner").get(pk=match.pk)
    with transaction.atomic():
        locked = locked_match(match.pk)
    assert locked is not None
    assert model_to_dict(locked) == model_to_dict(expected)
    assert locked.started_at == expected.started_at and locked.finished_at == expected.finished_at
    assert model_to_dict(locked.room) == model_to_dict(expected.room)
    assert locked.room.created_at == expected.room.created_at
    assert locked.room.owner.pk == expected.room.owner.pk
    assert locked.room.owner.username == "مالك الطاولة"
    assert locked.game.to_dict() == expected.game.to_dict()


def test_every_move_is_written_back_as_the_orm_reads_it():
    match = start_match("classic", turn_seconds=30)
    for _ in range(20):  # the auction and the first tricks, each move read back
        game = match.game
        played = move_path.play(match.pk, seat=game.to_act, action=game.timeout_action(),
                               version=match.version)
        match = Match.objects.get(pk=match.pk)
        assert model_to_dict(match) == model_to_dict(played) and match.deadline == played.deadline
    played = play_until(match, "finished")
    match = Match.objects.get(pk=match.pk)
    assert model_to_dict(match) == model_to_dict(played) and match.finished_at == played.finished_at
    assert match.status == Match.Status.FINISHED and match.winner in (0, 1) and match.finished_at


def test_the_log_and_the_seat_read_as_the_orm_writes_and_reads_them():
    match = start_match("classic", turn_seconds=30)
    game = match.game
    seat = game.to_act
    move_path.play(match.pk, seat=seat, action=game.timeout_action(), version=match.version)
    event = MatchEvent.objects.get(match=match, seq=match.version + 1)
    assert (event.seat, event.actor, event.action, event.bot) == (seat, "player", game.timeout_action(), None)
    assert event.result and all(isinstance(logged, dict) for logged in event.result)
    assert event.created_at is not None and event.created_at <= timezone.now()
    assert [e.seq for e in MatchEvent.objects.filter(match=match)] == list(range(1, match.version + 2))

    player = Seat.objects.filter(room=match.room).select_related("user").last()
    assert player is not None
    expected = Match.objects.select_related("room__owner").get(pk=match.pk)
    with transaction.atomic():
        found = locked_seat(match.room_id, player.user_id)
        assert locked_seat(match.room_id, 10**9) is None
    assert found is not None and found[0] == player.number != 0
    assert model_to_dict(found[1]) == model_to_dict(expected) and found[1].version == match.version + 1
    assert found[1].room.owner.username == expected.room.owner.username
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    with transaction.atomic():
        assert locked_seat(match.room_id, player.user_id) is None


def test_a_missing_match_is_none():
    with transaction.atomic():
        assert locked_match(10**9) is None
    with pytest.raises(Match.DoesNotExist):
        move_path.play(10**9, seat=0, action={"type": "pass"}, version=0)


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_it_refuses():
    # A lock that ended with its statement would protect nothing.
    with pytest.raises(TransactionManagementError):
        locked_match(start_match("classic", turn_seconds=30).pk)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("by_seat", [False, True])
def test_a_held_row_is_waited_for_or_skipped(by_seat: bool):
    if not connection.features.has_select_for_update:
        pytest.skip("SQLite locks the whole database for a write; there are no row locks")
    match = start_match("classic", turn_seconds=30)
    held, done = threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    def hold() -> None:
        with transaction.atomic():
            locked_match(match.pk)
            held.set()
            done.wait(30)
        connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    assert held.wait(30)
    with transaction.atomic():
        seen["skipped"] = locked_match(match.pk, skip_locked=True)

    def wait() -> None:
        with transaction.atomic():
            if by_seat:  # a player's move finds the row from their seat (move_path.act)
                seat = Seat.objects.get(room=match.room, number=0)
                seen["waited"] = (locked_seat(match.room_id, seat.user_id) or (None, None))[1]
            else:
                seen["waited"] = locked_match(match.pk)
        connection.close()

    waiter = threading.Thread(target=wait)
    waiter.start()
    # PostgreSQL says when a backend waits for a lock; nothing else here does.
    wait_for(waiting_for_a_lock, timeout=30)
    assert "waited" not in seen
    done.set()
    holder.join(30)
    waiter.join(30)
    assert seen["skipped"] is None
    assert isinstance(seen["waited"], Match)


def waiting_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                       " AND datname = current_database()")
        return cursor.fetchone()[0] > 0
