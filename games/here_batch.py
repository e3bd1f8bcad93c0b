"""The "here" of a server process's sockets, written together.

Every seated page says "here" every SEAT_HERE_SECONDS / 3 (docs/leavers.md). Written one
by one, each was a database call on the threads the moves use, and pages that opened
together (every page after a server restart, or a load test's) say it together: 800 at
once held every table's moves up to 600 ms, every 15 s (docs/performance.md). A process
keeps the (room, person) pairs it heard and writes them all every WRITE_SECONDS in one
call (games.services.room_life.here_all): a second late is nothing against a presence
that lasts SEAT_HERE_SECONDS.
"""

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable, Collection

log = logging.getLogger(__name__)

WRITE_SECONDS = 1.0

Pair = tuple[str, int]  # (room id, user id)
Writer = Callable[[Collection[Pair]], Awaitable[None]]


class HereBatch:
    def __init__(self, write: Writer) -> None:
        self.write = write
        self.heard: set[Pair] = set()
        self.writing: asyncio.Task[None] | None = None
        self.in_flight: tuple[set[Pair], asyncio.Future[None]] | None = None

    def add(self, room_id: str, user_id: int) -> None:
        self.heard.add((room_id, user_id))
        if self.writing is None or self.writing.done():
            self.writing = asyncio.create_task(self.run(), name="here batch")

    async def forget(self, room_id: str, user_id: int) -> None:
        """The socket closed: its "here" must not land after its going (room_life.gone)."""
        self.heard.discard((room_id, user_id))
        if self.in_flight is not None and (room_id, user_id) in self.in_flight[0]:
            await asyncio.shield(self.in_flight[1])

    async def run(self) -> None:
        while self.heard:
            await asyncio.sleep(WRITE_SECONDS)
            heard, self.heard = self.heard, set()
            done = asyncio.get_running_loop().create_future()
            self.in_flight = (heard, done)
            try:
                await self.write(heard)
            except Exception:
                log.exception("%d sockets' here not written", len(heard))
            finally:
                done.set_result(None)
                self.in_flight = None


_by_loop: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, HereBatch]" = weakref.WeakKeyDictionary()


def here_batch(write: Writer) -> HereBatch:
    """The running event loop's batch (tests run each case on a loop of its own)."""
    loop = asyncio.get_running_loop()
    if (found := _by_loop.get(loop)) is None:
        found = _by_loop[loop] = HereBatch(write)
    return found
