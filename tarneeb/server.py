"""`python -m tarneeb.server [daphne's options] tarneeb.asgi:application`: daphne, with
websocket messages capped at 64 KiB and closed with 1009 beyond that, each peer
address's TCP connections rate limited as they are accepted, and a deadline on every
request head.

daphne (4.2.2+) caps messages at 1 MiB, but autobahn, under it, fails a connection by
dropping the TCP connection (its failByDrop option, which daphne does not expose): the
client sees 1006 and cannot tell a too big message from a network fault. Here autobahn
sends the close frame first: 1009, "message too big", as RFC 6455 names it. The table
protocol's own limit is 4 KiB (games.consumers.MAX_MESSAGE_BYTES), answered with the
`too_large` error; the cap here only bounds what the server reads at all.

Twisted's HTTP channel times out only an idle connection (60 s without a byte), so a
client sending a header line every 20 s held its connection, and its file descriptor,
forever: with an open-file limit of 1024, eleven addresses took /healthz down. Here a
connection must send a whole request head within REQUEST_HEAD_SECONDS of opening (or of
its previous response), and a peer address may have ADDRESS_UNFINISHED_CONNECTIONS
connections waiting for theirs at once; beyond that a new one is closed unread.
"""

import gc
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

from daphne.cli import CommandLineInterface
from daphne.server import Server
from django.conf import settings
from twisted.internet.base import DelayedCall
from twisted.internet.protocol import connectionDone
from twisted.python.failure import Failure
from twisted.web.http import HTTPChannel, Request, _GenericHTTPChannelProtocol

from tarneeb.addresses import address_key, is_trusted_proxy
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
        unfinished: Counter[str] = Counter()
        # Twisted's own factory wraps each channel the same way (for HTTP/2 over TLS).
        self.http_factory.protocol = lambda: _GenericHTTPChannelProtocol(HeadDeadlineChannel(unfinished))
        self.http_factory.buildProtocol = connections_limited(self.http_factory.buildProtocol, unfinished)
        # What start-up loaded (Django, the app, ~150,000 objects) lives as long as the
        # process: frozen, the collector's full passes skip it. Each walked it all, 40 to
        # 80 ms with every socket of the process waiting.
        gc.freeze()
        if self.then_ready is not None:
            self.then_ready()


def peer_key(host: str) -> str | None:
    """What a peer's connections are counted under (an IPv6 peer's /64); None for a
    trusted proxy, which is not counted: behind it tarneeb.handshake counts each client by
    its forwarded address, and nginx passes on only whole request heads."""
    return None if not host or is_trusted_proxy(host) else address_key(host)


def connections_limited(build_protocol: Callable[[Any], Any],
                        unfinished: Counter[str]) -> Callable[[Any], Any]:
    """A peer's connections beyond its budget, or beyond the connections it may have still
    sending a request head, are closed as they are accepted, before any HTTP is read: a
    client reconnecting as fast as it can costs next to nothing (refusing its websocket
    handshakes in the application cost a millisecond each)."""
    buckets = RecentBuckets()

    def build_if_allowed(address: Any) -> Any:
        key = peer_key(getattr(address, "host", ""))
        limits = settings.CONNECTION_BURST, settings.CONNECTIONS_PER_SECOND
        if key is not None and (unfinished[key] >= settings.ADDRESS_UNFINISHED_CONNECTIONS
                                or not buckets.take(key, *limits)):
            return None  # Twisted closes the connection
        return build_protocol(address)

    return build_if_allowed


class HeadDeadlineChannel(HTTPChannel):
    """An HTTP/1.1 channel that must receive each request's whole head within
    REQUEST_HEAD_SECONDS of starting to wait for it (the connection, or the end of the
    previous response), and meanwhile counts among its peer's unfinished connections."""

    def __init__(self, unfinished: Counter[str]):
        super().__init__()
        self.unfinished = unfinished
        self.key: str | None = None
        self.deadline: DelayedCall | None = None
        self.counted = False

    def connectionMade(self) -> None:
        super().connectionMade()
        transport: Any = self.transport  # a zope interface, which mypy reads only with a plugin
        self.key = peer_key(getattr(transport.getPeer(), "host", ""))
        self.wait_for_head()

    def wait_for_head(self) -> None:
        # The reactor's callLater, which Twisted's factory sets on each channel.
        self.deadline = cast(DelayedCall, self.callLater(settings.REQUEST_HEAD_SECONDS, self.head_too_slow))
        if self.key is not None:
            self.unfinished[self.key] += 1
            self.counted = True

    def head_too_slow(self) -> None:
        self.deadline = None
        # Twisted's own idle timeout: close, and abort if the peer will not read the close.
        self.timeoutConnection()

    def stop_waiting(self) -> None:
        if self.deadline is not None and self.deadline.active():
            self.deadline.cancel()
        self.deadline = None
        if self.counted and self.key is not None:
            self.unfinished[self.key] -= 1
            if self.unfinished[self.key] <= 0:
                del self.unfinished[self.key]
        self.counted = False

    def allHeadersReceived(self) -> None:
        self.stop_waiting()  # a websocket's upgrade included: its head is whole
        super().allHeadersReceived()

    def requestDone(self, request: Request) -> None:
        if self.persistent and len(self.requests) == 1:
            if self.key is not None and self.unfinished[self.key] >= settings.ADDRESS_UNFINISHED_CONNECTIONS:
                self.persistent = False  # closed once its response is out, not kept waiting
            else:
                # Before the buffered bytes of a next request are read, which may hold its head.
                self.wait_for_head()
        super().requestDone(request)

    def connectionLost(self, reason: Failure = connectionDone) -> None:
        self.stop_waiting()
        super().connectionLost(reason)


class CommandLine(CommandLineInterface):
    description = "Tarneeb online: daphne with this site's websocket limits"
    server_class = ClosingServer

    def __init__(self) -> None:
        super().__init__()
        self.parser.set_defaults(websocket_max_message_size=MAX_MESSAGE_BYTES,
                                 websocket_max_frame_size=MAX_MESSAGE_BYTES)


if __name__ == "__main__":
    CommandLine.entrypoint()
