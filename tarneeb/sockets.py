"""Websockets open at once: per client address, per user, and spectators per room.

The rate limits (tarneeb.ratelimit) bound how fast sockets are opened, not how many stay
open: one address that paced its handshakes kept every socket it opened (79 after a
minute), and 600 logged-out spectators of one table took its players' p99 from 18 to
260 ms, each move going to every one of them. Here a socket holds a slot under each name
that counts it for as long as it is open; when one of those names is full, the socket is
sent an `error` saying which, and closed with 4409 (docs/protocol.md).

Embedded mode keeps the slots in this process. Scaled mode keeps them in Redis, so that
the counts hold across every daphne: each slot there expires SOCKET_SLOT_SECONDS after
its process last renewed it (every third of that), so the slots of a process killed
without closing its sockets come back on their own.
"""

import asyncio
import json
import logging
import math
import re
import time
import uuid
import weakref
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.conf import settings
from django.http.cookie import parse_cookie
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation.trans_real import parse_accept_lang_header
from redis import Redis as SyncRedis
from redis.asyncio import BlockingConnectionPool, Redis
from redis.exceptions import RedisError

from tarneeb.addresses import scope_client_address

Scope = dict[str, Any]
Receive = Any
Send = Any

CLOSE_TOO_MANY_SOCKETS = 4409
# games.routing's room path: the room whose spectators a socket counts among.
ROOM_PATH = re.compile(r"^/ws/rooms/([A-Za-z0-9_-]{1,16})/$")

log = logging.getLogger("tarneeb")
_warned_at: dict[str, float] = {}


def warn(message: str, exc: Exception) -> None:
    """A warning at most once a minute per kind: while Redis is away every socket meets it."""
    now = time.monotonic()
    if now - _warned_at.get(message, -math.inf) >= 60:
        _warned_at[message] = now
        log.warning(message, exc)


@dataclass(frozen=True)
class Limit:
    """At most `cap` sockets open at once under `key`; `code` and `message` make the
    `error` a refused socket is sent."""

    key: str
    cap: int
    code: str
    message: Any  # a lazy translation, rendered in the socket's language


def address_limit(address: str) -> Limit:
    return Limit(f"address:{address}", settings.ADDRESS_SOCKETS, "too_many_sockets",
                 _("Too many connections are open from your network: close another tab of "
                   "this site, then try again."))


def user_limit(user_id: int) -> Limit:
    return Limit(f"user:{user_id}", settings.USER_SOCKETS, "too_many_sockets",
                 _("Too many connections are open for your account: close another tab of "
                   "this site, then try again."))


def spectators_limit(room_id: str) -> Limit:
    return Limit(f"room:{room_id}", settings.ROOM_SPECTATORS, "spectators_full",
                 _("This table has as many spectators as it can take: try again later."))


class Slots(Protocol):
    async def take(self, holder: str, limits: Sequence[Limit]) -> Limit | None:
        """A slot under every limit's key for `holder`, or none at all and the first
        limit that is full."""

    async def give_back(self, holder: str, limits: Sequence[Limit]) -> None: ...


@dataclass
class LocalSlots:
    """Slots in this process (embedded mode)."""

    held: dict[str, set[str]] = field(default_factory=dict)

    async def take(self, holder: str, limits: Sequence[Limit]) -> Limit | None:
        full = next((limit for limit in limits if len(self.held.get(limit.key, ())) >= limit.cap), None)
        if full is None:
            for limit in limits:
                self.held.setdefault(limit.key, set()).add(holder)
        return full

    async def give_back(self, holder: str, limits: Sequence[Limit]) -> None:
        for limit in limits:
            holders = self.held.get(limit.key, set())
            holders.discard(holder)
            if not holders:
                self.held.pop(limit.key, None)

    def count(self, key: str) -> int:
        return len(self.held.get(key, ()))


# Each key is a sorted set of holders scored by when their slot expires, on Redis's own
# clock (every daphne reads the same one). Expired slots are dropped before counting.
TAKE = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local ttl = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + ttl, ARGV[2])
  redis.call('EXPIRE', key, math.ceil(ttl) + 1)
end
return 0
"""
# XX: a slot given back meanwhile stays given back.
RENEW = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local ttl = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', now + ttl, ARGV[i + 1])
  redis.call('EXPIRE', key, math.ceil(ttl) + 1)
end
return 0
"""
RENEW_BATCH = 500  # slots renewed per script call


@dataclass
class RedisSlots:
    """Slots in Redis, shared by every server process (scaled mode). One per event loop:
    a redis.asyncio client belongs to the loop it was made on."""

    client: Redis
    prefix: str
    ttl: float
    # holder -> the keys it holds: what this process renews.
    held: dict[str, tuple[str, ...]] = field(default_factory=dict)
    renewing: asyncio.Task[None] | None = None

    def keys(self, limits: Iterable[Limit]) -> list[str]:
        return [f"{self.prefix}:sockets:{limit.key}" for limit in limits]

    async def take(self, holder: str, limits: Sequence[Limit]) -> Limit | None:
        keys = self.keys(limits)
        try:
            full = int(await self.client.eval(TAKE, len(keys), *keys, self.ttl, holder,
                                              *(limit.cap for limit in limits)))
        except (RedisError, OSError) as exc:
            # Better every socket admitted than none while Redis is away: the rate limits
            # still hold, and the channel layer needs Redis anyway.
            warn("socket slots: Redis unreachable, sockets admitted uncounted (%s)", exc)
            return None
        if full:
            return limits[full - 1]
        self.held[holder] = tuple(keys)
        if self.renewing is None or self.renewing.done():
            self.renewing = asyncio.create_task(self.renew())
        return None

    async def give_back(self, holder: str, limits: Sequence[Limit]) -> None:
        keys = self.held.pop(holder, ())
        if not keys:
            return
        try:
            async with self.client.pipeline(transaction=False) as pipe:
                for key in keys:
                    pipe.zrem(key, holder)
                await pipe.execute()
        except (RedisError, OSError) as exc:
            warn("socket slots: Redis unreachable, slots left to expire (%s)", exc)

    async def renew(self) -> None:
        """Every third of the slots' lifetime, while this loop holds any."""
        while self.held:
            await asyncio.sleep(self.ttl / 3)
            pairs = [(key, holder) for holder, keys in list(self.held.items()) for key in keys]
            for start in range(0, len(pairs), RENEW_BATCH):
                batch = pairs[start:start + RENEW_BATCH]
                try:
                    await self.client.eval(RENEW, len(batch), *(key for key, _h in batch), self.ttl,
                                           *(holder for _k, holder in batch))
                except (RedisError, OSError) as exc:
                    warn("socket slots: could not renew slots (%s)", exc)


_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Slots] = weakref.WeakKeyDictionary()


def slots() -> Slots:
    """This event loop's slots. daphne serves on one loop; each test runs on a loop of its
    own, whose sockets end with it."""
    loop = asyncio.get_running_loop()
    found = _slots.get(loop)
    if found is None:
        if settings.SCALED:
            # A few connections, waited for: a connect storm's scripts take a fraction of a
            # millisecond each, and would otherwise open a Redis connection apiece.
            pool = BlockingConnectionPool.from_url(settings.REDIS_URL, max_connections=20, timeout=2,
                                                   socket_timeout=2, socket_connect_timeout=2)
            client = Redis(connection_pool=pool)
            layer: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
            prefix = layer["CONFIG"]["prefix"]  # keys apart as the layer's are (CHANNELS_PREFIX)
            found = RedisSlots(client, prefix, settings.SOCKET_SLOT_SECONDS)
        else:
            found = LocalSlots()
        _slots[loop] = found
    return found


def language_of(scope: Scope) -> str:
    """The page's language: the language cookie, else Accept-Language (as
    games.consumers reads it; here the session and its cookies may not be read yet)."""
    headers = dict(scope.get("headers", []))
    cookies = scope.get("cookies") or parse_cookie(headers.get(b"cookie", b"").decode("latin-1"))
    supported = {code for code, _name in settings.LANGUAGES}
    chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen in supported:
        return str(chosen)
    for code, _quality in parse_accept_lang_header(headers.get(b"accept-language", b"").decode("latin-1")):
        if code.split("-")[0] in supported:
            return str(code.split("-")[0])
    return str(settings.LANGUAGE_CODE)


# How many of each key's slots have not expired, on Redis's clock.
COUNT = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local counts = {}
for i, key in ipairs(KEYS) do counts[i] = redis.call('ZCOUNT', key, '(' .. now, '+inf') end
return counts
"""
_counting: list[SyncRedis] = []


def online(user_ids: Collection[int]) -> set[int]:
    """Which of `user_ids` hold an open socket (a lobby's or a room's page) on any server:
    the slots of user_limit are who is online. Called from a page's thread."""
    ids = list(user_ids)
    if not ids:
        return set()
    if not settings.SCALED:
        # The one server process's loops; their sets change under us, so read each count once.
        for _attempt in range(3):
            try:
                loops = [found for found in list(_slots.values()) if isinstance(found, LocalSlots)]
                return {user_id for user_id in ids
                        if any(found.count(user_limit(user_id).key) for found in loops)}
            except RuntimeError:  # a loop's slots were added while we read them
                continue
        return set()
    if not _counting:
        _counting.append(SyncRedis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2))
    layer: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
    prefix = layer["CONFIG"]["prefix"]
    keys = [f"{prefix}:sockets:{user_limit(user_id).key}" for user_id in ids]
    try:
        counts = _counting[0].eval(COUNT, len(keys), *keys)
    except (RedisError, OSError) as exc:
        warn("socket slots: Redis unreachable, nobody shown online (%s)", exc)
        return set()
    return {user_id for user_id, count in zip(ids, counts, strict=True) if count}


async def refuse(limit: Limit, scope: Scope, receive: Receive, send: Send) -> None:
    """The `error` naming the full limit, then 4409: accepted first, so a browser's script
    reads both (tarneeb.handshake)."""
    if (await receive())["type"] != "websocket.connect":
        return
    with translation.override(language_of(scope)):
        error = {"type": "error", "code": limit.code, "message": str(limit.message)}
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps(error, ensure_ascii=False)})
    await send({"type": "websocket.close", "code": CLOSE_TOO_MANY_SOCKETS})


async def holding(limits: Sequence[Limit], application: Any, scope: Scope, receive: Receive,
                  send: Send) -> None:
    """`application` run while the socket holds a slot under each of `limits`; refused
    when one is full. The slots are given back however the socket ends."""
    if not limits:
        await application(scope, receive, send)
        return
    holder, own = uuid.uuid4().hex, slots()
    full = await own.take(holder, limits)
    if full is not None:
        await refuse(full, scope, receive, send)
        return
    try:
        await application(scope, receive, send)
    finally:
        await own.give_back(holder, limits)


class SocketsPerAddress:
    """ADDRESS_SOCKETS per client address (an IPv6 /64), before the session is read."""

    def __init__(self, application: Any):
        self.application = application

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        limits = [address_limit(scope_client_address(scope))]
        await holding(limits, self.application, scope, receive, send)


class SocketsPerUser:
    """USER_SOCKETS per logged-in user, and ROOM_SPECTATORS per room for the sockets of
    everyone not seated there (logged out included). Inside AuthMiddlewareStack: it reads
    the user. A seated player's socket never counts as a spectator's."""

    def __init__(self, application: Any):
        self.application = application

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        user = scope.get("user")
        user_id = user.pk if user is not None and user.is_authenticated else None
        limits = [] if user_id is None else [user_limit(user_id)]
        room = ROOM_PATH.match(scope.get("path", ""))
        if room is not None and not (user_id is not None and await seated(room.group(1), user_id)):
            limits.append(spectators_limit(room.group(1)))
        await holding(limits, self.application, scope, receive, send)


async def seated(room_id: str, user_id: int) -> bool:
    from games.consumers import database
    from games.models import Seat

    def query() -> bool:
        return Seat.objects.filter(room_id=room_id, user_id=user_id, bot=False).exists()

    return await database(query)()
