"""The chat's limit (5 lines in 10 s) holds for lines sent at the same moment, as through
several servers: each is counted under the writer's row lock, so they take turns and no
line slips past the limit."""

import threading

import pytest
from django.db import close_old_connections

from chat import services as chat
from chat.models import ChatMessage
from games.services import refusals
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db(transaction=True)


def test_lines_sent_at_once_stay_within_the_limit():
    (writer,) = make_players(1)
    room = create_room(writer)
    start = threading.Barrier(12)
    refused: list[str] = []

    def write(n: int) -> None:
        start.wait()
        try:
            chat.post(room.pk, writer, text=f"line {n}")
        except refusals.Refused as refusal:
            refused.append(refusal.code)
        finally:
            close_old_connections()

    writers = [threading.Thread(target=write, args=(n,)) for n in range(12)]
    for thread in writers:
        thread.start()
    for thread in writers:
        thread.join(30)
    assert ChatMessage.objects.filter(user=writer).count() == chat.RATE_COUNT
    assert refused == ["rate_limited"] * (12 - chat.RATE_COUNT)
