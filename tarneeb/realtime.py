"""publish(): the one way server code sends to the channel layer.

Callers need not know the mode or the thread they run in. Sends go to a long-lived event
loop: the server's own, once a socket has reached it (tarneeb.asgi remembers it), or else a
private loop on a daemon thread (a worker process, a management command).
- The in-memory layer belongs to the loop that serves the sockets: a send from another
  thread must be handed to that loop; `async_to_sync(group_send)` would run it on a
  throwaway loop, and deliver late or freeze the consumer.
- channels_redis keeps a connection pool per event loop: a throwaway loop per send would
  connect to Redis afresh every time.

Callers do not wait for the send: each loop has one outbox, drained by one task, so
messages leave in the order they were published and a slow send holds up no move. A
worker process flushes its outbox before it exits (tarneeb.celery).
"""

import asyncio
import logging
import threading
from collections.abc import Mapping, Sequence
from typing import Any, cast

from channels.layers import BaseChannelLayer, get_channel_layer

log = logging.getLogger(__name__)

SEND_TIMEOUT = 10.0
# A send that failed is tried again, after these pauses: the first send on a connection
# Redis closed (a restart) fails, and the pool connects afresh for the next.
RETRY_PAUSES = (0.05, 0.5)

Outgoing = tuple[BaseChannelLayer, Sequence[tuple[str, Mapping[str, Any]]]]

_server_loop: asyncio.AbstractEventLoop | None = None
_private_loop: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()
# One outbox and its draining task per loop (the dict keeps the task referenced).
_outboxes: dict[asyncio.AbstractEventLoop, tuple["asyncio.Queue[Outgoing]", "asyncio.Task[None]"]] = {}


def remember_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    global _server_loop
    _server_loop = loop


def _sending_loop() -> asyncio.AbstractEventLoop:
    global _private_loop
    loop = _server_loop
    if loop is not None and not loop.is_closed() and loop.is_running():
        return loop
    with _lock:
        if _private_loop is None:
            _private_loop = asyncio.new_event_loop()
            threading.Thread(target=_private_loop.run_forever, name="publish", daemon=True).start()
        return _private_loop


def publish(group: str, message: Mapping[str, Any]) -> None:
    """Send `message` to every socket in `group`, from sync or async code in any thread."""
    publish_many([(group, message)])


def publish_many(messages: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
    """Send several group messages, in order, after any published before them."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    loop = _sending_loop()
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        _enqueue(layer, messages)
    else:
        loop.call_soon_threadsafe(_enqueue, layer, messages)


def _enqueue(layer: BaseChannelLayer, messages: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
    loop = asyncio.get_running_loop()
    if loop not in _outboxes or _outboxes[loop][1].done():  # a cancelled drain is replaced
        with _lock:  # other loops' threads may add theirs
            for stale in [other for other in _outboxes if other.is_closed()]:
                del _outboxes[stale]
            outbox: asyncio.Queue[Outgoing] = _outboxes[loop][0] if loop in _outboxes else asyncio.Queue()
            _outboxes[loop] = (outbox, loop.create_task(_drain(outbox), name="publish"))
    _outboxes[loop][0].put_nowait((layer, messages))


async def _drain(outbox: "asyncio.Queue[Outgoing]") -> None:
    while True:
        layer, messages = await outbox.get()
        for group, message in messages:
            await _send(layer, group, message)
        outbox.task_done()


async def _send(layer: BaseChannelLayer, group: str, message: Mapping[str, Any]) -> None:
    for pause in (*RETRY_PAUSES, None):
        try:
            # Not wait_for, which ran each send as a task of its own. The messages are plain
            # dicts at run time (TypedDicts are), as the layer wants.
            async with asyncio.timeout(SEND_TIMEOUT):
                await layer.group_send(group, cast(dict[str, Any], message))
            return
        except TimeoutError:
            # Not tried again: the send may have gone, and the outbox waited long enough.
            log.error("publish to %s timed out", group)
            return
        except Exception:
            if pause is None:
                log.exception("publish to %s failed; given up", group)
                return
            log.warning("publish to %s failed; trying again", group, exc_info=True)
            await asyncio.sleep(pause)


def flush(timeout: float = SEND_TIMEOUT) -> None:
    """Wait until this process's private loop has sent what was published (a worker
    process about to exit)."""
    loop = _private_loop
    if loop is None or loop not in _outboxes:
        return
    try:
        asyncio.run_coroutine_threadsafe(_outboxes[loop][0].join(), loop).result(timeout)
    except Exception:
        log.warning("publish: unsent messages dropped at exit")
