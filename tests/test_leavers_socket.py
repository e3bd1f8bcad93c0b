"""Over the table socket, a cooling-down player's `sit` is answered `cooling_down` with
the end time in their language, nothing changes, and the socket stays open: once the
cool-down is over the same socket sits."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import translation

from games.dates import when_text
from playban.models import Abandonment
from tests.leavers import finished_match, time_passes
from tests.tables import create_room, make_players, open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)


def until_in(language: str, abandonment: Abandonment) -> str:
    with translation.override(language):
        return when_text(abandonment.until)


async def test_sit_is_refused_while_cooling_down_and_the_socket_stays_open(asgi_application):
    players = await database_sync_to_async(make_players)(5)
    leaver = players[0]
    await database_sync_to_async(finished_match)(players[:4], removed={0})
    abandonment = await database_sync_to_async(Abandonment.objects.get)(user=leaver)
    room = await database_sync_to_async(create_room)(players[4])
    socket = await open_socket(asgi_application, room.pk, leaver)
    await receive(socket)

    await socket.send_json_to({"type": "sit", "seat": 2})
    error = await receive(socket, "error")
    assert error["code"] == "cooling_down"
    # The socket speaks the site's default language, Arabic: the date is written in it.
    assert until_in("ar", abandonment) in error["message"] != until_in("en", abandonment)
    # Nothing changed: the leaver's next line at the table is the next thing the socket gets.
    await socket.send_json_to({"type": "chat", "text": "sorry about last time"})
    assert (await receive(socket, "chat"))["text"] == "sorry about last time"

    await database_sync_to_async(time_passes)(timedelta(minutes=16))
    await socket.send_json_to({"type": "sit", "seat": 2})
    state = await receive(socket)
    assert state["you"]["seat"] == 2 and state["room"]["seats"][2]["username"] == leaver.username
    await socket.disconnect()
