"""Nobody is made to play, then to abandon, a match they were not there for: a match starts
only with every seated person's page open (their socket says "here"), a seat whose page
closed is given up after SEAT_KEPT_SECONDS, and Quick play seats a newcomer only in its own
rooms (which bots always fill) with every person there."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import bot_players
from games.models import Match, Room, Seat
from games.services import room_life
from playban.models import Abandonment
from tests.tables import create_room, make_players, open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)


def seat_of(user) -> Seat | None:
    return Seat.objects.filter(user=user).first()


async def test_a_stranger_cannot_start_a_match_for_a_player_whose_page_closed(asgi_application):
    absent, stranger = await database_sync_to_async(make_players)(2)
    room = await database_sync_to_async(create_room)(absent)
    page = await open_socket(asgi_application, room.pk, absent)
    await receive(page)
    await page.send_json_to({"type": "sit", "seat": 0})
    await receive(page)
    await page.disconnect()  # the tab is closed; the seat stays for now

    def stranger_fills_the_table() -> None:
        room_life.sit(room.pk, stranger, 1)
        bot_players.add_bot(room.pk, stranger, 2)
        bot_players.add_bot(room.pk, stranger, 3)

    await database_sync_to_async(stranger_fills_the_table)()
    assert not await database_sync_to_async(Match.objects.filter(room=room).exists)()
    assert await database_sync_to_async(seat_of)(absent) is None
    assert not await database_sync_to_async(Abandonment.objects.filter(user=absent).exists)()


async def test_a_page_that_stays_open_keeps_its_seat_present(asgi_application):
    (player,) = await database_sync_to_async(make_players)(1)
    room = await database_sync_to_async(create_room)(player)
    page = await open_socket(asgi_application, room.pk, player)
    await receive(page)
    await page.send_json_to({"type": "sit", "seat": 0})
    await receive(page)
    await database_sync_to_async(Seat.objects.filter(user=player).update)(here_until=timezone.now())
    await page.send_json_to({"type": "here"})
    # Written with the process's other sockets' "here" within a second (games.here_batch).
    for _ in range(100):
        seat = await database_sync_to_async(seat_of)(player)
        if seat.here_until > timezone.now() + timedelta(seconds=30):
            break
        await asyncio.sleep(0.1)
    assert seat.here_until > timezone.now() + timedelta(seconds=30)
    await page.disconnect()


def test_a_seat_left_for_a_while_is_given_up_and_bots_leave_with_it(settings):
    left, stays = make_players(2)
    room, other = create_room(left), create_room(stays)
    room_life.sit(room.pk, left, 0)
    bot_players.add_bot(room.pk, left, 1)
    room_life.sit(other.pk, stays, 0)
    room_life.gone(room.pk, left)
    assert room_life.release_left_seats() == 0  # not yet
    long_ago = timezone.now() - timedelta(seconds=settings.SEAT_KEPT_SECONDS + 1)
    Seat.objects.filter(user=left).update(here_until=long_ago)
    assert room_life.release_left_seats() == 1
    assert not room.seats.exists() and other.seats.count() == 1


def test_quick_play_seats_newcomers_only_in_its_own_rooms_with_people_there():
    host, gone_player, newcomer = make_players(3)
    ordinary = Room.objects.create(owner=host, name="classic to 41", variant="classic", target=41,
                                   turn_seconds=30)
    room_life.sit(ordinary.pk, host, 0)  # no bots will come to this one
    deserted = room_life.quick_play(gone_player)
    room_life.gone(deserted.pk, gone_player)

    joined = room_life.quick_play(newcomer)
    assert joined.quick and joined.pk not in (ordinary.pk, deserted.pk)
