"""The hint budget is counted in the database: hints another server process gave the
player (rows of accounts.budget) count here too, so several daphnes never give more."""

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings

from accounts import budget
from tests.tables import open_socket, receive
from tests.test_hints_socket import casual_table_at_seat_zeros_turn

pytestmark = pytest.mark.django_db(transaction=True)


@override_settings(HINT_BURST=2, HINTS_PER_MINUTE=1.0)
async def test_hints_taken_elsewhere_count(asgi_application):
    match, people = await database_sync_to_async(casual_table_at_seat_zeros_turn)()
    # Another server process answered this player's two hints (the burst).
    for _ in range(2):
        assert await database_sync_to_async(budget.take)([budget.hints_of(people[0].pk)]) is None
    socket = await open_socket(asgi_application, match.room_id, people[0])
    await receive(socket)
    await socket.send_json_to({"type": "hint"})
    assert (await receive(socket, "error"))["code"] == "hints_too_fast"
    await socket.disconnect()
