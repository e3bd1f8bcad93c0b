"""`python -m tarneeb.server [daphne's options] tarneeb.asgi:application`: daphne, with
websocket messages capped at 64 KiB and closed with 1009 beyond that, and each peer
address's TCP connections rate limited as they are accepted.

daphne (4.2.2+) caps messages at 1 MiB, but autobahn, under it, fails a connection by
dropping the TCP connection (its failByDrop option, which daphne does not expose): the
client sees 1006 and cannot tell a too big message from a network fault. Here autobahn
sends the close frame first: 1009, "message too big", as RFC 6455 names it. The table
protocol's own limit is 4 KiB (games.consumers.MAX_MESSAGE_BYTES), answered with the
`too_large` error; the cap here only bounds what the server reads at all.
"""

import gc
from collections.abc import Callable
from typing import Any

from daphne.cli import CommandLineInterface
from daphne.server import Server
from django.conf import settings

from tarneeb.addresses import is_trusted_proxy
from tarneeb.ratelimit import RecentBuckets

MAX_MESSAGE_BYTES = 64 * 1024


class ClosingServer(Server):
    """A daphne Server whose websockets fail with a close frame, not a dropped connection."""

    def __init__(self, *args: Any, ready_callable: Callable[[], None] | None = None, **kwargs: Any):
        self.then_ready = ready_callable
        # Called by run() once the websocket factory exists, before any connection.
        super().__init__(*args, ready_callable=self.ready, **kwargs)

    def ready(self) -> None:
        self.ws_factory.setProtocolOptions(failByDrop=False)
        self.http_factory.buildProtocol = connections_limited(self.http_factory.buildProtocol)
        # What start-up loaded (Django, the app, ~150,000 objects) lives as long as the
        # process: frozen, the collector's full passes skip it. Each walked it all, 40 to
        # 80 ms with every socket of the process waiting.
        gc.freeze()
        if self.then_ready is not None:
            self.then_ready()


def connections_limited(build_protocol: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A peer's connections beyond its budget are closed as they are accepted, before any
    HTTP is read: a client reconnecting as fast as it can costs next to nothing (refusing
    its websocket handshakes in the application cost a millisecond each). Trusted proxies
    are exempt; behind them tarneeb.handshake counts each client by its forwarded address."""
    buckets = RecentBuckets()

    def build_if_allowed(address: Any) -> Any:
        host = getattr(address, "host", "")
        limits = settings.CONNECTION_BURST, settings.CONNECTIONS_PER_SECOND
        if host and not is_trusted_proxy(host) and not buckets.take(host, *limits):
            return None  # Twisted closes the connection
        return build_protocol(address)

    return build_if_allowed


class CommandLine(CommandLineInterface):
    description = "Tarneeb online: daphne with this site's websocket limits"
    server_class = ClosingServer

    def __init__(self) -> None:
        super().__init__()
        self.parser.set_defaults(websocket_max_message_size=MAX_MESSAGE_BYTES,
                                 websocket_max_frame_size=MAX_MESSAGE_BYTES)


if __name__ == "__main__":
    CommandLine.entrypoint()
