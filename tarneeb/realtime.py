"""publish(): the one way server code sends to the channel layer.

Callers need not know the mode. In embedded mode the in-memory layer belongs to the
server's event loop, and a send from any other thread (the in-process Celery worker, a
sync view's thread) must be handed to that loop; `async_to_sync(group_send)` from such
a thread runs on a private loop and delivers late or freezes the consumer. In scaled
mode, and wherever no server loop runs (a worker process, a management command), the
layer is safe to call from a private loop.
"""

import asyncio
import logging
import threading
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

_server_loop: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()


def remember_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    global _server_loop
    with _lock:
        _server_loop = loop


def server_loop() -> asyncio.AbstractEventLoop | None:
    loop = _server_loop
    if loop is None or loop.is_closed():
        return None
    return loop


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

    loop = server_loop()
    if loop is not None and _is_in_memory(layer):
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            loop.create_task(send_all())
        else:
            future = asyncio.run_coroutine_threadsafe(send_all(), loop)
            future.add_done_callback(_log_failure)
        return
    async_to_sync(send_all)()


def _is_in_memory(layer: object) -> bool:
    from channels.layers import InMemoryChannelLayer

    return isinstance(layer, InMemoryChannelLayer)


def _log_failure(future: "asyncio.Future[None] | Any") -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("publish failed", exc_info=future.exception())
