"""One channel-layer subscription per group per server process, shared by the process's
sockets in that group: a room's players and spectators, the lobby's readers.

Through the layer, each socket was a member of the group itself. The in-memory layer
(embedded mode) then copied every message once per socket, and both layers woke a
table's sockets in no particular order, so a move's state reached its players behind
however many spectators the table had: 600 spectators took the players' p99 from 18 to
260 ms (issue 32). Here the layer delivers a group's message once to the process; the
relay puts it in the inbox of each of its sockets (RoomConsumer's and LobbyConsumer's
third source, beside the client and the socket's own channel): the players' first; once
their sockets have taken it and had turns to send it, the others' in slices, the event
loop free between slices for every other table's sockets. Each socket still handles its
messages one at a time, in order, as before.
"""

import asyncio
import logging
import weakref
from typing import Any

from channels.layers import BaseChannelLayer

log = logging.getLogger(__name__)

# Inboxes filled before the loop runs anything else: a slice of a watched table's
# spectators costs the other tables at most a few milliseconds.
SLICE = 100
# Turns of the loop a relay gives a room's players before its spectators: at most
# SERVED_TURNS for each to take the message, then SEND_TURNS for its handler to send it.
SERVED_TURNS, SEND_TURNS = 10, 3
# Messages a socket may have waiting, as the layers' own channel capacity: a socket that
# falls this far behind misses messages (its client resyncs), not the server's memory.
INBOX_CAPACITY = 100
# After a failed receive (Redis restarting), before trying again.
RETRY_SECONDS = 0.5

Message = dict[str, Any]


class Inbox(asyncio.Queue[Message]):
    """One socket's messages from its groups. `first` marks a socket served before the
    others (a seated player's)."""

    def __init__(self) -> None:
        super().__init__(INBOX_CAPACITY)
        self.first = False


class Relay:
    """A group's messages, received once by this process, handed to its sockets' inboxes."""

    def __init__(self, layer: BaseChannelLayer, group: str) -> None:
        self.layer, self.group = layer, group
        self.inboxes: set[Inbox] = set()
        self.subscribed = asyncio.Event()
        self.failed: BaseException | None = None
        self.task: asyncio.Task[None] | None = None
        self.channel = ""

    async def start(self) -> None:
        try:
            self.channel = await self.layer.new_channel()
            await self.layer.group_add(self.group, self.channel)
        except BaseException as exc:
            self.failed = exc  # the sockets waiting for it fail as the first did
            raise
        finally:
            self.subscribed.set()
        self.task = asyncio.create_task(self.run(), name=f"relay {self.group}")

    async def joined(self) -> None:
        await self.subscribed.wait()
        if self.failed is not None:
            raise RuntimeError(f"no subscription to {self.group}") from self.failed

    async def stop(self) -> None:
        await self.subscribed.wait()
        if self.failed is None:
            assert self.task is not None
            self.task.cancel()
        await self.layer.group_discard(self.group, self.channel)

    async def run(self) -> None:
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("relay of %s: receive failed; trying again", self.group, exc_info=True)
                await asyncio.sleep(RETRY_SECONDS)
                continue
            await self.deliver(message)

    async def deliver(self, message: Message) -> None:
        first = [inbox for inbox in self.inboxes if inbox.first]
        rest = [inbox for inbox in self.inboxes if not inbox.first]
        for inbox in first:
            _put(inbox, message)
        if rest and first:
            await _served(first)
        for start in range(0, len(rest), SLICE):
            await asyncio.sleep(0)  # the sockets woken so far, and anything else due, run first
            for inbox in rest[start:start + SLICE]:
                _put(inbox, message)


async def _served(inboxes: list[Inbox]) -> None:
    """Until the players' sockets have taken the message and had a turn to send it, within
    a few turns of the loop: a socket's message reaches its handler some hops after its
    inbox (the dispatch loop's wait), and spectators' slices begun meanwhile took those
    turns too (a watched table's p50 was 22 ms against 9)."""
    for _ in range(SERVED_TURNS):
        if all(inbox.empty() for inbox in inboxes):
            break
        await asyncio.sleep(0)
    for _ in range(SEND_TURNS):
        await asyncio.sleep(0)


def _put(inbox: Inbox, message: Message) -> None:
    try:
        inbox.put_nowait(message)
    except asyncio.QueueFull:
        log.warning("a socket's inbox is full: a message dropped")


class Relays:
    """The relays of one event loop, one per group with a socket here; each stops when
    the group's last socket here leaves."""

    def __init__(self) -> None:
        self.relays: dict[str, Relay] = {}

    async def join(self, layer: BaseChannelLayer, group: str, inbox: Inbox) -> None:
        """From its return, every message sent to `group` reaches `inbox`."""
        relay = self.relays.get(group)
        if relay is None:
            relay = self.relays[group] = Relay(layer, group)
            relay.inboxes.add(inbox)
            try:
                await relay.start()
            except BaseException:
                if self.relays.get(group) is relay:
                    del self.relays[group]
                raise
        else:
            relay.inboxes.add(inbox)
            await relay.joined()

    async def leave(self, group: str, inbox: Inbox) -> None:
        relay = self.relays.get(group)
        if relay is None:
            return
        relay.inboxes.discard(inbox)
        if not relay.inboxes:
            # Forgotten before the await: a socket joining meanwhile starts a relay of its own.
            del self.relays[group]
            await relay.stop()


# Tests run each case on a loop of its own; a server has one.
_by_loop: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Relays]" = weakref.WeakKeyDictionary()


def relays() -> Relays:
    """The running event loop's relays."""
    loop = asyncio.get_running_loop()
    if (found := _by_loop.get(loop)) is None:
        found = _by_loop[loop] = Relays()
    return found
