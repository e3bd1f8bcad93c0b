"""Every bad input at the table is answered with an error, changes nothing, and the
socket stays open."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from tests.tables import (
    HOST,
    ORIGIN,
    create_room,
    current_match,
    make_players,
    open_socket,
    receive,
    seated_table,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def refused(socket, payload, code):
    if isinstance(payload, str):
        await socket.send_to(text_data=payload)
    else:
        await socket.send_json_to(payload)
    error = await receive(socket, "error")
    assert error["code"] == code, error
    assert error["message"]
    return error


async def test_bad_messages_are_refused_without_change(asgi_application):
    room, sockets, states = await seated_table(asgi_application)
    before = await database_sync_to_async(lambda: current_match(room.pk).state)()
    to_act = states[0]["match"]["to_act"]
    other = (to_act + 1) % 4
    v = states[to_act]["v"]
    player = sockets[to_act]

    await refused(player, "{not json", "bad_json")
    await refused(player, "[1, 2]", "bad_json")
    await refused(player, {"type": "dance"}, "unknown_type")
    await refused(player, json.dumps({"type": "act", "pad": "x" * 5000}), "too_large")
    await refused(sockets[other], {"type": "act", "action": {"type": "pass"}, "v": v}, "not_your_turn")
    await refused(player, {"type": "act", "action": {"type": "bid", "value": 6}, "v": v}, "illegal")
    await refused(player, {"type": "act", "action": {"type": "play", "card": "AS"}, "v": v}, "illegal")
    await refused(player, {"type": "act", "action": {"type": "deal"}, "v": v}, "illegal")
    await refused(player, {"type": "act", "action": "pass", "v": v}, "illegal")
    await refused(player, {"type": "sit", "seat": 1}, "started")
    await refused(player, {"type": "stand"}, "started")
    await refused(player, {"type": "rematch"}, "started")
    # The socket already holds the current state: no copy of it follows (test_table_resync).
    await refused(player, {"type": "act", "action": {"type": "pass"}, "v": v - 1}, "stale")
    await refused(player, {"type": "act", "action": {"type": "pass"}, "v": "1"}, "stale")

    after = await database_sync_to_async(lambda: current_match(room.pk).state)()
    assert after == before
    # Still open and listened to: a legal move goes through.
    await player.send_json_to({"type": "act", "action": states[to_act]["legal"][0], "v": v})
    assert (await receive(player))["v"] == v + 1
    for socket in sockets:
        await socket.disconnect()


async def test_a_spectator_cannot_act(asgi_application):
    room, sockets, _ = await seated_table(asgi_application)
    spectator = await open_socket(asgi_application, room.pk)
    watching = await receive(spectator)
    assert watching["you"] == {"seat": None}
    assert watching["match"]["hand"] == []
    await refused(spectator, {"type": "act", "action": {"type": "pass"}, "v": watching["v"]}, "not_seated")
    await refused(spectator, {"type": "sit", "seat": 0}, "login_required")
    for socket in [*sockets, spectator]:
        await socket.disconnect()


async def test_the_same_act_twice_is_applied_once(asgi_application):
    room, sockets, states = await seated_table(asgi_application)
    to_act = states[0]["match"]["to_act"]
    move = {"type": "act", "action": states[to_act]["legal"][0], "v": states[to_act]["v"]}
    await sockets[to_act].send_json_to(move)
    await sockets[to_act].send_json_to(move)
    # The broadcast of the first and the refusal of the second may arrive in either order.
    errors, versions = [], []
    while not (errors and versions):
        message = await sockets[to_act].receive_json_from(timeout=10)
        (errors if message["type"] == "error" else versions).append(message.get("code") or message["v"])
    assert errors[0] in ("stale", "not_your_turn")
    assert versions[0] == move["v"] + 1
    match = await database_sync_to_async(current_match)(room.pk)
    assert match.version == move["v"] + 1
    assert await database_sync_to_async(match.events.count)() == match.version
    for socket in sockets:
        await socket.disconnect()


async def test_seats_are_refused_when_taken_or_twice(asgi_application):
    players = await database_sync_to_async(make_players)(2)
    room = await database_sync_to_async(create_room)(players[0])
    first, second = [await open_socket(asgi_application, room.pk, user) for user in players]
    await receive(first), await receive(second)
    await first.send_json_to({"type": "sit", "seat": 2})
    assert (await receive(first))["you"] == {"seat": 2}
    await receive(second)
    await refused(second, {"type": "sit", "seat": 2}, "seat_taken")
    await refused(first, {"type": "sit", "seat": 1}, "already_seated")
    await refused(second, {"type": "sit", "seat": 7}, "bad_seat")
    await refused(second, {"type": "stand"}, "not_seated")
    await refused(second, {"type": "act", "action": {"type": "pass"}, "v": 0}, "not_seated")
    await first.send_json_to({"type": "stand"})
    assert (await receive(first))["you"] == {"seat": None}
    await first.disconnect(), await second.disconnect()


async def test_errors_come_in_the_players_language(asgi_application):
    players = await database_sync_to_async(make_players)(1)
    room = await database_sync_to_async(create_room)(players[0])
    for language, text in (("en", "Unknown message type."), ("ar", "نوع رسالة غير معروف.")):
        socket = WebsocketCommunicator(asgi_application, f"/ws/rooms/{room.pk}/", headers=[
            HOST, ORIGIN, (b"accept-language", language.encode())])
        assert (await socket.connect(timeout=10))[0]
        await receive(socket)
        assert (await refused(socket, {"type": "dance"}, "unknown_type"))["message"] == text
        await socket.disconnect()
