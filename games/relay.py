"""A room's sockets hear it through one channel-layer subscription per server process:
the players' first, as it arrives, the crowd's (every other socket) after them.

As a member of the room's group itself, each socket had the layer wake it in no
particular order, so a move's state reached its players behind however many spectators
the table had: 600 took the players' p99 from 18 to 260 ms (issue 32), and each socket
decoded every message itself (the in-memory layer copied it once per socket). Here the
process's relay for the room joins the group, once, and puts each message in the inbox
of each of the room's sockets here (a RoomConsumer's third source of messages, beside
the client and the socket's own channel): at once for those seated by the room's
latest state, then, after a pause for their states to be written out, for the crowd, a
slice at a time, the loop free between slices for every other table's sockets.

A socket changes sides when its person sits or stands, at the state that says so, with
nothing lost, repeated or reordered: each inbox knows the last message it was given, and
a socket that sits is first given what the crowd's turn still held for it.
"""

import asyncio
import collections
import logging
import weakref
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from channels.layers import BaseChannelLayer

log = logging.getLogger(__name__)

# Inboxes filled before the loop runs anything else: a slice of a watched table's crowd
# costs the other tables at most a few milliseconds.
SLICE = 100
# Before the crowd's turn: a socket's state is sent, then written out by the reactor,
# some turns of the loop later.
PLAYERS_FIRST_SECONDS = 0.005
# Messages a socket may have waiting, as the layers' own channel capacity: a socket that
# falls this far behind misses messages (its client resyncs), not the server's memory.
INBOX_CAPACITY = 100
# Of those, what its client and its own channel may fill: the rest is the room's, whose
# states a socket's own frames read ahead (a slow move, a burst of clicks) must not push out.
PUMPED_AT_MOST = INBOX_CAPACITY // 2
# After a failed receive (Redis restarting), before trying again.
RETRY_SECONDS = 0.5

Message = dict[str, Any]


class Inbox(asyncio.Queue[Message]):
    """One socket's messages, in the order they came: from its room's relay, and through
    `dispatch_all`, from its client and its own channel. `user` is its person's id (str),
    None when logged out (who can never sit)."""

    def __init__(self, user: str | None = None) -> None:
        super().__init__(INBOX_CAPACITY)
        self.user = user
        self.overflowed = False
        # The number of the last message the relay gave it.
        self.heard = 0
        # What ended one of its sources: the socket's consumer raises it.
        self.failure: BaseException | None = None


async def dispatch_all(inbox: Inbox, sources: Sequence[Callable[[], Awaitable[Message]]],
                       dispatch: Callable[[Message], Awaitable[None]]) -> None:
    """Hand every message of `sources` and of the room's relay to `dispatch`, one at a time,
    in the order they came, until `dispatch` raises. Each source is read by a task of its
    own into the inbox, waiting (first come, first served) while the sources have
    PUMPED_AT_MOST there: channels' await_many_dispatch made a task and an asyncio.wait for
    every message."""
    places = asyncio.Semaphore(PUMPED_AT_MOST)
    pumped: set[int] = set()  # the ids of the sources' messages in the inbox

    async def pump(source: Callable[[], Awaitable[Message]]) -> None:
        try:
            while True:
                message = await source()
                await places.acquire()
                pumped.add(id(message))
                await inbox.put(message)
        except asyncio.CancelledError:
            raise
        except BaseException as exc:
            inbox.failure = exc
            if inbox.empty():
                inbox.put_nowait({})  # wakes the reader, who raises it

    pumps = [asyncio.create_task(pump(source)) for source in sources]
    try:
        while True:
            message = await inbox.get()
            if id(message) in pumped:
                pumped.discard(id(message))
                places.release()
            if inbox.failure is not None:
                raise inbox.failure
            await dispatch(message)
    finally:
        for task in pumps:
            task.cancel()
        await asyncio.gather(*pumps, return_exceptions=True)


class Relay:
    """A group's messages, received once by this process, handed to its sockets' inboxes."""

    def __init__(self, layer: BaseChannelLayer, group: str) -> None:
        self.layer, self.group = layer, group
        self.inboxes: set[Inbox] = set()
        self.subscribed = asyncio.Event()
        self.failed: BaseException | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.channel = ""
        # Messages heard, numbered; those the crowd was not yet given wait in `pending`.
        self.heard = 0
        self.pending: collections.deque[tuple[int, Message]] = collections.deque()
        self.crowd_due = asyncio.Event()
        # The people seated by the latest state heard (its "seats": user id to seat).
        self.seated: frozenset[str] = frozenset()

    async def start(self) -> None:
        try:
            self.channel = await self.layer.new_channel()
            await self.layer.group_add(self.group, self.channel)
        except BaseException as exc:
            self.failed = exc  # the sockets waiting for it fail as the first did
            raise
        finally:
            self.subscribed.set()
        self.tasks = [asyncio.create_task(self.run(), name=f"relay {self.group}"),
                      asyncio.create_task(self.serve_crowd(), name=f"relay {self.group}: crowd")]
        for task in self.tasks:
            task.add_done_callback(self.stopped)

    def stopped(self, task: asyncio.Task[None]) -> None:
        """Nothing awaits the relay's tasks: one that dies says so."""
        if not task.cancelled() and (error := task.exception()) is not None:
            log.error("%s stopped: its sockets here hear nothing more", task.get_name(), exc_info=error)

    def add(self, inbox: Inbox) -> None:
        # Messages heard before it joined are in the room's state its socket reads next.
        inbox.heard = self.heard
        self.inboxes.add(inbox)

    async def joined(self) -> None:
        await self.subscribed.wait()
        if self.failed is not None:
            raise RuntimeError(f"no subscription to {self.group}") from self.failed

    async def stop(self) -> None:
        await self.subscribed.wait()
        if self.failed is None:
            for task in self.tasks:
                task.cancel()
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
            try:
                self.hear(message)
            except Exception:  # one message the relay cannot read is not the room's end here
                log.exception("relay of %s: a message it could not pass on", self.group)

    def hear(self, message: Message) -> None:
        """Give `message` to the players now; the crowd's turn comes after."""
        self.heard += 1
        if message.get("type") == "room.state":
            self.seated = frozenset(message["seats"])
        self.pending.append((self.heard, message))
        crowd = False
        for inbox in self.inboxes:
            if inbox.user in self.seated:
                self.catch_up(inbox)
            else:
                crowd = True
        if crowd:
            self.crowd_due.set()
        else:  # everyone here has had it: nothing waits for the crowd's turn
            self.pending.clear()

    def catch_up(self, inbox: Inbox) -> None:
        """Give `inbox` every message it has not had, in order: one who just sat may still
        be owed some from the crowd's turn."""
        owed = []
        for item in reversed(self.pending):
            if item[0] <= inbox.heard:
                break
            owed.append(item)
        for number, message in reversed(owed):
            _put(inbox, message)
            inbox.heard = number

    async def serve_crowd(self) -> None:
        while True:
            await self.crowd_due.wait()
            self.crowd_due.clear()
            await asyncio.sleep(PLAYERS_FIRST_SECONDS)
            while self.pending:
                number, message = self.pending[0]
                inboxes = [inbox for inbox in self.inboxes if inbox.heard < number]
                for start in range(0, len(inboxes), SLICE):
                    if start:
                        await asyncio.sleep(0)  # the sockets woken so far, and anything else due, run
                    for inbox in inboxes[start:start + SLICE]:
                        if inbox.heard < number:  # not caught up meanwhile
                            _put(inbox, message)
                            inbox.heard = number
                if self.pending and self.pending[0][0] == number:  # not cleared meanwhile
                    self.pending.popleft()


def _put(inbox: Inbox, message: Message) -> None:
    try:
        inbox.put_nowait(message)
    except asyncio.QueueFull:
        if not inbox.overflowed:  # once a socket, not once a message
            inbox.overflowed = True
            log.warning("a socket fell %d messages behind its room: messages dropped", INBOX_CAPACITY)


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
            relay.add(inbox)
            try:
                await relay.start()
            except BaseException:
                if self.relays.get(group) is relay:
                    del self.relays[group]
                raise
        else:
            relay.add(inbox)
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
