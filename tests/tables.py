"""Helpers for tests that play at a table over the websocket protocol."""

import json
import time
from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import Client

from games import engine
from games.models import Match, Room
from games.services import move_path, room_life
from tests.cards import cards_in, strength, visible_cards

ORIGIN = (b"origin", b"http://localhost")
# The origin a socket must come from is its Host's; WebsocketCommunicator sends no Host itself.
HOST = (b"host", b"localhost")


def make_players(count: int, prefix: str = "player") -> list[Any]:
    User = get_user_model()
    return [User.objects.create_user(f"{prefix}{n}", password="a-long-secret-9") for n in range(count)]


def session_cookie(user: Any) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def open_socket(application: Any, room_id: str, user: Any = None) -> WebsocketCommunicator:
    headers = [HOST, ORIGIN]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    socket = WebsocketCommunicator(application, f"/ws/rooms/{room_id}/", headers=headers)
    connected, _ = await socket.connect(timeout=10)  # seconds on a loaded machine, not a limit
    assert connected
    return socket


async def receive(socket: WebsocketCommunicator, kind: str = "state", timeout: float = 10) -> dict:
    """The socket's next message, which must be a `kind`; presence news (a seat's page
    opened or closed) is skipped unless asked for."""
    while (message := await socket.receive_json_from(timeout=timeout))["type"] == "presence" != kind:
        pass
    assert message["type"] == kind, message
    return message


async def seated_table(application: Any, variant: str = "classic") -> tuple[Room, list, dict]:
    """Four players sit at a new room over their sockets; returns the room, the sockets and
    each seat's first state of the match."""
    players = await database_sync_to_async(make_players)(4)
    room = await database_sync_to_async(create_room)(players[0], variant=variant)
    sockets = [await open_socket(application, room.pk, user) for user in players]
    for socket in sockets:
        await receive(socket)
    for seat, socket in enumerate(sockets):
        await socket.send_json_to({"type": "sit", "seat": seat})
    states = {}
    for seat, socket in enumerate(sockets):
        while (message := await receive(socket))["match"] is None:
            pass
        states[seat] = message
    return room, sockets, states


def create_room(owner: Any, variant: str = "classic", target: int = 31, turn_seconds: int = 120) -> Room:
    return room_life.create_room(owner, name="test table", variant=variant, target=target,
                                turn_seconds=turn_seconds, private=False)


def start_match(variant: str, turn_seconds: int) -> Match:
    """Four players sit at a new room, which starts the match and deals."""
    players = make_players(4, prefix=f"{variant}-{Room.objects.count()}-")
    room = create_room(players[0], variant=variant, turn_seconds=30)
    # Below the 5 s a room may choose: tests set the timer directly.
    Room.objects.filter(pk=room.pk).update(turn_seconds=turn_seconds)
    for seat, player in enumerate(players):
        room_life.sit(room.pk, player, seat)
    return Match.objects.get(room=room)


def play_until(match: Match, phase: str) -> Match:
    """Play the harness's moves, dealing each next hand as the timer would, until the
    match reaches `phase` ("deal": between hands; "finished")."""
    while (game := match.game).phase != phase:
        # play() returns the row it saved, so there is nothing to read back.
        if game.phase == "deal":
            match = move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                                   actor=move_path.SYSTEM)
        else:
            # A seat whose player left is the bot's to play.
            actor = move_path.BOT if match.seating[game.to_act].get("left") else move_path.PLAYER
            action = quick_policy(game, game.legal_actions())
            match = move_path.play(match.pk, seat=game.to_act, action=action, version=match.version,
                                   actor=actor)
    return match


def wait_for(condition: Callable[[], Any], timeout: float, every: float = 0.05) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if result := condition():
            return result
        time.sleep(every)
    raise AssertionError(f"not within {timeout} s")


def current_match(room_id: str) -> Match:
    return Match.objects.filter(room_id=room_id).latest("started_at")


def assert_matches_engine(message: dict, game: engine.Match, seat: int | None) -> None:
    view = {k: v for k, v in message["match"].items() if k not in ("id", "fairness")}
    assert view == json.loads(json.dumps(game.view(seat)))
    expected_legal = game.legal_actions() if seat is not None and game.to_act == seat else []
    assert message["legal"] == expected_legal
    assert cards_in(message) <= visible_cards(game.view(seat)), "a hidden card reached this socket"


# A deterministic policy that ends matches in a few hands, so whole matches stay quick:
# team 0 plays to win tricks, team 1 throws its weakest card; in Tarneeb 41 everyone bids
# what this policy will make them take (the harness sees every hand through the engine).

def _winning_play(game: engine.Match, legal: list[dict]) -> dict:
    view = game.view(game.to_act)
    trump, trick = view["trump"], view["trick"]
    cards = [action["card"] for action in legal]
    if not trick:
        return {"type": "play", "card": max(cards, key=lambda c: strength(c, c[1], trump))}
    led = trick[0]["card"][1]
    best = max(strength(play["card"], led, trump) for play in trick)
    winners = [c for c in cards if strength(c, led, trump) > best]
    chosen = min(winners or cards, key=lambda c: strength(c, led, trump))
    return {"type": "play", "card": chosen}


def _play(game: engine.Match, legal: list[dict]) -> dict:
    return _winning_play(game, legal) if game.to_act % 2 == 0 else game.timeout_action()


def _tricks_this_policy_takes(game: engine.Match) -> list[int]:
    future = engine.Match.from_dict(game.to_dict())
    while future.phase == "bidding":
        future.apply(future.to_act, future.timeout_action())
    taken = [0, 0, 0, 0]
    while future.phase == "playing":
        events = future.apply(future.to_act, _play(future, future.legal_actions()))
        for event in events:
            if event["type"] == "trick":
                taken[event["winner"]] += 1
    return taken


def quick_policy(game: engine.Match, legal: list[dict]) -> dict:
    """The harness's move for the seat to act, from the full engine state."""
    if game.phase == "playing":
        return _play(game, legal)
    if game.phase == "trump":
        return game.timeout_action()
    if game.variant == "classic":
        bid = next((a for a in legal if a["type"] == "bid"), None)
        if game.to_act % 2 == 0 and bid and not any(b.get("seat") % 2 == 0 and "value" in b
                                                    for b in game.view(None)["bids"]):
            return bid
        return {"type": "pass"} if {"type": "pass"} in legal else legal[0]
    want = _tricks_this_policy_takes(game)[game.to_act]
    return min(legal, key=lambda a: (abs(a["value"] - want), a["value"]))
