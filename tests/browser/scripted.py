"""A scripted table socket for the browser tests: the page comes from the real server,
Playwright answers its websocket with states built by the real engine."""

import json
import random
import re
import time
from typing import Any

from games import engine
from tests.browser.pages import TIMEOUT_MS

FAIRNESS = {"hand": 1, "sha256": "ab" * 32, "previous": None}


class FakeServer:
    """Answers the page's room socket; records what the page sends."""

    def __init__(self, page: Any) -> None:
        self.sockets: list[Any] = []
        self.received: list[dict] = []
        self.on_connect: Any = None
        page.route_web_socket(re.compile(r"/ws/rooms/"), self._connect)

    def _connect(self, ws: Any) -> None:
        self.sockets.append(ws)
        ws.on_message(lambda message: self.received.append(json.loads(message)))
        if self.on_connect is not None:
            ws.send(json.dumps(self.on_connect()))

    def send(self, message: dict) -> None:
        self.sockets[-1].send(json.dumps(message))

    def wait_for(self, page: Any, predicate: Any) -> dict:
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        while time.monotonic() < deadline:
            for message in self.received:
                if predicate(message):
                    return message
            page.wait_for_timeout(20)
        raise AssertionError(f"the page did not send it; it sent {self.received}")


def room_dict(room: Any, users: list[Any], *, status: str, away: int | None = None) -> dict:
    seats = [None if u is None else {"seat": n, "username": u.username, "away": n == away}
             for n, u in enumerate(users)]
    return {"id": room.pk, "name": room.name, "variant": room.variant, "target": room.target,
            "turn_seconds": 30, "private": False, "closed": False, "owner": room.owner.username,
            "status": status, "url": room.get_absolute_url(), "seats": seats}


def state(room: dict, game: Any, seat: int | None, v: int, match_id: int = 1) -> dict:
    live = game is not None and game.phase in ("bidding", "trump", "playing")
    return {
        "type": "state", "v": v, "room": room, "you": {"seat": seat},
        "match": None if game is None else {**game.view(seat), "id": match_id, "fairness": FAIRNESS},
        "legal": game.legal_actions() if live and seat is not None and game.to_act == seat else [],
        "deadline": int(time.time() * 1000) + 25_000 if live else None,
    }


def dealt_classic(seed: int = 7) -> Any:
    rng = random.Random(seed)
    game = engine.new_match("classic", dealer=3, target=31)
    deck = list(engine.cards.FULL_DECK)
    rng.shuffle(deck)
    game.deal(deck)
    return game, rng


def play_until(game: Any, rng: random.Random, done: Any) -> int:
    moves = 0
    while not done(game):
        if game.phase == "deal":
            deck = list(engine.cards.FULL_DECK)
            rng.shuffle(deck)
            game.deal(deck)
        else:
            game.apply(game.to_act, rng.choice(game.legal_actions()))
        moves += 1
    return moves
