"""A Redis restart with a ban and a seat change in flight (issue 28).

A waiting table of its own, with pages open on both daphne as browsers hold them: its
owner (seated), two players who change seats, two spectators (logged out) and two
players who are about to be banned, each watching. Then two Redis restarts (kill -9,
started again on the same port after --outage s):

- **right after Redis returns**, once both daphne have subscribed again (PUBSUB NUMSUB),
  when each process's first publish on the connection Redis closed used to be dropped:
  a moderator bans the first watcher through the site (POST /moderation/act/ on daphne
  0, the moderator's session: the ban's `user.suspended` is daphne 0's first publish),
  then a player sits over a socket on daphne 0 and another stands over a socket on
  daphne 1 (daphne 1's first publish);
- **during the outage**, with nothing of that reaching Redis: the second watcher is
  banned the same way, and the players change seats back.

Each socket of the table is a page as the site's scripts run it: it reconnects as
static/js/socket.js does (not after 4401, 4403 or 4404) and keeps the state it last
showed meanwhile; every 250 ms, as static/js/room.js's setInterval does, it sends `sync`
3 s after a shown deadline passed with nothing new (then every 5 s), or, with no deadline
(a waiting table, between hands), once 15 s passed since its last `sync` or since the page
opened (a reconnect does not count: the page is not loaded again), and `here` every 15 s
while seated; a message due while the socket is closed is dropped as socket.js's send()
drops it (a client of the code before them gets `unknown_type` for these, which changes
nothing).

Measured, for each restart:
- states lost: sockets of the table (the banned player's apart) whose last state does not
  show the seating in the database STATES_WAIT s after the last seat change (during the
  outage, and at least RETURNED_WAIT s after Redis returned), and for each socket how long
  after the change it showed it, and how it came (a publish, the answer to its `sync`, or
  the state a new socket is sent);
- whether the ban holds: the banned player's socket was closed with 4401 by the push, or
  else its next action (a chat line, then a seat if the socket is still open) was refused
  with `suspended` and the socket closed 4401; a new socket of theirs is refused (4401);
  no chat line of theirs is stored after the ban and no seat of theirs at all (they held
  none before it); and how long after the ban's answer their socket was closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed

from benchmarks.faults.audit import on_db
from benchmarks.faults.harness import FaultScenario, Harness
from tests.protocol_client import HttpSession, TableClient, signup

CLOSE_SUSPENDED = 4401
# socket.js does not connect again after these (suspended, origin refused, no such room).
FOR_GOOD = (4401, 4403, 4404)
# How long the banned player's socket is given to be closed by the push before it acts.
PUSH_WAIT = 3.0
# How long every socket is given to show the latest seating, after the change: a page at
# a waiting table asks for it (`sync`) at most WAITING_SYNC_EVERY (+ a tick) after that.
STATES_WAIT = 20.0
# During the outage, and at least this long after Redis returned.
RETURNED_WAIT = 8.0
# room.js (SYNC_AFTER_MS, SYNC_EVERY_MS, WAITING_SYNC_EVERY_MS, HERE_EVERY_MS; its
# setInterval's 250 ms): `sync` 3 s after the shown deadline, then every 5 s; with no
# deadline, every 15 s; `here` every 15 s while seated.
SYNC_AFTER, SYNC_EVERY, WAITING_SYNC_EVERY, HERE_EVERY, TICK = 3.0, 5.0, 15.0, 15.0, 0.25
# A state that came within this long of the page's `sync` counts as its answer.
SYNC_ANSWER = 1.0


@dataclass
class Page:
    """One open page of the table: its socket, connected again as socket.js does."""

    name: str
    base: str
    room_id: str
    session: HttpSession | None
    username: str = ""
    client: TableClient | None = None
    errors: list[tuple[float, str]] = field(default_factory=list)
    # Closed for good (a code of FOR_GOOD): when, and the code.
    closed: tuple[float, int] | None = None
    reconnects: int = 0
    task: asyncio.Task[None] | None = None
    ticker: asyncio.Task[None] | None = None
    stopping: bool = False
    # room.js's `state`: the latest state shown, kept while the socket is down.
    state: dict[str, Any] | None = None
    # Each seating shown: since when, and how it came ("publish", "sync", "connect").
    shown: list[tuple[float, dict[int, str], str]] = field(default_factory=list)
    # room.js's lastSync and lastHere (Date.now() when the page loads), and the last
    # `sync` actually sent.
    last_sync: float = 0.0
    last_here: float = 0.0
    sync_sent: float | None = None
    syncs: list[float] = field(default_factory=list)
    shown_by: TableClient | None = None

    async def open(self) -> None:
        self.client = await self._connect()
        self.last_sync = self.last_here = time.monotonic()
        self.task = asyncio.create_task(self._run())
        self.ticker = asyncio.create_task(self._tick())

    async def stop(self) -> None:
        """Closed as a tab is, within seconds whatever the server does. The loop is asked
        to end rather than cancelled: asyncio.wait_for (TableClient.next_message) can
        swallow a cancellation that meets a message arriving (Python 3.11)."""
        self.stopping = True
        if self.ticker is not None:
            self.ticker.cancel()
        if self.task is not None:
            await asyncio.wait({self.task}, timeout=3)
            self.task.cancel()
        client = self.client
        if client is not None and client.socket is not None:
            try:
                await asyncio.wait_for(client.close(), 5)
            except (TimeoutError, OSError, ConnectionClosed):
                client.socket.transport.abort()

    async def _connect(self) -> TableClient:
        client = TableClient(self.base, self.room_id, self.session, name=self.name)
        client.keep_messages = False
        await asyncio.wait_for(client.connect(), 10)
        return client

    async def send(self, message: dict[str, Any]) -> bool:
        """Sent if the socket is open (socket.js's send() drops it otherwise)."""
        if self.client is None:
            return False
        try:
            await self.client.send(message)
        except Exception:  # a closing socket shows up in _run()
            return False
        return True

    async def _tick(self) -> None:
        """room.js's setInterval (every 250 ms): `sync` and `here` when due."""
        while not self.stopping:
            await asyncio.sleep(TICK)
            state = self.state
            if state is None:
                continue
            now = time.monotonic()
            deadline = state.get("deadline")
            due = (time.time() > deadline / 1000 + SYNC_AFTER and now - self.last_sync > SYNC_EVERY
                   if deadline else now - self.last_sync > WAITING_SYNC_EVERY)
            if due:
                self.last_sync = now
                if await self.send({"type": "sync"}):
                    self.sync_sent = now
                    self.syncs.append(now)
            if (state.get("you") or {}).get("seat") is not None and now - self.last_here > HERE_EVERY:
                self.last_here = now
                await self.send({"type": "here"})

    def _show(self, state: dict[str, Any], fresh: bool) -> None:
        """The page shows `state`; a new seating is noted with how it came."""
        self.state = state
        seating = seating_of(state)
        if self.shown and self.shown[-1][1] == seating:
            return
        now = time.monotonic()
        how = "connect" if fresh else "sync" if self.sync_sent is not None \
            and now - self.sync_sent <= SYNC_ANSWER else "publish"
        self.shown.append((now, seating, how))

    async def _run(self) -> None:
        attempt = 0
        while self.closed is None and not self.stopping:
            client = self.client
            if client is None:
                # socket.js: 0.5 s doubled per failed attempt, at most 15 s, half of it
                # jitter (its mean here).
                await asyncio.sleep(min(15.0, 0.5 * 2 ** attempt) * 0.75)
                attempt += 1
                with contextlib.suppress(ConnectionClosed, OSError, TimeoutError):
                    self.client = await self._connect()
                    self.reconnects += 1
                    attempt = 0
                continue
            seen = len(client.errors)
            try:
                await client.next_message(timeout=0.25)
            except TimeoutError:
                pass
            except ConnectionClosed as exc:
                self._note_errors(client, seen)
                code = exc.rcvd.code if exc.rcvd is not None else 1006
                self.client = None
                if code in FOR_GOOD:
                    self.closed = (time.monotonic(), code)
                continue
            self._note_errors(client, seen)
            if client.state is not None and client.state is not self.state:
                # A socket's first state is the one its server sends as it connects.
                self._show(client.state, fresh=client is not self.shown_by)
                self.shown_by = client

    def _note_errors(self, client: TableClient, seen: int) -> None:
        self.errors.extend((time.monotonic(), error.get("code", "")) for error in client.errors[seen:])

    def seating(self) -> dict[int, str] | None:
        """The seating the page shows (its last state, whether its socket is open or not)."""
        return None if self.state is None else seating_of(self.state)

    def showed(self, expected: dict[int, str], since: float) -> str:
        """How long after `since` the page showed `expected` (and showed nothing else
        after it), and how it came; or what it shows instead."""
        if not self.shown or self.shown[-1][1] != expected:
            return "not shown"
        at, _seating, how = self.shown[-1]
        return f"{at - since:.2f} ({how})"


def seating_of(state: dict[str, Any]) -> dict[int, str]:
    return {n: seat["username"] for n, seat in enumerate(state["room"]["seats"]) if seat}


# The database, read from here

def db_seating(room_id: str) -> dict[int, str]:
    from games.models import Seat

    return dict(Seat.objects.filter(room_id=room_id).values_list("number", "user__username"))


def grant_moderator(username: str) -> None:
    """What `manage.py moderator grant` does."""
    from accounts.models import User
    from moderation import services

    services.grant(User.objects.get(username=username))


def user_pk(username: str) -> int:
    from accounts.models import User

    return User.objects.get(username=username).pk


def ban_of(username: str) -> Any:
    """When the ban of `username` was stored (the database's clock), or None."""
    from moderation.models import Sanction

    return (Sanction.objects.filter(user__username=username, kind=Sanction.Kind.BAN)
            .values_list("created_at", flat=True).first())


def stored_after(username: str, room_id: str, since: Any) -> tuple[int, int]:
    """Chat lines of `username` written after `since`, and seats of theirs at the room."""
    from chat.models import ChatMessage
    from games.models import Seat

    return (ChatMessage.objects.filter(user__username=username, created_at__gt=since).count(),
            Seat.objects.filter(user__username=username, room_id=room_id).count())


# Redis, asked directly: are both daphne subscribed again?

def subscribers(redis_url: str, channels: list[str]) -> list[int]:
    import redis

    try:
        client = redis.Redis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)
        try:
            return [int(n) for _name, n in client.pubsub_numsub(*channels)]
        finally:
            client.close()
    except redis.RedisError:
        return [0 for _ in channels]


def layer_group(group: str) -> str:
    """The Redis channel channels_redis's pub/sub layer uses for `group`."""
    from django.conf import settings

    layers: dict[str, Any] = settings.CHANNEL_LAYERS
    return f"{layers['default']['CONFIG']['prefix']}__group__{group}"


# The site, over HTTP

def open_room(session: HttpSession, name: str) -> str:
    """The owner's POST /rooms/new/, chat on, as the lobby's form sends it."""
    response = session.post("/rooms/new/", {"name": name, "variant": "classic", "target": 31,
                                            "turn_seconds": 30, "chat": "on"})
    found = re.search(r"/rooms/([^/]+)/$", response.headers.get("Location", ""))
    if response.status != 302 or not found:
        raise AssertionError(f"POST /rooms/new/ answered {response.status}")
    return found.group(1)


def ban_request(moderator: HttpSession, username: str) -> int:
    """The moderator's ban, as the table's menu posts it."""
    return moderator.post("/moderation/act/", {"action": "ban", "username": username,
                                                "reason": "fault harness: a ban in a Redis restart"}).status


async def until(condition: Callable[[], bool], timeout: float) -> float | None:
    """Seconds until `condition()` holds (checked every 50 ms), or None after `timeout`."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            return None
        await asyncio.sleep(0.05)
    return time.monotonic() - started


async def until_db(read: Callable[[], Awaitable[bool]], timeout: float, what: str) -> None:
    started = time.monotonic()
    while not await read():
        if time.monotonic() - started > timeout:
            raise AssertionError(f"{what}: not in the database within {timeout:.0f} s")
        await asyncio.sleep(0.1)


@dataclass
class Table:
    """The waiting table and its pages; `a` (daphne 0) and `b` (daphne 1) change seats."""

    room_id: str
    owner: Page
    a: Page
    b: Page
    watchers: list[Page]
    victims: list[Page]
    moderator: HttpSession

    @property
    def pages(self) -> list[Page]:
        """Every page whose state is measured (the banned players' apart)."""
        return [self.owner, self.a, self.b, *self.watchers]

    async def stop(self) -> None:
        await asyncio.gather(*(page.stop() for page in [*self.pages, *self.victims]))

    async def change_seats(self) -> float:
        """Whichever of a and b is standing sits in the lowest free seat, then the other
        stands, each over its socket once the database has the one before; returns when
        the stand was sent, once it is in the database."""
        seats = await on_db(db_seating, self.room_id)
        sitter, stander = (self.a, self.b) if self.a.username not in seats.values() else (self.b, self.a)
        free = min(n for n in range(4) if n not in seats)
        await sitter.send({"type": "sit", "seat": free})

        async def seated() -> bool:
            return (await on_db(db_seating, self.room_id)).get(free) == sitter.username
        await until_db(seated, 5, f"{sitter.name}'s sit")
        sent = time.monotonic()
        await stander.send({"type": "stand"})

        async def stood() -> bool:
            return stander.username not in (await on_db(db_seating, self.room_id)).values()
        await until_db(stood, 5, f"{stander.name}'s stand")
        return sent

    async def states(self, since: float, until_at: float) -> dict[str, Any]:
        """States lost: pages not showing the database's seating at `until_at` (the seat
        change, `since`, + STATES_WAIT s or later); and when each page showed it."""
        expected = await on_db(db_seating, self.room_id)
        await until(lambda: all(page.seating() == expected for page in self.pages),
                    max(0.0, until_at - time.monotonic()))
        behind = [page.name for page in self.pages if page.seating() != expected]
        took = [page.shown[-1][0] - since for page in self.pages if page.seating() == expected]
        return {"seating": " ".join(f"{n}:{name.rsplit('-', 1)[-1]}" for n, name in sorted(expected.items())),
                "sockets": len(self.pages), "window after the change s": round(until_at - since, 1),
                "states lost": len(behind), "behind": ", ".join(behind) or "none",
                "every socket showed it after s": round(max(took), 2) if not behind else None,
                "each socket showed it after s (how)": "; ".join(
                    f"{page.name} {page.showed(expected, since)}" for page in self.pages),
                "syncs sent since the change": sum(t > since for page in self.pages for t in page.syncs),
                "reconnects": sum(page.reconnects for page in self.pages)}


async def set_table(h: Harness) -> Table:
    bases = h.cluster.bases
    tag = uuid.uuid4().hex[:6]
    roles = [("owner", 0), ("a", 0), ("b", 1), ("banned1", 1), ("banned2", 1), ("moderator", 0)]
    signed_up = await asyncio.gather(*(asyncio.to_thread(signup, bases[server], f"ban-{tag}-{role}")
                                       for role, server in roles))
    sessions = dict(zip([role for role, _ in roles], signed_up, strict=True))
    await on_db(grant_moderator, f"ban-{tag}-moderator")
    room_id = await asyncio.to_thread(open_room, sessions["owner"], f"ban {tag}")

    def page(role: str, server: int) -> Page:
        return Page(role, bases[server], room_id, sessions[role], username=f"ban-{tag}-{role}")

    table = Table(room_id, page("owner", 0), page("a", 0), page("b", 1),
                  [Page("watcher0", bases[0], room_id, None), Page("watcher1", bases[1], room_id, None)],
                  [page("banned1", 1), page("banned2", 1)], sessions["moderator"])
    for each in [*table.pages, *table.victims]:
        await each.open()
    await table.owner.send({"type": "sit", "seat": 0})
    await table.b.send({"type": "sit", "seat": 2})

    async def seated() -> bool:
        return len(await on_db(db_seating, room_id)) == 2
    await until_db(seated, 10, "the table's first two seats")
    first = {0: table.owner.username, 2: table.b.username}
    await until(lambda: all(p.seating() == first for p in table.pages), 10)
    return table


async def ban(table: Table, victim: Page) -> tuple[float, Any]:
    """The moderator bans `victim` over HTTP; returns when the answer came, and the ban's
    time in the database."""
    status = await asyncio.to_thread(ban_request, table.moderator, victim.username)
    answered = time.monotonic()
    banned_at = await on_db(ban_of, victim.username)
    if status != 302 or banned_at is None:
        raise AssertionError(f"the ban of {victim.name} answered {status}, stored: {banned_at is not None}")
    return answered, banned_at


async def next_actions(table: Table, victim: Page, answered: float) -> tuple[str, float | None]:
    """The banned player's next actions over their open socket, once PUSH_WAIT s passed:
    a chat line, then a free seat if the socket is still open. Returns what became of
    them, and when the first was sent (None when the socket was closed before)."""
    await asyncio.sleep(max(0.0, answered + PUSH_WAIT - time.monotonic()))
    if victim.closed is not None:
        return "none (the socket was closed)", None
    outcome = []
    seats = await on_db(db_seating, table.room_id)
    free = max(n for n in range(4) if n not in seats)
    first = time.monotonic()
    for message in ({"type": "chat", "text": "still here after the ban"}, {"type": "sit", "seat": free}):
        if victim.closed is not None:
            break
        seen = len(victim.errors)
        await victim.send(message)
        await until(answered_since(victim, seen), 2)
        # `unknown_type` answers the page's own `here` or `sync` on the code before them.
        refusal = ",".join(code for _, code in victim.errors[seen:] if code != "unknown_type")
        outcome.append(f"{message['type']}: " + (f"refused ({refusal})" if refusal else "not refused"))
    return "; ".join(outcome), first


def answered_since(page: Page, seen: int) -> Callable[[], bool]:
    return lambda: page.closed is not None or any(code != "unknown_type" for _, code in page.errors[seen:])


async def new_socket(victim: Page) -> str:
    """A new socket of the banned player's: refused with `suspended` and 4401, or not."""
    client = TableClient(victim.base, victim.room_id, victim.session, name=f"{victim.name} again")
    try:
        await asyncio.wait_for(client.connect(), 10)
    except ConnectionClosed as exc:
        codes = ",".join(error.get("code", "") for error in client.errors)
        return f"refused ({codes}), closed {exc.rcvd.code if exc.rcvd is not None else 1006}"
    except (OSError, TimeoutError) as exc:
        return f"failed: {exc!r}"
    await client.close()
    return "opened"


def ban_figures(victim: Page, answered: float, actions: tuple[str, float | None], again: str,
                stored: tuple[int, int]) -> dict[str, Any]:
    """The ban holds when the socket was closed 4401 by the push, or its next action was
    refused with `suspended` and it was closed 4401; a new socket was refused the same
    way; and nothing of theirs was stored after it."""
    said, acted = actions
    closed = victim.closed
    by_push = closed is not None and closed[1] == CLOSE_SUSPENDED and acted is None
    by_refusal = (closed is not None and closed[1] == CLOSE_SUSPENDED and acted is not None
                  and said.startswith("chat: refused (suspended)"))
    holds = (by_push or by_refusal) and again == f"refused (suspended), closed {CLOSE_SUSPENDED}" \
        and stored == (0, 0)
    how = "by the push" if by_push else f"{closed[0] - acted:.2f} s after its next action" \
        if closed is not None and acted is not None else ""
    return {"ban: socket closed 4401 after s": None if closed is None or closed[1] != CLOSE_SUSPENDED
            else f"{closed[0] - answered:.2f} ({how})",
            "ban: next actions": said,
            "ban: a new socket": again,
            "ban: chat lines / seats stored after it": f"{stored[0]} / {stored[1]}",
            "ban holds": holds}


async def subscribed_again(h: Harness, table: Table, victim: Page, timeout: float = 20) -> float | None:
    """Seconds until both daphne subscribe to the table's group again, and daphne 1 to
    the victim's (PUBSUB NUMSUB), or None."""
    from games import groups

    user_id = await on_db(user_pk, victim.username)
    channels = [layer_group(groups.room(table.room_id)), layer_group(groups.user(user_id))]
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        room, user = await asyncio.to_thread(subscribers, h.cluster.redis.url, channels)
        if room >= 2 and user >= 1:
            return time.monotonic() - started
        await asyncio.sleep(0.05)
    return None


def prefixed(prefix: str, figures: dict[str, Any]) -> dict[str, Any]:
    return {f"{prefix}: {key}": value for key, value in figures.items()}


async def right_after(h: Harness, table: Table) -> dict[str, Any]:
    """Redis back: the ban on daphne 0, a sit on daphne 0, a stand on daphne 1."""
    victim = table.victims[0]
    h.cluster.redis.kill()
    await asyncio.sleep(h.outage)
    h.cluster.redis.start()
    subscribed = await subscribed_again(h, table, victim)
    answered, banned_at = await ban(table, victim)
    changed = await table.change_seats()
    states = await table.states(changed, changed + STATES_WAIT)
    actions = await next_actions(table, victim, answered)
    await until(lambda: victim.closed is not None, 2)
    stored = await on_db(stored_after, victim.username, table.room_id, banned_at)
    again = await new_socket(victim)
    figures = {"both daphne subscribed again after s": None if subscribed is None else round(subscribed, 2),
               **states, **ban_figures(victim, answered, actions, again, stored)}
    if stored[1] and victim.closed is None:
        # The code before: the banned player took a seat; they leave it, so that the next
        # round's seats are the same with either code.
        await victim.send({"type": "stand"})
        await asyncio.sleep(0.5)
    return figures


async def during(h: Harness, table: Table) -> dict[str, Any]:
    """Redis down: the ban, the seat change and the banned player's next actions; then
    Redis back, every socket given STATES_WAIT s after the change (and RETURNED_WAIT s
    after Redis returned) to show the seating."""
    victim = table.victims[1]
    h.cluster.redis.kill()
    killed = time.monotonic()
    await asyncio.sleep(1)
    answered, banned_at = await ban(table, victim)
    changed = await table.change_seats()
    actions = await next_actions(table, victim, answered)
    await asyncio.sleep(max(0.0, killed + h.outage - time.monotonic()))
    h.cluster.redis.start()
    returned = time.monotonic()
    subscribed = await subscribed_again(h, table, victim)
    states = await table.states(changed, max(changed + STATES_WAIT, returned + RETURNED_WAIT))
    stored = await on_db(stored_after, victim.username, table.room_id, banned_at)
    again = await new_socket(victim)
    return {"both daphne subscribed again after s": None if subscribed is None else round(subscribed, 2),
            **states, **ban_figures(victim, answered, actions, again, stored)}


def matches_now(rooms: list[str]) -> list[tuple[str, int, float | None]]:
    """Each playing match of `rooms`: its room, version and seconds past its deadline."""
    from django.utils import timezone

    from games.models import Match

    now = timezone.now()
    playing = Match.objects.filter(room_id__in=rooms, status=Match.Status.PLAYING)
    return [(room, version, None if deadline is None else round((now - deadline).total_seconds(), 1))
            for room, version, deadline in playing.values_list("room_id", "version", "deadline")]


async def tables_moving(h: Harness) -> float | str:
    """The tables in play acting again: seconds until each moved, or what was stuck."""
    play = h.play
    play.acting = True
    resumed = time.monotonic()
    try:
        return round(await play.until(lambda: play.all_moved_since(resumed), 30, "tables moving"), 2)
    except TimeoutError:
        stuck = [t for t in play.tables() if t not in play.newest or play.newest[t][1] <= resumed]
        seen = {t: play.newest[t][0] for t in stuck if t in play.newest}
        matches = await on_db(matches_now, play.rooms())
        return (f"not within 30 s: tables {stuck} last saw (match, v) {seen}; "
                f"in the database (room, v, s past the deadline): {matches}")


async def ban_in_outage(h: Harness) -> dict[str, Any]:
    await h.settle()  # the tables in play publish nothing from the daphne meanwhile
    table = await set_table(h)
    try:
        after = await right_after(h, table)
        down = await during(h, table)
    finally:
        await table.stop()
        h.play.acting = True
    figures = {**prefixed("right after Redis returned", after), **prefixed("during the outage", down)}
    figures["states lost"] = after["states lost"] + down["states lost"]
    figures["the ban holds"] = after["ban holds"] and down["ban holds"]
    figures["tables in play moving again after s"] = await tables_moving(h)
    return figures


SCENARIO = FaultScenario("ban", "a Redis restart with a ban and a seat change in flight: right after Redis "
                         "returns, then during an outage of --outage s", ban_in_outage)
