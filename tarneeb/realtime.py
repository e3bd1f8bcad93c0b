"""publish(): the one way server code sends to the channel layer.

Callers need not know the mode or the thread they run in. Sends go to a long-lived event
loop: the server's own, once a socket has reached it (tarneeb.asgi remembers it), or else a
private loop on a daemon thread (a worker process, a management command).
- The in-memory layer belongs to the loop that serves the sockets: a send from another
  thread must be handed to that loop; `async_to_sync(group_send)` would run it on a
  throwaway loop, and deliver late or freeze the consumer.
- channels_redis keeps a connection pool per event loop: a throwaway loop per send would
  connect to Redis afresh every time.
"""

import asyncio
import logging
import threading
from typing import Any

from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

SEND_TIMEOUT = 10.0

_server_loop: asyncio.AbstractEventLoop | None = None
_private_loop: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()


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


def publish(group: str, message: dict[str, Any]) -> None:
    """Send `message` to every socket in `group`, from sync code in any thread."""
    publish_many([(group, message)])


def publish_many(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send several group messages, in order."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all() -> None:
        for group, message in messages:
            await layer.group_send(group, message)

    loop = _sending_loop()
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        loop.create_task(send_all())
        return
    future = asyncio.run_coroutine_threadsafe(send_all(), loop)
    try:
        # Waiting keeps this thread's messages in order and tells of a broken layer.
        future.result(SEND_TIMEOUT)
    except Exception:
        log.exception("publish to %s failed", [group for group, _message in messages])
