"""Websockets: the lobby feed and the table protocol (docs/protocol.md).

Consumers parse, call games.services, and send. Every change reaches a room's sockets as
one message holding each seat's state; each socket forwards only its own seat's. What a
client sends is rate limited per socket, per user and per client address before any
other work (docs/protocol.md, Rate limits).
"""

import contextlib
import functools
import json
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, ParamSpec, TypeVar, cast

from asgiref.sync import sync_to_async
from asgiref.typing import WebSocketConnectEvent, WebSocketDisconnectEvent
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import close_old_connections
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import parse_accept_lang_header

from accounts.models import User
from chat import services as chat
from games import bot_players, groups, hints
from games.here_batch import HereBatch, here_batch
from games.protocol import ErrorMessage, LobbyRoomEvent, RoomStateEvent
from games.relay import Inbox, dispatch_all, relays
from games.services import hooks, move_path, published, refusals, room_life
from moderation.models import Sanction, active_suspension
from moderation.notices import told_live
from moderation.texts import suspension_text
from playban import services as playban
from tarneeb import handshake
from tarneeb.addresses import scope_client_address
from tarneeb.ratelimit import RecentBuckets, SharedBuckets, TokenBucket

MAX_MESSAGE_BYTES = 4096
# Closing codes (docs/protocol.md).
CLOSE_NO_ROOM = 4404
CLOSE_SUSPENDED = 4401
CLOSE_DELETED = 4410
CLOSE_PASSWORD_CHANGED = 4011
CLOSE_TOO_MANY = handshake.TOO_MANY
# A client's own resyncs ({"type": "sync"}): each reads the room, so a few, then one every 5 s.
SYNC_BURST, SYNC_PER_SECOND = 2, 0.2

# Message budgets per user (or per address, logged out) and per client address, shared
# by all their sockets in this process.
_shared = SharedBuckets()
# Handshakes per user (or address), so a closed flooder cannot come straight back.
_connects = RecentBuckets()

P = ParamSpec("P")
R = TypeVar("R")


def database(function: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """`function` run off the event loop, its connection handed back (or closed when
    stale) once it returns. On PostgreSQL (scaled mode) on a few threads of their own
    (SOCKET_DATABASE_THREADS), each borrowing a connection from the process's pool: on
    one thread, as channels does by default, a slow query would hold every move of the
    process; on many, they took the GIL from the event loop (docs/performance.md).
    SQLite takes one writer at a time, so embedded mode keeps the one thread."""
    @functools.wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        # Here, in the call's own context: channels' database_sync_to_async closes them
        # outside it, which on a pool thread missed some, and the suite ran the pool dry.
        close_old_connections()
        try:
            return function(*args, **kwargs)
        finally:
            close_old_connections()

    if not settings.SCALED:
        return sync_to_async(run)
    return sync_to_async(run, thread_sensitive=False, executor=_database_threads())


@functools.cache
def _database_threads() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(settings.SOCKET_DATABASE_THREADS, thread_name_prefix="socket-database")


def heres() -> HereBatch:
    """This event loop's batch of the sockets' "here" (games.here_batch), written on a
    database thread."""
    return here_batch(database(room_life.here_all))


def language_of(scope: Mapping[str, Any]) -> str:
    """The page's language for this socket: the language cookie, else Accept-Language."""
    supported = {code for code, _name in settings.LANGUAGES}
    chosen = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    if chosen in supported:
        return chosen
    headers = dict(scope.get("headers", []))
    for code, _quality in parse_accept_lang_header(headers.get(b"accept-language", b"").decode()):
        if code.split("-")[0] in supported:
            return code.split("-")[0]
    return settings.LANGUAGE_CODE


class ProtocolConsumer(AsyncJsonWebsocketConsumer):
    """JSON objects in, each checked against the rate limits, its size and its shape,
    then handed to `handle_message`. Every refusal is an `error` to the sender only."""

    admitted = False
    user_group: str | None = None
    # Refused at connect: the subclass's connect never ran, so neither does its disconnect.
    refused_at_connect = False

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels' own dispatch first hops to the database thread to close stale
        # connections, for every message: each flooding message and each state forwarded
        # to each socket queued there behind the moves. Database work here goes through
        # database(), which does that around each call anyway.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def websocket_connect(self, message: WebSocketConnectEvent) -> None:
        user = self.scope.get("user")
        address = scope_client_address(self.scope)
        # Logged out, a socket's own budget is its address's: it has no other name.
        self.keys = (("user", user.pk) if user is not None and user.is_authenticated
                     else ("anonymous", address), ("address", address))
        # The address's handshakes were counted before the session was read
        # (tarneeb.handshake); the user's are counted here.
        limits = settings.SOCKET_CONNECT_BURST, settings.SOCKET_CONNECTS_PER_SECOND
        if not _connects.take(self.keys[0], *limits):
            await self.accept()
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.admitted = True
        self.language = language_of(self.scope)
        messages = [(settings.USER_MESSAGE_BURST, settings.USER_MESSAGES_PER_SECOND),
                    (settings.ADDRESS_MESSAGE_BURST, settings.ADDRESS_MESSAGES_PER_SECOND)]
        own = TokenBucket(settings.SOCKET_MESSAGE_BURST, settings.SOCKET_MESSAGES_PER_SECOND)
        self.buckets = [own, *(_shared.join(key, *limits)
                               for key, limits in zip(self.keys, messages, strict=True))]
        # Refusals have a budget too: a client that keeps sending into an empty bucket is
        # closed rather than answered forever.
        self.refusals = TokenBucket(settings.SOCKET_REFUSAL_BURST, settings.SOCKET_MESSAGES_PER_SECOND)
        with translation.override(self.language):
            self.rate_limited = json.dumps(ErrorMessage(
                type="error", code="rate_limited",
                message=_("Too many messages: wait a moment and try again.")), ensure_ascii=False)
        if user is not None and user.is_authenticated:
            # Joined before the check: a suspension made in between still reaches this socket.
            self.user_group = groups.user(user.pk)
            await self.channel_layer.group_add(self.user_group, self.channel_name)
            # The flag comes with the user (moderation.backends); without it, ask.
            blocked = getattr(user, "moderation_blocked", True)
            sanction = await database(active_suspension)(user.pk) if blocked else None
            if sanction is not None:
                self.refused_at_connect = True
                await self.accept()
                await self.suspended(sanction)
                return
        await super().websocket_connect(message)

    async def websocket_disconnect(self, message: WebSocketDisconnectEvent) -> None:
        if not self.admitted:
            raise StopConsumer
        for key in self.keys:
            _shared.leave(key)
        if self.user_group is not None:
            await self.channel_layer.group_discard(self.user_group, self.channel_name)
        if self.refused_at_connect:
            raise StopConsumer
        await super().websocket_disconnect(message)

    async def user_suspended(self, event: dict[str, Any]) -> None:
        """A moderator suspended or banned this socket's user (moderation.services.suspend)."""
        until = event["until"]
        await self.suspended(Sanction(until=until and datetime.fromisoformat(until), reason=event["reason"]))

    async def user_sanction(self, event: dict[str, Any]) -> None:
        """A moderator warned, muted or removed this socket's user (moderation.services._tell):
        the page shows it at once, with the reason."""
        text = await database(self.sanction_text)(event["sanction"])
        if text:
            await self.send_json({"type": "notice", "text": text})

    def sanction_text(self, sanction_id: int) -> str:
        with translation.override(self.language):
            return told_live(sanction_id)

    async def user_notice(self, event: dict[str, Any]) -> None:
        """A notice for this socket's user (an app's, e.g. friends' invitation), written in
        each language by its sender: the socket's own is sent."""
        texts = event["texts"]
        await self.send_json({"type": "notice", "kind": event["kind"], "id": event["id"],
                              "text": texts.get(self.language) or texts[settings.LANGUAGE_CODE],
                              "url": event["url"], "unread": event["unread"]})

    async def user_hidden_changed(self, event: dict[str, Any]) -> None:
        """The people this socket's user hides changed; only a room's socket shows chat."""

    async def user_deleted(self, event: dict[str, Any]) -> None:
        """This socket's account was deleted (room_life.forget_player): its pages end at once,
        not with a socket still acting under the deleted account's id."""
        await self.close(code=CLOSE_DELETED)

    async def user_password_changed(self, event: dict[str, Any]) -> None:
        """This socket's account has a new password: the socket reconnects, with the
        session it holds now (a session from before the change comes back logged out)."""
        await self.close(code=CLOSE_PASSWORD_CHANGED)

    async def suspended(self, sanction: Sanction) -> None:
        with translation.override(self.language):
            await self.refuse("suspended", suspension_text(sanction))
        await self.close(code=CLOSE_SUSPENDED)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None,
                      **kwargs: Any) -> None:
        if not self.admitted:
            return
        # Before anything else, and as cheaply as can be: a flood is mostly refusals.
        if not all(bucket.take() for bucket in self.buckets):
            if self.refusals.take():
                await self.send(text_data=self.rate_limited)
            else:
                await self.close(code=CLOSE_TOO_MANY)
            return
        with translation.override(self.language):
            if text_data is None or len(text_data.encode()) > MAX_MESSAGE_BYTES:
                await self.refuse("too_large", _("Messages are limited to 4 KiB of JSON text."))
                return
            try:
                message = json.loads(text_data)
            except (ValueError, RecursionError):  # RecursionError: nested too deep
                await self.refuse("bad_json", _("That message is not valid JSON."))
                return
            if type(message) is not dict:
                await self.refuse("bad_json", _("Messages are JSON objects."))
                return
            await self.handle_message(message)

    async def handle_message(self, message: dict[str, Any]) -> None:
        await self.refuse("unknown_type", _("Unknown message type."))

    async def refuse(self, code: str, message: str, *, url: str | None = None) -> None:
        error = ErrorMessage(type="error", code=code, message=message)
        if url is not None:
            error["url"] = url
        await self.send_json(error)


class LobbyConsumer(ProtocolConsumer):
    """The lobby's live feed: read-only for the client."""

    async def connect(self) -> None:
        await self.channel_layer.group_add(groups.LOBBY, self.channel_name)
        await self.accept()
        rooms = await database(published.lobby_rooms)()
        await self.send_json({"type": "rooms", "rooms": rooms})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(groups.LOBBY, self.channel_name)

    async def announcement(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "announcement", "text": event["text"]})

    async def lobby_room(self, event: LobbyRoomEvent) -> None:
        await self.send_json({"type": "room", "room": event["room"]})


class RoomConsumer(ProtocolConsumer):
    """One socket at one table: a seated player's, or a spectator's."""

    room_id: str
    user: User | AnonymousUser
    forwarded: tuple[int | None, int] | None = None
    # Seated at a match being played: spectators' chat does not reach this socket.
    at_live_match = False
    # Ids of the chat lines sent in this socket's history, which the group may send again.
    history: frozenset[int] = frozenset()
    # The people whose lines this socket's user does not see (games.services.hooks.hidden_authors).
    hidden: frozenset[int] = frozenset()
    # What the room hears reaches this socket through this process's relay (games.relay).
    inbox: Inbox
    joined = False

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """channels' AsyncConsumer.__call__, with a third source of messages beside the
        client and the socket's own channel, the room's relay, and one queue for all three:
        the socket's inbox (games.relay)."""
        user = scope.get("user")
        self.inbox = Inbox(str(user.pk) if user is not None and user.is_authenticated else None)
        self.scope = scope
        layer = get_channel_layer(self.channel_layer_alias)
        assert layer is not None  # settings.CHANNEL_LAYERS names one in either mode
        self.channel_layer = layer
        self.channel_name = await layer.new_channel()
        self.base_send = send
        try:
            with contextlib.suppress(StopConsumer):
                await dispatch_all(self.inbox, [receive, functools.partial(layer.receive, self.channel_name)],
                                   self.dispatch)
        finally:
            # Here, not in disconnect: also when connect failed after joining.
            if self.joined:
                await relays().leave(groups.room(self.room_id), self.inbox)

    async def connect(self) -> None:
        self.room_id = self.scope["url_route"]["kwargs"]["room_id"]
        # AuthMiddlewareStack's lazy user: the account, or AnonymousUser (the services refuse it).
        self.user = cast("User | AnonymousUser", self.scope["user"])
        self.syncs = TokenBucket(SYNC_BURST, SYNC_PER_SECOND)
        # Join before reading the state and the chat, so no change can fall between the
        # join and the read; one that lands in both is sent once (room_chat).
        self.joined = True
        await relays().join(self.channel_layer, groups.room(self.room_id), self.inbox)
        snapshot, present, lines = await database(self.read_room)()
        await self.accept()
        if snapshot is None:
            await self.close(code=CLOSE_NO_ROOM)
            return
        await self.room_state(snapshot)
        if not all(present.values()):  # everyone here is what a client assumes
            await self.send_json({"type": "presence", "seats": present})
        self.history = frozenset(line["id"] for line in lines)
        if lines:  # a client starts each connection with an empty chat
            await self.send_json({"type": "chat_history", "messages": lines})

    def read_room(self) -> tuple[RoomStateEvent | None, dict[str, bool], list[dict[str, Any]]]:
        """The room's state, who is at the table, and the chat lines this socket may read,
        in one call, before the socket hears anything posted after it joined."""
        room_life.here(self.room_id, self.user)
        snapshot = published.room_snapshot(self.room_id)
        if snapshot is not None:
            for opened in hooks.socket_opened:
                opened(self.room_id, self.user, scope_client_address(self.scope))
        if snapshot is None:
            return None, {}, []
        _seat, live = self.seat_in(snapshot)
        if self.user.is_authenticated:
            self.hidden = hooks.hidden_from(self.user)
        lines = chat.recent(self.room_id, with_spectators=not live, hidden=self.hidden)
        return snapshot, published.presence(self.room_id), lines

    def seat_in(self, event: RoomStateEvent) -> tuple[int | None, bool]:
        """This socket's seat in `event`, and whether that seat is at a match being played."""
        seat = event["seats"].get(str(self.user.pk)) if self.user.is_authenticated else None
        return seat, seat is not None and event["room"]["status"] == "playing"

    async def disconnect(self, code: int) -> None:
        if self.user.is_authenticated:
            await heres().forget(self.room_id, self.user.pk)
        await database(room_life.gone)(self.room_id, self.user)

    async def handle_message(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        try:
            if kind == "sit":
                await database(room_life.sit)(self.room_id, self.user, content.get("seat"))
            elif kind == "stand":
                await database(room_life.stand)(self.room_id, self.user)
            elif kind == "act":
                await database(move_path.act)(
                    self.room_id, self.user, content.get("action"), content.get("v"))
            elif kind == "back":
                await database(move_path.back)(self.room_id, self.user)
            elif kind == "rematch":
                await database(room_life.rematch)(self.room_id, self.user)
            elif kind == "add_bot":
                await database(bot_players.add_bot)(
                    self.room_id, self.user, content.get("seat"), content.get("level", "standard"))
            elif kind == "remove_bot":
                await database(bot_players.remove_bot)(
                    self.room_id, self.user, content.get("seat"))
            elif kind == "chat":
                await database(chat.post)(self.room_id, self.user, text=content.get("text", ""),
                                                        phrase=content.get("phrase", ""))
            elif kind == "sync":
                await self.sync()
            elif kind == "leave":
                await database(self.leave)(content.get("confirm") is True)
            elif kind == "here":
                if self.user.is_authenticated:
                    heres().add(self.room_id, self.user.pk)
            elif kind == "hint":
                # Checked with the rows, then the expert thinks off the database thread.
                asked = await database(hints.ask)(self.room_id, self.user)
                await self.send_json(await sync_to_async(hints.answer, thread_sensitive=False)(
                    asked, self.language))
            else:
                await super().handle_message(content)
        except refusals.Refused as refusal:
            await self.refuse(refusal.code, refusal.message, url=refusal.url)
            if refusal.code == "suspended":  # the database says so, whatever message was lost
                await self.close(code=CLOSE_SUSPENDED)
                return
            if refusal.code == "stale" and refusal.current != self.forwarded:
                await self.resync()

    def leave(self, confirmed: bool) -> None:
        """Leaving a match: before it acts, the player is told what it costs them."""
        try:
            move_path.leave(self.room_id, self.user, confirmed=confirmed)
        except refusals.Refused as refusal:
            if refusal.code == "confirm_leave" and self.user.is_authenticated:
                refusal.message = f"{refusal.message} {playban.leaving_costs(self.user)}"
            raise

    async def sync(self) -> None:
        """The client's own resync: its shown deadline passed with nothing new, so a state
        may have been lost on the way (delivery is at most once). One read every few seconds."""
        if not self.syncs.take():
            await self.refuse("rate_limited", _("Too many messages: wait a moment and try again."))
            return
        await self.resync()

    async def resync(self) -> None:
        snapshot = await database(published.room_snapshot)(self.room_id)
        if snapshot is not None:
            await self.room_state(snapshot)

    async def room_state(self, event: RoomStateEvent) -> None:
        # A stale act from a socket that already holds the current state needs no resync.
        self.forwarded = (event["match"], event["v"])
        seat, self.at_live_match = self.seat_in(event)
        await self.send(text_data=event["states"]["watch" if seat is None else str(seat)])

    async def room_presence(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "presence", "seats": event["seats"]})

    async def room_chat(self, event: dict[str, Any]) -> None:
        message = event["message"]
        if (message["audience"] == "spectators" and self.at_live_match) or message["id"] in self.history:
            return
        if event.get("author") in self.hidden:
            return
        await self.send_json(message)

    async def user_hidden_changed(self, event: dict[str, Any]) -> None:
        if self.user.is_authenticated:
            self.hidden = await database(hooks.hidden_from)(self.user)

    async def room_chat_deleted(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "chat_deleted", "id": event["id"]})
