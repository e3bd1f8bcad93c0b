"""`python -m tarneeb.server [daphne's options] tarneeb.asgi:application`: daphne, with
websocket messages capped at 64 KiB and closed with 1009 beyond that.

daphne (4.2.2+) caps messages at 1 MiB, but autobahn, under it, fails a connection by
dropping the TCP connection (its failByDrop option, which daphne does not expose): the
client sees 1006 and cannot tell a too big message from a network fault. Here autobahn
sends the close frame first: 1009, "message too big", as RFC 6455 names it. The table
protocol's own limit is 4 KiB (games.consumers.MAX_MESSAGE_BYTES), answered with the
`too_large` error; the cap here only bounds what the server reads at all.
"""

from collections.abc import Callable
from typing import Any

from daphne.cli import CommandLineInterface
from daphne.server import Server

MAX_MESSAGE_BYTES = 64 * 1024


class ClosingServer(Server):
    """A daphne Server whose websockets fail with a close frame, not a dropped connection."""

    def __init__(self, *args: Any, ready_callable: Callable[[], None] | None = None, **kwargs: Any):
        self.then_ready = ready_callable
        # Called by run() once the websocket factory exists, before any connection.
        super().__init__(*args, ready_callable=self.close_cleanly, **kwargs)

    def close_cleanly(self) -> None:
        self.ws_factory.setProtocolOptions(failByDrop=False)
        if self.then_ready is not None:
            self.then_ready()


class CommandLine(CommandLineInterface):
    description = "Tarneeb online: daphne with this site's websocket limits"
    server_class = ClosingServer

    def __init__(self) -> None:
        super().__init__()
        self.parser.set_defaults(websocket_max_message_size=MAX_MESSAGE_BYTES,
                                 websocket_max_frame_size=MAX_MESSAGE_BYTES)


if __name__ == "__main__":
    CommandLine.entrypoint()
