"""Before the start, the room's owner or a seated player puts bots in empty seats and takes
them out; a fourth seat filled starts the match, and bot accounts never log in."""

import pytest
from django.contrib.auth import authenticate
from django.test import Client

from accounts.models import User
from games import bot_players
from games.models import Match, Seat
from games.services import published, refusals, room_life
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db(transaction=True)


def refusal(call, *args) -> str:
    with pytest.raises(refusals.Refused) as refused:
        call(*args)
    return refused.value.code


def test_a_seated_player_adds_three_bots_and_the_match_starts():
    owner, guest = make_players(2)
    room = create_room(owner)
    room_life.sit(room.pk, guest, 1)
    # The guest is seated, so may seat bots too; one account fills several seats.
    bot_players.add_bot(room.pk, guest, 0)
    bot_players.add_bot(room.pk, guest, 2, "expert")
    assert not Match.objects.filter(room=room).exists()
    bot_players.add_bot(room.pk, guest, 3)
    match = Match.objects.get(room=room)
    assert [sitter.get("bot") for sitter in match.seating] == ["standard", None, "expert", "standard"]
    shown = published.room_snapshot(room.pk)["room"]["seats"]
    assert [seat["bot"] for seat in shown] == ["standard", None, "expert", "standard"]
    assert refusal(bot_players.remove_bot, room.pk, guest, 0) == "started"


def test_bots_are_taken_out_before_the_start():
    (owner,) = make_players(1)
    room = create_room(owner)
    bot_players.add_bot(room.pk, owner, 2)
    bot_players.remove_bot(room.pk, owner, 2)
    assert not Seat.objects.filter(room=room).exists()
    assert refusal(bot_players.remove_bot, room.pk, owner, 2) == "not_a_bot"


def test_a_person_seat_is_not_a_bot_to_remove():
    owner, guest = make_players(2)
    room = create_room(owner)
    room_life.sit(room.pk, guest, 1)
    assert refusal(bot_players.remove_bot, room.pk, owner, 1) == "not_a_bot"
    assert Seat.objects.filter(room=room, user=guest).exists()


def test_strangers_and_bad_requests_are_refused():
    owner, stranger = make_players(2)
    room = create_room(owner)
    room_life.sit(room.pk, owner, 0)
    assert refusal(bot_players.add_bot, room.pk, stranger, 1) == "not_seated"
    assert refusal(bot_players.add_bot, room.pk, owner, 0) == "seat_taken"
    assert refusal(bot_players.add_bot, room.pk, owner, 4) == "bad_seat"
    assert refusal(bot_players.add_bot, room.pk, owner, "1") == "bad_seat"
    assert refusal(bot_players.add_bot, room.pk, owner, 1, "grandmaster") == "bad_level"
    assert refusal(bot_players.add_bot, "no-such-room", owner, 1) == "no_room"
    room_life.close_room(room.pk)
    assert refusal(bot_players.add_bot, room.pk, owner, 1) == "closed"


def test_the_owner_who_is_not_seated_may_seat_bots():
    owner, player = make_players(2)
    room = create_room(owner)
    room_life.sit(room.pk, player, 0)
    bot_players.add_bot(room.pk, owner, 1)
    assert Seat.objects.get(room=room, number=1).bot


def test_bots_leave_with_the_last_person():
    (owner,) = make_players(1)
    room = create_room(owner)
    room_life.sit(room.pk, owner, 0)
    bot_players.add_bot(room.pk, owner, 1)
    room_life.stand(room.pk, owner)
    assert not Seat.objects.filter(room=room).exists()


def test_a_bot_account_cannot_log_in_even_with_a_password():
    bot = bot_players.bot_account("standard")
    assert not bot.has_usable_password()
    bot.set_password("a-long-secret-9")
    bot.save()
    assert authenticate(username=bot.username, password="a-long-secret-9") is None
    client = Client()
    client.force_login(bot)  # a session made behind the login page's back is not honoured
    assert client.get("/accounts/password/").status_code == 302


def test_a_missing_bot_account_is_made_when_first_seated():
    # Migrations make them; a flushed database (as after a transactional test) has none.
    User.objects.filter(bot_level="expert").delete()
    bot_players.bot_account("expert")
    assert User.objects.get(username="bot-expert").bot_level == "expert"
