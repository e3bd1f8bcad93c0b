"""A room's crowd: its logged-out spectators, served by one channel-layer subscription per
server process, after the players.

As a member of the room's group itself, each socket had the layer wake it in no
particular order, so a move's state reached its players behind however many spectators
the table had: 600 took the players' p99 from 18 to 260 ms (issue 32), and the in-memory
layer (embedded mode) copied every message once per socket. A logged-out socket can
never sit, so here it does not join the group: the process's relay for the room does,
once, and puts each message in the inbox of each such socket (the third source of a
RoomConsumer's messages, beside the client and the socket's own channel), a slice at a
time, the loop free between slices for every other table's sockets. Logged-in sockets,
the players' among them, stay members of the group and are not delayed by the crowd.
Each socket still handles its messages one at a time, in order.
"""

import asyncio
import logging
import weakref
from typing import Any

from channels.layers import BaseChannelLayer

log = logging.getLogger(__name__)

# Inboxes filled before the loop runs anything else: a slice of a watched table's crowd
# costs the other tables at most a few milliseconds.
SLICE = 100
# Before the first slice: the layer woke the players' sockets with the relay, and a
# socket's state is sent, then written out by the reactor, some turns of the loop later.
PLAYERS_FIRST_SECONDS = 0.005
# Messages a socket may have waiting, as the layers' own channel capacity: a socket that
# falls this far behind misses messages (its client resyncs), not the server's memory.
INBOX_CAPACITY = 100
# After a failed receive (Redis restarting), before trying again.
RETRY_SECONDS = 0.5

Message = dict[str, Any]


class Inbox(asyncio.Queue[Message]):
    """One socket's messages from its room's relay."""

    def __init__(self) -> None:
        super().__init__(INBOX_CAPACITY)
        self.overflowed = False


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
        await asyncio.sleep(PLAYERS_FIRST_SECONDS)
        inboxes = list(self.inboxes)
        for start in range(0, len(inboxes), SLICE):
            if start:
                await asyncio.sleep(0)  # the sockets woken so far, and anything else due, run
            for inbox in inboxes[start:start + SLICE]:
                _put(inbox, message)


def _put(inbox: Inbox, message: Message) -> None:
    try:
        inbox.put_nowait(message)
    except asyncio.QueueFull:
        if not inbox.overflowed:  # once a socket, not once a message
            inbox.overflowed = True
            log.warning("a spectator's socket fell %d messages behind: messages dropped", INBOX_CAPACITY)


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
        if relay is None or inbox not in relay.inboxes:
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
