"""Chat lines are checked before anyone reads them: length, rate, control characters,
the room's switch and a moderator's mute. A refusal goes to the writer only, whose socket
stays open; everyone else carries on."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone, translation

from chat.models import ChatMessage, Mute
from chat.services import clean_text
from games.dates import when_text
from games.models import Room
from tests.tables import create_room, make_players, open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)


async def two_at_a_room(application, **room_fields):
    writer, reader = await database_sync_to_async(make_players)(2)
    room = await database_sync_to_async(create_room)(writer)
    if room_fields:
        await database_sync_to_async(Room.objects.filter(pk=room.pk).update)(**room_fields)
    sockets = [await open_socket(application, room.pk, user) for user in (writer, reader)]
    for socket in sockets:
        await receive(socket)
    return room, sockets


async def test_a_line_reaches_everyone_at_the_room(asgi_application):
    _room, (writer, reader) = await two_at_a_room(asgi_application)
    await writer.send_json_to({"type": "chat", "text": "  salam   all "})
    for socket in (writer, reader):
        line = await receive(socket, "chat")
        assert (line["user"], line["text"], line["seat"], line["audience"]) == ("player0", "salam all", None,
                                                                                  "everyone")


async def test_too_long_is_refused_to_the_writer_only(asgi_application):
    _room, (writer, reader) = await two_at_a_room(asgi_application)
    await writer.send_json_to({"type": "chat", "text": "x" * 201})
    assert (await receive(writer, "error"))["code"] == "too_long"
    await writer.send_json_to({"type": "chat", "text": "x" * 200})
    assert (await receive(writer, "chat"))["text"] == "x" * 200
    assert (await receive(reader, "chat"))["text"] == "x" * 200  # the refused line never came


async def test_the_sixth_line_in_ten_seconds_is_refused_and_others_still_write(asgi_application):
    _room, (writer, reader) = await two_at_a_room(asgi_application)
    for n in range(5):
        await writer.send_json_to({"type": "chat", "text": f"line {n}"})
        await receive(writer, "chat")
        await receive(reader, "chat")
    await writer.send_json_to({"type": "chat", "text": "one too many"})
    assert (await receive(writer, "error"))["code"] == "rate_limited"
    await reader.send_json_to({"type": "chat", "text": "my turn"})
    assert (await receive(writer, "chat"))["text"] == "my turn"  # the writer's socket is open
    assert (await receive(reader, "chat"))["text"] == "my turn"
    # Ten seconds on, the writer may write again.
    earlier = timezone.now() - timedelta(seconds=11)
    await database_sync_to_async(ChatMessage.objects.update)(created_at=earlier)
    await writer.send_json_to({"type": "chat", "text": "back again"})
    assert (await receive(writer, "chat"))["text"] == "back again"


def test_control_and_direction_characters_are_removed():
    assert clean_text("a\x00b\u202ec\nd\te\x1b[31m") == "abc d e[31m"
    assert clean_text("\u200f\u2066") == ""
    # Arabic with its joiners and an emoji sequence keep their characters.
    assert clean_text("مرحبا\u200c 👍🏽 👨\u200d👩") == "مرحبا\u200c 👍🏽 👨\u200d👩"


async def test_empty_after_cleaning_and_non_text_are_refused(asgi_application):
    _room, (writer, _reader) = await two_at_a_room(asgi_application)
    for message, code in (({"text": "\u202e\n "}, "empty"), ({"text": ["a"]}, "bad_chat"),
                          ({"phrase": "<b>"}, "bad_phrase")):
        await writer.send_json_to({"type": "chat", **message})
        assert (await receive(writer, "error"))["code"] == code


async def test_a_quick_phrase_travels_as_its_key(asgi_application):
    _room, (writer, reader) = await two_at_a_room(asgi_application)
    await writer.send_json_to({"type": "chat", "phrase": "well_played", "text": "ignored"})
    line = await receive(reader, "chat")
    assert (line["phrase"], line["text"]) == ("well_played", "")


async def test_a_room_with_chat_off_refuses_lines(asgi_application):
    _room, (writer, _reader) = await two_at_a_room(asgi_application, chat=False)
    await writer.send_json_to({"type": "chat", "text": "hello?"})
    assert (await receive(writer, "error"))["code"] == "chat_off"


async def test_a_muted_user_is_refused_until_the_mute_ends(asgi_application):
    _room, (writer, reader) = await two_at_a_room(asgi_application)
    user = await database_sync_to_async(get_user_model().objects.get)(username="player0")
    until = timezone.now() + timedelta(minutes=5)
    mute = await database_sync_to_async(Mute.objects.create)(user=user, until=until)
    await writer.send_json_to({"type": "chat", "text": "let me talk"})
    refusal = await receive(writer, "error")
    assert refusal["code"] == "muted"
    with translation.override(settings.LANGUAGE_CODE):  # the socket's language: it sent none
        assert when_text(until) in refusal["message"]
    mute.until = timezone.now() - timedelta(seconds=1)
    await database_sync_to_async(mute.save)()
    await writer.send_json_to({"type": "chat", "text": "sorry"})
    assert (await receive(reader, "chat"))["text"] == "sorry"


async def test_logged_out_visitors_read_but_cannot_write(asgi_application):
    room, (writer, _reader) = await two_at_a_room(asgi_application)
    visitor = await open_socket(asgi_application, room.pk)
    await receive(visitor)
    await visitor.send_json_to({"type": "chat", "text": "hi"})
    assert (await receive(visitor, "error"))["code"] == "login_required"
    await writer.send_json_to({"type": "chat", "text": "welcome"})
    assert (await receive(visitor, "chat"))["text"] == "welcome"
