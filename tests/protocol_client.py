"""A plain client of the table protocol (docs/protocol.md), for tests and benchmarks.

It knows nothing of Django or of this project's code (tests/cards.py is plain Python too):
it signs up and creates rooms over HTTP like a browser (http.client, cookies and the CSRF
form token by hand), and plays over a websocket with the `websockets` library, reading
only the message shapes of docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import random
import re
import subprocess
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode, urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

from tests.cards import cards_in, strength, visible_cards

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken"\s+value="([^"]+)"')


class ProtocolError(AssertionError):
    pass


# HTTP: a tiny browser with a cookie jar

@dataclass
class HttpAnswer:
    """A response read to its end (its connection is closed)."""

    status: int
    headers: http.client.HTTPMessage
    body: bytes


@dataclass
class HttpSession:
    """One player's cookies against one server (`base` like http://127.0.0.1:8000)."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)
    # The loopback address its connections come from (127.0.0.1 when None): a client's own
    # under the servers' per-address budgets.
    local_address: str | None = None

    def request(self, method: str, path: str, form: dict[str, Any] | None = None,
                timeout: float = 30) -> HttpAnswer:
        parts = urlsplit(self.base)
        conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80, timeout=timeout,
                                          source_address=self.local_address and (self.local_address, 0))
        headers = {"Host": parts.netloc}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = self.base + path
            if "csrftoken" in self.cookies:
                headers["X-CSRFToken"] = self.cookies["csrftoken"]
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        answer = HttpAnswer(response.status, response.headers, response.read())
        conn.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            jar: SimpleCookie = SimpleCookie()
            jar.load(header)
            for name, morsel in jar.items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        return answer

    def get(self, path: str) -> HttpAnswer:
        return self.request("GET", path)

    def post(self, path: str, form: dict[str, Any]) -> HttpAnswer:
        if "csrftoken" not in self.cookies:
            self.get(path if path.startswith("/accounts/") else "/")
        return self.request("POST", path, {"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form})

    @property
    def sessionid(self) -> str | None:
        return self.cookies.get("sessionid")


def signup(base: str, username: str, password: str = "a-long-Secret-9x", *,
           local_address: str | None = None) -> HttpSession:
    """Sign up on the site's form; the session then holds `sessionid` (logged in)."""
    session = HttpSession(base, local_address=local_address)
    page = session.get("/accounts/signup/")
    if page.status != 200:
        raise ProtocolError(f"GET /accounts/signup/ answered {page.status}")
    token = CSRF_INPUT.search(page.body.decode())
    if token is None:
        raise ProtocolError("the signup form has no csrfmiddlewaretoken")
    response = session.request("POST", "/accounts/signup/", {
        "csrfmiddlewaretoken": token.group(1), "username": username,
        "password1": password, "password2": password})
    if response.status != 302 or not session.sessionid:
        raise ProtocolError(f"signup of {username} answered {response.status}: "
                            f"{response.body[:300]!r}")
    return session


def create_room(session: HttpSession, name: str = "protocol table", variant: str = "classic",
                target: int = 31, turn_seconds: int = 120, private: bool = False) -> str:
    """POST /rooms/new/ and return the room id from the 302 Location /rooms/<id>/."""
    form: dict[str, Any] = {"name": name, "variant": variant, "target": target,
                            "turn_seconds": turn_seconds}
    if private:
        form["private"] = "on"
    response = session.post("/rooms/new/", form)
    location = response.headers.get("Location", "")
    # The path alone: a logged-out owner is sent to /accounts/login/?next=/rooms/new/.
    found = re.search(r"/rooms/([^/]+)/$", urlsplit(location).path)
    if response.status != 302 or not found:
        raise ProtocolError(f"POST /rooms/new/ answered {response.status} {location!r}")
    return found.group(1)


def wait_healthy(base: str, timeout: float = 60,
                 process: subprocess.Popen[bytes] | None = None) -> dict[str, Any]:
    """Poll GET /healthz until it answers 200; give up at once if `process`, the server,
    exited."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise ProtocolError(f"the server at {base} exited with {process.returncode}")
        try:
            response = HttpSession(base).get("/healthz")
            last = response.status
            if response.status == 200:
                return json.loads(response.body)
        except OSError as exc:
            last = exc
        time.sleep(0.2)
    raise ProtocolError(f"{base}/healthz not healthy within {timeout} s (last: {last})")


# The table socket

def ws_url(base: str, room_id: str) -> str:
    parts = urlsplit(base)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}/ws/rooms/{room_id}/"


def order(state: dict[str, Any]) -> tuple[int, int]:
    """States are ordered by match id, then version; before any match, (0, 0) (docs/protocol.md)."""
    return (state["match"] or {}).get("id", 0), state["v"]


HERE_SECONDS = 15.0
# A page waits HERE_SECONDS times a factor drawn from this range each time (static/js/room.js).
HERE_SPREAD = (0.8, 1.2)


class TableClient:
    """One socket at one table. `state` is the latest state message (by match id and v)."""

    def __init__(self, base: str, room_id: str, session: HttpSession | None = None, name: str = "",
                 local_address: str | None = None):
        self.base, self.room_id, self.session = base, room_id, session
        # A loopback source address (127.0.0.x), so one machine can play several clients'
        # addresses.
        self.local_address = local_address
        self.name = name or ("player" if session else "watcher")
        self.socket: ClientConnection | None = None
        self.state: dict[str, Any] | None = None
        self.messages: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.leaks: list[str] = []
        self.keep_messages = True
        self._changed = asyncio.Event()
        self.said_here = time.monotonic()
        self.here_wait = HERE_SECONDS * random.uniform(*HERE_SPREAD)

    async def connect(self) -> dict[str, Any]:
        headers = {}
        if self.session and self.session.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.session.cookies.items())
        parts = urlsplit(self.base)
        self.socket = await connect(ws_url(self.base, self.room_id), origin=Origin(f"{parts.scheme}://{parts.netloc}"),
                                    additional_headers=headers, proxy=None, compression=None,
                                    max_size=2**20, open_timeout=15,
                                    local_addr=(self.local_address, 0) if self.local_address else None)
        return await self.next_message("state")

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()

    async def send(self, message: dict[str, Any]) -> None:
        assert self.socket is not None
        await self.socket.send(json.dumps(message))

    async def say_here_if_due(self) -> None:
        """Say "here" every HERE_SECONDS or so, as a seated player's page does
        (docs/protocol.md): a rematch starts only with every seated person present."""
        if self.seat is not None and time.monotonic() - self.said_here > self.here_wait:
            self.said_here = time.monotonic()
            self.here_wait = HERE_SECONDS * random.uniform(*HERE_SPREAD)
            await self.send({"type": "here"})

    async def sit(self, seat: int) -> None:
        await self.send({"type": "sit", "seat": seat})

    async def act(self, action: dict[str, Any], v: int) -> None:
        await self.send({"type": "act", "action": action, "v": v})

    def _note(self, message: dict[str, Any]) -> None:
        if self.keep_messages:
            self.messages.append(message)
        if message.get("type") == "error":
            self.errors.append(message)
            return
        if message.get("type") != "state":
            return
        hidden = cards_in(message) - visible_cards(message.get("match"))
        if hidden:
            self.leaks.append(f"v{message.get('v')}: {sorted(hidden)}")
        if self.state is not None and order(message) < order(self.state):
            return  # an older state: the protocol says drop it
        self.state = message

    async def next_message(self, kind: str | None = None, timeout: float = 15) -> dict[str, Any]:
        """Read messages until one of `kind` arrives (any kind if None)."""
        assert self.socket is not None
        while True:
            raw = await asyncio.wait_for(self.socket.recv(), timeout)
            message = json.loads(raw)
            self._note(message)
            if kind is None or message.get("type") == kind:
                return message

    async def wait_state(self, predicate: Any, timeout: float = 15) -> dict[str, Any]:
        """Read until the latest state satisfies `predicate(state)`."""
        deadline = time.monotonic() + timeout
        while self.state is None or not predicate(self.state):
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProtocolError(f"{self.name}: no state satisfying the condition within {timeout} s; "
                                    f"last v={self.state and self.state.get('v')}")
            await self.next_message(timeout=left)
        return self.state

    @property
    def seat(self) -> int | None:
        return (self.state or {}).get("you", {}).get("seat")


# Policies: they see only the state message

def random_policy(rng: Any) -> Any:
    def choose(state: dict[str, Any]) -> dict[str, Any]:
        return rng.choice(state["legal"])
    return choose


def quick_classic_policy(state: dict[str, Any]) -> dict[str, Any]:
    """Ends a Classic match in a few hands: team 0 bids once and plays its strongest
    card, team 1 passes and throws its weakest."""
    legal, match = state["legal"], state["match"]
    seat = state["you"]["seat"]
    phase = match["phase"]
    if phase == "bidding":
        bids = [a for a in legal if a["type"] == "bid"]
        team_bid = any(b["seat"] % 2 == 0 and "value" in b for b in match["bids"])
        if seat % 2 == 0 and bids and not team_bid:
            return min(bids, key=lambda a: a["value"])
        return {"type": "pass"} if {"type": "pass"} in legal else legal[0]
    if phase == "playing":
        led = match["trick"][0]["card"][1] if match["trick"] else None
        cards = [a["card"] for a in legal]

        def key(card: str) -> int:
            return strength(card, led or card[1], match["trump"])

        chosen = max(cards, key=key) if seat % 2 == 0 else min(cards, key=key)
        return {"type": "play", "card": chosen}
    return legal[0]
